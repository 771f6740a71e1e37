// What every area's routes module gets (the current store, the start-up
// configuration, the auth side's session revocation) and the pieces they
// share: the signed-in caller, typed requests, the handler table type.
import type { components, operations } from '@userprofile/shared/generated/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth/contract.ts';
import { callOf } from '../auth/http.ts';
import type { CachedJson } from '../http/send.ts';
import { type Caller, callerOf, requireArea } from '../store/access.ts';
import { DomainError } from '../store/errors.ts';
import type { Store } from '../store/store.ts';

export type S = components['schemas'];
/** config.json: StartupConfig of openapi/userprofile.yaml, the type the console reads it with too. */
export type StartupConfig = S['StartupConfig'];

export interface RouteContext {
  /** The current store (POST /__mock/reset swaps it). */
  store(): Store;
  startupConfig: StartupConfig;
  revokeUserSessions(userUuid: string): void;
  /** The auth side's view of a user's sign-ins, Unlock, and the end of one session (./sign-ins.ts). */
  signIns: Pick<AuthService, 'signInsOf' | 'unlockSignIn' | 'endUserSession'>;
  /** The users lists' answers (users.ts userListAnswers), which the server also prepares ahead of a reader. */
  userLists: UserListAnswers;
}

/** The users lists' answers, kept per scope until the next write. */
export interface UserListAnswers {
  /** The active or inactive users as `who` sees them, as kept JSON. */
  answer(store: Store, who: Caller, active: boolean): Promise<CachedJson>;
  /** Makes `who`'s active list and its gzip copy now, in the background, before they ask for it. */
  prepare(store: Store, who: Caller): void;
}

/**
 * A service handler. Declared as a method so that a handler typing its request
 * (`Req<Body, Params>`, which the document's validation guarantees) still
 * fits: method parameters are compared bivariantly.
 */
interface HandlerMethod {
  handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}
type Handler = HandlerMethod['handle'];
/** An area's service handlers, keyed by the document's operationId (fastify-openapi-glue's serviceHandlers). */
export type Routes = { [K in keyof operations]?: Handler };
export type Req<B = unknown, P = Record<string, string>> = FastifyRequest<{ Body: B; Params: P }>;

class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
}

/** The signed-in account, or a 401 (the security handler lets no anonymous call through; this is the type guard). */
export function principal(request: FastifyRequest) {
  if (!request.principal) throw new UnauthorizedError('The access token is missing or invalid.');
  return request.principal;
}

export { callOf };

/** The signed-in caller; an account without a console role gets 403 (docs/roles-and-scoping.md "Route rules"). */
export function caller(request: FastifyRequest): Caller {
  const who = callerOf(principal(request));
  who.call = callOf(request);
  requireArea(who, 'users');
  return who;
}
