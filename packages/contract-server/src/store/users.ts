// Users: the lists, a save and its rules (spec §5 and §6), a status change,
// and a write of many users at once (an import, a bulk action). The Store's
// methods of the same names call these (store.ts).
import { randomUUID } from 'node:crypto';
import { DEFAULT_TREE_CATEGORY } from '@userprofile/shared/constants';
import { userMessages } from '@userprofile/shared/messages';
import { validateUser } from '@userprofile/shared/validation';
import {
  type Caller,
  canSee,
  highestRole,
  isConsoleRole,
  ownScope,
  requireArea,
  requireUserWrite,
  roleRank,
  scopeRefusal,
  seesEverything,
  userWriteRefusal,
} from './access.ts';
import { ConflictError, ForbiddenError, InvalidError, notFound } from './errors.ts';
import type { HistoryAction, KeptEntry } from './history.ts';
import type { StoreState } from './store-state.ts';
import type { Scoped, UserElementValue, UserRecord } from './types.ts';
import { FieldErrors, MAX_TEXT } from './validate.ts';

/** A user as a save brings it: the record's own fields, without uuid when new. */
export type UserInput = Omit<UserRecord, 'uuid' | 'passwordHash' | 'passwordHistory' | 'layoutCodes'> & {
  uuid?: string | null;
};

/** Users handed to the storage at a time by a large write (applyUsers): a few milliseconds of work. */
const STAGED_PIECE = 200;

/** The users the caller sees, of one status (or all), in username order. */
export function listUsers(state: StoreState, caller: Caller, active: boolean | null): readonly UserRecord[] {
  requireArea(caller, 'users');
  const users = active === null ? state.order.sorted() : state.order.withStatus(active);
  return seesEverything(caller) ? users : users.filter((u) => canSee(caller, u));
}

export function getUser(state: StoreState, caller: Caller, uuid: string): UserRecord {
  requireArea(caller, 'users');
  const user = state.users.get(uuid);
  if (!user || !canSee(caller, user)) throw notFound('User', uuid);
  return user;
}

export function getUserByUsername(state: StoreState, caller: Caller, username: string): UserRecord {
  requireArea(caller, 'users');
  const user = state.findUserByUsername(username);
  if (!user || !canSee(caller, user)) throw notFound('User', username);
  return user;
}

/** The rules of a user save or an import row (spec §5 and §6); returns the record to write. */
export function checkUser(
  state: StoreState,
  caller: Caller,
  input: UserInput,
  errors: FieldErrors,
  existing: UserRecord | undefined,
): Omit<UserRecord, 'uuid' | 'passwordHash' | 'passwordHistory' | 'layoutCodes'> {
  // The user write rule (access.ts userWriteRefusal); an invisible user is not the caller's to learn of.
  const refused = existing && canSee(caller, existing) && userWriteRefusal(caller, existing, state);
  if (refused) errors.add('username', refused);
  let scope: Scoped = { minimumRole: input.minimumRole, companyUuid: input.companyUuid || null };
  if (isConsoleRole(input.minimumRole)) {
    const refusal = scopeRefusal(caller, scope);
    if (refusal?.field === 'minimumRole') errors.add('minimumRole', 'You may not set a minimum role above your own');
    else if (refusal) errors.add('errigalCustomerCompany', refusal.reason);
    else scope = ownScope(caller, scope);
  }
  const bp = input.businessProfileUuid ? state.businessProfiles.get(input.businessProfileUuid) : undefined;
  const offered = state.elementsOffered(bp?.uuid ?? null);
  // The caller's GET of the user leaves out values of element rows hidden from it: its save keeps
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
      // A default tree is required of every role alike (spec §5 makes no exception): a value kept from before counts.
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
  else if (bp && roleRank(highestRole(state.rolesGrantedBy(bp.uuid))) > roleRank(caller.role)) {
    errors.add('businessProfile', 'This business profile grants a role above your own');
  }
  const vp = input.visibilityProfileUuid ? state.visibilityProfiles.get(input.visibilityProfileUuid) : undefined;
  if (input.visibilityProfileUuid && (!vp || !canSee(caller, vp)))
    errors.add('visibilityProfile', 'No such visibility profile');
  if (input.locationUuid && !state.locations.has(input.locationUuid)) errors.add('location', 'No such location');
  if (scope.companyUuid && !state.companies.has(scope.companyUuid))
    errors.add('errigalCustomerCompany', 'No such company');
  // One value per category of the user element config (each is a dropdown of the offered elements).
  const elements: UserElementValue[] = [];
  const categories = new Set(state.userElementConfig.map((c) => c.category));
  const seen = new Set<string>();
  input.elements.forEach((el, i) => {
    const row = offered.get(el.uuid);
    if (!row) errors.add(`elements.${i}`, 'The business profile does not offer this element');
    else if (!categories.has(row.category)) errors.add(`elements.${i}`, 'The user form has no field for this category');
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

export function saveUser(state: StoreState, caller: Caller, input: UserInput, clonedId?: string | null): UserRecord {
  requireArea(caller, 'users');
  const existing = input.uuid ? getUser(state, caller, input.uuid) : undefined;
  if (existing) requireUserWrite(caller, existing, state);
  const refusal = scopeRefusal(caller, { minimumRole: input.minimumRole, companyUuid: input.companyUuid || null });
  if (refusal?.field === 'errigalCustomerCompany') throw new ForbiddenError(refusal.reason);
  const cloned = !existing && clonedId ? getUser(state, caller, clonedId) : undefined;
  // The body first: a taken username must not answer differently from a free one while the body is bad.
  const errors = new FieldErrors('body.user.');
  const fields = checkUser(state, caller, input, errors, existing);
  if (errors.list.length > 0) throw new InvalidError('The user is not valid', errors.list);
  // Usernames are global sign-in names: a clash is refused, with one message that names nothing of the other user.
  if (!existing && state.findUserByUsername(input.username)) {
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
  const pending = state.history.begin('user', existing);
  state.insertUser(user);
  state.history.commit(pending, existing ? 'update' : 'create', user, state.sourceOf(caller));
  return user;
}

/** Activates or inactivates a user; answers the list (active or inactive) the user moved into. */
export function setActive(state: StoreState, caller: Caller, uuid: string, active: boolean): UserRecord {
  const user = getUser(state, caller, uuid);
  requireUserWrite(caller, user, state);
  // Taking access away is always possible (a user left without a profile must not stay signed in): only
  // activating needs a profile.
  if (active && !user.businessProfileUuid) {
    throw new InvalidError('User does not have a Profile assigned', [
      { field: 'body.businessProfile', reason: 'User does not have a Profile assigned' },
    ]);
  }
  if (user.active !== active) {
    const pending = state.history.begin('user', user);
    // A new record, not the old one changed: what is kept per record (a list row's JSON) sees the change.
    const changed = { ...user, active };
    state.users.set(user.uuid, changed);
    state.order.replace(user, changed);
    if (!active) state.onUserDeactivated(user.uuid);
    state.touchUsers();
    state.history.commit(pending, active ? 'activate' : 'inactivate', changed, state.sourceOf(caller));
    return changed;
  }
  return user;
}

/**
 * A user whose sign-ins the caller may manage (Unlock, the sessions, Sign out
 * everywhere): the same rule as activate/inactivate, 404 when the caller
 * cannot see the user, 403 when it may not change it.
 */
export function userToActOn(state: StoreState, caller: Caller, uuid: string): UserRecord {
  const user = getUser(state, caller, uuid);
  requireUserWrite(caller, user, state);
  return user;
}

/** Pulls user info from the suite's applications: answers how many visible users were refreshed. */
export function pullUsers(state: StoreState, caller: Caller): number {
  requireArea(caller, 'users');
  return listUsers(state, caller, true).length;
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
export async function applyUsers(
  state: StoreState,
  caller: Caller,
  records: UserRecord[],
  version: number,
  pause: () => Promise<void>,
  action: HistoryAction = 'import',
): Promise<boolean> {
  const next = new Map<string, UserRecord>();
  const deactivated: string[] = [];
  const source = state.sourceOf(caller);
  // Every record changes its user (the callers leave out the records that change nothing); of more
  // records than a company's bound, the history keeps the last ones only: the others are not rendered.
  const kept = state.history.keeps(records.map((r) => r.companyUuid));
  const reserved = state.history.reserve(kept.filter(Boolean).length);
  const entries: KeptEntry[] = [];
  const write = state.largeWrite();
  // Where the piece not yet staged starts, in records and in entries.
  let piece = 0;
  let pieceEntries = 0;
  try {
    for (const [i, r] of records.entries()) {
      const old = next.get(r.uuid) ?? state.users.get(r.uuid);
      if (old?.active && !r.active) deactivated.push(r.uuid);
      const change = kept[i] ? state.history.change('user', old, action, r, source) : null;
      if (change) entries.push(reserved.entry(change));
      next.set(r.uuid, r);
      if (i + 1 - piece === STAGED_PIECE || i + 1 === records.length) {
        write.stage(records.slice(piece, i + 1), entries.slice(pieceEntries));
        piece = i + 1;
        pieceEntries = entries.length;
      }
      await pause();
      if (state.version !== version) {
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
    state.users.set(uuid, r);
    state.usernames.set(r.username.toLowerCase(), uuid);
  }
  // Many users at once: the username order is made again, once.
  state.order.invalidate();
  state.touchUsers();
  state.history.appendReserved(entries, write.keepsEntries);
  for (const uuid of deactivated) state.onUserDeactivated(uuid);
  return true;
}
