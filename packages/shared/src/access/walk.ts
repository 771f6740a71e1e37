// THE access logic of effective access, Who Has It and Check Access: the walk from a user to the rows the
// user holds (user → business profile → its application profile for the
// application → the role and element rows, with the user's element values),
// and back (row → application profiles that include it → business profiles
// that use them → their users), as a reader may know it. One pure module: the
// dev backend's store calls it with its records (store/effective-access.ts,
// store/access-questions.ts), the console with what spec §7 calls answered
// when the backend offers no extension for the question (lib/access-derived).
//
// The reader's visibility comes in through the world: a record the reader
// cannot see is 'hidden' (it exists, the reader may not know what it is), and
// is never named; a path through one makes the answer incomplete. An
// application answers only the rows the reader sees.
import { compareValues } from '../list.ts';

export interface Named {
  uuid: string;
  name: string;
}

/** A role or element row of an application. */
export interface AccessRow extends Named {
  category: string;
  externalRole: boolean;
}

/** An application with the rows the reader sees. */
export interface AccessApplication extends Named {
  roles: readonly AccessRow[];
  elements: readonly AccessRow[];
}

export interface AccessAppProfile extends Named {
  applicationUuid: string;
  /** The uuids of the rows it includes (a row the reader does not see may be among them). */
  roles: readonly string[];
  elements: readonly string[];
  /** Rows of it are withheld from the reader beyond what `roles` and `elements` name. */
  partHidden?: boolean;
}

export interface AccessBusinessProfile extends Named {
  appProfiles: readonly string[];
}

export interface AccessUser {
  uuid: string;
  username: string;
  firstName: string;
  lastName: string;
  active: boolean;
  businessProfileUuid: string | null;
  elements: readonly { uuid: string; actualValue: string | null }[];
}

/** A record as the reader may know it: itself, 'hidden' (it exists, withheld from the reader), or undefined (none). */
export type Seen<T> = T | 'hidden' | undefined;

/** What the reader may know, asked record by record. */
export interface AccessWorld {
  businessProfile(uuid: string): Seen<AccessBusinessProfile>;
  appProfile(uuid: string): Seen<AccessAppProfile>;
  application(uuid: string): AccessApplication | undefined;
  /** The application profiles the reader sees that include the row. */
  appProfilesWithRow(rowUuid: string): readonly AccessAppProfile[];
  /** The business profiles the reader sees that use the application profile. */
  businessProfilesUsing(appProfileUuid: string): readonly AccessBusinessProfile[];
  /**
   * The application of a hidden application profile, where the world knows it
   * (the store does; the console does not): a hidden profile of another
   * application does not make an answer about this one incomplete.
   */
  applicationOfHidden?(appProfileUuid: string): string | undefined;
}

export const named = (r: Named): Named => ({ uuid: r.uuid, name: r.name });
export const byName = (a: { name: string }, b: { name: string }) => compareValues(a.name, b.name);

// --------------------------------------------------------- effective access

/** The path that grants a role or an element: business profile → application profile. */
export interface Grant {
  businessProfile: Named;
  appProfile: Named;
}

export interface EffectiveRole extends Named {
  externalRole: boolean;
  grants: Grant[];
}

export interface EffectiveElement extends Named {
  category: string;
  /** The user's value for this element, null when the user chose another element of the category, or none. */
  value: string | null;
  grants: Grant[];
}

export interface EffectiveApplication extends Named {
  roles: EffectiveRole[];
  elements: EffectiveElement[];
  /** Rows the profiles grant in it are withheld from the reader: the lists are not the whole answer. */
  partHidden?: true;
}

/**
 * What the user holds in each application through the business profile
 * `bp` (seen by the reader): the rows the reader sees, each with its grants,
 * applications and rows by name. An application profile the reader cannot
 * see is left out with all it grants (the answer says so: `withheld`).
 */
export function effectiveApplications(
  world: AccessWorld,
  user: Pick<AccessUser, 'elements'>,
  bp: AccessBusinessProfile,
): EffectiveApplication[] {
  const values = new Map(user.elements.map((e) => [e.uuid, e.actualValue]));
  const apps = new Map<
    string,
    { app: EffectiveApplication; roles: Map<string, EffectiveRole>; elements: Map<string, EffectiveElement> }
  >();
  for (const apUuid of bp.appProfiles) {
    const ap = world.appProfile(apUuid);
    const app = ap && ap !== 'hidden' ? world.application(ap.applicationUuid) : undefined;
    if (!ap || ap === 'hidden' || !app) continue;
    let entry = apps.get(app.uuid);
    if (!entry) {
      entry = {
        app: { uuid: app.uuid, name: app.name, roles: [], elements: [] },
        roles: new Map(),
        elements: new Map(),
      };
      apps.set(app.uuid, entry);
    }
    const grant: Grant = { businessProfile: named(bp), appProfile: named(ap) };
    const granted = (rows: readonly AccessRow[], ids: readonly string[]) => {
      const chosen = new Set(ids);
      const seen = rows.filter((r) => chosen.has(r.uuid));
      if (seen.length < chosen.size || ap.partHidden) entry.app.partHidden = true;
      return seen;
    };
    for (const row of granted(app.roles, ap.roles)) {
      const role = entry.roles.get(row.uuid) ?? { ...named(row), externalRole: row.externalRole, grants: [] };
      role.grants.push(grant);
      entry.roles.set(row.uuid, role);
    }
    for (const row of granted(app.elements, ap.elements)) {
      const element = entry.elements.get(row.uuid) ?? {
        ...named(row),
        category: row.category,
        value: values.get(row.uuid) ?? null,
        grants: [],
      };
      element.grants.push(grant);
      entry.elements.set(row.uuid, element);
    }
  }
  return [...apps.values()]
    .map(({ app, roles, elements }) => ({
      ...app,
      roles: [...roles.values()].sort(byName),
      elements: [...elements.values()].sort(byName),
    }))
    .sort(byName);
}

/** The chosen clusters without a chosen ancestor, each with how many chosen clusters lie below it, by name. */
export function subtreeRoots(
  chosen: Iterable<string>,
  cluster: (uuid: string) => (Named & { parentUuid: string | null }) | undefined,
): (Named & { descendants: number })[] {
  const picked = new Set([...chosen].filter((id) => cluster(id)));
  const below = new Map<string, number>();
  for (const id of picked) {
    // The topmost chosen ancestor is the root of this cluster's subtree.
    let root = id;
    let parent = cluster(id)?.parentUuid;
    while (parent) {
      if (picked.has(parent)) root = parent;
      parent = cluster(parent)?.parentUuid;
    }
    below.set(root, (below.get(root) ?? 0) + (root === id ? 0 : 1));
  }
  return [...below].map(([id, descendants]) => ({ ...named(cluster(id) as Named), descendants })).sort(byName);
}

// ------------------------------------------------------------------ the row

export type RowKind = 'role' | 'element';

export interface HeldRow extends Named {
  kind: RowKind;
  category: string;
  externalRole: boolean;
}

/** The row asked about as the application's answer names it, or undefined when it leaves it out. */
export function heldRow(app: AccessApplication, asked: { kind: RowKind; uuid: string }): HeldRow | undefined {
  const row = (asked.kind === 'role' ? app.roles : app.elements).find((r) => r.uuid === asked.uuid);
  if (!row) return undefined;
  return {
    kind: asked.kind,
    ...named(row),
    category: asked.kind === 'role' ? '' : row.category,
    externalRole: row.externalRole,
  };
}

const includes = (ap: AccessAppProfile, row: HeldRow) =>
  (row.kind === 'role' ? ap.roles : ap.elements).includes(row.uuid);

/**
 * The business profile's application profiles for the application that the
 * reader sees, and whether one is hidden (one of unknown application counts).
 */
function ownFor(world: AccessWorld, bp: AccessBusinessProfile, appUuid: string) {
  const seen: AccessAppProfile[] = [];
  let hidden = false;
  for (const id of bp.appProfiles) {
    const ap = world.appProfile(id);
    if (ap === 'hidden') {
      const of = world.applicationOfHidden?.(id);
      if (of === undefined || of === appUuid) hidden = true;
    } else if (ap && ap.applicationUuid === appUuid) seen.push(ap);
  }
  return { seen, hidden };
}

// ------------------------------------------------------------- check access

export type Verdict = 'granted' | 'grantedWithoutEffect' | 'notGranted' | 'incomplete';

export interface MissingLink {
  kind: 'noBusinessProfile' | 'noAppProfile' | 'rowNotIncluded';
  businessProfile?: Named;
  appProfile?: Named;
}

export interface CheckAnswer {
  verdict: Verdict;
  businessProfile: Named | null;
  paths: Grant[];
  missing: MissingLink | null;
  wouldGrant: { appProfile: Named; businessProfiles: Named[] }[];
}

/**
 * Whether the user holds the row of the application, and why: the paths that
 * grant it (the decisive one first), or the missing link and the profiles
 * that would grant it, or incomplete when the path runs through a record the
 * reader cannot see. `userProfile`: the user's business profile as the reader
 * may know it.
 */
export function checkRow(
  world: AccessWorld,
  user: Pick<AccessUser, 'active'>,
  userProfile: Seen<AccessBusinessProfile>,
  app: AccessApplication,
  row: HeldRow,
): CheckAnswer {
  const answer: CheckAnswer = {
    verdict: 'notGranted',
    businessProfile: null,
    paths: [],
    missing: null,
    wouldGrant: [],
  };
  if (userProfile === 'hidden') return { ...answer, verdict: 'incomplete' };
  if (!userProfile)
    return { ...answer, missing: { kind: 'noBusinessProfile' }, wouldGrant: wouldGrant(world, app, row) };
  const bp = userProfile;
  answer.businessProfile = named(bp);
  const { seen, hidden } = ownFor(world, bp, app.uuid);
  // The decisive path first: the one the profiles resolve through, by name when the data holds several.
  const granting = seen.filter((ap) => includes(ap, row)).sort(byName);
  if (granting.length > 0) {
    return {
      ...answer,
      verdict: user.active ? 'granted' : 'grantedWithoutEffect',
      paths: granting.map((ap) => ({ businessProfile: named(bp), appProfile: named(ap) })),
    };
  }
  if (hidden || seen.some((ap) => ap.partHidden)) return { ...answer, verdict: 'incomplete' };
  const first = [...seen].sort(byName)[0];
  return {
    ...answer,
    missing: first
      ? { kind: 'rowNotIncluded', businessProfile: named(bp), appProfile: named(first) }
      : { kind: 'noAppProfile', businessProfile: named(bp) },
    wouldGrant: wouldGrant(world, app, row),
  };
}

/** The application profiles (seen) that include the row, each with the business profiles (seen) using it. */
export function wouldGrant(world: AccessWorld, app: AccessApplication, row: HeldRow): CheckAnswer['wouldGrant'] {
  return world
    .appProfilesWithRow(row.uuid)
    .filter((ap) => ap.applicationUuid === app.uuid && includes(ap, row))
    .sort(byName)
    .map((ap) => ({
      appProfile: named(ap),
      businessProfiles: world.businessProfilesUsing(ap.uuid).map(named).sort(byName),
    }));
}

// ---------------------------------------------------------------- who has it

export type HolderStatus = 'all' | 'active' | 'inactive';

/** What a business profile means for the question: the path it grants, or that it is withheld from the reader. */
export type Reach = { path: Grant; pathMatches: boolean } | 'withheld';

/** The text filter as the holders apply it: trimmed, any case. */
export const holderNeedle = (q: string | undefined) => q?.trim().toLowerCase() ?? '';

/**
 * What the business profile `bp` (as the reader may know it) means for the
 * users holding the row: undefined when it does not grant it, 'withheld' when
 * the profile, or one of its application profiles for the application, is
 * hidden from the reader (whether or not that grants the row: the count must
 * not tell what a hidden profile holds).
 */
export function reachOf(
  world: AccessWorld,
  bp: Seen<AccessBusinessProfile>,
  app: Named,
  granting: ReadonlySet<string>,
  needle: string,
): Reach | undefined {
  if (bp === 'hidden') return 'withheld';
  if (!bp) return undefined;
  const { seen, hidden } = ownFor(world, bp, app.uuid);
  if (hidden) return 'withheld';
  const ap = seen.find((p) => granting.has(p.uuid));
  if (!ap) return undefined;
  return {
    path: { businessProfile: named(bp), appProfile: named(ap) },
    pathMatches: needle !== '' && (bp.name.toLowerCase().includes(needle) || ap.name.toLowerCase().includes(needle)),
  };
}

/** The uuids of the application profiles of the application (seen by the reader) that include the row. */
export function grantingProfiles(world: AccessWorld, app: Named, row: HeldRow): Set<string> {
  return new Set(
    world
      .appProfilesWithRow(row.uuid)
      .filter((ap) => ap.applicationUuid === app.uuid && includes(ap, row))
      .map((ap) => ap.uuid),
  );
}

export interface HolderCount<U> {
  active: number;
  inactive: number;
  withheld: number;
  /** Every holder matching the query, in the order the users came. */
  holders: { user: U; path: Grant }[];
}

/**
 * One pass over users (in username order: the holders keep it, no sorting of
 * what may be 30000 of them): who holds the row through the reach of the
 * user's business profile, counted active and inactive apart (the status
 * filter does not change the counts), and how many users the reader sees
 * reach the application through a profile withheld from the reader.
 */
export function countHolders<U extends Pick<AccessUser, 'username' | 'firstName' | 'lastName' | 'active'>>(
  users: Iterable<U>,
  reach: (user: U) => Reach | undefined,
  status: HolderStatus,
  needle: string,
): HolderCount<U> {
  const result: HolderCount<U> = { active: 0, inactive: 0, withheld: 0, holders: [] };
  for (const u of users) {
    const r = reach(u);
    if (r === undefined) continue;
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

// --------------------------------------------------------------- the export

// Written by the one CSV writer of the product (shared/csv.ts csvText), on either side.

/** The holders' CSV: its header, one row per holder, and its file name; csvText makes each cell formula-safe. */
export function holdersCsv(
  application: Named,
  row: HeldRow,
  holders: Iterable<{
    user: Pick<AccessUser, 'username' | 'firstName' | 'lastName' | 'active'> & { email: string };
    path: Grant;
  }>,
): { header: string[]; rows: string[][]; fileName: string } {
  const header = [
    'username',
    'firstName',
    'lastName',
    'email',
    'active',
    'businessProfile',
    'appProfile',
    'application',
    row.kind,
  ];
  const rows = [...holders].map(({ user, path }) => [
    user.username,
    user.firstName,
    user.lastName,
    user.email,
    String(user.active),
    path.businessProfile.name,
    path.appProfile.name,
    application.name,
    row.name,
  ]);
  const fileName = `${[application.name, row.name, 'holders']
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 120)}.csv`;
  return { header, rows, fileName };
}

// ------------------------------------------------------ a withheld profile

const HOLDS_HIDDEN = ' holds a profile you cannot see: only an administrator who sees it may change this user';

/**
 * The reason a user's write is refused when the user holds a business or
 * visibility profile the reader cannot see (the user's `readOnlyReason`).
 * Spec §7 answers name no withheld profile (it is null), so this reason is how
 * a reader's console knows that a profile is withheld, not absent.
 */
export const hiddenProfileReason = (label: string) => `${label}${HOLDS_HIDDEN}`;

export const isHiddenProfileReason = (reason: string | undefined | null) => reason?.endsWith(HOLDS_HIDDEN) === true;
