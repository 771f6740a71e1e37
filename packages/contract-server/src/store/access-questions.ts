// Access questions (designed; the spec has no such call): who holds a role or an element of an
// application, and whether one user holds it and why. Both walk the same path
// as Effective Access (business profile → its application profile for the
// application → the row) and hide what the reader's own GETs hide: a user,
// business or application profile or row the reader cannot see is never
// named; a path through one makes the answer incomplete instead.
import {
  type AccessApplication,
  type CheckAnswer,
  checkRow,
  countHolders,
  type Grant,
  grantingProfiles,
  type HeldRow,
  type HolderStatus,
  heldRow,
  holderNeedle,
  named,
  type Reach,
  reachOf,
} from '@userprofile/shared/access/walk';
import { type Caller, canSee } from './access.ts';
import { accessWorld } from './access-world.ts';
import { InvalidError, NotFoundError } from './errors.ts';
import type { Store } from './store.ts';
import type { ApplicationRecord, NamedRecord, Scoped, UserRecord } from './types.ts';

export type { HeldRow, HolderStatus };
export type Path = Grant;

export interface Holder {
  user: UserRecord;
  path: Path;
}

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

export interface AccessCheck extends CheckAnswer {
  user: { uuid: string; username: string; active: boolean };
  application: NamedRecord;
  row: HeldRow;
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
): { app: ApplicationRecord; held: HeldRow } {
  const asked = askedRow(query);
  const app = store.getApplication(caller, applicationUuid);
  const held = heldRow(app, asked);
  if (!held) throw new NotFoundError(`${asked.kind === 'role' ? 'Role' : 'Element'} ${asked.uuid} was not found`);
  return { app, held };
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
  const needle = holderNeedle(query.q);
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

function workOutHolders(
  store: Store,
  caller: Caller,
  app: ApplicationRecord,
  held: HeldRow,
  status: HolderStatus,
  needle: string,
): Holders {
  const world = accessWorld(store, caller);
  const granting = grantingProfiles(world, app, held);
  const reach = new Map<string, Reach>();
  for (const bp of store.businessProfiles.values()) {
    const r = reachOf(world, world.businessProfile(bp.uuid), app, granting, needle);
    if (r) reach.set(bp.uuid, r);
  }
  const sees = scopeRule(caller);
  const counted = countHolders(
    usernameOrder(store),
    (u) => (u.businessProfileUuid && sees(u) ? reach.get(u.businessProfileUuid) : undefined),
    status,
    needle,
  );
  return { application: named(app), row: held, ...counted };
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
  const world = accessWorld(store, caller);
  const bp = user.businessProfileUuid ? world.businessProfile(user.businessProfileUuid) : undefined;
  const appView = world.application(app.uuid) as AccessApplication;
  return {
    user: { uuid: user.uuid, username: user.username, active: user.active },
    application: named(app),
    row: held,
    ...checkRow(world, user, bp, appView, held),
  };
}
