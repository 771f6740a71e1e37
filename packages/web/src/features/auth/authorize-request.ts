// The OAuth2 authorization request of spec §3 as the login page receives it
// (spec §2 "Login page": its query parameters), and the URLs the sign-in
// sends the browser to (spec §7 "Redirects"). Pure functions.
import type { components } from '@userprofile/shared/generated/api';
import { CODE_CHALLENGE_METHOD } from '@userprofile/shared/pkce';
import { href, paths } from '../../lib/paths.ts';

export type AuthorizeRequest = components['schemas']['AuthorizeRequest'];

/** The query parameters the login page accepts (spec §2). */
export const AUTHORIZE_PARAMS = [
  'client_id',
  'redirect_uri',
  'scope',
  'response_type',
  'response_mode',
  'state',
  'code_challenge',
  'code_challenge_method',
  'nonce',
] as const;

/**
 * Reads the login page's query. Without a client_id there is nothing to
 * authorize (null); the provider checks everything else and answers with a
 * readable refusal. code_challenge_method defaults to S256 (spec §2).
 */
export function parseAuthorizeQuery(search: string): AuthorizeRequest | null {
  const q = new URLSearchParams(search);
  const clientId = q.get('client_id');
  if (!clientId) return null;
  const request: AuthorizeRequest = {
    client_id: clientId,
    redirect_uri: q.get('redirect_uri') ?? '',
    response_type: (q.get('response_type') ?? 'code') as AuthorizeRequest['response_type'],
    code_challenge: q.get('code_challenge') ?? '',
    code_challenge_method: (q.get('code_challenge_method') ?? CODE_CHALLENGE_METHOD) as 'S256',
  };
  const scope = q.get('scope');
  if (scope !== null) request.scope = scope;
  const mode = q.get('response_mode');
  if (mode !== null) request.response_mode = mode as AuthorizeRequest['response_mode'];
  const state = q.get('state');
  if (state !== null) request.state = state;
  // OpenID Connect clients send a nonce; the provider echoes it in the ID token.
  const nonce = q.get('nonce');
  if (nonce !== null) request.nonce = nonce;
  return request;
}

/** The console's own authorize URL (spec §2 auth/login/user), relative to /userprofile. */
export function selfAuthorizePath(input: { clientId: string; origin: string; challenge: string; state: string }) {
  const q = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.origin + href(paths.selfCallback),
    response_type: 'code',
    code_challenge_method: CODE_CHALLENGE_METHOD,
    code_challenge: input.challenge,
    state: input.state,
    scope: 'openid',
  });
  return `/authorize?${q.toString()}`;
}

/** The Enterprise SSO provider's authorize URL (spec §7 "Redirects"). */
export function ssoAuthorizeUrl(input: {
  providerBaseUrl: string;
  clientId: string;
  origin: string;
  challenge: string;
  state: string;
}): string {
  const q = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.origin + href(paths.callback),
    code_challenge_method: CODE_CHALLENGE_METHOD,
    code_challenge: input.challenge,
    response_type: 'code',
    state: input.state,
  });
  return `${input.providerBaseUrl.replace(/\/+$/, '')}/oauth/authorize?${q.toString()}`;
}

/** RFC 9207: the issuer an answer must name, and whether the provider always names it. */
export interface IssuerRule {
  issuer: string;
  /** The provider's metadata says `authorization_response_iss_parameter_supported`: an answer without iss is refused. */
  required: boolean;
}

export type CallbackCheck =
  | { ok: true; code: string; ticket: string | null }
  | { ok: false; reason: string; wrongIssuer?: true };

/**
 * A callback's query is followed only when it carries a code and the state
 * the console stored (spec §4, §8: otherwise it is only logged), and, given
 * an issuer rule, names that issuer (RFC 9207: the mix-up defence).
 */
export function checkCallback(search: string, storedState: string | null, issuer?: IssuerRule | null): CallbackCheck {
  const q = new URLSearchParams(search);
  const code = q.get('code');
  const state = q.get('state');
  if (!storedState || state !== storedState) return { ok: false, reason: 'the state does not match the stored state' };
  const iss = q.get('iss');
  if (issuer && (iss !== null || issuer.required) && iss !== issuer.issuer) {
    return {
      ok: false,
      reason: `the answer names the issuer ${iss ?? '(none)'}, not ${issuer.issuer}`,
      wrongIssuer: true,
    };
  }
  if (!code) return { ok: false, reason: 'the authorization code is missing' };
  return { ok: true, code, ticket: q.get('ticket') };
}
