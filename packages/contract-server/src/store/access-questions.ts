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
  Scoped,
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
 * Which application profiles include a row and which business profiles use
 * an application profile, built once per store version: the answers walk
 * from a row to the profiles that grant it instead of scanning every profile.
 */
interface AccessIndex {
  version: number;
  /** Row uuid → application profiles that include it. */
  appProfilesByRow: Map<string, AppProfileRecord[]>;
  /** Application profile uuid → business profiles that use it. */
  businessProfilesByAppProfile: Map<string, BusinessProfileRecord[]>;
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
  const index: AccessIndex = { version: store.version, appProfilesByRow, businessProfilesByAppProfile };
  indexes.set(store, index);
  return index;
}

/** Every user in username order, and how to tell whether that order still holds. */
interface UsernameOrder {
  version: number;
  /** In username order. */
  users: UserRecord[];
  /** The store's users in its map's order, their usernames, and where each stands in `users`. */
  inserted: UserRecord[];
  usernames: string[];
  position: Int32Array;
}

const orders = new WeakMap<Store, UsernameOrder>();

/**
 * The users in username order (the store's order, which the lists use). The
 * store sorts again after every write (a second for 100000 users on a busy
 * machine); most writes (a profile saved, a user's phone changed) leave the
 * usernames as they were, so the last order is kept when one pass over the
 * store's users finds the same users under the same names (a record replaced
 * by a save takes its predecessor's place).
 */
function usernameOrder(store: Store): UserRecord[] {
  const known = orders.get(store);
  if (known && known.version === store.version) return known.users;
  if (known && known.inserted.length === store.users.size) {
    let i = 0;
    let same = true;
    for (const u of store.users.values()) {
      const before = known.inserted[i] as UserRecord;
      if (u.username !== known.usernames[i] || (u !== before && u.uuid !== before.uuid)) {
        same = false;
        break;
      }
      if (u !== before) {
        known.inserted[i] = u;
        known.users[known.position[i] as number] = u;
      }
      i++;
    }
    if (same) {
      known.version = store.version;
      return known.users;
    }
  }
  const users = [...store.usersSorted()];
  const place = new Map(users.map((u, i) => [u, i]));
  const inserted = [...store.users.values()];
  orders.set(store, {
    version: store.version,
    users,
    inserted,
    usernames: inserted.map((u) => u.username),
    position: Int32Array.from(inserted, (u) => place.get(u) ?? 0),
  });
  return users;
}

/** The holders last worked out per reader scope and question, for paging through them. */
const answers = new WeakMap<Store, { version: number; byKey: Map<string, Holders> }>();
const KEPT_ANSWERS = 16;

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
  const status = query.status ?? 'all';
  const needle = query.q?.trim().toLowerCase() ?? '';
  // What a reader sees depends only on its role and company.
  const key = [
    caller.role,
    caller.role === 'ERRIGAL_ADMIN' ? '' : caller.companyUuid,
    app.uuid,
    held.kind,
    held.uuid,
    status,
    needle,
  ].join('|');
  let kept = answers.get(store);
  if (!kept || kept.version !== store.version) {
    kept = { version: store.version, byKey: new Map() };
    answers.set(store, kept);
  }
  const known = kept.byKey.get(key);
  if (known) return known;
  const answer = workOutHolders(store, caller, app, held, status, needle);
  if (kept.byKey.size >= KEPT_ANSWERS) kept.byKey.delete(kept.byKey.keys().next().value as string);
  kept.byKey.set(key, answer);
  return answer;
}

/**
 * canSee for many records: its answer depends only on a record's minimum role
 * and company, of which users have a handful of pairs; each is asked once.
 */
function scopeRule(caller: Caller): (record: Scoped) => boolean {
  if (caller.role === 'ERRIGAL_ADMIN') return () => true;
  const known = new Map<string, Map<string | null, boolean>>();
  return (record) => {
    let byCompany = known.get(record.minimumRole);
    if (!byCompany) {
      byCompany = new Map();
      known.set(record.minimumRole, byCompany);
    }
    let seen = byCompany.get(record.companyUuid);
    if (seen === undefined) {
      seen = canSee(caller, record);
      byCompany.set(record.companyUuid, seen);
    }
    return seen;
  };
}

/** What each business profile means for the question: the path it grants, or that it is withheld from the reader. */
type Reach = { path: Path; pathMatches: boolean } | 'withheld';

function workOutHolders(
  store: Store,
  caller: Caller,
  app: ApplicationRecord,
  held: HeldRow,
  status: HolderStatus,
  needle: string,
): Holders {
  const index = indexOf(store);
  const granting = new Set(
    (index.appProfilesByRow.get(held.uuid) ?? []).filter((ap) => ap.applicationUuid === app.uuid),
  );
  const reach = new Map<string, Reach>();
  for (const bp of store.businessProfiles.values()) {
    if (!canSee(caller, bp)) {
      reach.set(bp.uuid, 'withheld');
      continue;
    }
    const own = bp.appProfiles.flatMap((id) => {
      const ap = store.appProfiles.get(id);
      return ap && ap.applicationUuid === app.uuid ? [ap] : [];
    });
    if (own.some((ap) => !canSee(caller, ap))) {
      reach.set(bp.uuid, 'withheld');
      continue;
    }
    const ap = own.find((p) => granting.has(p));
    if (!ap) continue;
    reach.set(bp.uuid, {
      path: { businessProfile: named(bp), appProfile: named(ap) },
      pathMatches: needle !== '' && (bp.name.toLowerCase().includes(needle) || ap.name.toLowerCase().includes(needle)),
    });
  }

  const result: Holders = {
    application: named(app),
    row: held,
    active: 0,
    inactive: 0,
    withheld: 0,
    holders: [],
  };
  const sees = scopeRule(caller);
  // One pass in username order: no sorting of what may be 30000 holders.
  for (const u of usernameOrder(store)) {
    const r = u.businessProfileUuid ? reach.get(u.businessProfileUuid) : undefined;
    if (r === undefined || !sees(u)) continue;
    const userMatches =
      needle === '' ||
      u.username.toLowerCase().includes(needle) ||
      u.firstName.toLowerCase().includes(needle) ||
      u.lastName.toLowerCase().includes(needle);
    const statusMatches = status === 'all' || u.active === (status === 'active');
    if (r === 'withheld') {
      if (userMatches && statusMatches) result.withheld++;
      continue;
    }
    if (!(userMatches || r.pathMatches)) continue;
    if (u.active) result.active++;
    else result.inactive++;
    if (statusMatches) result.holders.push({ user: u, path: r.path });
  }
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
