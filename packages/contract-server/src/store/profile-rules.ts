// What the saves of application, business and visibility profiles share: the
// write rule for a profile and everything that depends on it, the scope a
// profile is written with, and the impact preview of a change.
import { compareValues } from '@userprofile/shared/list';
import {
  type Caller,
  canChange,
  canSee,
  isConsoleRole,
  requireChange,
  userWriteRefusal,
  writeScope,
} from './access.ts';
import { ForbiddenError } from './errors.ts';
import { byName, type StoreState } from './store-state.ts';
import type {
  ApplicationRecord,
  AppProfileRecord,
  AppRow,
  BusinessProfileRecord,
  NamedRecord,
  Scoped,
  VisibilityProfileRecord,
} from './types.ts';
import type { FieldErrors } from './validate.ts';

/** A role or element a profile change grants or takes away, with its application. */
export interface ImpactItem {
  uuid: string;
  name: string;
  externalRole: boolean;
  category: string;
  application: NamedRecord;
}

/** What a profile save would change for the users who depend on the profile (designed: the impact preview). */
export interface ProfileImpact {
  activeUsers: number;
  inactiveUsers: number;
  /** The business profiles the users are reached through. */
  businessProfiles: number;
  rolesGained: ImpactItem[];
  rolesLost: ImpactItem[];
  elementsGained: ImpactItem[];
  elementsLost: ImpactItem[];
}

export function emptyImpact(): ProfileImpact {
  return {
    activeUsers: 0,
    inactiveUsers: 0,
    businessProfiles: 0,
    rolesGained: [],
    rolesLost: [],
    elementsGained: [],
    elementsLost: [],
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The write rule for a profile the caller can see (403 otherwise, naming
 * why): the caller may change the profile itself (access.ts canChange), and
 * every record that depends on it — the business profiles that hold an
 * application profile, and the users of those or of a business or
 * visibility profile — so no change reaches the access of a user the caller
 * could not edit directly.
 */
export function requireProfileChange(
  state: StoreState,
  caller: Caller,
  kind: 'app' | 'business' | 'visibility',
  profile: AppProfileRecord | BusinessProfileRecord | VisibilityProfileRecord,
  label: string,
): void {
  requireChange(caller, profile, label);
  if (caller.role === 'ERRIGAL_ADMIN') return;
  const holders =
    kind === 'app'
      ? [...state.businessProfiles.values()].filter((bp) => bp.appProfiles.includes(profile.uuid))
      : kind === 'business'
        ? [profile as BusinessProfileRecord]
        : [];
  const lockedHolders = holders.filter((bp) => !canChange(caller, bp)).length;
  if (lockedHolders > 0) {
    throw new ForbiddenError(
      `${label} is used by ${count(lockedHolders, 'business profile', 'business profiles')} you may not change (shared, or of another company): only ERRIGAL_ADMIN may change or delete it`,
    );
  }
  const held = new Set(holders.map((bp) => bp.uuid));
  let lockedUsers = 0;
  for (const u of state.users.values()) {
    const depends =
      kind === 'visibility'
        ? u.visibilityProfileUuid === profile.uuid
        : u.businessProfileUuid !== null && held.has(u.businessProfileUuid);
    // The user write rule: a change through a profile is a write on each of its users.
    if (depends && userWriteRefusal(caller, u, state) !== null) lockedUsers++;
  }
  if (lockedUsers > 0) {
    throw new ForbiddenError(
      `${label} is used by ${count(lockedUsers, 'user', 'users')} you may not edit (shared, of another company, or above your role): only ERRIGAL_ADMIN may change or delete it`,
    );
  }
}

/** The scope a record is written with (403 above the caller's role or outside its company), its company checked. */
export function scopeFor(state: StoreState, caller: Caller, input: Scoped, errors: FieldErrors): Scoped {
  const scope = isConsoleRole(input.minimumRole) ? writeScope(caller, input) : input;
  if (scope.companyUuid && !state.companies.has(scope.companyUuid))
    errors.add('errigalCustomerCompany', 'No such company');
  return scope;
}

/**
 * Who a profile change reaches and what they gain or lose. Every user of the
 * business profiles `through` holds the same grants (a business profile has
 * at most one application profile per application), so the grants are
 * compared once: the rows the application profiles granted before against
 * those they grant after, per application. Only rows the caller sees are
 * named, like everywhere else.
 */
export function impact(
  state: StoreState,
  caller: Caller,
  through: Set<string>,
  before: (appProfileUuid: string) => AppProfileRecord | undefined,
  after: (appProfileUuid: string) => AppProfileRecord | undefined,
  appProfilesBefore: (bp: BusinessProfileRecord) => string[],
  appProfilesAfter: (bp: BusinessProfileRecord) => string[],
): ProfileImpact {
  const result = emptyImpact();
  for (const u of state.users.values()) {
    if (!u.businessProfileUuid || !through.has(u.businessProfileUuid) || !canSee(caller, u)) continue;
    if (u.active) result.activeUsers++;
    else result.inactiveUsers++;
  }
  result.businessProfiles = through.size;
  const grants = (
    resolve: (id: string) => AppProfileRecord | undefined,
    ids: (bp: BusinessProfileRecord) => string[],
  ) => {
    const rows = new Map<string, { row: AppRow; app: ApplicationRecord; role: boolean }>();
    for (const bpUuid of through) {
      const bp = state.businessProfiles.get(bpUuid);
      if (!bp) continue;
      for (const id of ids(bp)) {
        const ap = resolve(id);
        const app = ap && state.applications.get(ap.applicationUuid);
        if (!ap || !app) continue;
        for (const row of app.roles) if (ap.roles.includes(row.uuid)) rows.set(row.uuid, { row, app, role: true });
        for (const row of app.elements)
          if (ap.elements.includes(row.uuid)) rows.set(row.uuid, { row, app, role: false });
      }
    }
    return rows;
  };
  const old = grants(before, appProfilesBefore);
  const now = grants(after, appProfilesAfter);
  const item = ({ row, app }: { row: AppRow; app: ApplicationRecord }): ImpactItem => ({
    uuid: row.uuid,
    name: row.name,
    externalRole: row.externalRole,
    category: row.category,
    application: { uuid: app.uuid, name: app.name },
  });
  const diff = (from: typeof old, to: typeof old, role: boolean) =>
    [...to.values()]
      .filter((g) => g.role === role && !from.has(g.row.uuid) && canSee(caller, g.row))
      .map(item)
      .sort((a, b) => compareValues(a.application.name, b.application.name) || byName(a, b));
  result.rolesGained = diff(old, now, true);
  result.rolesLost = diff(now, old, true);
  result.elementsGained = diff(old, now, false);
  result.elementsLost = diff(now, old, false);
  return result;
}
