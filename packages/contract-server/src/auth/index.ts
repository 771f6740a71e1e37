// The OAuth2 authorization provider of the contract server: the suite's sign-in, which the console and the
// other applications use as they would the real one.
//
// Wiring, in app.ts:
//
//   const auth = createAuth({ store, publicOrigin, consoleClientId });
//   await app.register(cookie);                 // @fastify/cookie, required
//   await app.register(formbody);               // @fastify/formbody, required
//   await app.register(auth.plugin);            // before the routes
//   registerSsoPages(app, auth.sso);            // the stand-in SSO provider this side redeems codes of
//   await app.register(openapiGlue, {
//     specification,
//     serviceHandlers: { ...areaRoutes, ...auth.handlers },
//     securityHandlers: auth.securityHandlers,
//     prefix: BASE_PATH,
//   });
//
// `auth.plugin` decorates `request.principal` (null until bearerAuth succeeds)
// and `app.auth` (AuthService of ./contract.ts), sets and enforces the
// cross-site request token under /userprofile, and refuses bad authorization
// requests at the login page itself (GET /userprofile/authorize).
// `auth.handlers` implements the operations of the "Authentication" tag of
// openapi/userprofile.yaml.
// `auth.securityHandlers.bearerAuth` verifies access tokens; a failure throws
// an error with statusCode 401 that the app's error handler renders.

import type {} from '@fastify/cookie';
import { BASE_PATH as BASE, highestRole, XSRF_COOKIE, XSRF_HEADER } from '@userprofile/shared/constants';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, tokenErrorBody } from '../http/errors.ts';
import { SSO_BASE_PATH, type SsoClient, SsoProvider } from '../sites/sso.ts';
import { authorizeQueryToObject, buildRedirect, checkAuthorizeRequest } from './authorize-request.ts';
import { BrowserBinding } from './browser-binding.ts';
import type { AuthEvents, AuthService, AuthStore, FactorPort, FactorRefusal, FactorStepNeeded } from './contract.ts';
import {
  AuthCore,
  DEFAULT_TOKEN_TTL_SECONDS,
  randomToken,
  type Session,
  SUPPORTED_SCOPES,
  type TokenParams,
} from './core.ts';
import { FACTOR_COOKIE, type StepTicket, StepTickets } from './factor-step.ts';
import { AuthError, callOf as callOfRequest, escapeHtml, htmlPage, pageRoute, routedPath } from './http.ts';
import type { SigningKey } from './keys.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, PasswordGate, type PasswordRefusal } from './password-gate.ts';
import { timingSafeEqualText } from './pkce.ts';
import { sessionSummaries } from './session-summary.ts';
import { asTokenError, bearerToken, bearerTokenOfHeader, clientCredentials } from './token-request.ts';

export { CODE_TTL_MS } from './core.ts';
export { createSigningKey, type SigningKey } from './keys.ts';
export { hashParams, hashPassword, verifyPassword } from './password.ts';
export { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './password-gate.ts';

const SESSION_COOKIE = 'UPSESSION';
/** Marks a browser that signed in: a neighbour's failures at its address do not slow it (password-gate.ts). */
const BROWSER_COOKIE = 'UPBROWSER';
const BROWSER_SECONDS = 90 * 86_400;
/** Set when this browser starts an Enterprise SSO sign-in; the SSO state is derived from it. */
const SSO_COOKIE = 'UPSSO';
/** Only the SSO calls need it. */
const SSO_COOKIE_PATH = `${BASE}/api/v1/auth`;
/** An SSO sign-in must come back within this long (the corporate sign-in page asks for a password). */
const SSO_COOKIE_MAX_AGE_S = 600;
/** Node lower-cases request header names. */
const XSRF_HEADER_NAME = XSRF_HEADER.toLowerCase();
/** The token endpoint is called back-channel by other applications: it carries no cookie, so no XSRF token. */
const TOKEN_PATH = `${BASE}/api/v1/auth/token`;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BASE_PREFIX = `${BASE}/`;
/** The console's login page, which is the authorization endpoint. */
const LOGIN_PAGE_PATH = `${BASE}/authorize`;
/** The start-up configuration, the first thing the console loads: a page that hands out the XSRF token. */
const CONFIG_PATH = `${BASE}/config.json`;
/** The sign-in pages' first API call: a console whose pages another server serves (proxy mode) gets its token here. */
const FRONTEND_CONFIG_PATH = `${BASE}/api/v1/auth/frontendconfig`;
const AUTHORIZE_PATHS = new Set([`${BASE}/api/v1/auth/authorize`, `${BASE}/api/v1/auth/session`]);

export interface CreateAuthOptions {
  store: AuthStore;
  /** Scheme, host and port the browser sees, without a trailing slash: `http://127.0.0.1:8080`. */
  publicOrigin: string;
  /** client_id (the uuid) of the seeded OAuth2 client that is the console itself. */
  consoleClientId: string;
  /** Clock in milliseconds; tests move it to expire codes, tokens and lockouts. */
  now?: () => number;
  /** Access-token lifetime; defaults to TOKEN_TTL_SECONDS from the environment, else 3600. */
  tokenTtlSeconds?: number;
  /** The console as a client of the simulated Enterprise SSO; defaults to the console client id and `/userprofile/callback`. */
  ssoClient?: SsoClient;
  loginLimits?: LoginLimits;
  /** Tests only: a key pair they can also sign with (see ./keys.ts createSigningKey). */
  signingKey?: Promise<SigningKey>;
  /** `false` with EXTENSIONS=off: no `POST /auth/sso/start`, so the SSO exchange asks no cookie-bound state. */
  ssoStartBinding?: boolean;
  /** Told of each sign-in attempt and sign-out (the activity log). */
  events?: AuthEvents;
  /** Second factors (an extension): without it, a right password is enough, as spec §4 has it. */
  factors?: FactorPort;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

interface AuthHandlers {
  login: Handler;
  startSso: Handler;
  authorize: Handler;
  checkSession: Handler;
  token: Handler;
  logout: Handler;
  frontendConfig: Handler;
  getPropelTokenFromCode: Handler;
  me: Handler;
  verifySecondFactor: Handler;
  enrolSecondFactor: Handler;
  startPasskeySignIn: Handler;
  jwks: Handler;
  openidConfiguration: Handler;
}

export interface Auth {
  plugin: (app: FastifyInstance) => Promise<void>;
  securityHandlers: { bearerAuth: (request: FastifyRequest, reply: FastifyReply, params: unknown) => Promise<void> };
  /**
   * The API's bearer check as an onRequest hook, around the glue's security
   * handler of a route (which runs bearerAuth and renders its refusals): a
   * token an earlier call verified, and that still passes every check, is let
   * through at once; any other goes through `documented`.
   */
  bearerCheck(documented: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): onRequestHookHandler;
  handlers: AuthHandlers;
  service: AuthService;
  /** The stand-in Enterprise SSO provider whose codes getPropelTokenFromCode redeems; app.ts registers its pages. */
  sso: SsoProvider;
}

function envTokenTtl(): number | undefined {
  const value = Number(process.env.TOKEN_TTL_SECONDS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function createAuth(options: CreateAuthOptions): Auth {
  const { store, publicOrigin } = options;
  const now = options.now ?? Date.now;
  const core = new AuthCore({
    store,
    publicOrigin,
    consoleClientId: options.consoleClientId,
    now,
    tokenTtlSeconds: options.tokenTtlSeconds ?? envTokenTtl() ?? DEFAULT_TOKEN_TTL_SECONDS,
    ...(options.signingKey ? { signingKey: options.signingKey } : {}),
  });
  const limits = options.loginLimits ?? DEFAULT_LOGIN_LIMITS;
  const sso = new SsoProvider(
    store,
    options.ssoClient ?? { clientId: options.consoleClientId, redirectUri: `${publicOrigin}${BASE}/callback` },
    now,
    limits,
  );
  const signInGate = new PasswordGate(store, limits, now);
  const stepTickets = new StepTickets(now);
  const binding = new BrowserBinding();
  const secure = publicOrigin.startsWith('https:');
  const cookieBase = { path: BASE, sameSite: 'lax' as const, secure };
  /** The second factor step's cookie: sent only to the step's calls, set and cleared alike. */
  const factorCookie = { ...cookieBase, path: `${BASE}/api/v1/auth/factor`, httpOnly: true };

  const service: AuthService = {
    async publicKeys() {
      return { keys: [(await core.signingKey()).publicJwk] };
    },
    revokeUserSessions(userUuid) {
      core.revokeUserSessions(userUuid);
      sso.forgetUser(userUuid);
    },
    endUserSession(userUuid, sessionId) {
      const session = core.sessionById(sessionId);
      if (session?.userUuid === userUuid) core.endSession(session);
    },
    signInsOf(userUuid, username) {
      return { throttle: signInGate.status(username), sessions: sessionSummaries(core.sessionsOf(userUuid)) };
    },
    unlockSignIn(username) {
      signInGate.unlock(username);
    },
    reset() {
      core.forgetCodes();
      sso.forgetAll();
      signInGate.clear();
      stepTickets.clear();
    },
    pending: () => ({ codes: core.codeCount, ssoCodes: sso.codeCount }),
    keptState: () => core.keptState(),
    restoreKeptState: (state) => core.restoreKeptState(state as ReturnType<AuthCore['keptState']>),
    onChange: (listener) => core.onChange(listener),
    xsrfToken: (sessionCookie) => binding.xsrfToken(sessionCookie),
    async issueTokenFor(username, clientId = options.consoleClientId) {
      const account = store.findAccountByUsername(username);
      if (!account?.active) throw new Error(`No active account named ${username}`);
      const session = core.createSession(account.uuid);
      return (await core.signToken(account, clientId, session)).access_token;
    },
  };

  function ssoCookie(maxAge?: number) {
    return { ...cookieBase, path: SSO_COOKIE_PATH, httpOnly: true, ...(maxAge ? { maxAge } : {}) };
  }

  function setSessionCookie(reply: FastifyReply, session: Session, browser?: string): void {
    reply.setCookie(SESSION_COOKIE, session.cookie, { ...cookieBase, httpOnly: true });
    if (browser) reply.setCookie(BROWSER_COOKIE, browser, { ...cookieBase, httpOnly: true, maxAge: BROWSER_SECONDS });
    // A new session, a new cross-site request token bound to it (the old one no longer fits).
    setXsrfCookie(reply, session.cookie);
  }

  function clearSessionCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { ...cookieBase, httpOnly: true });
    setXsrfCookie(reply, undefined);
  }

  function setXsrfCookie(reply: FastifyReply, sessionCookie: string | undefined): void {
    reply.setCookie(XSRF_COOKIE, binding.xsrfToken(sessionCookie), { ...cookieBase, httpOnly: false });
  }

  /** The X-XSRF-TOKEN header equals the XSRF-TOKEN cookie, and that token was made here for this browser's session. */
  function hasXsrfProof(request: FastifyRequest): boolean {
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER_NAME];
    return (
      !!cookie &&
      typeof header === 'string' &&
      timingSafeEqualText(header, cookie) &&
      binding.xsrfFits(cookie, request.cookies[SESSION_COOKIE])
    );
  }

  function liveSession(request: FastifyRequest): Session | undefined {
    const session = core.sessionByCookie(request.cookies[SESSION_COOKIE]);
    return session && core.activeAccount(session.userUuid) ? session : undefined;
  }

  type SignIn =
    | { ok: true; session: Session; browser: string }
    | { ok: 'step'; userUuid: string; browser: string; step: FactorStepNeeded }
    | PasswordRefusal;

  /** What the activity log is told of a request: its address, agent and call. */
  function origin(request: FastifyRequest) {
    const agent = request.headers['user-agent'];
    return { address: request.ip, userAgent: typeof agent === 'string' ? agent : null, call: callOfRequest(request) };
  }

  /**
   * Password sign-in with the per-username and per-address limits (./password-gate.ts).
   * `clientId`: the application signing in (the console's own sign-in page when it is the console).
   */
  async function passwordSignIn(
    request: FastifyRequest,
    username: unknown,
    password: unknown,
    clientId: string = options.consoleClientId,
  ): Promise<SignIn> {
    const checked = await signInGate.check(request.ip, username, password, request.cookies[BROWSER_COOKIE]);
    const step = checked.ok ? options.factors?.stepFor(checked.account.uuid) : null;
    // A blank or oversized form is not an attempt at an account: it is not logged. A right password
    // with a second factor to come is logged once the factor is right (or wrong).
    if (typeof username === 'string' && (checked.ok || checked.status !== 400) && !step)
      options.events?.signIn({
        outcome: checked.ok ? 'succeeded' : checked.status === 429 ? 'refused' : 'failed',
        username,
        accountUuid: checked.ok ? checked.account.uuid : (checked.accountUuid ?? null),
        role: checked.ok ? highestRole(checked.account.roles) : null,
        reason: checked.ok ? 'Password' : (checked.logReason ?? checked.message),
        clientId,
        channel: clientId === options.consoleClientId ? 'signInPage' : 'otherApplication',
        ...origin(request),
      });
    if (!checked.ok) return checked;
    if (step) return { ok: 'step', userUuid: checked.account.uuid, browser: checked.browser, step };
    return { ok: true, session: newSession(request, checked.account.uuid, false), browser: checked.browser };
  }

  /** A new session (and cookie value) at each sign-in; the one the browser held ends. */
  function newSession(request: FastifyRequest, userUuid: string, secondFactor: boolean): Session {
    const previous = core.sessionByCookie(request.cookies[SESSION_COOKIE]);
    if (previous) core.endSession(previous);
    const session = core.createSession(userUuid, undefined, request.ip);
    if (secondFactor) session.secondFactor = true;
    return session;
  }

  /** The second factor step's answer, its ticket bound to this browser by a cookie. */
  function openStep(
    reply: FastifyReply,
    userUuid: string,
    step: FactorStepNeeded,
    purpose: StepTicket['purpose'],
    browser: string | undefined,
    replaces?: Session,
  ) {
    const opened = stepTickets.open({ userUuid, purpose, browser, replaces: replaces?.id, enrol: step.enrol });
    reply.setCookie(FACTOR_COOKIE, opened.cookie, { ...factorCookie, maxAge: opened.expiresIn });
    reply.header('Cache-Control', 'no-store');
    return {
      secondFactor: {
        ticket: opened.ticket,
        methods: step.methods,
        enrol: step.enrol,
        requiredBy: step.requiredBy,
        expiresIn: opened.expiresIn,
      },
    };
  }

  /**
   * A session that may sign in to a client without a second factor now: one
   * opened with the factor, or one whose user needs none. A session from
   * before its user needed one is asked for it.
   */
  function sessionStep(session: Session): FactorStepNeeded | null {
    if (session.secondFactor) return null;
    return options.factors?.stepFor(session.userUuid) ?? null;
  }

  /** The step's ticket this browser holds, or the refusal already sent (400 gone, 403 another browser's). */
  function liveTicket(request: FastifyRequest, reply: FastifyReply, ticket: string): StepTicket | FastifyReply {
    const found = stepTickets.find(ticket, request.cookies[FACTOR_COOKIE]);
    if (found === 'gone')
      return reply
        .code(400)
        .send(
          errorBody(400, 'This sign-in has expired or ended: sign in again.', [
            { field: 'body.ticket', reason: 'expired or unknown' },
          ]),
        );
    if (found === 'foreign')
      return reply.code(403).send(errorBody(403, 'This sign-in was begun in another browser: sign in again here.'));
    return found;
  }

  /** The user as the record history names an actor. */
  function actorOf(userUuid: string) {
    const account = store.findAccountByUuid(userUuid);
    return account ? { uuid: account.uuid, username: account.username } : null;
  }

  function refuseSignIn(reply: FastifyReply, failed: PasswordRefusal) {
    if (failed.retryAfter !== undefined) reply.header('Retry-After', String(failed.retryAfter));
    return reply.code(failed.status).send(errorBody(failed.status, failed.message));
  }

  function refuseAuthorize(reply: FastifyReply, field: string, reason: string) {
    return reply
      .code(400)
      .send(
        errorBody(400, `The authorization request was refused: ${field} ${reason}.`, [
          { field: `body.authorizeRequest.${field}`, reason },
        ]),
      );
  }

  function authorizeFor(session: Session, request: ReturnType<typeof checkAuthorizeRequest> & { ok: true }) {
    const code = core.issueCode({
      clientId: request.request.client_id,
      redirectUri: request.request.redirect_uri,
      challenge: request.request.code_challenge,
      scope: request.request.scope,
      nonce: request.request.nonce,
      session,
    });
    // RFC 9207: the answer names its issuer, so a client that signs in with more
    // than one provider can tell whose code it holds (the mix-up attack).
    return {
      redirectUrl: buildRedirect(request.request.redirect_uri, {
        code,
        state: request.request.state,
        iss: core.issuer,
      }),
    };
  }

  const handlers: AuthHandlers = {
    async login(request, reply) {
      const body = (request.body ?? {}) as { username?: unknown; password?: unknown };
      const result = await passwordSignIn(request, body.username, body.password);
      if (result.ok === 'step') return openStep(reply, result.userUuid, result.step, { kind: 'login' }, result.browser);
      if (!result.ok) return refuseSignIn(reply, result);
      setSessionCookie(reply, result.session, result.browser);
      reply.header('Cache-Control', 'no-store');
      return { success: true };
    },

    async authorize(request, reply) {
      const body = (request.body ?? {}) as {
        credentials?: { username?: unknown; password?: unknown };
        token?: unknown;
        authorizeRequest?: unknown;
      };
      const checked = checkAuthorizeRequest(body.authorizeRequest, store);
      if (!checked.ok) return refuseAuthorize(reply, checked.field, checked.reason);
      let session: Session | undefined;
      if (body.credentials !== undefined) {
        const result = await passwordSignIn(
          request,
          body.credentials?.username,
          body.credentials?.password,
          checked.request.client_id,
        );
        if (result.ok === 'step')
          return openStep(reply, result.userUuid, result.step, { kind: 'authorize', request: checked }, result.browser);
        if (!result.ok) return refuseSignIn(reply, result);
        session = result.session;
        setSessionCookie(reply, session, result.browser);
      } else if (typeof body.token === 'string') {
        try {
          session = (await core.verifyToken(body.token)).session;
        } catch (err) {
          return reply.code(401).send(errorBody(401, (err as Error).message));
        }
        // The browser that proved the token gets the sign-in session too, for later session checks.
        if (request.cookies[SESSION_COOKIE] !== session.cookie) setSessionCookie(reply, session);
      } else {
        // authorize is a sign-in call: without a session, credentials or token it is refused.
        // Only the session check (checkSession) answers 204 for a visitor with no session.
        session = liveSession(request);
        if (!session) return reply.code(401).send(errorBody(401, 'Not signed in.'));
      }
      // A session (or its token) from before its user needed a second factor gives it now.
      const step = body.credentials === undefined ? sessionStep(session) : null;
      if (step)
        return openStep(reply, session.userUuid, step, { kind: 'authorize', request: checked }, undefined, session);
      return authorizeFor(session, checked);
    },

    async checkSession(request, reply) {
      const body = (request.body ?? {}) as { authorizeRequest?: unknown };
      const checked = checkAuthorizeRequest(body.authorizeRequest, store);
      if (!checked.ok) return refuseAuthorize(reply, checked.field, checked.reason);
      const session = liveSession(request);
      if (!session) return reply.code(204).send();
      const step = sessionStep(session);
      if (step)
        return openStep(reply, session.userUuid, step, { kind: 'authorize', request: checked }, undefined, session);
      return authorizeFor(session, checked);
    },

    async verifySecondFactor(request, reply) {
      reply.header('Cache-Control', 'no-store');
      const body = request.body as {
        ticket: string;
        method: 'totp' | 'passkey' | 'recovery';
        code?: string;
        credential?: unknown;
        name?: string;
      };
      const factors = options.factors;
      if (!factors) return reply.code(404).send(errorBody(404, 'This backend asks no second factor.'));
      const ticket = liveTicket(request, reply, body.ticket);
      if (!('userUuid' in ticket)) return ticket;
      const source = { actor: actorOf(ticket.userUuid), call: callOfRequest(request) };
      let outcome: { ok: true; recoveryCodes?: string[] } | FactorRefusal;
      if (ticket.enrol) {
        if (body.method === 'recovery' || !ticket.enrolment)
          return reply.code(400).send(errorBody(400, 'Enrol a factor first: ask for a new key or a passkey.'));
        const done = await factors.finishEnrolment(
          ticket.userUuid,
          ticket.enrolment,
          {
            ...(body.code !== undefined ? { code: body.code } : {}),
            ...(body.credential !== undefined ? { credential: body.credential } : {}),
          },
          body.name,
          request.ip,
          source,
        );
        outcome =
          'factor' in done ? { ok: true, ...(done.recoveryCodes ? { recoveryCodes: done.recoveryCodes } : {}) } : done;
      } else if (body.method === 'passkey') {
        if (!ticket.passkeyChallenge) return reply.code(400).send(errorBody(400, 'Ask for the passkey options first.'));
        outcome = await factors.checkPasskey(
          ticket.userUuid,
          body.credential,
          ticket.passkeyChallenge,
          request.ip,
          source,
        );
      } else outcome = factors.checkCode(ticket.userUuid, body.method, body.code ?? '', request.ip, source);
      const account = store.findAccountByUuid(ticket.userUuid);
      const how = { totp: 'authenticator app', passkey: 'passkey', recovery: 'recovery code' }[body.method];
      const clientId =
        ticket.purpose.kind === 'authorize' ? ticket.purpose.request.request.client_id : options.consoleClientId;
      options.events?.signIn({
        outcome: outcome.ok ? 'succeeded' : outcome.status === 429 ? 'refused' : 'failed',
        username: account?.username ?? '',
        accountUuid: ticket.userUuid,
        role: outcome.ok && account ? highestRole(account.roles) : null,
        reason: outcome.ok
          ? `Password and ${ticket.enrol ? `a new ${how}` : how}`
          : `Password right, ${how}: ${outcome.message}`,
        clientId,
        channel: clientId === options.consoleClientId ? 'signInPage' : 'otherApplication',
        ...origin(request),
      });
      if (!outcome.ok) {
        if (outcome.status === 401) stepTickets.wrong(body.ticket);
        if (outcome.retryAfter !== undefined) reply.header('Retry-After', String(outcome.retryAfter));
        return reply.code(outcome.status).send(errorBody(outcome.status, outcome.message));
      }
      stepTickets.close(body.ticket);
      reply.clearCookie(FACTOR_COOKIE, factorCookie);
      if (ticket.replaces) {
        const old = core.sessionById(ticket.replaces);
        if (old) core.endSession(old);
      }
      const session = newSession(request, ticket.userUuid, true);
      setSessionCookie(reply, session, ticket.browser);
      const codes = outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {};
      if (ticket.purpose.kind === 'login') return { success: true, ...codes };
      return { ...authorizeFor(session, ticket.purpose.request), ...codes };
    },

    async enrolSecondFactor(request, reply) {
      reply.header('Cache-Control', 'no-store');
      const body = request.body as { ticket: string; method: 'totp' | 'passkey' };
      if (!options.factors) return reply.code(404).send(errorBody(404, 'This backend asks no second factor.'));
      const ticket = liveTicket(request, reply, body.ticket);
      if (!('userUuid' in ticket)) return ticket;
      if (!ticket.enrol) return reply.code(400).send(errorBody(400, 'This sign-in has a factor already: give it.'));
      const started = await options.factors.startEnrolment(ticket.userUuid, body.method);
      ticket.enrolment = started.enrolment;
      return started;
    },

    async startPasskeySignIn(request, reply) {
      reply.header('Cache-Control', 'no-store');
      const body = request.body as { ticket: string };
      if (!options.factors) return reply.code(404).send(errorBody(404, 'This backend asks no second factor.'));
      const ticket = liveTicket(request, reply, body.ticket);
      if (!('userUuid' in ticket)) return ticket;
      const { options: passkeyOptions, challenge } = await options.factors.passkeyOptions(ticket.userUuid);
      ticket.passkeyChallenge = challenge;
      return { options: passkeyOptions };
    },

    async token(request, reply) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Pragma', 'no-cache');
      const params = (request.body ?? {}) as TokenParams;
      const invalid = request.validationError;
      if (invalid) {
        const grantType = params.grant_type;
        const code =
          typeof grantType === 'string' && grantType !== 'authorization_code'
            ? 'unsupported_grant_type'
            : // RFC 7636 §4.6 and the checklist: a missing or malformed verifier is an invalid grant.
              /code_verifier/.test(invalid.message)
              ? 'invalid_grant'
              : 'invalid_request';
        const message =
          code === 'unsupported_grant_type' ? 'Only the authorization_code grant is supported.' : invalid.message;
        return reply.code(400).send(tokenErrorBody(400, code, message));
      }
      const credentials = clientCredentials(request, params);
      if (!credentials.ok) return refuseClient(reply, 'invalid_request', credentials.reason);
      const outcome = await core.redeemCode(params, credentials.credentials);
      if (!outcome.ok) {
        if (outcome.error === 'invalid_client') return refuseClient(reply, outcome.error, outcome.error_description);
        return reply.code(400).send(tokenErrorBody(400, outcome.error, outcome.error_description));
      }
      return outcome.body;
    },

    async logout(request, reply) {
      const query = (request.query ?? {}) as { ticket?: unknown };
      const ticket = typeof query.ticket === 'string' && query.ticket !== '' ? query.ticket : undefined;
      const bearer = bearerToken(request);
      // Only a live console token ends a session, and only its own: an expired
      // or revoked token, or one issued to another client, ends nothing.
      const tokenSession = bearer ? await core.liveSessionOfToken(bearer) : undefined;
      // The cookie alone proves nothing: a page on another site can send the
      // browser here with it. The caller must also hold what only the session's
      // own pages have: a live token of that session, its SSO ticket, or the
      // cross-site request token of this origin.
      const cookieSession = core.sessionByCookie(request.cookies[SESSION_COOKIE]);
      const proven =
        cookieSession !== undefined &&
        (tokenSession === cookieSession ||
          (ticket !== undefined && cookieSession.ticket === ticket) ||
          hasXsrfProof(request));
      const ended = new Set<Session>();
      if (cookieSession && proven) ended.add(cookieSession);
      if (tokenSession) ended.add(tokenSession);
      for (const session of ended) {
        core.endSession(session);
        const account = store.findAccountByUuid(session.userUuid);
        const clientId = tokenSession === session ? options.consoleClientId : null;
        options.events?.signOut({
          userUuid: session.userUuid,
          role: account ? highestRole(account.roles) : null,
          clientId,
          channel: tokenSession === session ? 'console' : 'signInPage',
          ...origin(request),
        });
      }
      // The SSO ticket names one sign-in: every session opened with it (spec §2: out of all applications).
      if (ticket) for (const session of core.sessionsOfTicket(ticket)) core.endSession(session);
      if (!cookieSession || proven) clearSessionCookie(reply);
      reply.header('Cache-Control', 'no-store');
      return { success: true };
    },

    async frontendConfig() {
      return {
        propelAuthUrl: `${publicOrigin}${SSO_BASE_PATH}`,
        clientId: sso.client.clientId,
        envBaseUrl: `${publicOrigin}${BASE}`,
      };
    },

    async startSso(_request, reply) {
      reply.header('Cache-Control', 'no-store');
      const cookie = randomToken();
      reply.setCookie(SSO_COOKIE, cookie, ssoCookie(SSO_COOKIE_MAX_AGE_S));
      return { state: binding.ssoState(cookie) };
    },

    async getPropelTokenFromCode(request, reply) {
      reply.header('Cache-Control', 'no-store');
      const query = (request.query ?? {}) as { code?: unknown; code_verifier?: unknown; state?: unknown };
      // RFC 9700 §4.7: a session only for the browser that started this sign-in.
      // Its own page calls with the cross-site request token (a navigation from
      // another site cannot) and the state bound to the cookie set at its start.
      const fetchSite = request.headers['sec-fetch-site'];
      if ((fetchSite !== undefined && fetchSite !== 'same-origin') || !hasXsrfProof(request)) {
        return reply.code(403).send(errorBody(403, "The SSO code exchange is only for the console's own pages."));
      }
      if (options.ssoStartBinding !== false && !binding.ssoStateMatches(query.state, request.cookies[SSO_COOKIE])) {
        return reply.code(403).send(errorBody(403, 'This Enterprise SSO sign-in was not started in this browser.'));
      }
      // Spent with this attempt, whatever its outcome: one start, one exchange.
      reply.clearCookie(SSO_COOKIE, ssoCookie());
      const redeemed = sso.redeem(query.code, query.code_verifier);
      if (!redeemed.ok)
        return reply.code(400).send(errorBody(400, redeemed.error_description, undefined, redeemed.error));
      const session = core.createSession(redeemed.account.uuid, redeemed.ticket, request.ip);
      setSessionCookie(reply, session);
      options.events?.signIn({
        outcome: 'succeeded',
        username: redeemed.account.username,
        accountUuid: redeemed.account.uuid,
        role: highestRole(redeemed.account.roles),
        reason: 'Enterprise SSO',
        clientId: options.consoleClientId,
        channel: 'signInPage',
        ...origin(request),
      });
      return core.signToken(redeemed.account, options.consoleClientId, session);
    },

    async me(request, reply) {
      const principal = request.principal;
      const account = principal ? store.findAccountByUuid(principal.userUuid) : undefined;
      if (!account) return reply.code(401).send(errorBody(401, 'The access token is missing or invalid.'));
      return {
        success: true,
        username: account.username,
        roles: account.roles,
        layoutCode: account.layoutCodes,
        defaultMinimumRoleName: account.defaultMinimumRoleName,
      };
    },

    async jwks() {
      return service.publicKeys();
    },

    async openidConfiguration() {
      return metadata;
    },
  };

  /**
   * Provider metadata, served at the OpenID Connect Discovery location
   * ({issuer}/.well-known/openid-configuration) and the RFC 8414 one for an
   * issuer with a path (/.well-known/oauth-authorization-server/userprofile).
   */
  const metadata = {
    issuer: core.issuer,
    authorization_endpoint: `${publicOrigin}${BASE}/authorize`,
    token_endpoint: `${publicOrigin}${TOKEN_PATH}`,
    jwks_uri: `${publicOrigin}${BASE}/api/v1/auth/jwks`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    // The console's own client is public (none, PKCE); every other client authenticates with its secret.
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    scopes_supported: [...SUPPORTED_SCOPES],
    claims_supported: [
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'sid',
      'preferred_username',
      'resource_access',
    ],
    authorization_response_iss_parameter_supported: true,
  };

  function refuseClient(reply: FastifyReply, error: 'invalid_request' | 'invalid_client', description: string) {
    if (error === 'invalid_request') return reply.code(400).send(tokenErrorBody(400, error, description));
    // RFC 6749 §5.2: 401, with the scheme the client may authenticate by.
    reply.header('WWW-Authenticate', 'Basic realm="userprofile", charset="UTF-8"');
    return reply.code(401).send(tokenErrorBody(401, error, description));
  }

  const securityHandlers: Auth['securityHandlers'] = {
    async bearerAuth(request, reply) {
      const token = bearerToken(request);
      try {
        if (!token) throw new AuthError(401, 'The access token is missing or invalid.');
        request.principal = (await core.verifyToken(token)).principal;
      } catch (err) {
        reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        throw err instanceof AuthError ? err : new AuthError(401, 'The access token is missing or invalid.');
      }
    },
  };

  function bearerCheck(documented: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
    return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const header = request.headers.authorization;
      const principal =
        typeof header === 'string' ? core.knownPrincipalOfHeader(header, bearerTokenOfHeader) : undefined;
      if (principal) {
        request.principal = principal;
        return done();
      }
      documented(request, reply).then(() => done(), done);
    };
  }

  async function plugin(app: FastifyInstance): Promise<void> {
    app.decorateRequest('principal', null);
    app.decorate('auth', service);

    // Cross-site request token (docs/wire-and-errors.md "The cross-site request
    // token"): required on every
    // unsafe method under /userprofile, bound to the browser's sign-in session.
    // Synchronous, like the next hook: every request passes both.
    app.addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      const path = routedPath(request);
      if (path !== BASE && !path.startsWith(BASE_PREFIX)) return done();
      if (path === TOKEN_PATH || hasXsrfProof(request)) return done();
      reply.code(403).send(errorBody(403, 'The cross-site request token is missing or does not match its cookie.'));
    });

    // The token is handed out with the pages (index.html and every screen,
    // the sign-in pages, config.json), when the browser has none that fits its
    // session, and never with API answers: a bearer-token client that keeps no
    // cookies gets no Set-Cookie on each call.
    app.addHook('onSend', (request, reply, payload, done) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && isPage(request, reply)) {
        const session = request.cookies[SESSION_COOKIE];
        if (!binding.xsrfFits(request.cookies[XSRF_COOKIE], session)) setXsrfCookie(reply, session);
      }
      done(null, payload);
    });

    // The login page is the authorization endpoint: a bad request is refused
    // here, before the page loads. Until the client and its exact redirect
    // target are sure, with an error page and never a redirect; after, back to
    // the client with the error, its state and the issuer (RFC 6749 §4.1.2.1,
    // RFC 9207), as the code would have gone.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET') return done();
      const q = request.url.indexOf('?');
      const search = q < 0 ? '' : request.url.slice(q + 1);
      if (search === '' || pageRoute(request.url) !== LOGIN_PAGE_PATH) return done();
      const checked = checkAuthorizeRequest(authorizeQueryToObject(search), store);
      if (checked.ok) return done();
      if (checked.returnTo) {
        const { redirectUri, error, state } = checked.returnTo;
        const description = `${checked.field} ${checked.reason}`;
        reply.header('Cache-Control', 'no-store');
        return reply.redirect(
          buildRedirect(redirectUri, { error, error_description: description, state, iss: core.issuer }),
          303,
        );
      }
      reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          htmlPage(
            'Sign-in request refused',
            `<h1>Sign-in request refused</h1><p role="alert">The application that sent you here made an invalid sign-in request: ${escapeHtml(
              `${checked.field} ${checked.reason}`,
            )}.</p><p><a href="${BASE}/">Go to User Profile</a></p>`,
          ),
        );
    });

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes('POST')) return;
      // OAuth2 clients expect RFC 6749 errors from the token endpoint, also for a
      // body that fails the document's schema: the handler answers those itself.
      if (route.url === TOKEN_PATH) {
        route.attachValidation = true;
        route.preSerialization = [
          ...[route.preSerialization ?? []].flat(),
          asTokenError,
        ] as typeof route.preSerialization;
      }
      // RFC 7636 §4.3 makes an absent method mean 'plain'; it must be refused, not
      // filled in by a schema default before validation sees it.
      if (AUTHORIZE_PATHS.has(route.url)) {
        const existing = route.preValidation;
        route.preValidation = [
          requireChallengeMethod,
          ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        ];
      }
    });

    // RFC 8414 §3.1: the issuer's path goes after the well-known segment.
    app.get(`/.well-known/oauth-authorization-server${new URL(core.issuer).pathname}`, async () => metadata);
  }

  return {
    plugin: fp(plugin, {
      name: 'userprofile-auth',
      fastify: '5.x',
      dependencies: ['@fastify/cookie', '@fastify/formbody'],
    }),
    securityHandlers,
    bearerCheck,
    handlers,
    service,
    sso,
  };
}

async function requireChallengeMethod(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as { authorizeRequest?: Record<string, unknown> } | undefined;
  const authorizeRequest = body?.authorizeRequest;
  if (
    typeof authorizeRequest === 'object' &&
    authorizeRequest !== null &&
    authorizeRequest.code_challenge_method == null
  ) {
    const reason = "is required and must be 'S256'";
    return reply
      .code(400)
      .send(
        errorBody(400, `The authorization request was refused: code_challenge_method ${reason}.`, [
          { field: 'body.authorizeRequest.code_challenge_method', reason },
        ]),
      );
  }
}

/**
 * An answer the browser shows as a page under /userprofile (HTML), the
 * console's config.json, or frontendconfig, the sign-in start a console
 * served elsewhere (in front of this backend, `USERPROFILE_BACKEND`) asks first.
 */
function isPage(request: FastifyRequest, reply: FastifyReply): boolean {
  const path = routedPath(request);
  if (path === CONFIG_PATH || path === FRONTEND_CONFIG_PATH) return true;
  if (path !== BASE && !path.startsWith(BASE_PREFIX)) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}
