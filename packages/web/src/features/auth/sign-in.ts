// The console's sign-in flows (spec §4 "Login", §9 authorization flow):
// its own authorization-code flow with PKCE, the login form, the session
// check, and the Enterprise SSO round trip. Screens call these; these call
// the API client.
import { XSRF_COOKIE, XSRF_HEADER } from '@userprofile/shared/constants';
import { createCodeChallenge, createCodeVerifier, createState } from '@userprofile/shared/pkce';
import { api, formEncoded, readCookie, withLoading } from '../../lib/api/client.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { loadCurrentUser } from '../../lib/current-user.ts';
import { callExtension, NotOfferedError } from '../../lib/extensions.ts';
import { bindReturnPath } from '../../lib/return-path.ts';
import { storage } from '../../lib/storage.ts';
import { storeToken } from '../../lib/token.ts';
import { type AuthorizeRequest, type IssuerRule, selfAuthorizePath, ssoAuthorizeUrl } from './authorize-request.ts';
import { type SecondFactor, secondFactorOf } from './second-factor.ts';

export async function frontendConfig() {
  const { data } = await api().GET('/api/v1/auth/frontendconfig');
  if (!data) throw new Error('GET /auth/frontendconfig answered no body');
  return data;
}

async function consoleClientId(): Promise<string> {
  const { clientId } = await frontendConfig();
  if (!clientId) throw new Error('The backend names no client id for the console (GET /auth/frontendconfig)');
  return clientId;
}

/**
 * What the console's own sign-in learned as it began, kept beside its state:
 * its client id and the issuer its answer must name (RFC 9207 compares the
 * answer with the server the request went to). selfcallback then asks for
 * neither again; `issuer` is absent when discovery could not be read then.
 */
interface SelfSignIn {
  clientId: string;
  issuer?: IssuerRule | null;
}

/** auth/login/user: a fresh state and verifier are stored; answers the authorize path to go to. */
export async function startSelfLogin(origin = window.location.origin): Promise<string> {
  const [clientId, issuer] = await Promise.all([
    consoleClientId(),
    // A failure here is not the sign-in's: selfcallback asks again, and says why if it fails there.
    providerIssuer().catch(() => undefined),
  ]);
  const state = createState();
  const verifier = createCodeVerifier();
  storage.set('state', state);
  storage.set('code_verifier', verifier);
  storage.setJson('self_sign_in', { clientId, ...(issuer === undefined ? {} : { issuer }) } satisfies SelfSignIn);
  bindReturnPath(state);
  return selfAuthorizePath({ clientId, origin, challenge: await createCodeChallenge(verifier), state });
}

/** The issuer the console's own sign-in answer must name: as learned when it began, else asked for now. */
export async function selfSignInIssuer(): Promise<IssuerRule | null> {
  const started = storage.getJson<Partial<SelfSignIn>>('self_sign_in');
  return started?.issuer !== undefined ? started.issuer : providerIssuer();
}

/**
 * POST /auth/session: the redirect URL when the browser already has a sign-in
 * session, null when it has none (204), or the second factor that session
 * still owes (./second-factor.ts; a session from before its user had to give one).
 */
export async function reuseSession(authorizeRequest: AuthorizeRequest): Promise<string | SecondFactor | null> {
  const { data } = await api().POST('/api/v1/auth/session', { body: { authorizeRequest } });
  return secondFactorOf(data) ?? (data && 'redirectUrl' in data ? (data.redirectUrl ?? null) : null);
}

/**
 * POST /userprofile/login (form-encoded): true when the credentials were
 * accepted, or the second factor they must be followed by.
 */
export async function logIn(username: string, password: string): Promise<boolean | SecondFactor> {
  const { data } = await api().POST('/login', {
    body: { username, password },
    bodySerializer: (body) => formEncoded(body as Record<string, string>),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return secondFactorOf(data) ?? (data && 'success' in data ? data.success === true : false);
}

/**
 * POST /auth/authorize: the URL to send the browser to (the client's redirect
 * with code and state), or the second factor its user must give first.
 */
export async function authorizeOrStep(
  authorizeRequest: AuthorizeRequest,
  token?: string,
): Promise<string | SecondFactor> {
  const { data } = await api().POST('/api/v1/auth/authorize', {
    body: token ? { authorizeRequest, token } : { authorizeRequest },
  });
  const step = secondFactorOf(data);
  if (step) return step;
  if (!data || !('redirectUrl' in data) || !data.redirectUrl)
    throw new Error('POST /auth/authorize answered no redirectUrl');
  return data.redirectUrl;
}

/** POST /auth/authorize where no step can be taken (the Enterprise SSO callback): the URL to follow. */
export async function authorize(authorizeRequest: AuthorizeRequest, token?: string): Promise<string> {
  const next = await authorizeOrStep(authorizeRequest, token);
  if (typeof next !== 'string') {
    throw new Error('POST /auth/authorize asked for a second factor, which this sign-in cannot give');
  }
  return next;
}

/**
 * RFC 9207: the issuer the console's own sign-in answers must name, from the
 * provider's metadata; null when the backend publishes none (discovery is an
 * extension, lib/extensions.ts), which then names no issuer either: the check
 * is skipped.
 */
export async function providerIssuer(): Promise<IssuerRule | null> {
  try {
    return await callExtension('openidConfiguration', async (offer) => {
      const { data, response } = await api().GET('/.well-known/openid-configuration', {
        parseAs: 'text',
        middleware: offer,
      });
      // A host without discovery may answer its own HTML page (a single-page fallback): not offered either.
      if (!response.headers.get('Content-Type')?.includes('json')) {
        throw new ApiError(404, 'GET', '/.well-known/openid-configuration', null, response.headers);
      }
      const metadata = JSON.parse(data ?? '{}') as {
        issuer?: string;
        authorization_response_iss_parameter_supported?: boolean;
      };
      if (!metadata.issuer) return null;
      return { issuer: metadata.issuer, required: metadata.authorization_response_iss_parameter_supported === true };
    });
  } catch (error) {
    if (error instanceof NotOfferedError) return null;
    throw error;
  }
}

/**
 * The state of an Enterprise SSO sign-in. Where the backend offers
 * `POST /auth/sso/start` (an extension) it makes the state and binds it to a
 * cookie of this browser, so only this browser can finish the sign-in (RFC
 * 9700 §4.7); a backend without it gets the spec's own flow (§4 "Login"): a
 * random state kept in this browser, which the callback must get back, and
 * PKCE binding the code to the verifier kept beside it.
 */
async function ssoState(envBaseUrl: string | null | undefined): Promise<string> {
  try {
    return await callExtension('startSso', async (offer) => {
      const { data } = await api().POST('/api/v1/auth/sso/start', {
        ...(envBaseUrl ? { baseUrl: envBaseUrl } : {}),
        middleware: offer,
      });
      if (!data?.state) throw new Error('POST /auth/sso/start answered no state');
      return data.state;
    });
  } catch (error) {
    if (error instanceof NotOfferedError) return createState();
    throw error;
  }
}

/** The console's client id: as learned when its sign-in began, else asked for now (a caller starts it beside other calls). */
export function askConsoleClientId(): Promise<string> {
  const started = storage.getJson<Partial<SelfSignIn>>('self_sign_in');
  if (typeof started?.clientId === 'string' && started.clientId) return Promise.resolve(started.clientId);
  const asked = consoleClientId();
  // Awaited later (by completeSelfLogin), or not at all when the callback is refused first.
  asked.catch(() => undefined);
  return asked;
}

/** selfcallback: exchanges the code with the stored verifier, stores the token, loads the user. */
export async function completeSelfLogin(code: string, clientIdAsked?: Promise<string>): Promise<void> {
  const verifier = storage.get('code_verifier');
  if (!verifier) throw new Error('No code verifier is stored for this sign-in');
  const clientId = await (clientIdAsked ?? askConsoleClientId());
  const { data } = await api().POST('/api/v1/auth/token', {
    body: { client_id: clientId, code, code_verifier: verifier, grant_type: 'authorization_code' },
    middleware: [withLoading('Signing in...')],
  });
  if (!data?.access_token) throw new Error('POST /auth/token answered no access_token');
  storeToken(data.access_token);
  storage.remove('state');
  storage.remove('code_verifier');
  storage.remove('self_sign_in');
  await loadCurrentUser();
}

/** Login page 'Enterprise SSO': remembers the request being authorized, then answers the provider's URL. */
export async function startSsoLogin(authorizeRequest: AuthorizeRequest, origin = window.location.origin) {
  const { propelAuthUrl, clientId, envBaseUrl } = await frontendConfig();
  if (!propelAuthUrl || !clientId) throw new Error('Enterprise SSO is not configured on the backend');
  const state = await ssoState(envBaseUrl);
  const verifier = createCodeVerifier();
  storage.set('sso_state', state);
  storage.set('sso_code_verifier', verifier);
  storage.setJson('sso_authorize_request', authorizeRequest);
  return ssoAuthorizeUrl({
    providerBaseUrl: propelAuthUrl,
    clientId,
    origin,
    challenge: await createCodeChallenge(verifier),
    state,
  });
}

/**
 * callback: the SSO code becomes a token of this provider; the remembered
 * authorization request is then authorized with it, and the browser goes on
 * to that client (the console's own request lands on selfcallback).
 * Answers the URL to follow, or null when the console is signed in here.
 */
export async function completeSsoLogin(code: string, state: string): Promise<string | null> {
  const verifier = storage.get('sso_code_verifier');
  if (!verifier) throw new Error('No SSO code verifier is stored for this sign-in');
  const { envBaseUrl } = await frontendConfig();
  // A GET, so the client adds no cross-site request token: this page sends it,
  // to prove the exchange comes from the console's own page.
  const xsrf = readCookie(XSRF_COOKIE);
  const { data } = await api().GET('/api/v1/auth/getPropelTokenFromCode', {
    ...(envBaseUrl ? { baseUrl: envBaseUrl } : {}),
    params: { query: { code, code_verifier: verifier, state } },
    ...(xsrf ? { headers: { [XSRF_HEADER]: xsrf } } : {}),
    middleware: [withLoading('Signing in...')],
  });
  if (!data?.access_token) throw new Error('getPropelTokenFromCode answered no access_token');
  storage.remove('sso_state');
  storage.remove('sso_code_verifier');
  const pending = storage.getJson<AuthorizeRequest>('sso_authorize_request');
  storage.remove('sso_authorize_request');
  if (pending) return authorize(pending, data.access_token);
  storeToken(data.access_token);
  await loadCurrentUser();
  return null;
}
