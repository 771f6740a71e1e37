import { randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AuthAccount, AuthStore, ConsoleRole, Principal } from './contract.ts';
import { AuthError } from './http.ts';
import { createSigningKey, type SigningKey } from './keys.ts';
import { timingSafeEqualText, verifierMatches } from './pkce.ts';

/** Authorization codes live 60 s, as in node-oidc-provider and Keycloak. */
export const CODE_TTL_MS = 60_000;
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
/** Unredeemed codes one sign-in session holds at most: a further authorization voids its oldest. */
export const CODES_PER_SESSION = 10;
/** Codes kept at most, all sessions together; beyond it the oldest go first. */
export const CODES_MAX = 10_000;

const RANK: Record<ConsoleRole, number> = { ERRIGAL_ADMIN: 3, ADMIN: 2, SCO_ADMIN: 1 };

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How many verified tokens AuthCore remembers (about 1 KB each). */
export const VERIFIED_TOKENS_MAX = 10_000;
/**
 * How many Authorization header texts knownPrincipalOfHeader recognises without
 * reading the token out again: more than the consoles and clients a dev backend
 * serves at once (about 1 KB each); an older one is read out again when it comes back.
 */
export const KNOWN_HEADERS_MAX = 64;
/**
 * A known header is looked up by its last characters: the end of the token's
 * signature (43 base64url characters are 256 bits), which nobody can guess.
 */
const HEADER_KEY_LENGTH = 43;

/** What verifyToken needs of a token once its signature has been checked. */
interface VerifiedClaims {
  sub: string;
  sid: string;
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  clientId: string | undefined;
}

interface VerifiedEntry {
  /** Settles once the signature is checked; a failure removes the entry. */
  claims: Promise<VerifiedClaims>;
  /** The claims once that check has passed (what knownPrincipalOfHeader reads without waiting). */
  settled?: VerifiedClaims;
  /** Set when the entry leaves the cache, so a header remembered with it (KnownHeader) stops counting. */
  forgotten?: true;
}

/** An Authorization header text, the token it carries and that token's entry in the verified cache. */
interface KnownHeader {
  header: string;
  token: string;
  entry: VerifiedEntry;
}

export interface Session {
  /** Public id, carried in tokens as `sid`. */
  id: string;
  /** Secret value of the UPSESSION cookie; never appears in a token. */
  cookie: string;
  userUuid: string;
  /** Enterprise SSO ticket the session was opened with, if any. */
  ticket?: string;
  /** When the user signed in (seconds), the ID token's `auth_time`. */
  authTime: number;
  /** jti of every token issued under the session. */
  jtis: Set<string>;
  /** Codes issued to the session, oldest first (the unredeemed ones count against CODES_PER_SESSION). */
  codes: string[];
  /** What the admin console lists of the user's sessions (GET /user/{uuid}/signIns). */
  address: string | null;
  /** The clients that received tokens under the session. */
  clients: Set<string>;
  /** When a token of the session was last accepted or the session last authorized a client (ms). */
  lastUsedAt: number;
  /** Opened with a second factor (a session without one is asked for it once its user needs one). */
  secondFactor?: boolean;
}

interface AuthCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  /** Scope granted at authorize: 'openid' when asked for, which brings an ID token. */
  scope: string | undefined;
  nonce: string | undefined;
  userUuid: string;
  sessionId: string;
  expiresAt: number;
  spent: boolean;
  /** Tokens issued from this code, revoked if the code is ever presented again. */
  jtis: string[];
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope?: string;
  id_token?: string;
}

type TokenErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

/** How the client authenticated at the token endpoint (RFC 6749 §2.3.1). */
export interface ClientCredentials {
  clientId: string | undefined;
  secret: string | undefined;
  method: 'client_secret_basic' | 'client_secret_post' | 'none';
}

/** The scopes this provider grants; others asked for are ignored. */
export const SUPPORTED_SCOPES = ['openid'] as const;

/** The granted scope: the supported scopes among those asked for, or undefined. */
export function grantedScope(requested: string | undefined): string | undefined {
  const asked = new Set((requested ?? '').split(' ').filter(Boolean));
  const granted = SUPPORTED_SCOPES.filter((s) => asked.has(s));
  return granted.length > 0 ? granted.join(' ') : undefined;
}
export type TokenOutcome =
  | { ok: true; body: TokenResponse }
  | { ok: false; error: TokenErrorCode; error_description: string };

export interface TokenParams {
  grant_type?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  code?: unknown;
  code_verifier?: unknown;
  redirect_uri?: unknown;
}

export interface AuthCoreOptions {
  store: AuthStore;
  publicOrigin: string;
  consoleClientId: string;
  now: () => number;
  tokenTtlSeconds: number;
  /** Injected by tests that need to sign tokens themselves; otherwise a fresh key pair per start. */
  signingKey?: Promise<SigningKey>;
}

/**
 * The state of the authorization provider, kept in memory: sign-in sessions,
 * authorization codes, revoked tokens and the signing key. Knows nothing of HTTP.
 */
export class AuthCore {
  readonly issuer: string;
  readonly store: AuthStore;
  readonly consoleClientId: string;
  readonly now: () => number;
  readonly tokenTtlSeconds: number;
  private readonly key: Promise<SigningKey>;
  private readonly sessions = new Map<string, Session>();
  private readonly sessionsByCookie = new Map<string, Session>();
  private readonly codes = new Map<string, AuthCode>();
  /** jti → exp (seconds): revoked tokens are remembered until they would have expired anyway. */
  private readonly revokedJtis = new Map<string, number>();
  /** Token text → its checked claims (see verifiedClaims), oldest first. */
  private readonly verified = new Map<string, VerifiedEntry>();
  /** Header texts of verified tokens by their last HEADER_KEY_LENGTH characters, oldest first (see knownPrincipalOfHeader). */
  private readonly knownHeaders = new Map<string, KnownHeader>();
  private prunedAt = Number.NEGATIVE_INFINITY;
  /** Told of every change a restart must keep (onChange). */
  private changeListener: () => void = () => {};

  constructor(options: AuthCoreOptions) {
    this.store = options.store;
    this.issuer = `${options.publicOrigin}/userprofile`;
    this.consoleClientId = options.consoleClientId;
    this.now = options.now;
    this.tokenTtlSeconds = options.tokenTtlSeconds;
    this.key = options.signingKey ?? createSigningKey();
  }

  signingKey(): Promise<SigningKey> {
    return this.key;
  }

  /**
   * `listener` is called after each change of what keptState holds that a restart must
   * keep: a session opened or ended, a code issued or spent, a token issued under a
   * session or revoked. Storage saves the state then, before the answer leaves. A
   * session's lastUsedAt, moved by every call, is saved with the next such change.
   */
  onChange(listener: () => void): void {
    this.changeListener = listener;
  }

  private changed(): void {
    this.changeListener();
  }

  // Sessions ---------------------------------------------------------------

  /** `address`: where a browser signed in from (null for a token issued without one). */
  createSession(userUuid: string, ticket?: string, address: string | null = null): Session {
    const session: Session = {
      id: randomUUID(),
      cookie: randomToken(),
      userUuid,
      authTime: Math.floor(this.now() / 1000),
      jtis: new Set(),
      codes: [],
      address,
      clients: new Set(),
      lastUsedAt: this.now(),
    };
    if (ticket !== undefined) session.ticket = ticket;
    this.sessions.set(session.id, session);
    this.sessionsByCookie.set(session.cookie, session);
    this.changed();
    return session;
  }

  sessionByCookie(cookie: string | undefined): Session | undefined {
    return cookie ? this.sessionsByCookie.get(cookie) : undefined;
  }

  sessionById(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Ends the session: its cookie stops working and every token issued under it is refused. */
  endSession(session: Session): void {
    this.sessions.delete(session.id);
    this.sessionsByCookie.delete(session.cookie);
    const exp = Math.floor(this.now() / 1000) + this.tokenTtlSeconds;
    for (const jti of session.jtis) this.revokedJtis.set(jti, exp);
    this.changed();
  }

  /** How many codes are kept (unredeemed, or redeemed and remembered for the replay rule). */
  get codeCount(): number {
    return this.codes.size;
  }

  /** Forgets every unspent authorization code (the dev backend's reseed). */
  forgetCodes(): void {
    this.codes.clear();
    this.changed();
  }

  revokeUserSessions(userUuid: string): void {
    for (const s of this.sessionsOf(userUuid)) this.endSession(s);
  }

  sessionsOf(userUuid: string): Session[] {
    return [...this.sessions.values()].filter((s) => s.userUuid === userUuid);
  }

  /** The account behind a session, if both are still good. */
  activeAccount(userUuid: string): AuthAccount | undefined {
    const account = this.store.findAccountByUuid(userUuid);
    return account?.active ? account : undefined;
  }

  // Authorization codes ------------------------------------------------------

  issueCode(input: {
    clientId: string;
    redirectUri: string;
    challenge: string;
    scope?: string | undefined;
    nonce?: string | undefined;
    session: Session;
  }): string {
    this.prune();
    const now = this.now();
    const pending = input.session.codes.filter((c) => {
      const entry = this.codes.get(c);
      return entry !== undefined && !entry.spent && entry.expiresAt > now;
    });
    while (pending.length >= CODES_PER_SESSION) this.codes.delete(pending.shift() as string);
    input.session.lastUsedAt = now;
    const code = randomToken();
    pending.push(code);
    input.session.codes = pending;
    this.codes.set(code, {
      clientId: input.clientId,
      redirectUri: input.redirectUri,
      challenge: input.challenge,
      scope: grantedScope(input.scope),
      nonce: input.nonce,
      userUuid: input.session.userUuid,
      sessionId: input.session.id,
      expiresAt: this.now() + CODE_TTL_MS,
      spent: false,
      jtis: [],
    });
    this.changed();
    return code;
  }

  /**
   * The authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6). Every check
   * and the spending of the code happen synchronously, before the first await,
   * so of two concurrent redemptions exactly one gets past this point.
   */
  redeemCode(params: TokenParams, credentials: ClientCredentials): Promise<TokenOutcome> | TokenOutcome {
    const fail = (error: TokenErrorCode, error_description: string): TokenOutcome => ({
      ok: false,
      error,
      error_description,
    });
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    const grantType = str(params.grant_type);
    if (!grantType) return fail('invalid_request', 'grant_type is required');
    if (grantType !== 'authorization_code') {
      return fail('unsupported_grant_type', 'only the authorization_code grant is supported');
    }
    const authenticated = this.authenticateClient(credentials);
    if (!authenticated.ok) return fail(authenticated.error, authenticated.error_description);
    const clientId = authenticated.clientId;
    const codeValue = str(params.code);
    if (!codeValue) return fail('invalid_request', 'code is required');
    const code = this.codes.get(codeValue);
    if (!code) return fail('invalid_grant', 'the authorization code is unknown');
    if (code.spent) {
      // RFC 6749 §4.1.2: a code used twice means it leaked; revoke what it gave.
      for (const jti of code.jtis) this.revokeJti(jti);
      this.changed();
      return fail('invalid_grant', 'the authorization code has already been used');
    }
    if (this.now() >= code.expiresAt) return fail('invalid_grant', 'the authorization code has expired');
    if (code.clientId !== clientId) return fail('invalid_grant', 'the authorization code was issued to another client');
    // RFC 6749 §4.1.3: required when the authorization request had one (always, here) and
    // equal to it. One exception: the console's own public client, whose token call spec §7
    // fixes as client_id, code, code_verifier, grant_type. Its code can only have gone to its
    // one registered redirect target, and PKCE binds the code to the browser that asked.
    if (params.redirect_uri === undefined) {
      if (clientId !== this.consoleClientId) {
        return fail('invalid_request', 'redirect_uri is required: the authorization request carried one');
      }
    } else if (params.redirect_uri !== code.redirectUri) {
      return fail('invalid_grant', 'redirect_uri differs from the one of the authorization request');
    }
    if (params.code_verifier === undefined) return fail('invalid_grant', 'code_verifier is required');
    if (!verifierMatches(params.code_verifier, code.challenge)) {
      return fail('invalid_grant', 'code_verifier does not match the code challenge');
    }
    const session = this.sessions.get(code.sessionId);
    const account = this.activeAccount(code.userUuid);
    if (!session || !account) return fail('invalid_grant', 'the sign-in session has ended');

    code.spent = true;
    const jti = randomUUID();
    code.jtis.push(jti);
    this.changed();
    return this.signToken(account, clientId, session, jti, code).then((body) => ({ ok: true as const, body }));
  }

  /**
   * RFC 6749 §2.3: the console's own client is public (PKCE alone; a secret,
   * if sent, must still be right), and so is a client registered without a
   * secret (only a fixtures file registers one); every other client has a
   * secret and must prove it, by HTTP Basic or in the body. A wrong or
   * missing secret is always refused.
   */
  authenticateClient(
    credentials: ClientCredentials,
  ):
    | { ok: true; clientId: string }
    | { ok: false; error: 'invalid_request' | 'invalid_client'; error_description: string } {
    const { clientId, secret, method } = credentials;
    if (!clientId) return { ok: false, error: 'invalid_request', error_description: 'client_id is required' };
    const client = this.store.findClient(clientId);
    if (!client) return { ok: false, error: 'invalid_client', error_description: 'client authentication failed' };
    const isPublic = clientId === this.consoleClientId || client.clientSecret === '';
    if (method === 'none') {
      return isPublic
        ? { ok: true, clientId }
        : {
            ok: false,
            error: 'invalid_client',
            error_description: 'client authentication failed: the client must send its secret',
          };
    }
    if (typeof secret !== 'string' || client.clientSecret === '' || !timingSafeEqualText(secret, client.clientSecret)) {
      return { ok: false, error: 'invalid_client', error_description: 'client authentication failed' };
    }
    return { ok: true, clientId };
  }

  // Access tokens -------------------------------------------------------------

  /**
   * An RFC 9068 access token (`typ: at+jwt`, `aud` = the client), and with
   * `openid` granted an OpenID Connect ID token for the same client.
   */
  async signToken(
    account: AuthAccount,
    clientId: string,
    session: Session,
    jti = randomUUID(),
    grant: { scope: string | undefined; nonce: string | undefined } = { scope: undefined, nonce: undefined },
  ): Promise<TokenResponse> {
    const key = await this.key;
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + this.tokenTtlSeconds;
    session.jtis.add(jti);
    session.clients.add(clientId);
    this.changed();
    const holdings = this.store.holdings?.(account.uuid);
    const accessToken = await new SignJWT({
      preferred_username: account.username,
      roles: account.roles,
      ...(holdings && Object.keys(holdings).length > 0 ? { resource_access: holdings } : {}),
      client_id: clientId,
      sid: session.id,
      ...(grant.scope ? { scope: grant.scope } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setSubject(account.uuid)
      .setAudience(clientId)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key.privateKey);
    const body: TokenResponse = { access_token: accessToken, token_type: 'Bearer', expires_in: this.tokenTtlSeconds };
    if (grant.scope) body.scope = grant.scope;
    if (grant.scope?.split(' ').includes('openid')) {
      body.id_token = await new SignJWT({
        auth_time: session.authTime,
        sid: session.id,
        preferred_username: account.username,
        ...(grant.nonce !== undefined ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(this.issuer)
        .setSubject(account.uuid)
        .setAudience(clientId)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key.privateKey);
    }
    return body;
  }

  /**
   * Verifies an access token for the console API: RS256 only, our key id, our
   * issuer, not expired, issued to the console client, not revoked, its session
   * still open and its account still active. Throws AuthError(401) otherwise.
   *
   * The signature is checked once per token (see verifiedClaims); everything
   * that can change during a token's life (expiry, revocation, the session,
   * the account) is checked on every call, so a sign-out or a deactivation
   * applies to the very next request.
   */
  async verifyToken(token: string): Promise<{ principal: Principal; session: Session }> {
    return this.checkClaims(token, await this.verifiedClaims(token));
  }

  /**
   * The principal of the token an Authorization header carries (`tokenOf`
   * reads it out, undefined for a header that is no bearer header), when an
   * earlier call verified its signature and it passes every other check of
   * verifyToken now; undefined in any other case (then verifyToken says why).
   * It does not wait, so the API's bearer check costs no promise for the
   * token the console sends with every call.
   *
   * The console sends the same header text with every call, and a token is
   * about 1 KB: reading it out with a regular expression and hashing it all
   * for the cache's lookup cost more than the rest of the check. So the
   * header texts of the last KNOWN_HEADERS_MAX verified tokens are kept by
   * their last characters (the end of the signature): a lookup hashes 43
   * characters, and the whole text is compared only with the known header
   * that ends the same way. Not a scan comparing the text with each known
   * header: how long a guess matched a valid token would show in the time
   * taken, where a hashed lookup tells nothing. A header whose token has left
   * the cache (expired, evicted, state restored) is read afresh.
   */
  knownPrincipalOfHeader(header: string, tokenOf: (header: string) => string | undefined): Principal | undefined {
    const key = header.length > HEADER_KEY_LENGTH ? header.slice(-HEADER_KEY_LENGTH) : header;
    let known = this.knownHeaders.get(key);
    if (known !== undefined && (known.header !== header || known.entry.forgotten)) known = undefined;
    if (known === undefined) {
      const token = tokenOf(header);
      const entry = token === undefined ? undefined : this.verified.get(token);
      if (token === undefined || !entry?.settled) return undefined;
      known = { header, token, entry };
      this.knownHeaders.delete(key);
      if (this.knownHeaders.size >= KNOWN_HEADERS_MAX)
        this.knownHeaders.delete(this.knownHeaders.keys().next().value as string);
      this.knownHeaders.set(key, known);
    }
    try {
      return this.checkClaims(known.token, known.entry.settled as VerifiedClaims).principal;
    } catch {
      return undefined;
    }
  }

  /** Takes a token out of the verified cache (and so out of the known headers). */
  private forgetToken(token: string): void {
    const entry = this.verified.get(token);
    if (entry) entry.forgotten = true;
    this.verified.delete(token);
  }

  /** What verifyToken checks on every call, after the signature. */
  private checkClaims(token: string, claims: VerifiedClaims): { principal: Principal; session: Session } {
    const { sub, sid, jti, exp, clientId } = claims;
    if (exp <= Math.floor(this.now() / 1000)) {
      this.forgetToken(token);
      throw new AuthError(401, 'The access token has expired.');
    }
    if (this.revokedJtis.has(jti)) throw new AuthError(401, 'The access token has been revoked.');
    if (clientId !== this.consoleClientId) throw new AuthError(401, 'The access token was not issued to this console.');
    const session = this.sessions.get(sid);
    if (!session || session.userUuid !== sub) throw new AuthError(401, 'The sign-in session has ended.');
    const account = this.activeAccount(session.userUuid);
    if (!account) throw new AuthError(401, 'The account is not active.');
    session.lastUsedAt = this.now();
    return { principal: toPrincipal(account, session.id, this.consoleClientId), session };
  }

  /**
   * The claims of a token whose signature, key, issuer and expiry were checked,
   * remembered by the token's exact text until it expires: an RS256
   * verification costs more than the rest of a small API call together, and
   * the console sends the same token with every call for an hour. The text is
   * the key, so a token differing in any byte is verified afresh. At most
   * VERIFIED_TOKENS_MAX are kept; a verification in flight is shared by the
   * calls that arrive meanwhile. Failures are not remembered.
   */
  private verifiedClaims(token: string): Promise<VerifiedClaims> {
    const known = this.verified.get(token);
    if (known) return known.claims;
    if (this.verified.size >= VERIFIED_TOKENS_MAX) this.forgetVerified();
    const entry: VerifiedEntry = { claims: this.verifySignature(token) };
    this.verified.set(token, entry);
    entry.claims.then(
      (claims) => {
        entry.settled = claims;
      },
      () => {
        if (this.verified.get(token) === entry) this.forgetToken(token);
      },
    );
    return entry.claims;
  }

  /** Makes room in the verified-token cache: the expired go first, else the older half. */
  private forgetVerified(): void {
    const now = Math.floor(this.now() / 1000);
    for (const [token, entry] of this.verified) if (entry.settled && entry.settled.exp <= now) this.forgetToken(token);
    let drop = this.verified.size >= VERIFIED_TOKENS_MAX ? Math.ceil(this.verified.size / 2) : 0;
    for (const token of this.verified.keys()) {
      if (drop-- <= 0) break;
      this.forgetToken(token);
    }
  }

  private async verifySignature(token: string): Promise<VerifiedClaims> {
    const key = await this.key;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(
        token,
        (header) => {
          if (header.kid !== key.kid) throw new AuthError(401, 'The access token was signed with an unknown key.');
          return key.publicKey;
        },
        {
          algorithms: ['RS256'],
          typ: 'at+jwt',
          issuer: this.issuer,
          audience: this.consoleClientId,
          requiredClaims: ['sub', 'sid', 'jti', 'exp', 'iat', 'client_id'],
          currentDate: new Date(this.now()),
        },
      ));
    } catch (err) {
      if (err instanceof AuthError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new AuthError(401, 'The access token has expired.');
      throw new AuthError(401, 'The access token is not valid.');
    }
    const { sub, sid, jti, exp, client_id: clientId } = payload;
    if (typeof jti !== 'string') throw new AuthError(401, 'The access token has been revoked.');
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') {
      throw new AuthError(401, 'The access token is not valid.');
    }
    return { sub, sid, jti, exp, clientId: typeof clientId === 'string' ? clientId : undefined };
  }

  /**
   * The session of a live access token of the console (every check of
   * verifyToken), or undefined: what sign-out may end on a token's word.
   */
  async liveSessionOfToken(token: string): Promise<Session | undefined> {
    try {
      return (await this.verifyToken(token)).session;
    } catch {
      return undefined;
    }
  }

  sessionsOfTicket(ticket: string): Session[] {
    return [...this.sessions.values()].filter((s) => s.ticket === ticket);
  }

  private revokeJti(jti: string): void {
    this.revokedJtis.set(jti, Math.floor(this.now() / 1000) + this.tokenTtlSeconds);
  }

  /**
   * Forgets codes and revocations that can no longer matter: an unredeemed code
   * once expired, a redeemed one once the tokens it gave have expired (until
   * then a replay revokes them). A full pass at most once a second; beyond
   * CODES_MAX the oldest codes go first.
   */
  private prune(): void {
    const now = this.now();
    if (now - this.prunedAt < 1000 && this.codes.size < CODES_MAX) return;
    this.prunedAt = now;
    for (const [value, code] of this.codes) {
      const forgetAt = code.spent ? code.expiresAt + this.tokenTtlSeconds * 1000 : code.expiresAt;
      if (forgetAt <= now) this.codes.delete(value);
    }
    for (const value of this.codes.keys()) {
      if (this.codes.size < CODES_MAX) break;
      this.codes.delete(value);
    }
    for (const [jti, exp] of this.revokedJtis) if (exp * 1000 < now) this.revokedJtis.delete(jti);
  }

  // Storage ----------------------------------------------------------------

  /** What a restart keeps: sessions (so nobody is signed out), codes and revocations. */
  keptState() {
    return {
      sessions: [...this.sessions.values()].map((s) => ({ ...s, jtis: [...s.jtis], clients: [...s.clients] })),
      codes: [...this.codes],
      revokedJtis: [...this.revokedJtis],
    };
  }

  restoreKeptState(state: ReturnType<AuthCore['keptState']>): void {
    this.sessions.clear();
    this.sessionsByCookie.clear();
    for (const kept of state.sessions) {
      // Kept before the clients were kept as a list (a Set's JSON is {}): none known.
      const session: Session = {
        ...kept,
        jtis: new Set(kept.jtis),
        clients: new Set(Array.isArray(kept.clients) ? kept.clients : []),
      };
      this.sessions.set(session.id, session);
      this.sessionsByCookie.set(session.cookie, session);
    }
    this.codes.clear();
    for (const [value, code] of state.codes) this.codes.set(value, code);
    this.revokedJtis.clear();
    for (const [jti, exp] of state.revokedJtis) this.revokedJtis.set(jti, exp);
    for (const entry of this.verified.values()) entry.forgotten = true;
    this.verified.clear();
    this.knownHeaders.clear();
  }
}

function toPrincipal(account: AuthAccount, sessionId: string, clientId: string): Principal {
  const role = account.roles.reduce<ConsoleRole | null>(
    (best, r) => (best === null || RANK[r] > RANK[best] ? r : best),
    null,
  );
  return {
    userUuid: account.uuid,
    username: account.username,
    role,
    roles: [...account.roles],
    companyUuid: account.companyUuid,
    layoutCodes: [...account.layoutCodes],
    sessionId,
    clientId,
  };
}
