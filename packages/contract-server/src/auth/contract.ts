// The seam between the domain store (src/store, routes) and the OAuth2
// provider (src/auth). The store side implements AuthStore; the auth side
// provides the Fastify plugin that authenticates requests and the handlers of
// the auth operations. Neither reaches into the other's internals.

import type { ThrottleStatus } from './sign-in-throttle.ts';

export type ConsoleRole = 'ERRIGAL_ADMIN' | 'ADMIN' | 'SCO_ADMIN';

/** What the auth side needs to know about an account. */
export interface AuthAccount {
  uuid: string;
  username: string;
  active: boolean;
  /** scrypt hash from ./password.ts; null when the account has never set a password. */
  passwordHash: string | null;
  /** The console roles the account holds (derived by the store from its business profile). */
  roles: ConsoleRole[];
  companyUuid: string | null;
  layoutCodes: string[];
  defaultMinimumRoleName: ConsoleRole;
}

export interface AuthClient {
  uuid: string;
  /** The client_id used on the wire: the client's uuid. */
  name: string;
  allowedRedirectTarget: string;
  /** '': none, a public client that proves itself with PKCE alone (as the console's own). */
  clientSecret: string;
  /** Every registered redirect target, when there are several (allowedRedirectTarget is the first). */
  redirectTargets?: readonly string[];
}

export interface AuthStore {
  findAccountByUsername(username: string): AuthAccount | undefined;
  findAccountByUuid(uuid: string): AuthAccount | undefined;
  findClient(clientId: string): AuthClient | undefined;
  /**
   * What the user holds in each application (by name), for the access token's `resource_access`
   * claim, as Keycloak's tokens carry it: an application signing the user in reads its roles there.
   */
  holdings?(userUuid: string): Record<string, { roles: string[] }>;
}

/** The authenticated caller of an API request, set on `request.principal`. */
export interface Principal {
  userUuid: string;
  username: string;
  /** Highest console role held, or null for an account with none. */
  role: ConsoleRole | null;
  roles: ConsoleRole[];
  companyUuid: string | null;
  layoutCodes: string[];
  /** Session the access token was issued under (ends at logout). */
  sessionId: string;
  clientId: string;
}

/** A sign-in attempt, as the activity log records it (app.ts hands these to activity/recording.ts). */
export interface SignInEvent {
  outcome: 'succeeded' | 'failed' | 'refused';
  username: string;
  /** The account the username names (null: none, or not known). */
  accountUuid: string | null;
  /** Its highest console role, when it signed in. */
  role: string | null;
  reason: string | null;
  clientId: string | null;
  channel: 'signInPage' | 'otherApplication';
  address: string;
  userAgent: string | null;
  call: string;
}

/** A user ending one of its own sessions (logout). */
export interface SignOutEvent {
  userUuid: string;
  role: string | null;
  clientId: string | null;
  channel: 'signInPage' | 'otherApplication' | 'console';
  address: string;
  userAgent: string | null;
  call: string;
}

/** What a sign-in must ask after the password (null from stepFor: nothing). */
export interface FactorStepNeeded {
  methods: ('totp' | 'passkey' | 'recovery')[];
  enrol: boolean;
  requiredBy: string | null;
}

export type FactorRefusal = { ok: false; status: 401 | 429; message: string; retryAfter?: number };

/** Who acted on a user's factors, as the record history names it. */
interface FactorSource {
  actor: { uuid: string; username: string } | null;
  call: string;
}

/** Second factors, as the sign-in uses them (factors/service.ts gives it). */
export interface FactorPort {
  stepFor(userUuid: string): FactorStepNeeded | null;
  checkCode(
    userUuid: string,
    method: 'totp' | 'recovery',
    code: string,
    address: string,
    source: FactorSource,
  ): { ok: true } | FactorRefusal;
  passkeyOptions(userUuid: string): Promise<{ options: unknown; challenge: string }>;
  checkPasskey(
    userUuid: string,
    response: unknown,
    challenge: string,
    address: string,
    source: FactorSource,
  ): Promise<{ ok: true } | FactorRefusal>;
  startEnrolment(
    userUuid: string,
    kind: 'totp' | 'passkey',
  ): Promise<{ enrolment: string; secret?: string; uri?: string; options?: Record<string, unknown> }>;
  finishEnrolment(
    userUuid: string,
    enrolment: string,
    proof: { code?: string; credential?: unknown },
    name: string | undefined,
    address: string,
    source: FactorSource,
  ): Promise<{ factor: unknown; recoveryCodes?: string[] } | FactorRefusal>;
}

/** Where the auth side reports sign-ins and sign-outs (the activity log). */
export interface AuthEvents {
  signIn(event: SignInEvent): void;
  signOut(event: SignOutEvent): void;
}

/** An open sign-in session as the admin console lists it (times in ms). */
export interface SessionSummary {
  id: string;
  startedAt: number;
  lastUsedAt: number;
  address: string | null;
  method: 'password' | 'enterpriseSso' | 'issued';
  clientIds: string[];
}

/** A user's failed sign-ins at the console's sign-in, and its open sessions. */
export interface UserSignInState {
  throttle: ThrottleStatus;
  /** Most recently used first. */
  sessions: SessionSummary[];
}

/** What the auth plugin exposes on the Fastify instance as `app.auth`. */
export interface AuthService {
  /** The provider's public keys as a JWKS (what GET /auth/jwks answers where it is offered). */
  publicKeys(): Promise<{ keys: object[] }>;
  /** Ends every session of the user (password reset, logout everywhere). */
  revokeUserSessions(userUuid: string): void;
  /**
   * Ends one session of the user and every token issued under it (POST /user/{uuid}/sessions/{id}/logout);
   * a session that has already ended, or is another user's, is left as it is.
   */
  endUserSession(userUuid: string, sessionId: string): void;
  /** The admin console's view of the user's sign-ins (GET /user/{uuid}/signIns). */
  signInsOf(userUuid: string, username: string): UserSignInState;
  /** Unlock: forgets the user's failed sign-ins at the console's sign-in. */
  unlockSignIn(username: string): void;
  /**
   * POST /__mock/reset: forgets unspent codes and failed sign-in counts. Sign-in
   * sessions stay: the reseeded accounts are the same (same seed, same uuids).
   */
  reset(): void;
  /**
   * Test and bench helper: the cross-site request token a page of the console
   * would give a browser holding this session cookie (none: not signed in).
   */
  xsrfToken(sessionCookie?: string): string;
  /** Test and seed helper: an access token for the account, as a real sign-in would give. */
  issueTokenFor(username: string, clientId?: string): Promise<string>;
  /** How many authorization codes the provider and the SSO stand-in hold (kept and swept, see AuthCore.prune). */
  pending(): { codes: number; ssoCodes: number };
  /** The sign-in state a restart keeps (sessions, codes, revocations), as JSON-ready data, and back (storage/). */
  keptState(): unknown;
  restoreKeptState(state: unknown): void;
  /** `listener` hears of each change of keptState a restart must keep (AuthCore.onChange). */
  onChange(listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    auth: AuthService;
  }
}
