// The "Enterprise SSO" provider, simulated by the dev backend so the console's
// single-sign-on path (spec §2 callback, spec §7 getPropelTokenFromCode) runs
// offline. Like a corporate sign-in it asks for the account's password, says
// the same for an unknown user as for a wrong password, and limits failed
// attempts as the console's sign-in does (its own counters). It accepts one
// client (the console) and one redirect target (`{origin}/userprofile/callback`),
// PKCE S256 only, codes living 60 s.

import type { FastifyInstance } from 'fastify';
import { authorizeQueryToObject, buildRedirect } from '../auth/authorize-request.ts';
import type { AuthAccount, AuthStore } from '../auth/contract.ts';
import { CODE_TTL_MS, CODES_MAX, randomToken } from '../auth/core.ts';
import { escapeHtml, htmlPage } from '../auth/http.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, type PasswordCheck, PasswordGate } from '../auth/password-gate.ts';
import { isPkceValue, verifierMatches } from '../auth/pkce.ts';
import { sendHtml } from '../http/send.ts';

export const SSO_BASE_PATH = '/sso';

export interface SsoClient {
  clientId: string;
  redirectUri: string;
}

interface SsoCode {
  challenge: string;
  userUuid: string;
  ticket: string;
  expiresAt: number;
  spent: boolean;
}

interface SsoRequest {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  state?: string;
}

export type SsoRedeem =
  | { ok: true; account: AuthAccount; ticket: string }
  | { ok: false; error: 'invalid_request' | 'invalid_grant'; error_description: string };

export class SsoProvider {
  private readonly codes = new Map<string, SsoCode>();
  private readonly gate: PasswordGate;

  constructor(
    private readonly store: AuthStore,
    readonly client: SsoClient,
    private readonly now: () => number,
    limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {
    this.gate = new PasswordGate(store, limits, now);
  }

  /** How many codes are kept (issued, neither redeemed nor expired yet). */
  get codeCount(): number {
    return this.codes.size;
  }

  /** Forgets the user's codes: a sign-in begun before a deactivation, sign-out or reset cannot be finished. */
  forgetUser(userUuid: string): void {
    for (const [value, c] of this.codes) if (c.userUuid === userUuid) this.codes.delete(value);
  }

  forgetAll(): void {
    this.codes.clear();
    this.gate.clear();
  }

  /** Same rules as the console's own authorize: exact client and redirect, S256, well-formed challenge, no repeats. */
  check(params: Record<string, string | string[]>): { ok: true; request: SsoRequest } | { ok: false; reason: string } {
    for (const [name, value] of Object.entries(params)) {
      if (Array.isArray(value)) return { ok: false, reason: `The parameter ${name} is given more than once.` };
    }
    const p = params as Record<string, string | undefined>;
    if (p.client_id !== this.client.clientId) return { ok: false, reason: 'The client is not registered.' };
    if (p.redirect_uri !== this.client.redirectUri) {
      return { ok: false, reason: 'The redirect_uri is not registered for the client.' };
    }
    if (p.response_type !== 'code') return { ok: false, reason: "response_type must be 'code'." };
    if (p.code_challenge_method !== 'S256') return { ok: false, reason: "code_challenge_method must be 'S256'." };
    if (!isPkceValue(p.code_challenge)) return { ok: false, reason: 'code_challenge is malformed.' };
    return {
      ok: true,
      request: {
        client_id: p.client_id,
        redirect_uri: p.redirect_uri,
        code_challenge: p.code_challenge,
        ...(p.state !== undefined ? { state: p.state } : {}),
      },
    };
  }

  /** The corporate sign-in: the active account these credentials prove, with failed attempts limited. */
  authenticate(address: string, username: unknown, password: unknown): Promise<PasswordCheck> {
    return this.gate.check(address, username, password);
  }

  /** Signs the named user in at the SSO: a new ticket and a code for the console's callback. */
  signIn(request: SsoRequest, account: AuthAccount): string {
    this.sweep();
    const ticket = randomToken();
    const code = randomToken();
    this.codes.set(code, {
      challenge: request.code_challenge,
      userUuid: account.uuid,
      ticket,
      expiresAt: this.now() + CODE_TTL_MS,
      spent: false,
    });
    return buildRedirect(request.redirect_uri, { code, state: request.state, ticket });
  }

  /** The code exchange behind getPropelTokenFromCode: single use, 60 s, PKCE S256. */
  redeem(code: unknown, verifier: unknown): SsoRedeem {
    if (typeof code !== 'string' || code === '') {
      return { ok: false, error: 'invalid_request', error_description: 'code is required' };
    }
    const entry = this.codes.get(code);
    if (!entry || entry.spent) {
      return { ok: false, error: 'invalid_grant', error_description: 'the SSO code is unknown or already used' };
    }
    if (this.now() >= entry.expiresAt) {
      return { ok: false, error: 'invalid_grant', error_description: 'the SSO code has expired' };
    }
    if (!verifierMatches(verifier, entry.challenge)) {
      return {
        ok: false,
        error: 'invalid_grant',
        error_description: 'code_verifier does not match the code challenge',
      };
    }
    entry.spent = true;
    this.codes.delete(code);
    const account = this.store.findAccountByUuid(entry.userUuid);
    if (!account?.active) return { ok: false, error: 'invalid_grant', error_description: 'the account is not active' };
    return { ok: true, account, ticket: entry.ticket };
  }

  /**
   * Codes are forgotten once redeemed or expired; a code lives 60 s and all
   * have the same life, so the oldest (first in the map) expire first. At most
   * CODES_MAX are kept: beyond it the oldest go.
   */
  private sweep(): void {
    const now = this.now();
    for (const [value, c] of this.codes) {
      if (c.expiresAt > now && this.codes.size < CODES_MAX) break;
      this.codes.delete(value);
    }
  }
}

const HIDDEN = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state'];

function signInPage(params: Record<string, string | string[]>, error?: string, username = ''): string {
  const hidden = HIDDEN.filter((name) => typeof params[name] === 'string')
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name] as string)}">`)
    .join('\n');
  return htmlPage(
    'Enterprise SSO',
    `<h1>Enterprise SSO</h1>
<p>Corporate single sign-on (simulated by the dev backend). Sign in with your corporate account.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${SSO_BASE_PATH}/oauth/authorize">
${hidden}
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" value="${escapeHtml(username)}" required autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Continue</button>
</form>`,
  );
}

function errorPage(reason: string): string {
  return htmlPage(
    'Enterprise SSO: request refused',
    `<h1>Enterprise SSO</h1><p class="error" role="alert">This sign-in request was refused. ${escapeHtml(reason)}</p>`,
  );
}

export function registerSsoPages(app: FastifyInstance, sso: SsoProvider): void {
  app.get(`${SSO_BASE_PATH}/oauth/authorize`, async (request, reply) => {
    const q = request.url.indexOf('?');
    const params = authorizeQueryToObject(q < 0 ? '' : request.url.slice(q + 1));
    const checked = sso.check(params);
    if (!checked.ok) return sendHtml(reply.code(400), errorPage(checked.reason));
    return sendHtml(reply, signInPage(params));
  });

  app.post(`${SSO_BASE_PATH}/oauth/authorize`, async (request, reply) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null) {
      return sendHtml(reply.code(400), errorPage('The form is missing.'));
    }
    const params = body as Record<string, string | string[]>;
    const checked = sso.check(
      Object.fromEntries(HIDDEN.flatMap((n) => (params[n] === undefined ? [] : [[n, params[n]]]))),
    );
    if (!checked.ok) return sendHtml(reply.code(400), errorPage(checked.reason));
    const username = typeof params.username === 'string' ? params.username.trim() : '';
    const signedIn = await sso.authenticate(request.ip, username, params.password);
    if (!signedIn.ok) {
      if (signedIn.retryAfter !== undefined) reply.header('Retry-After', String(signedIn.retryAfter));
      return sendHtml(reply.code(signedIn.status), signInPage(params, signedIn.message, username));
    }
    return reply.redirect(sso.signIn(checked.request, signedIn.account), 303);
  });
}
