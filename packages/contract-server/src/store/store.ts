// The domain store: every record of the dev backend, held in memory as the read path (the SQLite
// database under storage/ keeps them and is the truth at start), with the rules
// a user of the real backend would notice (uniqueness, dependants, scoping,
// role rules, password history). It knows nothing of HTTP: callers pass a
// Caller and get records or typed domain errors.
//
// The Store is its state (store-state.ts: the collections, the clock, the
// record history, the versions) with one room per aggregate, each a module of
// functions taking that state first: users.ts, lookups.ts, app-profiles.ts,
// business-profiles.ts, visibility-profiles.ts (with the visibility
// elements), profile-rules.ts (what the profile saves share), applications.ts,
// clients.ts, password-reset.ts, record-history.ts. Its methods call them;
// what stays here is the auth side's view (AuthStore), what storage keeps,
// and the test dump.
import type { AuthAccount, AuthClient, AuthStore } from '../auth/contract.ts';
import { type Caller, highestRole } from './access.ts';
import {
  type AppProfileInput,
  appProfileBusinessProfiles,
  deleteAppProfile,
  getAppProfile,
  listAppProfiles,
  previewAppProfile,
  saveAppProfile,
} from './app-profiles.ts';
import {
  type ApplicationInput,
  deleteApplication,
  getApplication,
  listApplications,
  saveApplication,
  syncAllApplications,
  syncApplication,
  viewApplication,
} from './applications.ts';
import {
  type BusinessProfileInput,
  businessProfileUsers,
  deleteBusinessProfile,
  getBusinessProfile,
  listBusinessProfiles,
  previewBusinessProfile,
  saveBusinessProfile,
} from './business-profiles.ts';
import { type ClientInput, getClient, listClients, namedClientUuid, saveClient } from './clients.ts';
import type { FactorPolicyRecord } from './factor-types.ts';
import type { HistoryAction, HistoryKind, HistoryViews } from './history.ts';
import type { HistoryPage } from './history-reading.ts';
import { listCompanies, listLocations } from './lookups.ts';
import { forgotPassword, resetLink, resetPassword, sendPasswordReset, verifyResetToken } from './password-reset.ts';
import type { ProfileImpact } from './profile-rules.ts';
import { historyOf } from './record-history.ts';
import { type RemoteCatalogue, StoreState, type VisibilityElements } from './store-state.ts';
import type {
  ApplicationRecord,
  AppProfileRecord,
  BusinessProfileRecord,
  ClientRecord,
  ClusterRecord,
  LocationRecord,
  NamedRecord,
  OutboxMail,
  ResetTokenRecord,
  UserElementConfig,
  UserRecord,
  VisibilityKind,
  VisibilityProfileRecord,
} from './types.ts';
import {
  applyUsers,
  checkUser,
  getUser,
  getUserByUsername,
  listUsers,
  pullUsers,
  saveUser,
  setActive,
  type UserInput,
  userToActOn,
} from './users.ts';
import type { FieldErrors } from './validate.ts';
import {
  deleteVisibilityProfile,
  getVisibilityProfile,
  listVisibilityProfiles,
  saveVisibilityProfile,
  syncAllVisibility,
  syncVisibility,
  type VisibilityProfileInput,
  visibilityProfileUsers,
  visibilitySet,
} from './visibility-profiles.ts';

export type { AppProfileInput } from './app-profiles.ts';
export type { ApplicationInput, AppRowInput } from './applications.ts';
export type { BusinessProfileInput } from './business-profiles.ts';
export type { ClientInput } from './clients.ts';
export { FORGOT_LIMITS, FORGOT_RESEND_MS, OUTBOX_MAX, RESET_TOKEN_TTL_MS } from './password-reset.ts';
export type { ImpactItem, ProfileImpact } from './profile-rules.ts';
export type { VisibilityElements } from './store-state.ts';
export type { UserInput } from './users.ts';
export type { VisibilityProfileInput } from './visibility-profiles.ts';

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
  /** The most events the activity log keeps (ACTIVITY_MAX_EVENTS). */
  activityMaxEvents?: number;
  /** Days an activity event is kept (ACTIVITY_RETENTION_DAYS). */
  activityRetentionDays?: number;
}

/** What storage keeps of the store besides its keyed records (Store.keptState). */
export interface KeptState {
  userElementConfig: UserElementConfig[];
  pendingVisibility: [VisibilityKind, (NamedRecord | ClusterRecord)[]][];
  remoteApps: [string, RemoteCatalogue][];
  resetTokens: ResetTokenRecord[];
  outbox: OutboxMail[];
  mailsSent: number;
  factorPolicy: FactorPolicyRecord;
}

export class Store extends StoreState implements AuthStore {
  constructor(options: StoreOptions) {
    // The state being made is this store: the history's views render records through it.
    super({ ...options, historyViews: (state) => options.historyViews(state as Store) });
  }

  // ------------------------------------------------------------------ users

  /** The users the caller sees, of one status (or all), in username order. */
  listUsers(caller: Caller, active: boolean | null): readonly UserRecord[] {
    return listUsers(this, caller, active);
  }

  getUser(caller: Caller, uuid: string): UserRecord {
    return getUser(this, caller, uuid);
  }

  getUserByUsername(caller: Caller, username: string): UserRecord {
    return getUserByUsername(this, caller, username);
  }

  /** The rules of a user save or an import row (spec §5 and §6); returns the record to write. */
  checkUser(
    caller: Caller,
    input: UserInput,
    errors: FieldErrors,
    existing: UserRecord | undefined,
  ): Omit<UserRecord, 'uuid' | 'passwordHash' | 'passwordHistory' | 'layoutCodes'> {
    return checkUser(this, caller, input, errors, existing);
  }

  saveUser(caller: Caller, input: UserInput, clonedId?: string | null): UserRecord {
    return saveUser(this, caller, input, clonedId);
  }

  /** Activates or inactivates a user; answers the list (active or inactive) the user moved into. */
  setActive(caller: Caller, uuid: string, active: boolean): UserRecord {
    return setActive(this, caller, uuid, active);
  }

  /**
   * A user whose sign-ins the caller may manage (Unlock, the sessions, Sign out
   * everywhere): the same rule as activate/inactivate, 404 when the caller
   * cannot see the user, 403 when it may not change it.
   */
  userToActOn(caller: Caller, uuid: string): UserRecord {
    return userToActOn(this, caller, uuid);
  }

  /** Pulls user info from the suite's applications: answers how many visible users were refreshed. */
  pullUsers(caller: Caller): number {
    return pullUsers(this, caller);
  }

  /** Applies checked user records all at once, piece by piece (an import, a bulk action): users.ts applyUsers. */
  applyUsers(
    caller: Caller,
    records: UserRecord[],
    version: number,
    pause: () => Promise<void>,
    action: HistoryAction = 'import',
  ): Promise<boolean> {
    return applyUsers(this, caller, records, version, pause, action);
  }

  // ------------------------------------------------------------ lookups

  listLocations(): LocationRecord[] {
    return listLocations(this);
  }

  listCompanies(caller: Caller): NamedRecord[] {
    return listCompanies(this, caller);
  }

  // --------------------------------------------------- application profiles

  listAppProfiles(caller: Caller): AppProfileRecord[] {
    return listAppProfiles(this, caller);
  }

  getAppProfile(caller: Caller, uuid: string): AppProfileRecord {
    return getAppProfile(this, caller, uuid);
  }

  saveAppProfile(caller: Caller, input: AppProfileInput): AppProfileRecord {
    return saveAppProfile(this, caller, input);
  }

  /**
   * The impact preview of an application profile save: the users of the
   * business profiles that use it (as far as the caller sees them) and what
   * they gain or lose. Checked like the save; changes nothing.
   */
  previewAppProfile(caller: Caller, input: AppProfileInput): ProfileImpact {
    return previewAppProfile(this, caller, input);
  }

  deleteAppProfile(caller: Caller, uuid: string): void {
    deleteAppProfile(this, caller, uuid);
  }

  /** Business profiles (visible to the caller) that use the application profile. */
  appProfileBusinessProfiles(caller: Caller, uuid: string): BusinessProfileRecord[] {
    return appProfileBusinessProfiles(this, caller, uuid);
  }

  // ------------------------------------------------------ business profiles

  listBusinessProfiles(caller: Caller): BusinessProfileRecord[] {
    return listBusinessProfiles(this, caller);
  }

  getBusinessProfile(caller: Caller, uuid: string): BusinessProfileRecord {
    return getBusinessProfile(this, caller, uuid);
  }

  saveBusinessProfile(caller: Caller, input: BusinessProfileInput): BusinessProfileRecord {
    return saveBusinessProfile(this, caller, input);
  }

  /**
   * The impact preview of a business profile save: its users (as far as the
   * caller sees them) and the roles and elements they gain or lose through
   * the application profiles chosen. Checked like the save; changes nothing.
   */
  previewBusinessProfile(caller: Caller, input: BusinessProfileInput): ProfileImpact {
    return previewBusinessProfile(this, caller, input);
  }

  /** Deleting a business profile leaves its users without one (the list then flags them). */
  deleteBusinessProfile(caller: Caller, uuid: string): void {
    deleteBusinessProfile(this, caller, uuid);
  }

  /** Users visible to the caller whose business profile it is. */
  businessProfileUsers(caller: Caller, uuid: string): UserRecord[] {
    return businessProfileUsers(this, caller, uuid);
  }

  // ---------------------------------------------------- visibility profiles

  listVisibilityProfiles(caller: Caller): VisibilityProfileRecord[] {
    return listVisibilityProfiles(this, caller);
  }

  getVisibilityProfile(caller: Caller, uuid: string): VisibilityProfileRecord {
    return getVisibilityProfile(this, caller, uuid);
  }

  saveVisibilityProfile(caller: Caller, input: VisibilityProfileInput): VisibilityProfileRecord {
    return saveVisibilityProfile(this, caller, input);
  }

  deleteVisibilityProfile(caller: Caller, uuid: string): void {
    deleteVisibilityProfile(this, caller, uuid);
  }

  visibilityProfileUsers(caller: Caller, uuid: string): UserRecord[] {
    return visibilityProfileUsers(this, caller, uuid);
  }

  // ----------------------------------------------------- visibility elements

  /** The elements visibility profiles can hold, less the kinds whose layout code the caller lacks. */
  visibilitySet(caller: Caller): VisibilityElements {
    return visibilitySet(this, caller);
  }

  /** Synchronises one kind of visibility element with the network inventory; answers how many elements it now holds. */
  syncVisibility(caller: Caller, kind: VisibilityKind): number {
    return syncVisibility(this, caller, kind);
  }

  syncAllVisibility(caller: Caller): number {
    return syncAllVisibility(this, caller);
  }

  // ----------------------------------------------------------- applications

  /** Role and element rows hidden from the caller are left out. */
  viewApplication(caller: Caller, app: ApplicationRecord): ApplicationRecord {
    return viewApplication(caller, app);
  }

  listApplications(caller: Caller): ApplicationRecord[] {
    return listApplications(this, caller);
  }

  getApplication(caller: Caller, uuid: string): ApplicationRecord {
    return getApplication(this, caller, uuid);
  }

  saveApplication(caller: Caller, input: ApplicationInput): ApplicationRecord {
    return saveApplication(this, caller, input);
  }

  /** Deleting an application deletes the application profiles that use it (and takes them out of business profiles). */
  deleteApplication(caller: Caller, uuid: string): void {
    deleteApplication(this, caller, uuid);
  }

  /** Synchronises an application with what the remote application reports: applications.ts syncApplication. */
  syncApplication(caller: Caller, uuid: string): ApplicationRecord {
    return syncApplication(this, caller, uuid);
  }

  syncAllApplications(caller: Caller): ApplicationRecord[] {
    return syncAllApplications(this, caller);
  }

  // ---------------------------------------------------------- OAuth2 clients

  listClients(caller: Caller): ClientRecord[] {
    return listClients(this, caller);
  }

  getClient(caller: Caller, uuid: string): ClientRecord {
    return getClient(this, caller, uuid);
  }

  saveClient(caller: Caller, input: ClientInput): ClientRecord {
    return saveClient(this, caller, input);
  }

  // -------------------------------------------------------- password reset

  resetLink(token: string): string {
    return resetLink(this, token);
  }

  /** "Send Password Reset Email" from the user screen: the user must be visible to the caller. */
  sendPasswordReset(caller: Caller, userUuid: string | null | undefined, username: string | null | undefined): string {
    return sendPasswordReset(this, caller, userUuid, username);
  }

  /** Forgot password (public), within its limits per username and address: password-reset.ts forgotPassword. */
  forgotPassword(username: string, address: string): void {
    forgotPassword(this, username, address);
  }

  verifyResetToken(token: string): string {
    return verifyResetToken(this, token);
  }

  /**
   * Sets a new password through a reset token. 406 when it matches the current
   * or one of the earlier passwords. Answers the user's uuid (whose other
   * sessions the caller ends).
   */
  resetPassword(token: string, password: string, rePassword: string, call: string): Promise<string> {
    return resetPassword(this, token, password, rePassword, call);
  }

  // --------------------------------------------------------- record history

  /** One page of a record's history, newest first, by the rule of the record's GET: record-history.ts historyOf. */
  historyOf(caller: Caller, kind: HistoryKind, uuid: string, page: { limit: number; before?: number }): HistoryPage {
    return historyOf(this, caller, kind, uuid, page);
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
    // A fixtures file's client answers to its name too (clients.ts namedClientUuid).
    const c = this.clients.get(clientId) ?? this.clients.get(namedClientUuid(clientId));
    return (
      c && {
        uuid: c.uuid,
        name: c.name,
        allowedRedirectTarget: c.allowedRedirectTarget,
        clientSecret: c.clientSecret,
        ...(c.redirectTargets ? { redirectTargets: c.redirectTargets } : {}),
      }
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
      factorPolicy: this.factorPolicy,
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
    if (state.factorPolicy) this.factorPolicy = state.factorPolicy;
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
