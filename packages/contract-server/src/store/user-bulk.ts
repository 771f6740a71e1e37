// One action on many users at once (the Users list's bulk actions):
// activate, deactivate, assign a business or a visibility profile, send a
// password reset e-mail. Every rule of the single-user call applies to each
// row (the user write rule of access.ts, the profile rules of a save); a row
// the caller may not change is refused with its reason and the others go on.
// The rows are checked in pieces with a turn of the event loop between them
// and written as an import is (Store.applyUsers: gathered piece by piece, then
// put into the user maps in place in one step, the maps never copied), so a
// change to 50000 users never stalls other requests.
import { bulkReasons, bulkRowRefusal, saveRefusal } from '@userprofile/shared/bulk-reasons';
import { highestRole, roleRank } from '@userprofile/shared/constants';
import { type Caller, canSee, requireArea, userWriteRefusal } from './access.ts';
import { ConflictError, InvalidError } from './errors.ts';
import type { HistoryAction } from './history.ts';
import type { Store } from './store.ts';
import type { UserRecord } from './types.ts';
import { pacer } from './user-csv.ts';
import { FieldErrors } from './validate.ts';

export const BULK_ACTIONS = [
  'activate',
  'deactivate',
  'assignBusinessProfile',
  'assignVisibilityProfile',
  'sendPasswordReset',
  'requireSecondFactor',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface BulkRowResult {
  uuid: string;
  /** done: changed (or mailed); unchanged: already so; refused: not the caller's to do, with the reason. */
  result: 'done' | 'unchanged' | 'refused';
  reason?: string;
}

export interface BulkResult {
  done: number;
  unchanged: number;
  refused: number;
  results: BulkRowResult[];
}

/** How often the rows are checked again when other writes changed the store meanwhile (as the import). */
const CHECK_ATTEMPTS = 3;

/** The reason given for a user the caller cannot see: it names nothing (as the 404 of the single-user calls). */
export const NO_SUCH_USER = bulkReasons.noSuchUser;

const HISTORY: Record<Exclude<BulkAction, 'sendPasswordReset'>, HistoryAction> = {
  activate: 'activate',
  deactivate: 'inactivate',
  assignBusinessProfile: 'update',
  assignVisibilityProfile: 'update',
  requireSecondFactor: 'update',
};

export async function bulkUsers(
  store: Store,
  caller: Caller,
  action: BulkAction,
  uuids: readonly string[],
  value: string | null,
): Promise<BulkResult> {
  requireArea(caller, 'users');
  checkValue(store, caller, action, value);
  const rows = [...new Set(uuids)];
  const pause = pacer();
  if (action === 'sendPasswordReset') return sendResets(store, caller, rows, pause);
  for (let attempt = 1; ; attempt++) {
    const version = store.version;
    const results: BulkRowResult[] = [];
    const changes: UserRecord[] = [];
    for (const uuid of rows) {
      await pause();
      const row = checkRow(store, caller, action, uuid, value);
      if ('record' in row) {
        changes.push(row.record);
        results.push({ uuid, result: 'done' });
      } else results.push(row);
    }
    if (
      store.version === version &&
      (changes.length === 0 || (await store.applyUsers(caller, changes, version, pause, HISTORY[action])))
    ) {
      return summary(results);
    }
    if (attempt === CHECK_ATTEMPTS) {
      throw new ConflictError(
        'Other changes kept arriving while the users were checked; nothing was changed, try again',
      );
    }
  }
}

/** The profile to assign: one the caller may give (400 otherwise, as a save's field error). */
function checkValue(store: Store, caller: Caller, action: BulkAction, value: string | null): void {
  const invalid = (reason: string): never => {
    throw new InvalidError(reason, [{ field: 'body.value', reason }]);
  };
  if (action === 'assignBusinessProfile') {
    const bp = value ? store.businessProfiles.get(value) : undefined;
    if (!bp || !canSee(caller, bp)) invalid('No such business profile');
    else if (roleRank(highestRole(store.rolesGrantedBy(bp.uuid))) > roleRank(caller.role))
      invalid('This business profile grants a role above your own');
  } else if (action === 'assignVisibilityProfile') {
    const vp = value ? store.visibilityProfiles.get(value) : undefined;
    if (!vp || !canSee(caller, vp)) invalid('No such visibility profile');
  }
}

/** A row checked against the store as it is: the record to write, or what happens instead. */
function checkRow(
  store: Store,
  caller: Caller,
  action: Exclude<BulkAction, 'sendPasswordReset'>,
  uuid: string,
  value: string | null,
): BulkRowResult | { record: UserRecord } {
  const user = store.users.get(uuid);
  if (!user || !canSee(caller, user)) return { uuid, result: 'refused', reason: NO_SUCH_USER };
  const refusal = userWriteRefusal(caller, user, store);
  if (refusal) return { uuid, result: 'refused', reason: refusal };
  // The bulk rules both backends' paths share (the console's derived path asks the same function).
  const bulkRefusal = bulkRowRefusal(action, {
    ownAccount: user.uuid === caller.userUuid,
    hasBusinessProfile: user.businessProfileUuid !== null,
    hasVisibilityProfile: user.visibilityProfileUuid !== null,
  });
  if (bulkRefusal) return { uuid, result: 'refused', reason: bulkRefusal };
  if (action === 'activate' || action === 'deactivate') {
    // The rules of POST /user/activate and /user/inactivate (Store.setActive): only activating needs a profile.
    const active = action === 'activate';
    if (user.active === active) return { uuid, result: 'unchanged' };
    return { record: { ...user, active } };
  }
  if (action === 'requireSecondFactor') {
    // Enrolment at the next sign-in; a user with a factor already has what is asked.
    if (user.factorEnrolmentRequested || (user.factors ?? []).length > 0) return { uuid, result: 'unchanged' };
    return { record: { ...user, factorEnrolmentRequested: true } };
  }
  const field = action === 'assignBusinessProfile' ? 'businessProfileUuid' : 'visibilityProfileUuid';
  if (user[field] === value) return { uuid, result: 'unchanged' };
  // The rules of a save (Store.checkUser) on the user with the new profile. A new business profile
  // keeps the element values it still offers, as the user form does when its profile changes.
  const offered = field === 'businessProfileUuid' ? store.elementsOffered(value) : null;
  const errors = new FieldErrors('');
  const fields = store.checkUser(
    caller,
    {
      ...user,
      [field]: value,
      elements: offered ? user.elements.filter((e) => offered.has(e.uuid)) : user.elements,
    },
    errors,
    user,
  );
  if (errors.list.length > 0) {
    // A field's message names its field: "This field is required" alone says nothing in a list of users.
    return { uuid, result: 'refused', reason: saveRefusal(errors.list) };
  }
  return { record: { ...user, ...fields } };
}

/** Password reset e-mails: each row checked and mailed in one step, as "Send Password Reset Email" does. */
async function sendResets(
  store: Store,
  caller: Caller,
  rows: readonly string[],
  pause: () => Promise<void>,
): Promise<BulkResult> {
  const results: BulkRowResult[] = [];
  for (const uuid of rows) {
    await pause();
    const user = store.users.get(uuid);
    if (!user || !canSee(caller, user)) {
      results.push({ uuid, result: 'refused', reason: NO_SUCH_USER });
      continue;
    }
    const refusal = userWriteRefusal(caller, user, store);
    if (refusal) {
      results.push({ uuid, result: 'refused', reason: refusal });
      continue;
    }
    store.sendPasswordReset(caller, uuid, null);
    results.push({ uuid, result: 'done' });
  }
  return summary(results);
}

function summary(results: BulkRowResult[]): BulkResult {
  const count = (r: BulkRowResult['result']) => results.filter((x) => x.result === r).length;
  return { done: count('done'), unchanged: count('unchanged'), refused: count('refused'), results };
}
