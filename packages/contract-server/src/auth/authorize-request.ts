import type { AuthClient, AuthStore } from './contract.ts';
import { isPkceValue } from './pkce.ts';

/** The authorization request of spec §3, as the console's login page forwards it. */
interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  response_type: 'code';
  code_challenge: string;
  code_challenge_method: 'S256';
  state?: string;
  scope?: string;
  response_mode?: 'query';
  /** OpenID Connect: echoed in the ID token. */
  nonce?: string;
}

export type AuthorizeCheck =
  | { ok: true; request: AuthorizeRequest; client: AuthClient }
  | { ok: false; field: string; reason: string; returnTo?: ErrorReturn };

/**
 * Where a refusal may go back to the client (RFC 6749 §4.1.2.1): only once the
 * client is known and the redirect target is exactly its registered one.
 */
export type ErrorReturn = {
  redirectUri: string;
  error: 'invalid_request' | 'unsupported_response_type';
  state?: string;
};

const FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'state',
  'scope',
  'response_mode',
  'nonce',
] as const;

/**
 * Validates an authorization request (RFC 6749 §4.1.1, RFC 7636, RFC 9700):
 * the client must be known, redirect_uri must equal the client's registered
 * target as a string (no normalisation, no prefix or pattern matching), and
 * only the S256 code challenge method is accepted. A failure before the client
 * and its redirect target are sure is never answered with a redirect; one after
 * carries `returnTo`, for the authorization endpoint to send back (RFC 6749
 * §4.1.2.1). The JSON calls answer every failure with a 400.
 */
export function checkAuthorizeRequest(input: unknown, store: AuthStore): AuthorizeCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, field: 'authorizeRequest', reason: 'must be an object' };
  }
  const raw = input as Record<string, unknown>;
  // An array here is a parameter given more than once; every OAuth2 parameter appears at most once.
  const once = (name: (typeof FIELDS)[number]) => raw[name] == null || typeof raw[name] === 'string';
  const twice = { reason: 'must be given once, as a string' };
  // null (what a JSON client sends for "not given") counts as absent.
  const get = (name: (typeof FIELDS)[number]) => (raw[name] ?? undefined) as string | undefined;

  // The client and its redirect target first: until both are sure, a refusal goes nowhere but an error page.
  if (!once('client_id')) return { ok: false, field: 'client_id', ...twice };
  if (!once('redirect_uri')) return { ok: false, field: 'redirect_uri', ...twice };
  const clientId = get('client_id');
  if (!clientId) return { ok: false, field: 'client_id', reason: 'is required' };
  const client = store.findClient(clientId);
  if (!client) return { ok: false, field: 'client_id', reason: 'is not a registered client' };

  const redirectUri = get('redirect_uri');
  if (!redirectUri) return { ok: false, field: 'redirect_uri', reason: 'is required' };
  if (!(client.redirectTargets ?? [client.allowedRedirectTarget]).includes(redirectUri)) {
    return { ok: false, field: 'redirect_uri', reason: "does not match the client's registered redirect target" };
  }

  // From here a refusal may go back to the client, with its state when that was given once.
  const state = typeof raw.state === 'string' ? raw.state : undefined;
  const back = (field: string, reason: string, error: ErrorReturn['error'] = 'invalid_request'): AuthorizeCheck => ({
    ok: false,
    field,
    reason,
    returnTo: { redirectUri, error, ...(state !== undefined ? { state } : {}) },
  });
  for (const name of FIELDS) if (!once(name)) return back(name, twice.reason);

  if (get('response_type') !== 'code') return back('response_type', "must be 'code'", 'unsupported_response_type');
  const responseMode = get('response_mode');
  if (responseMode !== undefined && responseMode !== 'query') return back('response_mode', "must be 'query'");
  if (get('code_challenge_method') !== 'S256') return back('code_challenge_method', "must be 'S256'");
  const challenge = get('code_challenge');
  if (!isPkceValue(challenge)) return back('code_challenge', 'must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');

  const scope = get('scope');
  const nonce = get('nonce');
  return {
    ok: true,
    client,
    request: {
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...(state !== undefined ? { state } : {}),
      ...(scope !== undefined ? { scope } : {}),
      ...(responseMode !== undefined ? { response_mode: responseMode } : {}),
      ...(nonce !== undefined ? { nonce } : {}),
    },
  };
}

/**
 * Turns a raw query string into an authorization request object; a parameter
 * that appears more than once becomes an array, which checkAuthorizeRequest
 * refuses (RFC 6749 §3.1: parameters must not be included more than once).
 */
export function authorizeQueryToObject(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = out[name];
    out[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return out;
}

/** redirect_uri with code and state appended, the registered URI kept byte for byte. */
export function buildRedirect(redirectUri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${query.toString()}`;
}

/** An authorization request that passed the check (kept by a sign-in's second factor step). */
export type CheckedAuthorizeRequest = Extract<AuthorizeCheck, { ok: true }>;
