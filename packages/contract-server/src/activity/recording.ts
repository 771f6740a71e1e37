// What the HTTP side records in the activity log. Each handler of the
// document runs inside its request's context (who, through which channel and
// client, from where: ./context.ts), so the events the store's history makes
// carry it. Around each handler, this module records what the history does
// not: a refused write (403, 409, 412 or a rule's 400, with its reason), the
// calls that change no record (unlock, sign-outs, password reset mails), a
// bulk action's or an import's summary with its counts and the correlation id
// its per-user events share, and each sync run. Sign-ins and sign-outs come
// from the auth side (recordSignIn, recordSignOut).
import { randomUUID } from 'node:crypto';
import type { ActivityAction, ActivityChannel, ActivityKind } from '@userprofile/shared/activity-query';
import { roleRank } from '@userprofile/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInEvent, SignOutEvent } from '../auth/contract.ts';
import { callOf } from '../routes/context.ts';
import type { StoreState } from '../store/store-state.ts';
import { type ActivityContext, withActivityContext } from './context.ts';
import { kindRank, type NewEvent } from './log.ts';
import { targetOf } from './target.ts';

/** The record kind each call acts on. */
const KIND_OF: Record<string, ActivityKind> = {
  updateUser: 'user',
  activateUser: 'user',
  inactivateUser: 'user',
  sendPasswordResetEmail: 'user',
  forgotPassword: 'user',
  unlockUser: 'user',
  logoutUserEverywhere: 'user',
  logoutUserSession: 'user',
  bulkUserAction: 'user',
  importUsers: 'user',
  pullUsers: 'user',
  updateApplicationProfile: 'appProfile',
  deleteApplicationProfile: 'appProfile',
  updateBusinessProfile: 'businessProfile',
  deleteBusinessProfile: 'businessProfile',
  updateVisibilityProfile: 'visibilityProfile',
  deleteVisibilityProfile: 'visibilityProfile',
  updateApplication: 'application',
  deleteApplication: 'application',
  syncApplication: 'application',
  syncAllApplications: 'application',
  syncVisibilityKind: 'visibility',
  syncAllVisibility: 'visibility',
  updateOAuth2Client: 'authClient',
};

/** What a call does, as the log names it (an update of a record that does not exist yet is a create). */
const ACTION_OF: Record<string, ActivityAction> = {
  activateUser: 'activate',
  inactivateUser: 'inactivate',
  sendPasswordResetEmail: 'passwordResetMail',
  forgotPassword: 'passwordResetMail',
  unlockUser: 'unlock',
  logoutUserEverywhere: 'signOutEverywhere',
  logoutUserSession: 'signOut',
  bulkUserAction: 'bulk',
  importUsers: 'import',
  pullUsers: 'sync',
  deleteApplicationProfile: 'delete',
  deleteBusinessProfile: 'delete',
  deleteVisibilityProfile: 'delete',
  deleteApplication: 'delete',
  syncApplication: 'sync',
  syncAllApplications: 'sync',
  syncVisibilityKind: 'sync',
  syncAllVisibility: 'sync',
};

/** Calls whose own channel is not the caller's client's. */
const CHANNEL_OF: Record<string, ActivityChannel> = {
  importUsers: 'import',
  bulkUserAction: 'bulk',
  pullUsers: 'sync',
  syncApplication: 'sync',
  syncAllApplications: 'sync',
  syncVisibilityKind: 'sync',
  syncAllVisibility: 'sync',
};

/** Statuses that are a refusal of the write (not a malformed request, nor a record not found). */
const REFUSALS = new Set([400, 403, 406, 409, 412]);

/** A user agent is kept to this length: enough to tell browsers apart, not a place to store a payload. */
const AGENT_MAX = 300;

type Body = Record<string, unknown> | undefined;

/** The uuid of the record a call names (path, body, or a user body's user). */
function uuidIn(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const body = (typeof request.body === 'object' ? request.body : undefined) as Body;
  const user = body?.user as Body;
  const uuid = params?.uuid ?? body?.uuid ?? user?.uuid;
  return typeof uuid === 'string' ? uuid.toLowerCase() : null;
}

/** The name a call gives the record (for a record that does not exist). */
function nameIn(request: FastifyRequest): string | null {
  const body = (typeof request.body === 'object' ? request.body : undefined) as Body;
  const user = body?.user as Body;
  const name = user?.username ?? body?.username ?? body?.name ?? (request.params as Body)?.kind;
  return typeof name === 'string' ? name.slice(0, 255) : null;
}

/** The target of a call: the record it names as it is now, or (none yet) the name it gives, in the actor's company. */
function callTarget(state: StoreState, operationId: string, request: FastifyRequest, context: ActivityContext) {
  const kind = KIND_OF[operationId];
  if (!kind) return null;
  const uuid = uuidIn(request);
  const found = uuid ? targetOf(state, kind, uuid) : undefined;
  if (found) return { kind, ...found };
  return {
    kind,
    targetUuid: null,
    targetName: nameIn(request),
    company: context.actor?.companyUuid ?? null,
    needRank: Math.max(kindRank(kind), roleRank(context.actor?.role)),
  };
}

/** A summary read only by the actor's company at the actor's rank (its counts may span records others cannot see). */
function summaryScope(context: ActivityContext): Pick<NewEvent, 'company' | 'needRank'> {
  const role = context.actor?.role ?? null;
  return role === 'ERRIGAL_ADMIN'
    ? { company: null, needRank: roleRank('ERRIGAL_ADMIN') }
    : { company: context.actor?.companyUuid ?? null, needRank: Math.max(roleRank(role), kindRank('user')) };
}

/** The message of a refusal: the thrown error's, or the body sent. */
function reasonOf(error: unknown, value: unknown): string {
  const message = (error as { message?: unknown } | null)?.message ?? (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.slice(0, 1000) : 'Refused';
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface RecordingOptions {
  /** The current store (a reset replaces it). */
  state: () => StoreState;
  /** The console's OAuth2 client: its tokens are the console channel, other clients' the API. */
  consoleClientId: string;
}

/** The document's handlers, each run in its request's context and recording what the history does not. */
export function recordingHandlers<T extends object>(handlers: T, options: RecordingOptions): T {
  const wrapped: Record<string, Handler> = {};
  for (const [operationId, handler] of Object.entries(handlers) as [string, Handler][]) {
    wrapped[operationId] = async (request, reply) => {
      const principal = request.principal;
      const agent = request.headers['user-agent'];
      const context: ActivityContext = {
        actor: principal
          ? {
              uuid: principal.userUuid,
              username: principal.username,
              role: principal.role,
              companyUuid: principal.companyUuid,
            }
          : null,
        channel:
          CHANNEL_OF[operationId] ??
          (!principal ? 'signInPage' : principal.clientId === options.consoleClientId ? 'console' : 'api'),
        clientId: principal?.clientId ?? null,
        address: request.ip ?? null,
        userAgent: typeof agent === 'string' ? agent.slice(0, AGENT_MAX) : null,
        call: callOf(request),
        correlation: operationId === 'bulkUserAction' || operationId === 'importUsers' ? randomUUID() : null,
        action: operationId === 'updatePassword' ? 'passwordReset' : null,
      };
      return withActivityContext(context, async () => {
        let value: unknown;
        try {
          value = await handler(request, reply);
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status !== undefined && REFUSALS.has(status))
            refused(options.state(), operationId, request, context, reasonOf(error, null));
          throw error;
        }
        if (reply.statusCode >= 400) {
          if (REFUSALS.has(reply.statusCode))
            refused(options.state(), operationId, request, context, reasonOf(null, value));
        } else succeeded(options.state(), operationId, request, context, value);
        return value;
      });
    };
  }
  return wrapped as T;
}

/** A refused write of a call the log knows (reads and sign-in calls are not writes). */
function refused(
  state: StoreState,
  operationId: string,
  request: FastifyRequest,
  context: ActivityContext,
  reason: string,
): void {
  const target = callTarget(state, operationId, request, context);
  if (!target) return;
  const action: ActivityAction =
    ACTION_OF[operationId] ?? (target.targetUuid === null && !uuidIn(request) ? 'create' : 'update');
  state.activity.record({ action, outcome: 'refused', reason, ...target });
}

/** What a call that succeeded did that the history does not record. */
function succeeded(
  state: StoreState,
  operationId: string,
  request: FastifyRequest,
  context: ActivityContext,
  value: unknown,
): void {
  const action = ACTION_OF[operationId];
  const record = (event: NewEvent) => state.activity.record(event);
  switch (operationId) {
    case 'unlockUser':
    case 'logoutUserEverywhere':
    case 'logoutUserSession': {
      const target = callTarget(state, operationId, request, context);
      if (target && action) record({ action, outcome: 'succeeded', ...target });
      return;
    }
    case 'forgotPassword': {
      // The public "forgot password" answers alike for every username; the log tells the provider what happened.
      const username = nameIn(request) ?? '';
      const uuid = state.usernames.get(username.toLowerCase());
      const target = uuid ? targetOf(state, 'user', uuid) : undefined;
      const user = uuid ? state.users.get(uuid) : undefined;
      if (target && user?.active)
        record({ action: 'passwordResetMail', outcome: 'succeeded', kind: 'user', ...target });
      else
        record({
          action: 'passwordResetMail',
          outcome: 'failed',
          kind: 'user',
          ...(target ?? { targetName: username, company: null, needRank: roleRank('ERRIGAL_ADMIN') }),
          reason: target
            ? 'The account is inactive: nothing was sent'
            : 'No account has this username: nothing was sent',
        });
      return;
    }
    case 'bulkUserAction': {
      const result = value as { done: number; unchanged: number; refused: number; results: BulkRow[] } | undefined;
      if (!result) return;
      const body = request.body as { action?: string };
      for (const row of result.results)
        if (row.result === 'refused') {
          const target = targetOf(state, 'user', row.uuid);
          if (target)
            record({
              action: bulkAction(body.action),
              outcome: 'refused',
              kind: 'user',
              ...target,
              reason: row.reason ?? 'Refused',
            });
        }
      record({
        action: 'bulk',
        outcome: 'succeeded',
        kind: null,
        ...summaryScope(context),
        reason: `${body.action ?? 'Bulk action'}: ${result.done} done, ${result.unchanged} unchanged, ${result.refused} refused`,
        counts: {
          selected: result.results.length,
          done: result.done,
          unchanged: result.unchanged,
          refused: result.refused,
        },
      });
      (result as { correlation?: string }).correlation = context.correlation ?? undefined;
      return;
    }
    case 'importUsers': {
      const result = value as { created?: number; updated?: number } | undefined;
      record({
        action: 'import',
        outcome: 'succeeded',
        kind: null,
        ...summaryScope(context),
        reason: `CSV import: ${result?.created ?? 0} created, ${result?.updated ?? 0} updated`,
        counts: { created: result?.created ?? 0, updated: result?.updated ?? 0 },
      });
      return;
    }
    case 'syncApplication': {
      const target = callTarget(state, operationId, request, context);
      if (target) record({ action: 'sync', outcome: 'succeeded', ...target, reason: 'Application synced' });
      return;
    }
    case 'syncAllApplications':
      record({
        action: 'sync',
        outcome: 'succeeded',
        kind: 'application',
        targetName: 'All applications',
        company: null,
        needRank: kindRank('application'),
        counts: { applications: Array.isArray(value) ? value.length : 0 },
        reason: 'Every application synced',
      });
      return;
    case 'syncVisibilityKind':
    case 'syncAllVisibility':
    case 'pullUsers': {
      const kind: ActivityKind = operationId === 'pullUsers' ? 'user' : 'visibility';
      const what =
        operationId === 'pullUsers'
          ? 'Users'
          : ((request.params as { kind?: string }).kind ?? 'All visibility elements');
      record({
        action: 'sync',
        outcome: 'succeeded',
        kind,
        targetName: what,
        company: operationId === 'pullUsers' ? (context.actor?.companyUuid ?? null) : null,
        needRank: Math.max(kindRank(kind), operationId === 'pullUsers' ? roleRank(context.actor?.role) : 0),
        ...(typeof value === 'number'
          ? { counts: { [operationId === 'pullUsers' ? 'users' : 'elements']: value } }
          : {}),
        reason: `${what} synced`,
      });
      return;
    }
    default:
      return;
  }
}

interface BulkRow {
  uuid: string;
  result: 'done' | 'unchanged' | 'refused';
  reason?: string;
}

/** The log's word for a bulk action's per-user change. */
function bulkAction(action: string | undefined): ActivityAction {
  if (action === 'activate') return 'activate';
  if (action === 'deactivate') return 'inactivate';
  if (action === 'sendPasswordReset') return 'passwordResetMail';
  return 'update';
}

/** A sign-in at the console's sign-in page, another application's, or the Enterprise SSO's. */
export function recordSignIn(state: StoreState, e: SignInEvent): void {
  const uuid = e.accountUuid ?? state.usernames.get(e.username.toLowerCase());
  const target = uuid ? targetOf(state, 'user', uuid) : undefined;
  const user = uuid ? state.users.get(uuid) : undefined;
  state.activity.record({
    action: 'signIn',
    outcome: e.outcome,
    channel: e.channel,
    kind: 'user',
    ...(target ?? {
      targetUuid: null,
      targetName: e.username.slice(0, 255),
      company: null,
      needRank: roleRank('ERRIGAL_ADMIN'),
    }),
    // Who signed in acted; a failed attempt's actor is not known (anyone may type a username).
    ...(e.outcome === 'succeeded' && user
      ? { actorUuid: user.uuid, actorName: user.username, actorRole: e.role }
      : { actorUuid: null, actorName: null, actorRole: null }),
    reason: e.reason,
    clientId: e.clientId,
    address: e.address,
    userAgent: e.userAgent?.slice(0, AGENT_MAX) ?? null,
    call: e.call,
    correlation: null,
  });
}

/** A sign-out of one session by its own user (the console's or another application's). */
export function recordSignOut(state: StoreState, e: SignOutEvent): void {
  const target = targetOf(state, 'user', e.userUuid);
  const user = state.users.get(e.userUuid);
  if (!target || !user) return;
  state.activity.record({
    action: 'signOut',
    outcome: 'succeeded',
    channel: e.channel,
    kind: 'user',
    ...target,
    actorUuid: user.uuid,
    actorName: user.username,
    actorRole: e.role,
    clientId: e.clientId,
    address: e.address,
    userAgent: e.userAgent?.slice(0, AGENT_MAX) ?? null,
    call: e.call,
    correlation: null,
  });
}
