// A bulk action run: through the extension POST /user/bulk
// where the backend offers it (one call per 10,000 users), else through the
// single-user calls of spec §7 (POST /user/activate, /user/inactivate,
// /user/update, /password/reset), four in flight, with the same answer per
// row as the bulk call gives: done, unchanged, or refused with the server's
// reason. A Cancel stops before the next call; the calls already sent finish.
import { bulkReasons, bulkRowRefusal, saveRefusal } from '@userprofile/shared/bulk-reasons';
import type { components } from '@userprofile/shared/generated/api';
import { api, expectFailure } from '../api/client.ts';
import { isApiError, NotOfferedError } from '../api/errors.ts';
import { callExtension } from '../extensions.ts';
import { forEachLimited } from '../limited.ts';
import { useSession } from '../session.ts';
import { type BulkAction, type BulkResult, bulkUserAction } from './bulk-call.ts';

type User = components['schemas']['User'];
type UserInput = components['schemas']['UserInput'];

type RowResult = components['schemas']['BulkUserRowResult'];

/** Single-user calls in flight at once, when the backend has no bulk call. */
export const SINGLE_CALLS_IN_FLIGHT = 4;

/** The reasons the server gives (store/user-bulk.ts): one shared set (@userprofile/shared/bulk-reasons). */
export const NO_SUCH_USER = bulkReasons.noSuchUser;

/** One action on some users: a bulk action is one step, its undo one step per profile to give back. */
export interface BulkStep {
  action: BulkAction;
  uuids: string[];
  /** The profile the two assign actions give. */
  profile: { uuid: string; name: string } | null;
}

export interface StepResult {
  step: BulkStep;
  result: BulkResult;
}

export interface RunResult {
  steps: StepResult[];
  /** Users not asked about because the admin cancelled. */
  notSent: string[];
}

export interface RunControl {
  /** Users answered so far, of all the steps. */
  onProgress: (answered: number) => void;
  cancelled: () => boolean;
}

/** The steps, one after the other; each through the extension, or the single calls when it is not offered. */
export async function runBulk(
  steps: readonly BulkStep[],
  users: ReadonlyMap<string, User>,
  control: RunControl,
): Promise<RunResult> {
  const out: RunResult = { steps: [], notSent: [] };
  let before = 0;
  for (const step of steps) {
    if (control.cancelled()) {
      out.notSent.push(...step.uuids);
      continue;
    }
    const progress = (n: number) => control.onProgress(before + n);
    let result: BulkResult;
    try {
      result = await bulkUserAction(step.action, step.uuids, step.profile?.uuid ?? null, progress);
    } catch (error) {
      if (!(error instanceof NotOfferedError)) throw error;
      const single = await singleCalls(step, users, progress, control.cancelled);
      result = single.result;
      out.notSent.push(...single.notSent);
    }
    out.steps.push({ step, result });
    before += step.uuids.length;
  }
  return out;
}

/** The bulk result of rows answered one by one (in the order asked, each once). */
export function summarise(results: readonly RowResult[]): BulkResult {
  const count = (r: RowResult['result']) => results.filter((x) => x.result === r).length;
  return { done: count('done'), unchanged: count('unchanged'), refused: count('refused'), results: [...results] };
}

async function singleCalls(
  step: BulkStep,
  users: ReadonlyMap<string, User>,
  onProgress: (answered: number) => void,
  cancelled: () => boolean,
): Promise<{ result: BulkResult; notSent: string[] }> {
  const uuids = [...new Set(step.uuids)];
  const answers = new Array<RowResult | undefined>(uuids.length);
  let answered = 0;
  const offered = step.action === 'assignBusinessProfile' && step.profile ? elementsOffered(step.profile.uuid) : null;
  await forEachLimited(
    uuids,
    SINGLE_CALLS_IN_FLIGHT,
    async (uuid, index) => {
      answers[index] = await oneRow(step, uuid, users.get(uuid), offered);
      onProgress(++answered);
    },
    cancelled,
  );
  return {
    result: summarise(answers.filter((a): a is RowResult => a !== undefined)),
    notSent: uuids.filter((_, i) => answers[i] === undefined),
  };
}

// A refused row is the row's answer: never the reload message or the not-found page.
const quiet = () => [expectFailure(400, 403, 404, 409)];

const refused = (uuid: string, reason: string): RowResult => ({ uuid, result: 'refused', reason });

/** The server's reason for refusing one row, as the bulk call words it. */
export function reasonOf(error: unknown): string {
  if (isApiError(error, 404)) return NO_SUCH_USER;
  // A save's field errors, worded as the bulk call words them (not "The user is not valid").
  const errors = isApiError(error, 400) ? fieldErrorsOf(error.body) : [];
  if (errors.length > 0) return saveRefusal(errors);
  if (isApiError(error) && error.message) return error.message;
  return error instanceof Error && error.message ? error.message : bulkReasons.refused;
}

function fieldErrorsOf(body: unknown): { field: string; reason: string }[] {
  const errors = body && typeof body === 'object' && 'errors' in body ? body.errors : null;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is { field: string; reason: string } =>
      !!e && typeof e === 'object' && typeof e.field === 'string' && typeof e.reason === 'string',
  );
}

/** Whether the user is the signed-in administrator (GET /me names them by username). */
export function isOwnAccount(user: Pick<User, 'username'>, me: string | null | undefined): boolean {
  return !!me && user.username === me;
}

/**
 * The refusal a row gets before any call, in the bulk call's words: the
 * server's reason already on the list's row (the user write rule), else the
 * bulk rules both sides share. Null: the calls go on.
 */
export function rowRefusal(
  action: BulkAction,
  user: Pick<User, 'username' | 'readOnlyReason' | 'businessProfile' | 'visibilityProfile'>,
  me: string | null | undefined,
): string | null {
  if (user.readOnlyReason) return user.readOnlyReason;
  return bulkRowRefusal(action, {
    ownAccount: isOwnAccount(user, me),
    hasBusinessProfile: !!user.businessProfile,
    hasVisibilityProfile: !!user.visibilityProfile,
  });
}

async function oneRow(
  step: BulkStep,
  uuid: string,
  listed: User | undefined,
  offered: Promise<ReadonlySet<string>> | null,
): Promise<RowResult> {
  try {
    const user = listed ?? (await fetchQuietly(uuid));
    if (!user) return refused(uuid, NO_SUCH_USER);
    // The reason the server gives for this user, already on the list's row: no call to hear it again.
    const before = rowRefusal(step.action, user, useSession.getState().user?.username);
    if (before) return refused(uuid, before);
    switch (step.action) {
      case 'activate':
      case 'deactivate': {
        const active = step.action === 'activate';
        if (user.active === active) return { uuid, result: 'unchanged' };
        // The answer is the whole list the user moved into (spec §7): not read, its download stopped.
        const { data } = await api().POST(active ? '/api/v1/user/activate' : '/api/v1/user/inactivate', {
          body: user,
          parseAs: 'stream',
          middleware: quiet(),
        });
        await data?.cancel();
        return { uuid, result: 'done' };
      }
      case 'assignBusinessProfile':
      case 'assignVisibilityProfile': {
        const field = step.action === 'assignBusinessProfile' ? 'businessProfile' : 'visibilityProfile';
        if (!step.profile) return refused(uuid, 'No profile to assign');
        if (user[field]?.uuid === step.profile.uuid) return { uuid, result: 'unchanged' };
        const whole = await fetchQuietly(uuid);
        if (!whole) return refused(uuid, NO_SUCH_USER);
        const input = toInput(whole, field, step.profile, offered ? await offered : null);
        // The whole user lacks the other profile (the list's row withheld nothing the rule above missed).
        if (!input)
          return refused(uuid, whole.businessProfile ? bulkReasons.noVisibilityProfile : bulkReasons.noBusinessProfile);
        await api().POST('/api/v1/user/update', { body: { user: input }, middleware: quiet() });
        return { uuid, result: 'done' };
      }
      case 'sendPasswordReset':
        await api().POST('/api/v1/password/reset', { body: user, middleware: quiet() });
        return { uuid, result: 'done' };
      case 'requireSecondFactor':
        // The user editor's own call (an extension): a backend without bulk calls may lack it too.
        await callExtension('requireUserEnrolment', async (offer) => {
          await api().POST('/api/v1/user/{uuid}/factors/require', {
            params: { path: { uuid } },
            body: { required: true },
            middleware: [...offer, ...quiet()],
          });
        });
        return { uuid, result: 'done' };
    }
  } catch (error) {
    if (error instanceof NotOfferedError) return refused(uuid, bulkReasons.noSecondFactors);
    return refused(uuid, reasonOf(error));
  }
}

async function fetchQuietly(uuid: string): Promise<User | null> {
  try {
    const { data } = await api().GET('/api/v1/user/{uuid}', { params: { path: { uuid } }, middleware: quiet() });
    return (data as User) ?? null;
  } catch (error) {
    if (isApiError(error, 403) || isApiError(error, 404)) return null;
    throw error;
  }
}

/** The elements a business profile offers: a user given it keeps the element values it still offers. */
async function elementsOffered(uuid: string): Promise<ReadonlySet<string>> {
  const { data } = await api().GET('/api/v1/profile/business/get/{uuid}', {
    params: { path: { uuid } },
    middleware: quiet(),
  });
  return new Set((data?.appProfiles ?? []).flatMap((p) => (p.elements ?? []).map((e) => e.uuid)));
}

/** The save body of a whole user with another profile; null when the user lacks the other profile a save needs. */
export function toInput(
  user: User,
  field: 'businessProfile' | 'visibilityProfile',
  profile: { uuid: string; name: string },
  offered: ReadonlySet<string> | null,
): UserInput | null {
  const business = field === 'businessProfile' ? profile : user.businessProfile;
  const visibility = field === 'visibilityProfile' ? profile : user.visibilityProfile;
  if (!business || !visibility) return null;
  const elements = user.elements ?? [];
  return {
    uuid: user.uuid,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    deskPhone: user.deskPhone ?? null,
    mobilePhone: user.mobilePhone ?? null,
    active: user.active,
    location: user.location ?? null,
    businessProfile: { uuid: business.uuid, name: business.name },
    visibilityProfile: { uuid: visibility.uuid, name: visibility.name },
    ...(user.minimumRole ? { minimumRole: user.minimumRole } : {}),
    errigalCustomerCompany: user.errigalCustomerCompany ?? null,
    elements: offered ? elements.filter((e) => offered.has(e.uuid)) : elements,
  };
}
