// The reader's world for the access logic (@userprofile/shared/access/walk,
// the walk the dev backend's store runs too), built from what spec §7 calls
// answer the reader (on a backend without the access extensions): the application, application profile and
// business profile lists (each answers only what the reader may see), and
// the user's own GET. A profile named somewhere but absent from the reader's
// list is hidden: never named, a path through it makes the answer incomplete.
// A reader who may not read the profile lists (SCO_ADMIN, spec §6) knows a
// user's application profiles from the user's GET alone, without their roles:
// part of each is hidden.

import {
  type AccessApplication,
  type AccessAppProfile,
  type AccessBusinessProfile,
  type AccessWorld,
  isHiddenProfileReason,
  type Seen,
} from '@userprofile/shared/access/walk';
import { roleRank } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import { type ApplicationProfile, appProfiles } from './data/app-profiles.ts';
import { type Application, applications } from './data/applications.ts';
import { type BusinessProfile, businessProfiles } from './data/business-profiles.ts';
import { roleOf, useSession } from './session.ts';

type User = components['schemas']['User'];

export interface ReaderLists {
  apps: readonly Application[];
  /** null: the reader may not read the profile lists (403). */
  appProfiles: readonly ApplicationProfile[] | null;
  businessProfiles: readonly BusinessProfile[] | null;
}

/**
 * The lists, from the console's caches (spec §4: loaded once, kept up to date
 * by saves, cleared at sign-out). The profile lists are for ADMIN and above
 * (spec §6): a reader below is not made to ask for them (its 403 would be the
 * global handling's).
 */
export async function readerLists(): Promise<ReaderLists> {
  const profiles = roleRank(roleOf(useSession.getState().user)) >= roleRank('ADMIN');
  const [apps, aps, bps] = await Promise.all([
    applications.load(),
    profiles ? appProfiles.load() : null,
    profiles ? businessProfiles.load() : null,
  ]);
  return { apps, appProfiles: aps, businessProfiles: bps };
}

const toApplication = (a: Application): AccessApplication => ({
  uuid: a.uuid,
  name: a.name,
  roles: a.roles.map((r) => ({ uuid: r.uuid, name: r.name, category: r.category ?? '', externalRole: r.externalRole })),
  elements: a.elements.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    category: r.category ?? '',
    externalRole: r.externalRole,
  })),
});

const toAppProfile = (p: ApplicationProfile): AccessAppProfile => ({
  uuid: p.uuid,
  name: p.name,
  applicationUuid: p.application.uuid,
  roles: p.roles.map((r) => r.uuid),
  elements: p.elements.map((r) => r.uuid),
});

const toBusinessProfile = (p: {
  uuid: string;
  name: string;
  appProfiles?: readonly { uuid: string }[] | undefined;
}): AccessBusinessProfile => ({
  uuid: p.uuid,
  name: p.name,
  appProfiles: (p.appProfiles ?? []).map((a) => a.uuid),
});

function indexBy<T, K>(rows: Iterable<T>, keys: (row: T) => Iterable<K>): Map<K, T[]> {
  const index = new Map<K, T[]>();
  for (const row of rows) {
    for (const key of keys(row)) {
      const list = index.get(key);
      if (list) list.push(row);
      else index.set(key, [row]);
    }
  }
  return index;
}

// The same lists give the same world: its indexes are built once, not per question.
let last: { lists: ReaderLists; world: AccessWorld } | null = null;
const sameLists = (a: ReaderLists, b: ReaderLists) =>
  a.apps === b.apps && a.appProfiles === b.appProfiles && a.businessProfiles === b.businessProfiles;

/**
 * The world of the reader's lists. `user`: the user asked about, whose GET
 * tells a reader without the profile lists what its profiles are.
 */
export function accessWorldOf(lists: ReaderLists, user?: User): AccessWorld {
  const complete = lists.businessProfiles !== null && lists.appProfiles !== null;
  if (complete && last && sameLists(last.lists, lists)) return last.world;
  const apps = new Map(lists.apps.map((a) => [a.uuid, toApplication(a)]));
  let bps: Map<string, AccessBusinessProfile>;
  let aps: Map<string, AccessAppProfile>;
  if (lists.businessProfiles && lists.appProfiles) {
    bps = new Map(lists.businessProfiles.map((p) => [p.uuid, toBusinessProfile(p)]));
    aps = new Map(lists.appProfiles.map((p) => [p.uuid, toAppProfile(p)]));
  } else {
    // Without the lists: the user's business profile and its application profiles as its GET names them.
    const bp = user?.businessProfile;
    bps = new Map(bp ? [[bp.uuid, toBusinessProfile(bp)]] : []);
    aps = new Map(
      (bp?.appProfiles ?? []).map((p) => [
        p.uuid,
        {
          uuid: p.uuid,
          name: p.name,
          applicationUuid: p.application.uuid,
          roles: [],
          elements: (p.elements ?? []).map((e) => e.uuid),
          partHidden: true,
        },
      ]),
    );
  }
  const byRow = indexBy(aps.values(), (p) => [...p.roles, ...p.elements]);
  const byAppProfile = indexBy(bps.values(), (p) => p.appProfiles);
  const seen = <T>(map: Map<string, T>, uuid: string): Seen<T> => map.get(uuid) ?? 'hidden';
  const world: AccessWorld = {
    businessProfile: (uuid) => seen(bps, uuid),
    appProfile: (uuid) => seen(aps, uuid),
    application: (uuid) => apps.get(uuid),
    appProfilesWithRow: (row) => byRow.get(row) ?? [],
    businessProfilesUsing: (ap) => byAppProfile.get(ap) ?? [],
  };
  if (complete) last = { lists, world };
  return world;
}

/**
 * The user's business profile as the reader may know it: named on the user
 * (hidden when the reader's list leaves it out), or withheld when the user's
 * GET says the user holds a profile the reader cannot see and names none.
 */
export function userProfileIn(world: AccessWorld, user: User): Seen<AccessBusinessProfile> {
  if (user.businessProfile) return world.businessProfile(user.businessProfile.uuid);
  return isHiddenProfileReason(user.readOnlyReason) ? 'hidden' : undefined;
}
