// The store's state: every collection of records, the clock, the record
// history, the versions caches key on, and the reads every aggregate needs
// (the console roles a business profile grants, what it offers, who is
// seen). The rooms of the store (users.ts, app-profiles.ts, applications.ts,
// ...) are functions taking this state first; store.ts's Store is this state
// with their calls as its methods. Members the rooms use but callers of the
// Store should not (the indexes, the write hooks `touch`/`touchUsers`,
// `sourceOf`) are internal to the store.
import { USER_PROFILE_APPLICATION } from '@userprofile/shared/constants';
import { compareValues } from '@userprofile/shared/list';
import { ActivityLog } from '../activity/log.ts';
import type { ConsoleRole } from '../auth/contract.ts';
import { type Caller, canSee, isConsoleRole, type UserDirectory } from './access.ts';
import { notFound } from './errors.ts';
import { type FactorPolicyRecord, NO_FACTOR_POLICY } from './factor-types.ts';
import { type ChangeSource, HistoryLog, type HistoryViews, type PendingChange, type RecordOf } from './history.ts';
import { inMemoryLargeWrite, type LargeWrite } from './large-write.ts';
import type {
  ApplicationRecord,
  AppProfileRecord,
  AppRow,
  BusinessProfileRecord,
  ClientRecord,
  ClusterRecord,
  LocationRecord,
  NamedRecord,
  OutboxMail,
  ResetTokenRecord,
  Scoped,
  UserElementConfig,
  UserRecord,
  VisibilityKind,
  VisibilityProfileRecord,
} from './types.ts';
import { UserOrder } from './user-order.ts';

/** What the state is made with: StoreOptions, the history's views rendering the state being made. */
export interface StoreStateOptions {
  publicOrigin: string;
  now?: () => number;
  historyViews: (state: StoreState) => HistoryViews;
  historyLimit: number;
  historyRetentionDays?: number;
  /** The most events the activity log keeps (ACTIVITY_MAX_EVENTS; default DEFAULT_ACTIVITY_MAX_EVENTS). */
  activityMaxEvents?: number;
  /** Days an activity event is kept (ACTIVITY_RETENTION_DAYS; default DEFAULT_ACTIVITY_RETENTION_DAYS). */
  activityRetentionDays?: number;
}

/** What the remote application reports at a sync (names by category). */
export interface RemoteCatalogue {
  roles: { name: string; externalRole: boolean }[];
  elements: { name: string; category: string }[];
  /** Bumped at each sync: the remote application keeps evolving, deterministically. */
  release: number;
}

export interface VisibilityElements {
  carriers: Map<string, NamedRecord>;
  clusters: Map<string, ClusterRecord>;
  clusterGroups: Map<string, NamedRecord>;
  networkGroups: Map<string, NamedRecord>;
  neAttributes: Map<string, NamedRecord>;
  venues: Map<string, NamedRecord>;
}

/**
 * A keyed collection with a case-insensitive name index. Names may repeat
 * where they are unique per tenant (profiles: access.ts namesClash); what may
 * share a name is the saver's rule (nameTaken's `clashes`).
 */
export class NamedMap<T extends { uuid: string; name: string }> {
  readonly byUuid = new Map<string, T>();
  private readonly byName = new Map<string, string[]>();

  get size(): number {
    return this.byUuid.size;
  }
  get(uuid: string): T | undefined {
    return this.byUuid.get(uuid);
  }
  /** The first record of this name (of a kind whose names are unique, the one). */
  findByName(name: string): T | undefined {
    return this.named(name)[0];
  }
  /** Every record of this name, whatever its case. */
  named(name: string): T[] {
    return (this.byName.get(name.toLowerCase()) ?? []).map((uuid) => this.byUuid.get(uuid) as T);
  }
  /** True when another record (not `uuid`) already has this name, and may not share it (`clashes`). */
  nameTaken(name: string, uuid: string | null | undefined, clashes: (other: T) => boolean = () => true): boolean {
    return this.named(name).some((other) => other.uuid !== uuid && clashes(other));
  }
  set(record: T): void {
    this.unindex(record.uuid);
    this.byUuid.set(record.uuid, record);
    const key = record.name.toLowerCase();
    this.byName.set(key, [...(this.byName.get(key) ?? []), record.uuid]);
  }
  delete(uuid: string): void {
    this.unindex(uuid);
    this.byUuid.delete(uuid);
  }
  private unindex(uuid: string): void {
    const old = this.byUuid.get(uuid);
    if (!old) return;
    const key = old.name.toLowerCase();
    const rest = (this.byName.get(key) ?? []).filter((id) => id !== uuid);
    if (rest.length > 0) this.byName.set(key, rest);
    else this.byName.delete(key);
  }
  values(): IterableIterator<T> {
    return this.byUuid.values();
  }
}

// One shared collator: localeCompare with options builds a new one per call.
/** The order of every list of named records. */
export function byName(a: { name: string }, b: { name: string }): number {
  return compareValues(a.name, b.name);
}

/** The records of a scoped kind the caller sees, by name. */
export function visibleByName<T extends Scoped & { uuid: string; name: string }>(
  records: NamedMap<T>,
  caller: Caller,
): T[] {
  return [...records.values()].filter((r) => canSee(caller, r)).sort(byName);
}

/** A record of a scoped kind the caller sees; the same 404 when it does not exist and when it is hidden. */
export function visibleOne<T extends Scoped & { uuid: string; name: string }>(
  records: NamedMap<T>,
  caller: Caller,
  uuid: string,
  what: string,
): T {
  const record = records.get(uuid);
  if (!record || !canSee(caller, record)) throw notFound(what, uuid);
  return record;
}

export class StoreState implements UserDirectory {
  readonly publicOrigin: string;
  now: () => number;

  users = new Map<string, UserRecord>();
  /** Internal to the store: lower-case username → uuid (insertUser, applyUsers keep it). */
  readonly usernames = new Map<string, string>();
  userElementConfig: UserElementConfig[] = [];
  readonly applications = new NamedMap<ApplicationRecord>();
  readonly appProfiles = new NamedMap<AppProfileRecord>();
  readonly businessProfiles = new NamedMap<BusinessProfileRecord>();
  readonly visibilityProfiles = new NamedMap<VisibilityProfileRecord>();
  readonly visibility: VisibilityElements = {
    carriers: new Map(),
    clusters: new Map(),
    clusterGroups: new Map(),
    networkGroups: new Map(),
    neAttributes: new Map(),
    venues: new Map(),
  };
  /** Elements the network inventory holds that the store has not synced yet, per kind. */
  readonly pendingVisibility = new Map<VisibilityKind, (NamedRecord | ClusterRecord)[]>();
  readonly remoteApps = new Map<string, RemoteCatalogue>();
  readonly companies = new Map<string, NamedRecord>();
  readonly locations = new Map<string, LocationRecord>();
  readonly clients = new NamedMap<ClientRecord>();
  /** Internal to the store (password-reset.ts; kept by keptState): the reset tokens by token. */
  readonly resetTokens = new Map<string, ResetTokenRecord>();
  /** The e-mails "sent", oldest first: kept while a link in them can work, at most OUTBOX_MAX. */
  readonly outbox: OutboxMail[] = [];
  /** Internal to the store (password-reset.ts; kept by keptState): the id of the last mail sent. */
  mailsSent = 0;
  /** Who must have a second factor (factors/policy.ts; kept by keptState). */
  factorPolicy: FactorPolicyRecord = NO_FACTOR_POLICY;

  /**
   * Called whenever a user stops being active (inactivate, a save or an import
   * with active false): the app ends the user's sign-in sessions there, so a
   * later re-activation brings no earlier token or session cookie back.
   */
  onUserDeactivated: (userUuid: string) => void = () => {};

  /**
   * Every change of a user, an application, a profile or an OAuth2 client,
   * recorded by the write functions of the store's rooms (history.ts); the seed records none.
   */
  readonly history: HistoryLog;

  /** The activity log's events not saved yet (activity/log.ts; storage writes them with the write). */
  readonly activity: ActivityLog;

  /** Bumped by every write; caches of serialised answers key on it. */
  version = 0;
  /**
   * Bumped by every write but those of users alone (a save, a status change,
   * an import): while it stays, what a users list row shows of other records
   * (profile names, whether the reader sees them, the roles that decide whether
   * it may change the user) is as it was, so a row changes only with its user.
   */
  othersVersion = 0;
  /**
   * Internal to the store: the users in username order, all and by status (user-order.ts): made again
   * only when a user is added or renamed.
   */
  readonly order = new UserOrder(() => this.users.values());

  constructor(options: StoreStateOptions) {
    this.publicOrigin = options.publicOrigin;
    this.now = options.now ?? Date.now;
    this.history = new HistoryLog(
      options.historyViews(this),
      options.historyLimit,
      () => this.now(),
      options.historyRetentionDays,
    );
    this.activity = new ActivityLog(() => this.now(), options.activityMaxEvents, options.activityRetentionDays);
    // Every change the history records is an event of the activity log, saved in the same transaction.
    this.history.onEntry = (entry) => this.activity.recordEntry(entry);
  }

  /** Called by every write (storage/persist.ts saves what it changed before the answer leaves). */
  onWrite: () => void = () => {};
  /** How a write of many users is kept while it runs (storage/persist.ts gives one; see large-write.ts). */
  largeWrite: () => LargeWrite = inMemoryLargeWrite;

  /** Internal to the store: a write of anything but users alone (see othersVersion). */
  touch(): void {
    this.othersVersion++;
    this.touchUsers();
  }

  /** Internal to the store: a write of users alone (see othersVersion). */
  touchUsers(): void {
    this.version++;
    this.onWrite();
  }

  /**
   * Internal to the store: a checked record of a named kind written (created, or
   * `existing` replaced), as one recorded change of the caller.
   */
  saveNamed<K extends 'appProfile' | 'businessProfile' | 'visibilityProfile' | 'authClient'>(
    kind: K,
    records: NamedMap<RecordOf[K]>,
    caller: Caller,
    existing: RecordOf[K] | undefined,
    record: RecordOf[K],
  ): RecordOf[K] {
    const pending = this.history.begin(kind, existing);
    records.set(record);
    this.touch();
    this.history.commit(pending, existing ? 'update' : 'create', record, this.sourceOf(caller));
    return record;
  }

  /**
   * Internal to the store: deletes a profile that users name, and each of those users
   * lets go of it (`release`), all recorded as the caller's changes.
   */
  deleteNamedByUsers<K extends 'businessProfile' | 'visibilityProfile'>(
    kind: K,
    records: NamedMap<RecordOf[K]>,
    caller: Caller,
    profile: RecordOf[K],
    names: (user: UserRecord) => boolean,
    release: (user: UserRecord) => void,
  ): void {
    const source = this.sourceOf(caller);
    const users = [...this.users.values()].filter(names);
    const held = users.map((u) => this.history.begin('user', u));
    const pending = this.history.begin(kind, profile);
    records.delete(profile.uuid);
    this.history.commit(pending, 'delete', undefined, source);
    users.forEach((u, i) => {
      release(u);
      this.history.commit(held[i] as PendingChange<'user'>, 'update', u, source);
    });
    this.touch();
  }

  /** Internal to the store: who makes a change and through which call, as the record history names them. */
  sourceOf(caller: Caller): ChangeSource {
    const user = this.users.get(caller.userUuid);
    // A caller who is no user is the server itself (a fixtures file's records): the history names no actor.
    return { actor: user ? { uuid: user.uuid, username: user.username } : null, call: caller.call ?? '' };
  }

  // ---------------------------------------------------------------- seeding

  /** Adds or replaces a user as given (no rules checked: the seed, and saves once checked). */
  insertUser(user: UserRecord): void {
    const old = this.users.get(user.uuid);
    this.users.set(user.uuid, user);
    if (old?.active && !user.active) this.onUserDeactivated(user.uuid);
    this.usernames.set(user.username.toLowerCase(), user.uuid);
    if (old && old.username === user.username) this.order.replace(old, user);
    else this.order.invalidate();
    this.touchUsers();
  }

  // ------------------------------------------------------------------ reads

  /**
   * All users sorted by username with the console's own comparator (case-insensitive,
   * numeric-aware), so the console can insert a saved user into its cached list in
   * the same order; cached until the next write.
   */
  usersSorted(): readonly UserRecord[] {
    return this.order.sorted();
  }

  findUserByUsername(username: string): UserRecord | undefined {
    const uuid = this.usernames.get(username.toLowerCase());
    return uuid === undefined ? undefined : this.users.get(uuid);
  }

  /** Console roles a business profile grants: its roles in the application "User Profile". */
  rolesGrantedBy(businessProfileUuid: string | null): ConsoleRole[] {
    const bp = businessProfileUuid ? this.businessProfiles.get(businessProfileUuid) : undefined;
    if (!bp) return [];
    const roles = new Set<ConsoleRole>();
    for (const apUuid of bp.appProfiles) {
      const ap = this.appProfiles.get(apUuid);
      const app = ap && this.applications.get(ap.applicationUuid);
      if (!ap || !app || app.name !== USER_PROFILE_APPLICATION) continue;
      for (const roleUuid of ap.roles) {
        const row = app.roles.find((r) => r.uuid === roleUuid);
        if (row && isConsoleRole(row.name)) roles.add(row.name);
      }
    }
    return [...roles];
  }

  /** Whether the caller sees the user's business and visibility profile (access.ts UserDirectory). */
  seesProfilesOf(caller: Caller, user: Pick<UserRecord, 'businessProfileUuid' | 'visibilityProfileUuid'>): boolean {
    const bp = user.businessProfileUuid ? this.businessProfiles.get(user.businessProfileUuid) : undefined;
    const vp = user.visibilityProfileUuid ? this.visibilityProfiles.get(user.visibilityProfileUuid) : undefined;
    return (!bp || canSee(caller, bp)) && (!vp || canSee(caller, vp));
  }

  /** Elements (uuid → row) the business profile's application profiles offer. */
  elementsOffered(businessProfileUuid: string | null): Map<string, AppRow> {
    const offered = new Map<string, AppRow>();
    const bp = businessProfileUuid ? this.businessProfiles.get(businessProfileUuid) : undefined;
    if (!bp) return offered;
    for (const apUuid of bp.appProfiles) {
      const ap = this.appProfiles.get(apUuid);
      const app = ap && this.applications.get(ap.applicationUuid);
      if (!ap || !app) continue;
      const set = new Set(ap.elements);
      for (const el of app.elements) if (set.has(el.uuid)) offered.set(el.uuid, el);
    }
    return offered;
  }
}
