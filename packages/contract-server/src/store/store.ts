// The domain store: every record of the dev backend, in memory, with the rules
// a user of the real backend would notice (uniqueness, dependants, scoping,
// role rules, password history). It knows nothing of HTTP: callers pass a
// Caller and get records or typed domain errors.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_TREE_CATEGORY,
  type LayoutCode,
  USER_PROFILE_APPLICATION,
  VISIBILITY_SYNC_KINDS,
  visibilitySyncKindsFor,
} from '@userprofile/shared/constants';
import { compareValues } from '@userprofile/shared/list';
import { userMessages } from '@userprofile/shared/messages';
import {
  isBlank,
  validateApplication,
  validateAppProfile,
  validateBusinessProfile,
  validateOAuthClient,
  validatePasswordReset,
  validateUser,
  validateVisibilityProfile,
} from '@userprofile/shared/validation';
import type { AuthAccount, AuthClient, AuthStore, ConsoleRole } from '../auth/contract.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { FailureLimiter } from '../auth/rate-limit.ts';
import {
  type Caller,
  canChange,
  canSee,
  hasLayout,
  highestRole,
  isConsoleRole,
  namesClash,
  ownScope,
  requireArea,
  requireChange,
  requireUserWrite,
  roleRank,
  scopeRefusal,
  seesEverything,
  type UserDirectory,
  userWriteRefusal,
  writeScope,
} from './access.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotAcceptableError,
  NotFoundError,
  TooManyRequestsError,
} from './errors.ts';
import {
  type ChangeSource,
  type HistoryAction,
  type HistoryKind,
  HistoryLog,
  type HistoryViews,
  type KeptEntry,
  type PendingChange,
  recordedScope,
} from './history.ts';
import { type HistoryPage, type Reader as HistoryReader, type Referenced, readHistory } from './history-reading.ts';
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
  UserElementValue,
  UserRecord,
  VisibilityKind,
  VisibilityProfileRecord,
} from './types.ts';
import { UserOrder } from './user-order.ts';
import { FieldErrors, MAX_TEXT } from './validate.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * Forgot-password (docs/decisions.md "Revocation and bounded resources"): the
 * sign-in limits, counting every request, per username and per address; and at
 * most one e-mail per user in this time (the page says a mail arrives within 5 minutes).
 */
export const FORGOT_LIMITS = { perUsernameAndAddress: 5, perAddress: 20, windowMs: 15 * 60 * 1000 } as const;
export const FORGOT_RESEND_MS = 5 * 60 * 1000;
/** The dev outbox keeps a mail as long as a link in it can work, and at most this many. */
export const OUTBOX_MAX = 1000;
/** How many earlier passwords a reset may not reuse (besides the current one). */
const PASSWORD_HISTORY = 4;

export interface StoreOptions {
  publicOrigin: string;
  /** Injectable clock (ms since epoch), for token expiry tests. */
  now?: () => number;
  /** The records' GET shapes, which the record history keeps (the wire layer renders them). */
  historyViews: (store: Store) => HistoryViews;
  /** How many history entries are kept per company (HISTORY_LIMIT; default DEFAULT_HISTORY_LIMIT). */
  historyLimit: number;
  /** Days a history entry is kept (HISTORY_RETENTION_DAYS; default DEFAULT_HISTORY_RETENTION_DAYS). */
  historyRetentionDays?: number;
}

/** A user as a save brings it: the record's own fields, without uuid when new. */
export type UserInput = Omit<UserRecord, 'uuid' | 'passwordHash' | 'passwordHistory' | 'layoutCodes'> & {
  uuid?: string | null;
};

export type AppRowInput = Omit<AppRow, 'uuid'> & { uuid?: string | null };

/**
 * An application as a save brings it; apiAuthType is checked by the validator.
 * A password left out of an update keeps the stored one: responses never carry
 * them (docs/decisions.md).
 */
export type ApplicationInput = Omit<
  ApplicationRecord,
  'uuid' | 'apiAuthType' | 'dataPassword' | 'apiPassword' | 'roles' | 'elements'
> & {
  uuid?: string | null;
  apiAuthType: string;
  dataPassword?: string | null;
  apiPassword?: string | null;
  roles: AppRowInput[];
  elements: AppRowInput[];
};

export type AppProfileInput = Omit<AppProfileRecord, 'uuid'> & { uuid?: string | null };
export type BusinessProfileInput = Omit<BusinessProfileRecord, 'uuid'> & { uuid?: string | null };
export type VisibilityProfileInput = Omit<VisibilityProfileRecord, 'uuid'> & { uuid?: string | null };
export type ClientInput = Omit<ClientRecord, 'uuid'> & { uuid?: string | null };

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

function emptyImpact(): ProfileImpact {
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

/** What the remote application reports at a sync (names by category). */
interface RemoteCatalogue {
  roles: { name: string; externalRole: boolean }[];
  elements: { name: string; category: string }[];
  /** Bumped at each sync: the remote application keeps evolving, deterministically. */
  release: number;
}

/** What storage keeps of the store besides its keyed records (Store.keptState). */
export interface KeptState {
  userElementConfig: UserElementConfig[];
  pendingVisibility: [VisibilityKind, (NamedRecord | ClusterRecord)[]][];
  remoteApps: [string, RemoteCatalogue][];
  resetTokens: ResetTokenRecord[];
  outbox: OutboxMail[];
  mailsSent: number;
}

/** A new password, or the stored one when the save leaves it out (the validator has checked one exists). */
function keptPassword(given: string | null | undefined, stored: string | undefined): string {
  return isBlank(given) ? (stored ?? '') : (given as string);
}

/**
 * A keyed collection with a case-insensitive name index. Names may repeat
 * where they are unique per tenant (profiles: access.ts namesClash); what may
 * share a name is the saver's rule (nameTaken's `clashes`).
 */
class NamedMap<T extends { uuid: string; name: string }> {
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

export interface VisibilityElements {
  carriers: Map<string, NamedRecord>;
  clusters: Map<string, ClusterRecord>;
  clusterGroups: Map<string, NamedRecord>;
  networkGroups: Map<string, NamedRecord>;
  neAttributes: Map<string, NamedRecord>;
  venues: Map<string, NamedRecord>;
}

const KIND_FIELD: Record<VisibilityKind, keyof VisibilityElements> = {
  carrier: 'carriers',
  cluster: 'clusters',
  clusterGroup: 'clusterGroups',
  networkGroup: 'networkGroups',
  networkElementAttribute: 'neAttributes',
  venue: 'venues',
};

// One shared collator: localeCompare with options builds a new one per call.
/** The visibility profile fields that only callers with a layout code see and change (spec §6). */
const LAYOUT_FIELDS: readonly { name: 'neAttributes' | 'venues'; layoutCode: LayoutCode }[] = [
  { name: 'neAttributes', layoutCode: 'NEA' },
  { name: 'venues', layoutCode: 'VEN' },
];

function viewVisibilityProfile(caller: Caller, p: VisibilityProfileRecord): VisibilityProfileRecord {
  const hidden = LAYOUT_FIELDS.filter((f) => !hasLayout(caller, f.layoutCode));
  if (hidden.length === 0) return p;
  return { ...p, ...Object.fromEntries(hidden.map((f) => [f.name, []])) };
}

function byName(a: { name: string }, b: { name: string }): number {
  return compareValues(a.name, b.name);
}

/** A scope in the wire's shape, for the shared validators. */
function wireScope(s: Scoped) {
  return { minimumRole: { name: s.minimumRole }, errigalCustomerCompany: { uuid: s.companyUuid } };
}

function notFound(what: string, id: string): NotFoundError {
  return new NotFoundError(`${what} ${id} was not found`);
}

/** How refusals name a record. */
const appProfileLabel = (p: AppProfileRecord) => `Application profile '${p.name}'`;
const businessProfileLabel = (p: BusinessProfileRecord) => `Business profile '${p.name}'`;
const visibilityProfileLabel = (p: VisibilityProfileRecord) => `Visibility profile '${p.name}'`;
/** Users handed to the storage at a time by a large write (applyUsers): a few milliseconds of work. */
const STAGED_PIECE = 200;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export class Store implements AuthStore, UserDirectory {
  readonly publicOrigin: string;
  now: () => number;

  users = new Map<string, UserRecord>();
  private usernames = new Map<string, string>();
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
  private readonly resetTokens = new Map<string, ResetTokenRecord>();
  /** The e-mails "sent", oldest first: kept while a link in them can work, at most OUTBOX_MAX. */
  readonly outbox: OutboxMail[] = [];
  private mailsSent = 0;
  private readonly forgotByPair: FailureLimiter;
  private readonly forgotByAddress: FailureLimiter;

  /**
   * Called whenever a user stops being active (inactivate, a save or an import
   * with active false): the app ends the user's sign-in sessions there, so a
   * later re-activation brings no earlier token or session cookie back.
   */
  onUserDeactivated: (userUuid: string) => void = () => {};

  /**
   * Every change of a user, an application, a profile or an OAuth2 client,
   * recorded by the write functions below (history.ts); the seed records none.
   */
  readonly history: HistoryLog;

  /** Bumped by every write; caches of serialised answers key on it. */
  version = 0;
  /**
   * Bumped by every write but those of users alone (a save, a status change,
   * an import): while it stays, what a users list row shows of other records
   * (profile names, whether the reader sees them, the roles that decide whether
   * it may change the user) is as it was, so a row changes only with its user.
   */
  othersVersion = 0;
  /** The users in username order, all and by status (user-order.ts): made again only when a user is added or renamed. */
  private readonly order = new UserOrder(() => this.users.values());

  constructor(options: StoreOptions) {
    // The limiters read the store's clock, which tests may replace.
    this.forgotByPair = new FailureLimiter(FORGOT_LIMITS.perUsernameAndAddress, FORGOT_LIMITS.windowMs, () =>
      this.now(),
    );
    this.forgotByAddress = new FailureLimiter(FORGOT_LIMITS.perAddress, FORGOT_LIMITS.windowMs, () => this.now());
    this.publicOrigin = options.publicOrigin;
    this.now = options.now ?? Date.now;
    this.history = new HistoryLog(
      options.historyViews(this),
      options.historyLimit,
      () => this.now(),
      options.historyRetentionDays,
    );
  }

  /** Called by every write (storage/persist.ts saves what it changed before the answer leaves). */
  onWrite: () => void = () => {};
  /** How a write of many users is kept while it runs (storage/persist.ts gives one; see large-write.ts). */
  largeWrite: () => LargeWrite = inMemoryLargeWrite;

  private touch(): void {
    this.othersVersion++;
    this.touchUsers();
  }

  /** A write of users alone (see othersVersion). */
  private touchUsers(): void {
    this.version++;
    this.onWrite();
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

  // ------------------------------------------------------------------ users

  /**
   * All users sorted by username with the console's own comparator (case-insensitive,
   * numeric-aware), so the console can insert a saved user into its cached list in
   * the same order; cached until the next write.
   */
  usersSorted(): readonly UserRecord[] {
    return this.order.sorted();
  }

  /** The users the caller sees, of one status (or all), in username order. */
  listUsers(caller: Caller, active: boolean | null): readonly UserRecord[] {
    requireArea(caller, 'users');
    const users = active === null ? this.order.sorted() : this.order.withStatus(active);
    return seesEverything(caller) ? users : users.filter((u) => canSee(caller, u));
  }

  getUser(caller: Caller, uuid: string): UserRecord {
    requireArea(caller, 'users');
    const user = this.users.get(uuid);
    if (!user || !canSee(caller, user)) throw notFound('User', uuid);
    return user;
  }

  findUserByUsername(username: string): UserRecord | undefined {
    const uuid = this.usernames.get(username.toLowerCase());
    return uuid === undefined ? undefined : this.users.get(uuid);
  }

  getUserByUsername(caller: Caller, username: string): UserRecord {
    requireArea(caller, 'users');
    const user = this.findUserByUsername(username);
    if (!user || !canSee(caller, user)) throw notFound('User', username);
    return user;
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

  /** The rules of a user save or an import row (spec §5 and §6); returns the record to write. */
  checkUser(
    caller: Caller,
    input: UserInput,
    errors: FieldErrors,
    existing: UserRecord | undefined,
  ): Omit<UserRecord, 'uuid' | 'passwordHash' | 'passwordHistory' | 'layoutCodes'> {
    // The user write rule (access.ts userWriteRefusal); an invisible user is not the caller's to learn of.
    const refused = existing && canSee(caller, existing) && userWriteRefusal(caller, existing, this);
    if (refused) errors.add('username', refused);
    let scope: Scoped = { minimumRole: input.minimumRole, companyUuid: input.companyUuid || null };
    if (isConsoleRole(input.minimumRole)) {
      const refusal = scopeRefusal(caller, scope);
      if (refusal?.field === 'minimumRole') errors.add('minimumRole', 'You may not set a minimum role above your own');
      else if (refusal) errors.add('errigalCustomerCompany', refusal.reason);
      else scope = ownScope(caller, scope);
    }
    const bp = input.businessProfileUuid ? this.businessProfiles.get(input.businessProfileUuid) : undefined;
    const offered = this.elementsOffered(bp?.uuid ?? null);
    // The caller's GET of the user leaves out values of element rows hidden from it (issue 22): its save keeps
    // them, where the business profile still offers the row and the save sets nothing else in that category.
    const sentCategories = new Set(input.elements.map((e) => offered.get(e.uuid)?.category));
    const hiddenKept = (existing?.elements ?? []).filter((e) => {
      const row = offered.get(e.uuid);
      return row !== undefined && !canSee(caller, row) && !sentCategories.has(row.category);
    });
    errors.addAll(
      validateUser(
        {
          ...input,
          businessProfile: { uuid: input.businessProfileUuid },
          visibilityProfile: { uuid: input.visibilityProfileUuid },
          location: { uuid: input.locationUuid },
          minimumRole: { name: scope.minimumRole },
          errigalCustomerCompany: { uuid: scope.companyUuid },
          elements: [...input.elements, ...hiddenKept].map((e) => ({
            uuid: e.uuid,
            category: offered.get(e.uuid)?.category ?? null,
          })),
        },
        // A default tree is required of every role alike (issue 34 item 4): a value kept from before counts.
        { businessProfileOffersDefaultTree: [...offered.values()].some((e) => e.category === DEFAULT_TREE_CATEGORY) },
      ),
    );
    // One whose default trees are all hidden from the caller cannot be satisfied by it: said in words.
    const trees = [...offered.values()].filter((e) => e.category === DEFAULT_TREE_CATEGORY);
    if (errors.has('defaultTreeMustBeAssigned') && trees.length > 0 && !trees.some((e) => canSee(caller, e)))
      errors.replace('defaultTreeMustBeAssigned', userMessages.defaultTreeHidden);
    if (existing && existing.username !== input.username)
      errors.add('username', 'The username cannot be changed once saved');
    if (input.businessProfileUuid && (!bp || !canSee(caller, bp)))
      errors.add('businessProfile', 'No such business profile');
    // Nobody may be given a console role above the caller's own, the caller included.
    else if (bp && roleRank(highestRole(this.rolesGrantedBy(bp.uuid))) > roleRank(caller.role)) {
      errors.add('businessProfile', 'This business profile grants a role above your own');
    }
    const vp = input.visibilityProfileUuid ? this.visibilityProfiles.get(input.visibilityProfileUuid) : undefined;
    if (input.visibilityProfileUuid && (!vp || !canSee(caller, vp)))
      errors.add('visibilityProfile', 'No such visibility profile');
    if (input.locationUuid && !this.locations.has(input.locationUuid)) errors.add('location', 'No such location');
    if (scope.companyUuid && !this.companies.has(scope.companyUuid))
      errors.add('errigalCustomerCompany', 'No such company');
    // One value per category of the user element config (each is a dropdown of the offered elements).
    const elements: UserElementValue[] = [];
    const categories = new Set(this.userElementConfig.map((c) => c.category));
    const seen = new Set<string>();
    input.elements.forEach((el, i) => {
      const row = offered.get(el.uuid);
      if (!row) errors.add(`elements.${i}`, 'The business profile does not offer this element');
      else if (!categories.has(row.category))
        errors.add(`elements.${i}`, 'The user form has no field for this category');
      else if (seen.has(row.category)) errors.add(`elements.${i}`, 'Only one element per category');
      else if (el.actualValue.length > MAX_TEXT)
        errors.add(`elements.${i}.actualValue`, 'This must be under 255 characters');
      else {
        seen.add(row.category);
        elements.push({ uuid: el.uuid, actualValue: el.actualValue });
      }
    });
    for (const e of hiddenKept) elements.push({ uuid: e.uuid, actualValue: e.actualValue });
    return {
      username: input.username,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      deskPhone: input.deskPhone || null,
      mobilePhone: input.mobilePhone || null,
      active: input.active,
      locationUuid: input.locationUuid || null,
      businessProfileUuid: input.businessProfileUuid,
      visibilityProfileUuid: input.visibilityProfileUuid,
      minimumRole: scope.minimumRole,
      companyUuid: scope.companyUuid,
      elements,
    };
  }

  saveUser(caller: Caller, input: UserInput, clonedId?: string | null): UserRecord {
    requireArea(caller, 'users');
    const existing = input.uuid ? this.getUser(caller, input.uuid) : undefined;
    if (existing) requireUserWrite(caller, existing, this);
    const refusal = scopeRefusal(caller, { minimumRole: input.minimumRole, companyUuid: input.companyUuid || null });
    if (refusal?.field === 'errigalCustomerCompany') throw new ForbiddenError(refusal.reason);
    const cloned = !existing && clonedId ? this.getUser(caller, clonedId) : undefined;
    // The body first: a taken username must not answer differently from a free one while the body is bad.
    const errors = new FieldErrors('body.user.');
    const fields = this.checkUser(caller, input, errors, existing);
    if (errors.list.length > 0) throw new InvalidError('The user is not valid', errors.list);
    // Usernames are global sign-in names: a clash is refused, with one message that names nothing of the other user.
    if (!existing && this.findUserByUsername(input.username)) {
      throw new ConflictError(userMessages.usernameTaken(input.username));
    }
    const user: UserRecord = existing
      ? { ...existing, ...fields }
      : {
          uuid: input.uuid || randomUUID(),
          ...fields,
          passwordHash: null,
          passwordHistory: [],
          // A clone starts with the original's layout (what the form does not carry).
          layoutCodes: cloned ? [...cloned.layoutCodes] : [],
        };
    const pending = this.history.begin('user', existing);
    this.insertUser(user);
    this.history.commit(pending, existing ? 'update' : 'create', user, this.sourceOf(caller));
    return user;
  }

  /** Activates or inactivates a user; answers the list (active or inactive) the user moved into. */
  setActive(caller: Caller, uuid: string, active: boolean): UserRecord {
    const user = this.getUser(caller, uuid);
    requireUserWrite(caller, user, this);
    // Taking access away is always possible (issue 34 item 3): only activating needs a profile.
    if (active && !user.businessProfileUuid) {
      throw new InvalidError('User does not have a Profile assigned', [
        { field: 'body.businessProfile', reason: 'User does not have a Profile assigned' },
      ]);
    }
    if (user.active !== active) {
      const pending = this.history.begin('user', user);
      // A new record, not the old one changed: what is kept per record (a list row's JSON) sees the change.
      const changed = { ...user, active };
      this.users.set(user.uuid, changed);
      this.order.replace(user, changed);
      if (!active) this.onUserDeactivated(user.uuid);
      this.touchUsers();
      this.history.commit(pending, active ? 'activate' : 'inactivate', changed, this.sourceOf(caller));
      return changed;
    }
    return user;
  }

  /**
   * A user whose sign-ins the caller may manage (Unlock, the sessions, Sign out
   * everywhere): the same rule as activate/inactivate, 404 when the caller
   * cannot see the user, 403 when it may not change it.
   */
  userToActOn(caller: Caller, uuid: string): UserRecord {
    const user = this.getUser(caller, uuid);
    requireUserWrite(caller, user, this);
    return user;
  }

  /** Pulls user info from the suite's applications: answers how many visible users were refreshed. */
  pullUsers(caller: Caller): number {
    requireArea(caller, 'users');
    return this.listUsers(caller, true).length;
  }

  /**
   * Applies checked user records all at once (an import, a bulk action): the
   * records are gathered piece by piece (`pause` between pieces, so other
   * requests are served), each piece also handed to the storage (largeWrite),
   * and put into the user maps in one step, unless another write happened
   * meanwhile (`version` moved): then nothing changes and the answer is false,
   * and the caller checks its records again. Each user it changes is recorded
   * (`action`), once the maps are changed. The maps are changed in place, not
   * copied: a copy of 100,000 users was itself a stall of 100 ms.
   */
  async applyUsers(
    caller: Caller,
    records: UserRecord[],
    version: number,
    pause: () => Promise<void>,
    action: HistoryAction = 'import',
  ): Promise<boolean> {
    const next = new Map<string, UserRecord>();
    const deactivated: string[] = [];
    const source = this.sourceOf(caller);
    // Every record changes its user (the callers leave out the records that change nothing); of more
    // records than a company's bound, the history keeps the last ones only: the others are not rendered.
    const kept = this.history.keeps(records.map((r) => r.companyUuid));
    const reserved = this.history.reserve(kept.filter(Boolean).length);
    const entries: KeptEntry[] = [];
    const write = this.largeWrite();
    // Where the piece not yet staged starts, in records and in entries.
    let piece = 0;
    let pieceEntries = 0;
    try {
      for (const [i, r] of records.entries()) {
        const old = next.get(r.uuid) ?? this.users.get(r.uuid);
        if (old?.active && !r.active) deactivated.push(r.uuid);
        const change = kept[i] ? this.history.change('user', old, action, r, source) : null;
        if (change) entries.push(reserved.entry(change));
        next.set(r.uuid, r);
        if (i + 1 - piece === STAGED_PIECE || i + 1 === records.length) {
          write.stage(records.slice(piece, i + 1), entries.slice(pieceEntries));
          piece = i + 1;
          pieceEntries = entries.length;
        }
        await pause();
        if (this.version !== version) {
          write.drop();
          return false;
        }
      }
      write.land();
    } catch (error) {
      write.drop();
      throw error;
    }
    for (const [uuid, r] of next) {
      this.users.set(uuid, r);
      this.usernames.set(r.username.toLowerCase(), uuid);
    }
    // Many users at once: the username order is made again, once.
    this.order.invalidate();
    this.touchUsers();
    this.history.appendReserved(entries, write.keepsEntries);
    for (const uuid of deactivated) this.onUserDeactivated(uuid);
    return true;
  }

  // ------------------------------------------------------------ lookups

  listLocations(): LocationRecord[] {
    return [...this.locations.values()].sort(byName);
  }

  listCompanies(caller: Caller): NamedRecord[] {
    const all = [...this.companies.values()].sort(byName);
    return caller.role === 'ERRIGAL_ADMIN' ? all : all.filter((c) => c.uuid === caller.companyUuid);
  }

  // --------------------------------------------------- application profiles

  listAppProfiles(caller: Caller): AppProfileRecord[] {
    requireArea(caller, 'users');
    return [...this.appProfiles.values()].filter((p) => canSee(caller, p)).sort(byName);
  }

  getAppProfile(caller: Caller, uuid: string): AppProfileRecord {
    requireArea(caller, 'users');
    const p = this.appProfiles.get(uuid);
    if (!p || !canSee(caller, p)) throw notFound('Application profile', uuid);
    return p;
  }

  /** The record a save of `input` would write (every rule checked, nothing changed), and the one it replaces. */
  private prepareAppProfile(
    caller: Caller,
    input: AppProfileInput,
  ): { existing: AppProfileRecord | undefined; record: AppProfileRecord } {
    requireArea(caller, 'profiles');
    const existing = input.uuid ? this.getAppProfile(caller, input.uuid) : undefined;
    if (existing) this.requireProfileChange(caller, 'app', existing, appProfileLabel(existing));
    const errors = new FieldErrors('body.');
    const scope = this.scopeFor(caller, input, errors);
    errors.addAll(validateAppProfile({ ...input, ...wireScope(scope), application: { uuid: input.applicationUuid } }));
    const app = this.applications.get(input.applicationUuid);
    if (!app) errors.add('application', 'Please select an application');
    else if (existing && existing.applicationUuid !== app.uuid)
      errors.add('application', 'The application of a saved profile cannot change');
    if (app) {
      const roles = new Map(app.roles.map((r) => [r.uuid, r]));
      const elements = new Map(app.elements.map((r) => [r.uuid, r]));
      input.roles.forEach((id, i) => {
        const row = roles.get(id);
        if (!row || !canSee(caller, row)) errors.add(`roles.${i}`, 'The application has no such role');
      });
      input.elements.forEach((id, i) => {
        const row = elements.get(id);
        if (!row || !canSee(caller, row)) errors.add(`elements.${i}`, 'The application has no such element');
      });
    }
    // Rows the caller cannot see: its answers leave them out (issue 22), so its save cannot send them back; kept.
    const kept = (ids: string[] | undefined, sent: string[], rows: AppRow[] | undefined) =>
      (ids ?? []).filter((id) => {
        const row = rows?.find((r) => r.uuid === id);
        return row !== undefined && !canSee(caller, row) && !sent.includes(id);
      });
    if (errors.list.length > 0) throw new InvalidError('The application profile is not valid', errors.list);
    if (this.appProfiles.nameTaken(input.name, existing?.uuid, (other) => namesClash(scope, other))) {
      throw new ConflictError('An Application Profile with this name already exists');
    }
    const record: AppProfileRecord = {
      uuid: existing?.uuid ?? randomUUID(),
      name: input.name,
      description: input.description ?? '',
      applicationUuid: input.applicationUuid,
      ...scope,
      roles: [...new Set([...input.roles, ...kept(existing?.roles, input.roles, app?.roles)])],
      elements: [...new Set([...input.elements, ...kept(existing?.elements, input.elements, app?.elements)])],
    };
    return { existing, record };
  }

  saveAppProfile(caller: Caller, input: AppProfileInput): AppProfileRecord {
    const { existing, record } = this.prepareAppProfile(caller, input);
    const pending = this.history.begin('appProfile', existing);
    this.appProfiles.set(record);
    this.touch();
    this.history.commit(pending, existing ? 'update' : 'create', record, this.sourceOf(caller));
    return record;
  }

  /**
   * The impact preview of an application profile save: the users of the
   * business profiles that use it (as far as the caller sees them) and what
   * they gain or lose. Checked like the save; changes nothing.
   */
  previewAppProfile(caller: Caller, input: AppProfileInput): ProfileImpact {
    const { existing, record } = this.prepareAppProfile(caller, input);
    if (!existing) return emptyImpact();
    const through = new Set<string>();
    for (const bp of this.businessProfiles.values()) if (bp.appProfiles.includes(existing.uuid)) through.add(bp.uuid);
    return this.impact(
      caller,
      through,
      (id) => (id === existing.uuid ? existing : this.appProfiles.get(id)),
      (id) => (id === record.uuid ? record : this.appProfiles.get(id)),
      (bp) => bp.appProfiles,
      (bp) => bp.appProfiles,
    );
  }

  deleteAppProfile(caller: Caller, uuid: string): void {
    requireArea(caller, 'profiles');
    const p = this.getAppProfile(caller, uuid);
    this.requireProfileChange(caller, 'app', p, appProfileLabel(p));
    this.removeAppProfiles(new Set([uuid]), this.sourceOf(caller));
  }

  /** Deletes application profiles and takes them out of every business profile (both recorded). */
  private removeAppProfiles(uuids: Set<string>, source: ChangeSource): void {
    if (uuids.size === 0) return;
    // The holders' views are taken while the profiles they name still exist.
    const holders = [...this.businessProfiles.values()].filter((bp) => bp.appProfiles.some((id) => uuids.has(id)));
    const held = holders.map((bp) => this.history.begin('businessProfile', bp));
    for (const id of uuids) {
      const pending = this.history.begin('appProfile', this.appProfiles.get(id));
      this.appProfiles.delete(id);
      this.history.commit(pending, 'delete', undefined, source);
    }
    holders.forEach((bp, i) => {
      bp.appProfiles = bp.appProfiles.filter((id) => !uuids.has(id));
      this.history.commit(held[i] as PendingChange<'businessProfile'>, 'update', bp, source);
    });
    this.touch();
  }

  /** Business profiles (visible to the caller) that use the application profile. */
  appProfileBusinessProfiles(caller: Caller, uuid: string): BusinessProfileRecord[] {
    requireArea(caller, 'profiles');
    this.getAppProfile(caller, uuid);
    return [...this.businessProfiles.values()]
      .filter((bp) => bp.appProfiles.includes(uuid) && canSee(caller, bp))
      .sort(byName);
  }

  /**
   * The write rule for a profile the caller can see (403 otherwise, naming
   * why): the caller may change the profile itself (access.ts canChange), and
   * every record that depends on it — the business profiles that hold an
   * application profile, and the users of those or of a business or
   * visibility profile — so no change reaches the access of a user the caller
   * could not edit directly.
   */
  private requireProfileChange(
    caller: Caller,
    kind: 'app' | 'business' | 'visibility',
    profile: AppProfileRecord | BusinessProfileRecord | VisibilityProfileRecord,
    label: string,
  ): void {
    requireChange(caller, profile, label);
    if (caller.role === 'ERRIGAL_ADMIN') return;
    const holders =
      kind === 'app'
        ? [...this.businessProfiles.values()].filter((bp) => bp.appProfiles.includes(profile.uuid))
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
    for (const u of this.users.values()) {
      const depends =
        kind === 'visibility'
          ? u.visibilityProfileUuid === profile.uuid
          : u.businessProfileUuid !== null && held.has(u.businessProfileUuid);
      // The user write rule: a change through a profile is a write on each of its users.
      if (depends && userWriteRefusal(caller, u, this) !== null) lockedUsers++;
    }
    if (lockedUsers > 0) {
      throw new ForbiddenError(
        `${label} is used by ${count(lockedUsers, 'user', 'users')} you may not edit (shared, of another company, or above your role): only ERRIGAL_ADMIN may change or delete it`,
      );
    }
  }

  /** The scope a record is written with (403 above the caller's role or outside its company), its company checked. */
  private scopeFor(caller: Caller, input: Scoped, errors: FieldErrors): Scoped {
    const scope = isConsoleRole(input.minimumRole) ? writeScope(caller, input) : input;
    if (scope.companyUuid && !this.companies.has(scope.companyUuid))
      errors.add('errigalCustomerCompany', 'No such company');
    return scope;
  }

  // ------------------------------------------------------ business profiles

  listBusinessProfiles(caller: Caller): BusinessProfileRecord[] {
    requireArea(caller, 'users');
    return [...this.businessProfiles.values()].filter((p) => canSee(caller, p)).sort(byName);
  }

  getBusinessProfile(caller: Caller, uuid: string): BusinessProfileRecord {
    requireArea(caller, 'users');
    const p = this.businessProfiles.get(uuid);
    if (!p || !canSee(caller, p)) throw notFound('Business profile', uuid);
    return p;
  }

  /** The record a save of `input` would write (every rule checked, nothing changed), and the one it replaces. */
  private prepareBusinessProfile(
    caller: Caller,
    input: BusinessProfileInput,
  ): { existing: BusinessProfileRecord | undefined; record: BusinessProfileRecord } {
    requireArea(caller, 'profiles');
    const existing = input.uuid ? this.getBusinessProfile(caller, input.uuid) : undefined;
    if (existing) this.requireProfileChange(caller, 'business', existing, businessProfileLabel(existing));
    const errors = new FieldErrors('body.');
    const scope = this.scopeFor(caller, input, errors);
    const kept = this.appProfilesWithheld(caller, existing, input.appProfiles);
    const appProfiles = [...input.appProfiles, ...kept];
    const rows = appProfiles.map((id, i) => {
      const ap = this.appProfiles.get(id);
      if (!ap || (!canSee(caller, ap) && !kept.includes(id)))
        errors.add(`appProfiles.${i}`, 'No such application profile');
      return { uuid: id, name: ap?.name ?? id, appUUID: ap?.applicationUuid ?? id };
    });
    errors.addAll(validateBusinessProfile({ ...input, ...wireScope(scope), appProfiles: rows }));
    if (errors.list.length > 0) throw new InvalidError('The business profile is not valid', errors.list);
    if (this.businessProfiles.nameTaken(input.name, existing?.uuid, (other) => namesClash(scope, other))) {
      throw new ConflictError('A Business Profile with this name already exists');
    }
    const record: BusinessProfileRecord = {
      uuid: existing?.uuid ?? randomUUID(),
      name: input.name,
      description: input.description ?? '',
      ...scope,
      appProfiles,
    };
    if (roleRank(highestRole(this.rolesGrantedByAppProfiles(record.appProfiles))) > roleRank(caller.role)) {
      throw new ForbiddenError('This business profile would grant a role above your own');
    }
    return { existing, record };
  }

  /**
   * The application profiles of a saved business profile that the caller cannot
   * see: its answers leave them out (issue 22), so its save cannot send them
   * back, and keeps them rather than dropping what the caller never saw.
   */
  private appProfilesWithheld(caller: Caller, existing: BusinessProfileRecord | undefined, sent: string[]): string[] {
    if (!existing || caller.role === 'ERRIGAL_ADMIN') return [];
    return existing.appProfiles.filter((id) => {
      const ap = this.appProfiles.get(id);
      return ap !== undefined && !canSee(caller, ap) && !sent.includes(id);
    });
  }

  saveBusinessProfile(caller: Caller, input: BusinessProfileInput): BusinessProfileRecord {
    const { existing, record } = this.prepareBusinessProfile(caller, input);
    const pending = this.history.begin('businessProfile', existing);
    this.businessProfiles.set(record);
    this.touch();
    this.history.commit(pending, existing ? 'update' : 'create', record, this.sourceOf(caller));
    return record;
  }

  /**
   * The impact preview of a business profile save: its users (as far as the
   * caller sees them) and the roles and elements they gain or lose through
   * the application profiles chosen. Checked like the save; changes nothing.
   */
  previewBusinessProfile(caller: Caller, input: BusinessProfileInput): ProfileImpact {
    const { existing, record } = this.prepareBusinessProfile(caller, input);
    if (!existing) return emptyImpact();
    const lookup = (id: string) => this.appProfiles.get(id);
    return this.impact(
      caller,
      new Set([existing.uuid]),
      lookup,
      lookup,
      () => existing.appProfiles,
      () => record.appProfiles,
    );
  }

  /**
   * Who a profile change reaches and what they gain or lose. Every user of the
   * business profiles `through` holds the same grants (a business profile has
   * at most one application profile per application), so the grants are
   * compared once: the rows the application profiles granted before against
   * those they grant after, per application. Only rows the caller sees are
   * named, like everywhere else.
   */
  private impact(
    caller: Caller,
    through: Set<string>,
    before: (appProfileUuid: string) => AppProfileRecord | undefined,
    after: (appProfileUuid: string) => AppProfileRecord | undefined,
    appProfilesBefore: (bp: BusinessProfileRecord) => string[],
    appProfilesAfter: (bp: BusinessProfileRecord) => string[],
  ): ProfileImpact {
    const result = emptyImpact();
    for (const u of this.users.values()) {
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
        const bp = this.businessProfiles.get(bpUuid);
        if (!bp) continue;
        for (const id of ids(bp)) {
          const ap = resolve(id);
          const app = ap && this.applications.get(ap.applicationUuid);
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

  private rolesGrantedByAppProfiles(appProfiles: string[]): ConsoleRole[] {
    const roles: ConsoleRole[] = [];
    for (const id of appProfiles) {
      const ap = this.appProfiles.get(id);
      const app = ap && this.applications.get(ap.applicationUuid);
      if (!ap || !app || app.name !== USER_PROFILE_APPLICATION) continue;
      for (const row of app.roles) if (ap.roles.includes(row.uuid) && isConsoleRole(row.name)) roles.push(row.name);
    }
    return roles;
  }

  /** Deleting a business profile leaves its users without one (the list then flags them). */
  deleteBusinessProfile(caller: Caller, uuid: string): void {
    requireArea(caller, 'profiles');
    const p = this.getBusinessProfile(caller, uuid);
    this.requireProfileChange(caller, 'business', p, businessProfileLabel(p));
    const source = this.sourceOf(caller);
    const users = [...this.users.values()].filter((u) => u.businessProfileUuid === uuid);
    const held = users.map((u) => this.history.begin('user', u));
    const pending = this.history.begin('businessProfile', p);
    this.businessProfiles.delete(uuid);
    this.history.commit(pending, 'delete', undefined, source);
    users.forEach((u, i) => {
      u.businessProfileUuid = null;
      u.elements = [];
      this.history.commit(held[i] as PendingChange<'user'>, 'update', u, source);
    });
    this.touch();
  }

  /** Users visible to the caller whose business profile it is. */
  businessProfileUsers(caller: Caller, uuid: string): UserRecord[] {
    requireArea(caller, 'profiles');
    this.getBusinessProfile(caller, uuid);
    return this.usersSorted().filter((u) => u.businessProfileUuid === uuid && canSee(caller, u));
  }

  // ---------------------------------------------------- visibility profiles

  listVisibilityProfiles(caller: Caller): VisibilityProfileRecord[] {
    requireArea(caller, 'users');
    return [...this.visibilityProfiles.values()]
      .filter((p) => canSee(caller, p))
      .sort(byName)
      .map((p) => viewVisibilityProfile(caller, p));
  }

  getVisibilityProfile(caller: Caller, uuid: string): VisibilityProfileRecord {
    return viewVisibilityProfile(caller, this.findVisibilityProfile(caller, uuid));
  }

  private findVisibilityProfile(caller: Caller, uuid: string): VisibilityProfileRecord {
    requireArea(caller, 'users');
    const p = this.visibilityProfiles.get(uuid);
    if (!p || !canSee(caller, p)) throw notFound('Visibility profile', uuid);
    return p;
  }

  saveVisibilityProfile(caller: Caller, input: VisibilityProfileInput): VisibilityProfileRecord {
    requireArea(caller, 'profiles');
    const existing = input.uuid ? this.findVisibilityProfile(caller, input.uuid) : undefined;
    if (existing) this.requireProfileChange(caller, 'visibility', existing, visibilityProfileLabel(existing));
    const errors = new FieldErrors('body.');
    const scope = this.scopeFor(caller, input, errors);
    errors.addAll(
      validateVisibilityProfile({
        ...input,
        ...wireScope(scope),
        primaryVisibility: { uuid: input.primaryVisibilityUuid },
        networkGroups: input.networkGroups.map((uuid) => ({ uuid })),
      }),
    );
    const v = this.visibility;
    const check = (field: string, ids: string[], map: Map<string, unknown>) =>
      ids.forEach((id, i) => {
        if (!map.has(id)) errors.add(`${field}.${i}`, 'No such element');
      });
    check('carriers', input.carriers, v.carriers);
    check('clusters', input.clusters, v.clusters);
    check('clusterGroups', input.clusterGroups, v.clusterGroups);
    check('networkGroups', input.networkGroups, v.networkGroups);
    check('neAttributes', input.neAttributes, v.neAttributes);
    check('venues', input.venues, v.venues);
    if (input.primaryVisibilityUuid && !v.clusters.has(input.primaryVisibilityUuid))
      errors.add('primaryVisibility', 'No such cluster');
    if (input.defaultClusterGroupUuid && !v.clusterGroups.has(input.defaultClusterGroupUuid))
      errors.add('defaultClusterGroup', 'No such cluster group');
    // Elements of a layout the caller lacks are neither shown to them nor changed by them.
    for (const field of LAYOUT_FIELDS) {
      if (!hasLayout(caller, field.layoutCode) && input[field.name].length > 0)
        errors.add(field.name, `Needs the layout code ${field.layoutCode}`);
    }
    if (errors.list.length > 0) throw new InvalidError('The visibility profile is not valid', errors.list);
    if (this.visibilityProfiles.nameTaken(input.name, existing?.uuid, (other) => namesClash(scope, other))) {
      throw new ConflictError('A Visibility Profile with this name already exists');
    }
    const uniq = (ids: string[], extra?: string | null) => [...new Set(extra ? [...ids, extra] : ids)];
    const record: VisibilityProfileRecord = {
      uuid: existing?.uuid ?? randomUUID(),
      name: input.name,
      description: input.description ?? '',
      ...scope,
      // The primary visibility is always one of the clusters, the default group one of the groups (spec §4).
      primaryVisibilityUuid: input.primaryVisibilityUuid || null,
      carriers: uniq(input.carriers),
      clusters: uniq(input.clusters, input.primaryVisibilityUuid),
      defaultClusterGroupUuid: input.defaultClusterGroupUuid || null,
      clusterGroups: uniq(input.clusterGroups, input.defaultClusterGroupUuid),
      neAttributes: hasLayout(caller, 'NEA') ? uniq(input.neAttributes) : (existing?.neAttributes ?? []),
      networkGroups: uniq(input.networkGroups),
      venues: hasLayout(caller, 'VEN') ? uniq(input.venues) : (existing?.venues ?? []),
    };
    const pending = this.history.begin('visibilityProfile', existing);
    this.visibilityProfiles.set(record);
    this.touch();
    this.history.commit(pending, existing ? 'update' : 'create', record, this.sourceOf(caller));
    return record;
  }

  deleteVisibilityProfile(caller: Caller, uuid: string): void {
    requireArea(caller, 'profiles');
    const p = this.findVisibilityProfile(caller, uuid);
    this.requireProfileChange(caller, 'visibility', p, visibilityProfileLabel(p));
    const source = this.sourceOf(caller);
    const users = [...this.users.values()].filter((u) => u.visibilityProfileUuid === uuid);
    const held = users.map((u) => this.history.begin('user', u));
    const pending = this.history.begin('visibilityProfile', p);
    this.visibilityProfiles.delete(uuid);
    this.history.commit(pending, 'delete', undefined, source);
    users.forEach((u, i) => {
      u.visibilityProfileUuid = null;
      this.history.commit(held[i] as PendingChange<'user'>, 'update', u, source);
    });
    this.touch();
  }

  visibilityProfileUsers(caller: Caller, uuid: string): UserRecord[] {
    requireArea(caller, 'profiles');
    this.findVisibilityProfile(caller, uuid);
    return this.usersSorted().filter((u) => u.visibilityProfileUuid === uuid && canSee(caller, u));
  }

  // ----------------------------------------------------- visibility elements

  /** The elements visibility profiles can hold, less the kinds whose layout code the caller lacks. */
  visibilitySet(caller: Caller): VisibilityElements {
    requireArea(caller, 'users');
    const v = this.visibility;
    return {
      ...v,
      neAttributes: hasLayout(caller, 'NEA') ? v.neAttributes : new Map(),
      venues: hasLayout(caller, 'VEN') ? v.venues : new Map(),
    };
  }

  /** Synchronises one kind of visibility element with the network inventory; answers how many elements it now holds. */
  syncVisibility(caller: Caller, kind: VisibilityKind): number {
    requireArea(caller, 'appSync');
    const layoutCode = VISIBILITY_SYNC_KINDS.find((k) => k.kind === kind)?.layoutCode;
    if (layoutCode && !hasLayout(caller, layoutCode))
      throw new ForbiddenError(`Syncing ${kind} needs the layout code ${layoutCode}`);
    const pending = this.pendingVisibility.get(kind) ?? [];
    const map = this.visibility[KIND_FIELD[kind]] as Map<string, NamedRecord>;
    if (pending.length > 0) {
      for (const el of pending) map.set(el.uuid, el);
      this.pendingVisibility.set(kind, []);
      this.touch();
    }
    return map.size;
  }

  syncAllVisibility(caller: Caller): number {
    requireArea(caller, 'appSync');
    let total = 0;
    for (const { kind } of visibilitySyncKindsFor(caller.layoutCodes)) total += this.syncVisibility(caller, kind);
    return total;
  }

  // ----------------------------------------------------------- applications

  /** Role and element rows hidden from the caller are left out. */
  viewApplication(caller: Caller, app: ApplicationRecord): ApplicationRecord {
    if (caller.role === 'ERRIGAL_ADMIN') return app;
    return {
      ...app,
      roles: app.roles.filter((r) => canSee(caller, r)),
      elements: app.elements.filter((r) => canSee(caller, r)),
    };
  }

  listApplications(caller: Caller): ApplicationRecord[] {
    requireArea(caller, 'users');
    return [...this.applications.values()].sort(byName).map((a) => this.viewApplication(caller, a));
  }

  getApplication(caller: Caller, uuid: string): ApplicationRecord {
    requireArea(caller, 'users');
    const app = this.applications.get(uuid);
    if (!app) throw notFound('Application', uuid);
    return this.viewApplication(caller, app);
  }

  saveApplication(caller: Caller, input: ApplicationInput): ApplicationRecord {
    requireArea(caller, 'appWrite');
    const existing = input.uuid ? this.applications.get(input.uuid) : undefined;
    if (input.uuid && !existing) throw notFound('Application', input.uuid);
    const errors = new FieldErrors('body.');
    const wireRows = (list: AppRowInput[]) => list.map((r) => ({ ...r, uuid: r.uuid || 'new', ...wireScope(r) }));
    errors.addAll(
      validateApplication(
        { ...input, roles: wireRows(input.roles), elements: wireRows(input.elements) },
        { passwordsStored: existing !== undefined },
      ),
    );
    if (existing && existing.name !== input.name) errors.add('name', 'The name cannot be changed once saved');
    const rowOwners = new Map<string, string>();
    for (const app of this.applications.values())
      for (const r of [...app.roles, ...app.elements]) rowOwners.set(r.uuid, app.uuid);
    const rows = (field: 'roles' | 'elements'): AppRow[] => {
      const seen = new Set<string>();
      return input[field].map((row, i) => {
        if (row.companyUuid && !this.companies.has(row.companyUuid))
          errors.add(`${field}.${i}.errigalCustomerCompany`, 'No such company');
        const uuid = row.uuid || randomUUID();
        const owner = rowOwners.get(uuid);
        if ((owner && owner !== existing?.uuid) || seen.has(uuid))
          errors.add(`${field}.${i}.uuid`, 'This uuid belongs to another row');
        seen.add(uuid);
        return {
          uuid,
          name: row.name,
          externalRole: row.externalRole,
          category: row.category ?? '',
          minimumRole: row.minimumRole,
          companyUuid: row.companyUuid || null,
        };
      });
    };
    const roles = rows('roles');
    const elements = rows('elements');
    if (errors.list.length > 0) throw new InvalidError('The application is not valid', errors.list);
    if (this.applications.nameTaken(input.name, existing?.uuid))
      throw new ConflictError('An Application with this name already exists');
    const record: ApplicationRecord = {
      uuid: existing?.uuid ?? randomUUID(),
      name: input.name,
      dataUrl: input.dataUrl,
      dataDriverName: input.dataDriverName,
      dataUsername: input.dataUsername,
      dataPassword: keptPassword(input.dataPassword, existing?.dataPassword),
      apiHost: input.apiHost,
      apiAuthType: input.apiAuthType as ApplicationRecord['apiAuthType'],
      apiUsername: input.apiUsername,
      apiPassword: keptPassword(input.apiPassword, existing?.apiPassword),
      roles,
      elements,
    };
    const source = this.sourceOf(caller);
    const pending = this.history.begin('application', existing);
    // Before the application changes, so the dependants' views still name the rows that leave.
    if (existing) this.pruneRows(existing, record, source);
    this.applications.set(record);
    if (!existing) this.remoteApps.set(record.uuid, { roles: [], elements: [], release: 0 });
    this.touch();
    this.history.commit(pending, existing ? 'update' : 'create', record, source);
    return record;
  }

  /**
   * Role and element rows of `app` that `kept` lacks leave the application's
   * profiles, and users' element values (each change recorded).
   */
  private pruneRows(app: ApplicationRecord, kept: { roles: AppRow[]; elements: AppRow[] }, source: ChangeSource) {
    const stay = new Set([...kept.roles, ...kept.elements].map((r) => r.uuid));
    const gone = new Set([...app.roles, ...app.elements].map((r) => r.uuid).filter((id) => !stay.has(id)));
    if (gone.size === 0) return;
    for (const ap of this.appProfiles.values()) {
      if (ap.applicationUuid !== app.uuid || ![...ap.roles, ...ap.elements].some((id) => gone.has(id))) continue;
      const pending = this.history.begin('appProfile', ap);
      ap.roles = ap.roles.filter((id) => !gone.has(id));
      ap.elements = ap.elements.filter((id) => !gone.has(id));
      this.history.commit(pending, 'update', ap, source);
    }
    for (const u of this.users.values()) {
      if (!u.elements.some((e) => gone.has(e.uuid))) continue;
      const pending = this.history.begin('user', u);
      u.elements = u.elements.filter((e) => !gone.has(e.uuid));
      this.history.commit(pending, 'update', u, source);
    }
  }

  /** Deleting an application deletes the application profiles that use it (and takes them out of business profiles). */
  deleteApplication(caller: Caller, uuid: string): void {
    requireArea(caller, 'appWrite');
    const app = this.applications.get(uuid);
    if (!app) throw notFound('Application', uuid);
    const source = this.sourceOf(caller);
    // Dependants first, while the application still names their rows.
    const profiles = new Set(
      [...this.appProfiles.values()].filter((p) => p.applicationUuid === uuid).map((p) => p.uuid),
    );
    this.removeAppProfiles(profiles, source);
    this.pruneRows(app, { roles: [], elements: [] }, source);
    const pending = this.history.begin('application', app);
    this.applications.delete(uuid);
    this.remoteApps.delete(uuid);
    this.history.commit(pending, 'delete', undefined, source);
    this.touch();
  }

  /**
   * Synchronises an application with what the remote application reports: the
   * roles and elements it has that the store lacks are added (roles it reports
   * are external roles), rows already known keep their uuid and visibility,
   * rows defined here stay. The remote application evolves by one release per
   * sync (a new element in its first category), so every sync shows a change,
   * deterministically.
   */
  syncApplication(caller: Caller, uuid: string): ApplicationRecord {
    requireArea(caller, 'appSync');
    const app = this.applications.get(uuid);
    if (!app) throw notFound('Application', uuid);
    const pending = this.history.begin('application', app);
    const remote = this.remoteApps.get(uuid) ?? { roles: [], elements: [], release: 0 };
    remote.release++;
    const category =
      remote.elements[0]?.category ??
      app.elements[0]?.category ??
      `${app.name.toUpperCase().replace(/\W+/g, '_')}_ELEMENT`;
    remote.elements.push({ name: `${app.name} Release ${remote.release} Node`, category });
    this.remoteApps.set(uuid, remote);
    const add = (rows: AppRow[], name: string, category: string, externalRole: boolean) => {
      if (rows.some((r) => r.name === name && r.category === category)) return;
      rows.push({ uuid: randomUUID(), name, externalRole, category, minimumRole: 'ADMIN', companyUuid: null });
    };
    for (const r of remote.roles) add(app.roles, r.name, 'ROLE', r.externalRole);
    for (const e of remote.elements) add(app.elements, e.name, e.category, false);
    this.touch();
    this.history.commit(pending, 'sync', app, this.sourceOf(caller));
    return this.viewApplication(caller, app);
  }

  syncAllApplications(caller: Caller): ApplicationRecord[] {
    requireArea(caller, 'appSync');
    return [...this.applications.values()].sort(byName).map((a) => this.syncApplication(caller, a.uuid));
  }

  // ---------------------------------------------------------- OAuth2 clients

  listClients(caller: Caller): ClientRecord[] {
    requireArea(caller, 'clients');
    return [...this.clients.values()].sort(byName);
  }

  getClient(caller: Caller, uuid: string): ClientRecord {
    requireArea(caller, 'clients');
    const c = this.clients.get(uuid);
    if (!c) throw notFound('Client', uuid);
    return c;
  }

  saveClient(caller: Caller, input: ClientInput): ClientRecord {
    requireArea(caller, 'clients');
    const existing = input.uuid ? this.clients.get(input.uuid) : undefined;
    if (input.uuid && !existing) throw notFound('Client', input.uuid);
    const errors = new FieldErrors('body.');
    errors.addAll(validateOAuthClient(input));
    if (errors.list.length > 0) throw new InvalidError('The client is not valid', errors.list);
    if (this.clients.nameTaken(input.name, existing?.uuid))
      throw new ConflictError('A client with this name already exists');
    const record: ClientRecord = {
      uuid: existing?.uuid ?? randomUUID(),
      name: input.name,
      description: input.description,
      allowedRedirectTarget: input.allowedRedirectTarget ?? '',
      clientSecret: input.clientSecret,
    };
    const pending = this.history.begin('authClient', existing);
    this.clients.set(record);
    this.touch();
    this.history.commit(pending, existing ? 'update' : 'create', record, this.sourceOf(caller));
    return record;
  }

  // -------------------------------------------------------- password reset

  resetLink(token: string): string {
    return `${this.publicOrigin}/userprofile/password/new/${token.replaceAll('.', '~')}`;
  }

  /** A new token voids the user's older ones; it holds a '.' (the link carries '~' instead). */
  private issueResetToken(user: UserRecord): string {
    this.sweepResetTokens();
    for (const [t, rec] of this.resetTokens) if (rec.userUuid === user.uuid) this.resetTokens.delete(t);
    const token = `${randomBytes(12).toString('base64url')}.${randomBytes(24).toString('base64url')}`;
    const rec: ResetTokenRecord = {
      token,
      userUuid: user.uuid,
      expiresAt: this.now() + RESET_TOKEN_TTL_MS,
      used: false,
      mailedAt: this.now(),
    };
    this.resetTokens.set(token, rec);
    this.mailResetLink(user, rec);
    this.touch();
    return token;
  }

  private mailResetLink(user: UserRecord, rec: ResetTokenRecord): void {
    const link = this.resetLink(rec.token);
    rec.mailedAt = this.now();
    this.sendMail(
      user,
      'Password reset',
      `Hello ${user.firstName},\n\nTo choose a new password, open ${link}\nThe link works once, within one hour.`,
      link,
    );
  }

  /** Forgets reset tokens that can no longer work (at most one per user is kept anyway). */
  private sweepResetTokens(): void {
    const now = this.now();
    for (const [t, rec] of this.resetTokens) if (rec.used || rec.expiresAt <= now) this.resetTokens.delete(t);
  }

  private sendMail(user: UserRecord, subject: string, text: string, link: string | null): void {
    // Mails older than any link they carry can be are swept, then the oldest beyond OUTBOX_MAX.
    const since = new Date(this.now() - RESET_TOKEN_TTL_MS).toISOString();
    let drop = 0;
    while (drop < this.outbox.length && (this.outbox[drop] as OutboxMail).sentAt < since) drop++;
    drop = Math.max(drop, this.outbox.length + 1 - OUTBOX_MAX);
    if (drop > 0) this.outbox.splice(0, drop);
    this.outbox.push({
      id: ++this.mailsSent,
      to: user.email,
      username: user.username,
      subject,
      text,
      link,
      sentAt: new Date(this.now()).toISOString(),
    });
  }

  /** "Send Password Reset Email" from the user screen: the user must be visible to the caller. */
  sendPasswordReset(caller: Caller, userUuid: string | null | undefined, username: string | null | undefined): string {
    requireArea(caller, 'users');
    const user = userUuid ? this.getUser(caller, userUuid) : this.getUserByUsername(caller, username ?? '');
    requireUserWrite(caller, user, this);
    return this.issueResetToken(user);
  }

  /**
   * Forgot password (public). An unknown or inactive username sends nothing,
   * and the answer is the same. Every request counts against the limits per
   * username and address pair (known username or not) and per address (429
   * beyond them): a burst for a user from one address does not shut the user's
   * own requests out, and cannot flood the user either (below). An anonymous
   * request never voids a link that still works: within FORGOT_RESEND_MS of
   * the last mail it sends nothing (that mail is on its way), later it sends
   * the same link again; only a user without a working link gets a new one.
   */
  forgotPassword(username: string, address: string): void {
    const key = `${username.toLowerCase()}\n${address}`;
    const wait = Math.max(this.forgotByPair.retryAfterSeconds(key), this.forgotByAddress.retryAfterSeconds(address));
    if (wait > 0) throw new TooManyRequestsError('Too many password reset requests; try again later.', wait);
    this.forgotByPair.fail(key);
    this.forgotByAddress.fail(address);
    const user = this.findUserByUsername(username);
    if (!user?.active) return;
    const now = this.now();
    const live = [...this.resetTokens.values()].find(
      (rec) => rec.userUuid === user.uuid && !rec.used && rec.expiresAt > now,
    );
    if (!live) {
      this.issueResetToken(user);
      return;
    }
    if (now - live.mailedAt < FORGOT_RESEND_MS) return;
    this.mailResetLink(user, live);
    this.touch();
  }

  private liveToken(token: string): ResetTokenRecord {
    const rec = this.resetTokens.get(token.replaceAll('~', '.'));
    if (!rec || rec.used || rec.expiresAt <= this.now() || !this.users.has(rec.userUuid)) {
      throw new NotFoundError('This password reset link is invalid or has expired');
    }
    return rec;
  }

  verifyResetToken(token: string): string {
    const rec = this.liveToken(token);
    return (this.users.get(rec.userUuid) as UserRecord).username;
  }

  /**
   * Sets a new password through a reset token. 406 when it matches the current
   * or one of the earlier passwords. Answers the user's uuid (whose other
   * sessions the caller ends).
   */
  async resetPassword(token: string, password: string, rePassword: string, call: string): Promise<string> {
    const errors = new FieldErrors('body.');
    errors.addAll(validatePasswordReset({ password, rePassword }));
    if (errors.list.length > 0) throw new InvalidError('The new password is not valid', errors.list);
    const rec = this.liveToken(token);
    const user = this.users.get(rec.userUuid) as UserRecord;
    for (const old of [user.passwordHash, ...user.passwordHistory]) {
      if (old && (await verifyPassword(password, old))) {
        throw new NotAcceptableError('You have used this password before, please choose another password');
      }
    }
    const hash = await hashPassword(password);
    // The token may have been used or replaced while hashing: check again before writing.
    const again = this.liveToken(token);
    const pending = this.history.begin('user', user);
    again.used = true;
    if (user.passwordHash)
      user.passwordHistory = [user.passwordHash, ...user.passwordHistory].slice(0, PASSWORD_HISTORY);
    user.passwordHash = hash;
    this.sendMail(
      user,
      'Password changed',
      `Hello ${user.firstName},\n\nYour password was changed. If this was not you, contact your administrator.`,
      null,
    );
    this.touch();
    // The holder of the reset link changed the password.
    this.history.commit(pending, 'update', user, { actor: { uuid: user.uuid, username: user.username }, call });
    return user.uuid;
  }

  // --------------------------------------------------------- record history

  /** Who makes a change and through which call, as the record history names them. */
  private sourceOf(caller: Caller): ChangeSource {
    const user = this.users.get(caller.userUuid);
    return { actor: { uuid: caller.userUuid, username: user?.username ?? '' }, call: caller.call ?? '' };
  }

  /** The scope of a record that exists (null: a kind not scoped by company and role); undefined: none. */
  private scopeOf(kind: HistoryKind, uuid: string): Scoped | null | undefined {
    switch (kind) {
      case 'user':
        return this.users.get(uuid);
      case 'appProfile':
        return this.appProfiles.get(uuid);
      case 'businessProfile':
        return this.businessProfiles.get(uuid);
      case 'visibilityProfile':
        return this.visibilityProfiles.get(uuid);
      case 'application':
        return this.applications.get(uuid) && null;
      case 'authClient':
        return this.clients.get(uuid) && null;
    }
  }

  /**
   * One page of a record's history, newest first (history-reading.ts). The rule of the
   * record's GET: 403 for a role that may not read the kind; 404 unless the
   * caller can see the record as it is, or as last recorded once deleted (the
   * same answer for a record that never existed).
   */
  historyOf(caller: Caller, kind: HistoryKind, uuid: string, page: { limit: number; before?: number }): HistoryPage {
    requireArea(caller, kind === 'authClient' ? 'clients' : 'users');
    const scope = this.scopeOrLastOf(kind, uuid);
    if (scope === undefined || (scope !== null && !canSee(caller, scope))) throw notFound('Record', uuid);
    return readHistory(kind, this.history.newestFirst(kind, uuid, page.before), this.historyReader(caller), page.limit);
  }

  /** A record's scope as it is, or as last recorded once deleted (undefined: never known). */
  private scopeOrLastOf(kind: HistoryKind, uuid: string): Scoped | null | undefined {
    const scope = this.scopeOf(kind, uuid);
    if (scope !== undefined) return scope;
    const last = this.history.lastView(kind, uuid);
    return last ? recordedScope(last) : undefined;
  }

  /**
   * The reader of a record's history: an actor is named only to a reader whose
   * GET of that user answers; a record an entry names, only to a reader whose
   * GET of it (or of its history, once deleted) would answer; an application
   * row, only while its application has it and the reader sees it.
   */
  private historyReader(caller: Caller): HistoryReader {
    let rows: Map<string, AppRow> | undefined;
    const rowOf = (uuid: string) => {
      rows ??= new Map(
        [...this.applications.values()].flatMap((a) => [...a.roles, ...a.elements].map((r) => [r.uuid, r])),
      );
      return rows.get(uuid);
    };
    const sees = (kind: Referenced, uuid: string) => {
      const scope = kind === 'row' ? rowOf(uuid) : this.scopeOrLastOf(kind, uuid);
      return scope !== undefined && scope !== null && canSee(caller, scope);
    };
    const canOpenUser = (uuid: string) => {
      try {
        this.getUser(caller, uuid);
        return true;
      } catch {
        return false;
      }
    };
    return { caller, canOpenUser, sees };
  }

  // ------------------------------------------------------------- AuthStore

  /** The account as the auth side sees it (contract.ts). */
  toAccount(user: UserRecord): AuthAccount {
    const roles = this.rolesGrantedBy(user.businessProfileUuid);
    const top = highestRole(roles);
    return {
      uuid: user.uuid,
      username: user.username,
      active: user.active,
      passwordHash: user.passwordHash,
      roles,
      companyUuid: user.companyUuid,
      layoutCodes: [...user.layoutCodes],
      // New records default to ADMIN (spec §9); a SCO_ADMIN may not create above their own role.
      defaultMinimumRoleName: top === 'SCO_ADMIN' ? 'SCO_ADMIN' : 'ADMIN',
    };
  }

  findAccountByUsername(username: string): AuthAccount | undefined {
    const user = this.findUserByUsername(username);
    return user && this.toAccount(user);
  }

  findAccountByUuid(uuid: string): AuthAccount | undefined {
    const user = this.users.get(uuid);
    return user && this.toAccount(user);
  }

  findClient(clientId: string): AuthClient | undefined {
    const c = this.clients.get(clientId);
    return (
      c && { uuid: c.uuid, name: c.name, allowedRedirectTarget: c.allowedRedirectTarget, clientSecret: c.clientSecret }
    );
  }

  // ---------------------------------------------------------------- storage

  /** The state besides the keyed records, each part kept whole by storage/persist.ts. */
  keptState(): KeptState {
    return {
      userElementConfig: this.userElementConfig,
      pendingVisibility: [...this.pendingVisibility],
      remoteApps: [...this.remoteApps],
      resetTokens: [...this.resetTokens.values()],
      outbox: this.outbox,
      mailsSent: this.mailsSent,
    };
  }

  /** Restores what keptState gave (a store being loaded from the database). */
  restoreKeptState(state: Partial<KeptState>): void {
    if (state.userElementConfig) this.userElementConfig = state.userElementConfig;
    for (const [kind, els] of state.pendingVisibility ?? []) this.pendingVisibility.set(kind, els);
    for (const [uuid, remote] of state.remoteApps ?? []) this.remoteApps.set(uuid, remote);
    for (const t of state.resetTokens ?? []) this.resetTokens.set(t.token, t);
    if (state.outbox) this.outbox.splice(0, this.outbox.length, ...state.outbox);
    if (state.mailsSent !== undefined) this.mailsSent = state.mailsSent;
  }

  // --------------------------------------------------------------- testing

  /** A serialised dump of every record, for "nothing changed" assertions. */
  dump(): string {
    const tokens = [...this.resetTokens.values()];
    return JSON.stringify({
      users: [...this.users.values()],
      userElementConfig: this.userElementConfig,
      applications: [...this.applications.values()],
      appProfiles: [...this.appProfiles.values()],
      businessProfiles: [...this.businessProfiles.values()],
      visibilityProfiles: [...this.visibilityProfiles.values()],
      visibility: Object.fromEntries(Object.entries(this.visibility).map(([k, m]) => [k, [...m.values()]])),
      pendingVisibility: [...this.pendingVisibility],
      remoteApps: [...this.remoteApps],
      companies: [...this.companies.values()],
      locations: [...this.locations.values()],
      clients: [...this.clients.values()],
      tokens,
      outbox: this.outbox,
    });
  }
}
