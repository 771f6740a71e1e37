// Records as the store keeps them. References between records are uuids; the
// wire shapes (nested { uuid, name } objects) are built by ./views.ts.

import { VISIBILITY_SYNC_KINDS, type VisibilitySyncKind } from '@userprofile/shared/constants';
import type { ConsoleRole } from '../auth/contract.ts';
import type { FactorFields } from './factor-types.ts';

export type { ConsoleRole };

/** Minimum role of a record: who may see it (docs/roles-and-scoping.md "Roles and who sees what"). */
export interface Scoped {
  minimumRole: ConsoleRole;
  /** Customer company the record belongs to; null = every company. */
  companyUuid: string | null;
}

export interface UserElementValue {
  /** uuid of the application element (category tab of the user form). */
  uuid: string;
  actualValue: string;
}

export interface UserRecord extends Scoped, FactorFields {
  uuid: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  deskPhone: string | null;
  mobilePhone: string | null;
  active: boolean;
  locationUuid: string | null;
  businessProfileUuid: string | null;
  visibilityProfileUuid: string | null;
  elements: UserElementValue[];
  // internal: never on the wire
  passwordHash: string | null;
  /** Earlier password hashes, newest first (a reset may not reuse any of them). */
  passwordHistory: string[];
  layoutCodes: string[];
}

export interface UserElementConfig {
  category: string;
  label: string;
  type: 'dropdown';
}

/** A role or an element row of an application (spec §3). */
export interface AppRow extends Scoped {
  uuid: string;
  name: string;
  externalRole: boolean;
  category: string;
}

type ApiAuthType = 'HTTP_BASIC' | 'OAUTH2';

export interface ApplicationRecord {
  uuid: string;
  name: string;
  dataUrl: string;
  dataDriverName: string;
  dataUsername: string;
  dataPassword: string;
  apiHost: string;
  apiAuthType: ApiAuthType;
  apiUsername: string;
  apiPassword: string;
  roles: AppRow[];
  elements: AppRow[];
}

export interface AppProfileRecord extends Scoped {
  uuid: string;
  name: string;
  description: string;
  applicationUuid: string;
  roles: string[];
  elements: string[];
}

export interface BusinessProfileRecord extends Scoped {
  uuid: string;
  name: string;
  description: string;
  appProfiles: string[];
}

export interface VisibilityProfileRecord extends Scoped {
  uuid: string;
  name: string;
  description: string;
  primaryVisibilityUuid: string | null;
  carriers: string[];
  clusters: string[];
  defaultClusterGroupUuid: string | null;
  clusterGroups: string[];
  neAttributes: string[];
  networkGroups: string[];
  venues: string[];
}

export interface NamedRecord {
  uuid: string;
  name: string;
}

export interface ClusterRecord extends NamedRecord {
  parentUuid: string | null;
}

export interface LocationRecord extends NamedRecord {
  latitude: number;
  longitude: number;
}

export interface ClientRecord {
  uuid: string;
  name: string;
  description: string;
  allowedRedirectTarget: string;
  /** '' for a public client (PKCE alone): only a fixtures file registers one (spec §5 requires a secret). */
  clientSecret: string;
  /**
   * Every redirect target the client may name, when it has more than one (a
   * fixtures file may register several); allowedRedirectTarget is the first,
   * the one the console shows. A save through the API keeps that one alone.
   */
  redirectTargets?: string[];
}

export interface ResetTokenRecord {
  token: string;
  userUuid: string;
  expiresAt: number;
  used: boolean;
  /** When the link was last e-mailed (forgot-password sends it again, at most once per FORGOT_RESEND_MS). */
  mailedAt: number;
}

export interface OutboxMail {
  id: number;
  to: string;
  username: string;
  subject: string;
  text: string;
  /** The reset link, when the mail carries one. */
  link: string | null;
  sentAt: string;
}

export type VisibilityKind = VisibilitySyncKind;

export const VISIBILITY_KINDS: readonly VisibilityKind[] = VISIBILITY_SYNC_KINDS.map((k) => k.kind);
