// Check Access and Who Has It worked out from spec §7 calls, for a
// backend that does not offer GET /access/check or /app/{uuid}/holders: the
// reader's application and profile lists, the user's GET, and the users of
// each business profile that reaches the row (GET /profile/business/{id}/users),
// walked by the same pure module as the dev backend's store
// (@userprofile/shared/access). The answers have the extensions' shapes.
import {
  type AccessApplication,
  type CheckAnswer,
  checkRow,
  countHolders,
  grantingProfiles,
  type HeldRow,
  heldRow,
  holderNeedle,
  holdersCsv,
  isHiddenProfileReason,
  named,
  type Reach,
  reachOf,
} from '@userprofile/shared/access/walk';
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import { accessWorldOf, readerLists, userProfileIn } from '../../lib/access-world.ts';
import { api, expectFailure } from '../../lib/api/client.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { registerCache } from '../../lib/caches.ts';
import type { HeldRowRef, HolderFilters } from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';

type User = components['schemas']['User'];
type AccessCheck = components['schemas']['AccessCheck'];
type AccessHolders = components['schemas']['AccessHolders'];

/** How a derived answer is coming along: business profiles whose users are loaded, of how many. */
export interface Progress {
  done: number;
  total: number;
  users: number;
}

/** The answer a backend gives for what it does not have: the screens' "not found" notice. */
const notFound = (what: string) => new ApiError(404, 'GET', '', { message: `${what} was not found` }, new Headers());

const askedOf = (row: HeldRowRef) =>
  row.role ? { kind: 'role' as const, uuid: row.role } : { kind: 'element' as const, uuid: row.element as string };

/** The application (as the reader's list answers it) and the row asked about. */
function applicationRow(
  app: AccessApplication | undefined,
  row: HeldRowRef,
): { app: AccessApplication; held: HeldRow } {
  if (!app) throw notFound('The application');
  const held = heldRow(app, askedOf(row));
  if (!held) throw notFound(row.role ? 'The role' : 'The element');
  return { app, held };
}

/** Requests for a user still in flight, shared by whoever asks meanwhile. */
const asking = new Map<string, Promise<User>>();

/**
 * A user's GET. A request still in flight is shared: the check screen asks for
 * a deep link's user (its name) at the moment the derived answer does, and a
 * second request for the same URL would wait in Chromium's HTTP cache lock
 * until the first is answered.
 */
export function userOf(uuid: string): Promise<User> {
  let request = asking.get(uuid);
  if (request === undefined) {
    request = api()
      .GET('/api/v1/user/{uuid}', { params: { path: { uuid } }, middleware: [expectFailure(404)] })
      .then(({ data }) => data as User)
      .finally(() => asking.delete(uuid));
    asking.set(uuid, request);
  }
  return request;
}

// ------------------------------------------------------------- check access

export async function deriveCheck(question: { user: string; application: string } & HeldRowRef): Promise<AccessCheck> {
  const [user, lists] = await Promise.all([userOf(question.user), readerLists()]);
  const world = accessWorldOf(lists, user);
  const { app, held } = applicationRow(world.application(question.application), question);
  const answer: CheckAnswer = checkRow(world, user, userProfileIn(world, user), app, held);
  return {
    user: { uuid: user.uuid, username: user.username, active: user.active },
    application: named(app),
    row: held,
    ...answer,
  };
}

// ---------------------------------------------------------------- who has it

interface Reached {
  application: AccessApplication;
  row: HeldRow;
  /** Every user of a business profile that reaches the row, in username order, with that profile's uuid. */
  users: { user: User; businessProfile: string }[];
  /** Users the reader sees whose business profile is withheld from the reader. */
  withheldUsers: User[];
  reach: (needle: string) => (bp: string) => Reach | undefined;
}

/** The users of the profiles of the last question asked, for paging and filtering without asking again. */
let last: { key: string; answer: Promise<Reached> } | null = null;
registerCache(() => {
  last = null;
});

/** Forget the last question's users: a screen opened anew asks the backend again. */
export function forgetDerivedHolders(): void {
  last = null;
}

const IN_FLIGHT = 4;

async function usersOf(businessProfile: string): Promise<User[]> {
  const { data } = await api().GET('/api/v1/profile/business/{uuid}/users', {
    params: { path: { uuid: businessProfile } },
  });
  return data ?? [];
}

/**
 * The business profiles whose users a derived answer reads: those that use a
 * granting application profile, then those of the reader's list that reach it
 * through a profile withheld from the reader; each once, in the order met.
 * A Set keeps it linear in the number of profiles (a search per profile grew
 * with the square of it: seconds at 100,000).
 */
export function profilesToRead(
  using: readonly string[],
  listed: readonly string[],
  withheld: (bp: string) => boolean,
): string[] {
  const profiles = new Set(using);
  for (const bp of listed) if (!profiles.has(bp) && withheld(bp)) profiles.add(bp);
  return [...profiles];
}

async function reached(applicationUuid: string, row: HeldRowRef, onProgress: (p: Progress) => void): Promise<Reached> {
  const lists = await readerLists();
  const world = accessWorldOf(lists);
  const { app, held } = applicationRow(world.application(applicationUuid), row);
  const granting = grantingProfiles(world, app, held);
  const reach = (needle: string) => {
    const known = new Map<string, Reach | undefined>();
    return (bp: string) => {
      if (!known.has(bp)) known.set(bp, reachOf(world, world.businessProfile(bp), app, granting, needle));
      return known.get(bp);
    };
  };
  // The business profiles (seen) that reach the application through the row, or through a hidden profile.
  const any = reach('');
  const profiles = profilesToRead(
    [...granting].flatMap((ap) => world.businessProfilesUsing(ap).map((bp) => bp.uuid)),
    (lists.businessProfiles ?? []).map((bp) => bp.uuid),
    (bp) => any(bp) === 'withheld',
  );
  const progress: Progress = { done: 0, total: profiles.length, users: 0 };
  onProgress({ ...progress });
  const users: Reached['users'] = [];
  let next = 0;
  const worker = async () => {
    while (next < profiles.length) {
      const bp = profiles[next++] as string;
      const found = await usersOf(bp);
      for (const user of found) users.push({ user, businessProfile: bp });
      progress.done++;
      progress.users += found.length;
      onProgress({ ...progress });
    }
  };
  // A reader below ERRIGAL_ADMIN may see users whose business profile is withheld: the user lists say which.
  const provider = roleOf(useSession.getState().user) === 'ERRIGAL_ADMIN';
  const [, withheldUsers] = await Promise.all([
    Promise.all(Array.from({ length: Math.min(IN_FLIGHT, profiles.length) }, worker)),
    provider ? Promise.resolve([]) : usersWithWithheldProfile(),
  ]);
  users.sort((a, b) => compareValues(a.user.username, b.user.username));
  return { application: app, row: held, users, withheldUsers, reach };
}

async function usersWithWithheldProfile(): Promise<User[]> {
  const [active, inactive] = await Promise.all([
    api().GET('/api/v1/user/list/active'),
    api().GET('/api/v1/user/list/inactive'),
  ]);
  return [...(active.data ?? []), ...(inactive.data ?? [])].filter(
    (u) => !u.businessProfile && isHiddenProfileReason(u.readOnlyReason),
  );
}

function reachedOnce(applicationUuid: string, row: HeldRowRef, onProgress: (p: Progress) => void): Promise<Reached> {
  const key = `${applicationUuid}|${row.role ?? ''}|${row.element ?? ''}`;
  if (last?.key === key) return last.answer;
  const answer = reached(applicationUuid, row, onProgress);
  last = { key, answer };
  answer.catch(() => {
    if (last?.answer === answer) last = null;
  });
  return answer;
}

/** Every holder matching the filters, as the extension counts them. */
async function holdersOf(
  applicationUuid: string,
  row: HeldRowRef,
  filters: HolderFilters,
  onProgress: (p: Progress) => void,
) {
  const r = await reachedOnce(applicationUuid, row, onProgress);
  const needle = holderNeedle(filters.q);
  const reach = r.reach(needle);
  const entries = [
    ...r.users.map(({ user, businessProfile }) => ({ ...user, bp: businessProfile as string | null })),
    ...r.withheldUsers.map((user) => ({ ...user, bp: null })),
  ];
  const counted = countHolders(entries, (u) => (u.bp ? reach(u.bp) : 'withheld'), filters.status ?? 'all', needle);
  return { r, counted };
}

export async function deriveHolders(
  applicationUuid: string,
  row: HeldRowRef,
  filters: HolderFilters,
  size: number,
  onProgress: (p: Progress) => void,
): Promise<AccessHolders> {
  const { r, counted } = await holdersOf(applicationUuid, row, filters, onProgress);
  const page = filters.page ?? 1;
  const start = (page - 1) * size;
  return {
    application: named(r.application),
    row: r.row,
    active: counted.active,
    inactive: counted.inactive,
    withheld: counted.withheld,
    total: counted.holders.length,
    page,
    size,
    holders: counted.holders.slice(start, start + size).map(({ user, path }) => ({
      user: {
        uuid: user.uuid,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        active: user.active,
      },
      path,
    })),
  };
}

/** Every holder matching the filters as the extension's CSV (header, rows, file name). */
export async function deriveHoldersCsv(applicationUuid: string, row: HeldRowRef, filters: HolderFilters) {
  const { r, counted } = await holdersOf(applicationUuid, row, filters, () => undefined);
  return holdersCsv(r.application, r.row, counted.holders);
}
