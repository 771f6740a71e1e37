// Effective access (designed; the spec has no such call): what a user ends up with in each
// application and why, and what the user sees of the network, resolved with
// the rules the store enforces: the user's business profile and its
// application profiles, the roles and elements of each profile's application,
// the user's chosen element values, the visibility profile's elements with
// its clusters as the roots of the chosen subtrees.

import { type EffectiveVisibility, effectiveVisibility } from '@userprofile/shared/access/visibility';
import {
  type EffectiveApplication,
  type EffectiveElement,
  type EffectiveRole,
  effectiveApplications,
  type Grant,
  named,
} from '@userprofile/shared/access/walk';
import { type Caller, canSee } from './access.ts';
import { accessWorld } from './access-world.ts';
import type { Store } from './store.ts';
import type { NamedRecord, UserRecord } from './types.ts';

export type { EffectiveApplication, EffectiveElement, EffectiveRole, EffectiveVisibility, Grant };

export interface EffectiveAccess {
  user: { uuid: string; username: string; active: boolean };
  businessProfile: NamedRecord | null;
  /** A profile of the user is withheld from the caller (its GET would refuse it). */
  withheld?: true;
  applications: EffectiveApplication[];
  visibility: EffectiveVisibility;
}

/**
 * The effective access of the user `uuid`: 404 or 403 exactly as the user's
 * GET (Store.getUser). Role and element rows the caller may not see are left
 * out, as the application's own answer leaves them out; NE attributes and
 * venues need the caller's layout code, as in the visibility profile's answer.
 * A profile the caller's own GET would refuse is withheld with all it grants
 * (it names nothing the caller may not open), as in the user's answer.
 */
export function effectiveAccess(store: Store, caller: Caller, uuid: string): EffectiveAccess {
  const user = store.getUser(caller, uuid);
  const found = user.businessProfileUuid ? store.businessProfiles.get(user.businessProfileUuid) : undefined;
  const bp = found && canSee(caller, found) ? found : undefined;
  return {
    user: { uuid: user.uuid, username: user.username, active: user.active },
    businessProfile: bp ? named(bp) : null,
    ...(store.seesProfilesOf(caller, user) ? {} : { withheld: true as const }),
    applications: bp ? effectiveApplications(accessWorld(store, caller), user, bp) : [],
    visibility: visibilityOf(store, caller, user),
  };
}

/**
 * The roles the user holds in each application, by application name, as the provider sees them (no
 * reader's limits): what an access token's `resource_access` claim carries.
 */
export function holdingsOf(store: Store, userUuid: string): Record<string, { roles: string[] }> {
  if (!store.users.has(userUuid)) return {};
  const provider: Caller = { userUuid, role: 'ERRIGAL_ADMIN', companyUuid: null, layoutCodes: [] };
  const held: Record<string, { roles: string[] }> = {};
  for (const application of effectiveAccess(store, provider, userUuid).applications)
    held[application.name] = { roles: application.roles.map((role) => role.name) };
  return held;
}

function visibilityOf(store: Store, caller: Caller, user: UserRecord): EffectiveVisibility {
  const found = user.visibilityProfileUuid ? store.visibilityProfiles.get(user.visibilityProfileUuid) : undefined;
  const vp = found && canSee(caller, found) ? found : undefined;
  if (!vp) return effectiveVisibility(null, caller.layoutCodes);
  const v = store.visibility;
  const list = (ids: string[], map: Map<string, NamedRecord>) => ids.flatMap((id) => map.get(id) ?? []);
  return effectiveVisibility(
    {
      profile: vp,
      primary: (vp.primaryVisibilityUuid && v.clusters.get(vp.primaryVisibilityUuid)) || null,
      carriers: list(vp.carriers, v.carriers),
      clusters: vp.clusters,
      cluster: (id) => v.clusters.get(id),
      clusterGroups: list(vp.clusterGroups, v.clusterGroups),
      defaultClusterGroupUuid: vp.defaultClusterGroupUuid,
      networkGroups: list(vp.networkGroups, v.networkGroups),
      neAttributes: list(vp.neAttributes, v.neAttributes),
      venues: list(vp.venues, v.venues),
    },
    caller.layoutCodes,
  );
}
