// Access questions (designed, issue 26): who holds a role or an element of an
// application, and whether one user holds it and why. Both walk the same path
// as Effective Access (business profile → its application profile for the
// application → the row) and hide what the reader's own GETs hide: a user,
// business or application profile or row the reader cannot see is never
// named; a path through one makes the answer incomplete instead.
import { compareValues } from '@userprofile/shared/list';
import { type Caller, canSee } from './access.ts';
import { InvalidError, NotFoundError } from './errors.ts';
import type { Store } from './store.ts';
import type {
  ApplicationRecord,
  AppProfileRecord,
  AppRow,
  BusinessProfileRecord,
  NamedRecord,
  UserRecord,
} from './types.ts';

export interface HeldRow {
  kind: 'role' | 'element';
  uuid: string;
  name: string;
  category: string;
  externalRole: boolean;
}

export interface Path {
  businessProfile: NamedRecord;
  appProfile: NamedRecord;
}

export interface Holder {
  user: UserRecord;
  path: Path;
}

export type HolderStatus = 'all' | 'active' | 'inactive';

export interface HolderQuery {
  role?: string | undefined;
  element?: string | undefined;
  status?: HolderStatus | undefined;
  q?: string | undefined;
}

export interface Holders {
  application: NamedRecord;
  row: HeldRow;
  active: number;
  inactive: number;
  withheld: number;
  /** Every holder matching the query, in username order (the route pages them). */
  holders: Holder[];
}

export type Verdict = 'granted' | 'grantedWithoutEffect' | 'notGranted' | 'incomplete';

export interface MissingLink {
  kind: 'noBusinessProfile' | 'noAppProfile' | 'rowNotIncluded';
  businessProfile?: NamedRecord;
  appProfile?: NamedRecord;
}

export interface AccessCheck {
  user: { uuid: string; username: string; active: boolean };
  application: NamedRecord;
  row: HeldRow;
  verdict: Verdict;
  businessProfile: NamedRecord | null;
  paths: Path[];
  missing: MissingLink | null;
  wouldGrant: { appProfile: NamedRecord; businessProfiles: NamedRecord[] }[];
}

const named = (r: NamedRecord): NamedRecord => ({ uuid: r.uuid, name: r.name });
const byName = (a: NamedRecord, b: NamedRecord) => compareValues(a.name, b.name);

// ------------------------------------------------------------------ the index

/**
 * Who is reached through what, built once per store version: the answers
 * walk from a row to the application profiles that include it, to the
 * business profiles that use those, to their users, instead of scanning
 * every user (a role may be held by 30000 of 100000 users).
 */
interface AccessIndex {
  version: number;
  /** Row uuid → application profiles that include it. */
  appProfilesByRow: Map<string, AppProfileRecord[]>;
  /** Application profile uuid → business profiles that use it. */
  businessProfilesByAppProfile: Map<string, BusinessProfileRecord[]>;
  /** Business profile uuid → its users, in username order. */
  usersByBusinessProfile: Map<string, UserRecord[]>;
  /** Position of each user in username order. */
  rank: Map<UserRecord, number>;
}

const indexes = new WeakMap<Store, AccessIndex>();

function indexOf(store: Store): AccessIndex {
  const known = indexes.get(store);
  if (known && known.version === store.version) return known;
  const appProfilesByRow = new Map<string, AppProfileRecord[]>();
  for (const ap of store.appProfiles.values()) {
    for (const id of [...ap.roles, ...ap.elements]) {
      const list = appProfilesByRow.get(id);
      if (list) list.push(ap);
      else appProfilesByRow.set(id, [ap]);
    }
  }
  const businessProfilesByAppProfile = new Map<string, BusinessProfileRecord[]>();
  for (const bp of store.businessProfiles.values()) {
    for (const id of bp.appProfiles) {
      const list = businessProfilesByAppProfile.get(id);
      if (list) list.push(bp);
      else businessProfilesByAppProfile.set(id, [bp]);
    }
  }
  const usersByBusinessProfile = new Map<string, UserRecord[]>();
  const rank = new Map<UserRecord, number>();
  store.usersSorted().forEach((u, i) => {
    rank.set(u, i);
    if (!u.businessProfileUuid) return;
    const list = usersByBusinessProfile.get(u.businessProfileUuid);
    if (list) list.push(u);
    else usersByBusinessProfile.set(u.businessProfileUuid, [u]);
  });
  const index: AccessIndex = {
    version: store.version,
    appProfilesByRow,
    businessProfilesByAppProfile,
    usersByBusinessProfile,
    rank,
  };
  indexes.set(store, index);
  return index;
}

// -------------------------------------------------------------------- the row

/** Exactly one of role / element, as a 400 naming both fields otherwise. */
function askedRow(query: { role?: string | undefined; element?: string | undefined }): {
  kind: 'role' | 'element';
  uuid: string;
} {
  if (query.role && query.element) {
    throw new InvalidError('Ask about a role or an element, not both', [
      { field: 'query.element', reason: 'Give either role or element, not both' },
    ]);
  }
  if (query.role) return { kind: 'role', uuid: query.role };
  if (query.element) return { kind: 'element', uuid: query.element };
  throw new InvalidError('Ask about a role or an element', [
    { field: 'query.role', reason: 'Give the uuid of a role or of an element' },
  ]);
}

/** The application as the caller's GET answers it, and the row asked about: 404 when that answer leaves it out. */
function applicationRow(
  store: Store,
  caller: Caller,
  applicationUuid: string,
  query: { role?: string | undefined; element?: string | undefined },
): { app: ApplicationRecord; row: AppRow; held: HeldRow } {
  const asked = askedRow(query);
  const app = store.getApplication(caller, applicationUuid);
  const row = (asked.kind === 'role' ? app.roles : app.elements).find((r) => r.uuid === asked.uuid);
  if (!row) throw new NotFoundError(`${asked.kind === 'role' ? 'Role' : 'Element'} ${asked.uuid} was not found`);
  return {
    app,
    row,
    held: {
      kind: asked.kind,
      uuid: row.uuid,
      name: row.name,
      category: asked.kind === 'role' ? '' : row.category,
      externalRole: row.externalRole,
    },
  };
}

// ---------------------------------------------------------------- who has it

/**
 * The users holding a row, as the caller may know them (listAccessHolders in
 * openapi/userprofile.yaml). `withheld` counts visible users whose path to
 * the application runs through a profile the caller cannot see, whether or
 * not that path grants the row: the count must not tell what a hidden
 * profile holds.
 */
export function accessHolders(store: Store, caller: Caller, applicationUuid: string, query: HolderQuery): Holders {
  const { app, held } = applicationRow(store, caller, applicationUuid, query);
  const index = indexOf(store);
  const status = query.status ?? 'all';
  const needle = query.q?.trim().toLowerCase() ?? '';
  const userMatches = (u: UserRecord) =>
    needle === '' ||
    u.username.toLowerCase().includes(needle) ||
    u.firstName.toLowerCase().includes(needle) ||
    u.lastName.toLowerCase().includes(needle);
  const statusMatches = (u: UserRecord) => status === 'all' || u.active === (status === 'active');

  const result: Holders = {
    application: named(app),
    row: held,
    active: 0,
    inactive: 0,
    withheld: 0,
    holders: [],
  };
  const countWithheld = (users: UserRecord[]) => {
    for (const u of users) if (canSee(caller, u) && statusMatches(u) && userMatches(u)) result.withheld++;
  };

  const granting = new Set(
    (index.appProfilesByRow.get(held.uuid) ?? []).filter((ap) => ap.applicationUuid === app.uuid),
  );
  for (const bp of store.businessProfiles.values()) {
    const users = index.usersByBusinessProfile.get(bp.uuid);
    if (!users) continue;
    if (!canSee(caller, bp)) {
      countWithheld(users);
      continue;
    }
    const own = bp.appProfiles.flatMap((id) => {
      const ap = store.appProfiles.get(id);
      return ap && ap.applicationUuid === app.uuid ? [ap] : [];
    });
    if (own.some((ap) => !canSee(caller, ap))) {
      countWithheld(users);
      continue;
    }
    const ap = own.find((p) => granting.has(p));
    if (!ap) continue;
    const path: Path = { businessProfile: named(bp), appProfile: named(ap) };
    const pathMatches =
      needle !== '' && (bp.name.toLowerCase().includes(needle) || ap.name.toLowerCase().includes(needle));
    for (const u of users) {
      if (!canSee(caller, u) || !(pathMatches || userMatches(u))) continue;
      if (u.active) result.active++;
      else result.inactive++;
      if (statusMatches(u)) result.holders.push({ user: u, path });
    }
  }
  result.holders.sort((a, b) => (index.rank.get(a.user) ?? 0) - (index.rank.get(b.user) ?? 0));
  return result;
}

// ------------------------------------------------------------- check access

/** Whether the user holds the row and why (checkAccess in openapi/userprofile.yaml). */
export function checkAccess(
  store: Store,
  caller: Caller,
  query: { user: string; application: string; role?: string | undefined; element?: string | undefined },
): AccessCheck {
  askedRow(query);
  const user = store.getUser(caller, query.user);
  const { app, held } = applicationRow(store, caller, query.application, query);
  const answer: AccessCheck = {
    user: { uuid: user.uuid, username: user.username, active: user.active },
    application: named(app),
    row: held,
    verdict: 'notGranted',
    businessProfile: null,
    paths: [],
    missing: null,
    wouldGrant: [],
  };
  const bp = user.businessProfileUuid ? store.businessProfiles.get(user.businessProfileUuid) : undefined;
  if (bp && !canSee(caller, bp)) return { ...answer, verdict: 'incomplete' };
  if (!bp)
    return { ...answer, missing: { kind: 'noBusinessProfile' }, wouldGrant: wouldGrant(store, caller, app, held) };

  answer.businessProfile = named(bp);
  const own = bp.appProfiles.flatMap((id) => {
    const ap = store.appProfiles.get(id);
    return ap && ap.applicationUuid === app.uuid ? [ap] : [];
  });
  const seen = own.filter((ap) => canSee(caller, ap));
  const includes = (ap: AppProfileRecord) => (held.kind === 'role' ? ap.roles : ap.elements).includes(held.uuid);
  // The decisive path first: the one the profiles resolve through, by name when the data holds several.
  const granting = seen.filter(includes).sort(byName);
  if (granting.length > 0) {
    return {
      ...answer,
      verdict: user.active ? 'granted' : 'grantedWithoutEffect',
      paths: granting.map((ap) => ({ businessProfile: named(bp), appProfile: named(ap) })),
    };
  }
  if (seen.length < own.length) return { ...answer, verdict: 'incomplete' };
  const first = seen.sort(byName)[0];
  return {
    ...answer,
    missing: first
      ? { kind: 'rowNotIncluded', businessProfile: named(bp), appProfile: named(first) }
      : { kind: 'noAppProfile', businessProfile: named(bp) },
    wouldGrant: wouldGrant(store, caller, app, held),
  };
}

/** The application profiles (seen by the caller) that include the row, each with the business profiles (seen) using it. */
function wouldGrant(store: Store, caller: Caller, app: ApplicationRecord, held: HeldRow): AccessCheck['wouldGrant'] {
  const index = indexOf(store);
  return (index.appProfilesByRow.get(held.uuid) ?? [])
    .filter((ap) => ap.applicationUuid === app.uuid && canSee(caller, ap))
    .filter((ap) => (held.kind === 'role' ? ap.roles : ap.elements).includes(held.uuid))
    .sort(byName)
    .map((ap) => ({
      appProfile: named(ap),
      businessProfiles: (index.businessProfilesByAppProfile.get(ap.uuid) ?? [])
        .filter((bp) => canSee(caller, bp))
        .map(named)
        .sort(byName),
    }));
}
