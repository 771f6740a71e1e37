// A second application of the suite, for the "sent on to other applications"
// flow of spec §1: a tiny server-rendered page that signs in through this
// provider like any OAuth2 client would — PKCE S256 authorize URL, then the
// code exchange at the token endpoint and offline verification of the token
// against the provider's public keys. Its verifier and state live in an HttpOnly
// cookie scoped to /demo-app.

import { randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import { BASE_PATH } from '@userprofile/shared/constants';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import type { AuthStore } from '../auth/contract.ts';
import { randomToken } from '../auth/core.ts';
import { escapeHtml, htmlPage } from '../auth/http.ts';
import { s256 } from '../auth/pkce.ts';

const DEMO_APP_PATH = '/demo-app';
const PKCE_COOKIE = 'demo_pkce';
const TITLE = 'Network Inventory (demo)';

export interface DemoAppOptions {
  store: AuthStore;
  publicOrigin: string;
  clientId: string | undefined;
  now: () => number;
  /**
   * The provider's public keys, as the application was given them. Read from the JWKS call where
   * the backend offers it; a spec-only backend has no such call (an extension), and an application
   * of the suite is then configured with the keys: the same key set either way.
   */
  keys: () => Promise<JSONWebKeySet>;
}

function page(body: string): string {
  return htmlPage(TITLE, `<h1>${TITLE}</h1>\n${body}`);
}

export function registerDemoApp(app: FastifyInstance, options: DemoAppOptions): void {
  const { store, publicOrigin } = options;
  const cookieOptions = {
    path: DEMO_APP_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicOrigin.startsWith('https:'),
  };
  const client = () => (options.clientId ? store.findClient(options.clientId) : undefined);
  const issuer = `${publicOrigin}${BASE_PATH}`;

  app.get(`${DEMO_APP_PATH}/`, async (_request, reply) => {
    const registered = client();
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!registered) {
      return reply.code(503).send(page('<p role="alert">The demo application has no OAuth2 client registered.</p>'));
    }
    const verifier = randomToken();
    const state = randomBytes(16).toString('base64url');
    reply.setCookie(PKCE_COOKIE, `${state}.${verifier}`, cookieOptions);
    const query = new URLSearchParams({
      client_id: registered.uuid,
      redirect_uri: registered.allowedRedirectTarget,
      response_type: 'code',
      scope: 'openid',
      state,
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
    });
    return page(`<p>This page stands for another application of the suite. It signs you in through User Profile.</p>
<p><a class="button" href="${escapeHtml(`${publicOrigin}/userprofile/authorize?${query}`)}">Sign in with User Profile</a></p>`);
  });

  app.get(`${DEMO_APP_PATH}/callback`, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const query = request.query as Record<string, unknown>;
    const [state, verifier] = (request.cookies[PKCE_COOKIE] ?? '').split('.');
    const again = `<p><a href="${DEMO_APP_PATH}/">Back to ${TITLE}</a></p>`;
    const registered = client();
    if (!registered || !state || !verifier || query.state !== state || typeof query.code !== 'string') {
      return reply
        .code(400)
        .send(page(`<p role="alert">This sign-in answer does not belong to a sign-in started here.</p>${again}`));
    }
    reply.clearCookie(PKCE_COOKIE, cookieOptions);
    // RFC 9207 §2.4: the provider advertises iss, so an answer without it, or
    // naming another issuer, may carry another provider's code: refused.
    if (query.iss !== issuer) {
      return reply
        .code(400)
        .send(
          page(
            `<p role="alert">This sign-in answer comes from another sign-in service than the one asked (iss), so it was refused. Please sign in again.</p>${again}`,
          ),
        );
    }
    // A confidential client: it proves its secret with HTTP Basic (RFC 6749 §2.3.1).
    const basic = Buffer.from(
      `${encodeURIComponent(registered.uuid)}:${encodeURIComponent(registered.clientSecret)}`,
    ).toString('base64');
    const exchange = await app.inject({
      method: 'POST',
      url: `${BASE_PATH}/api/v1/auth/token`,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: query.code,
        code_verifier: verifier,
        redirect_uri: registered.allowedRedirectTarget,
      }).toString(),
    });
    const answer = exchange.json() as { access_token?: string; error?: string; error_description?: string };
    if (exchange.statusCode !== 200 || !answer.access_token) {
      return reply
        .code(502)
        .send(
          page(
            `<p role="alert">The code exchange failed: ${escapeHtml(`${answer.error ?? exchange.statusCode} ${answer.error_description ?? ''}`)}</p>${again}`,
          ),
        );
    }
    // Verify offline, as another application would: the published keys, our issuer, RS256 only.
    const { payload } = await jwtVerify(answer.access_token, createLocalJWKSet(await options.keys()), {
      algorithms: ['RS256'],
      typ: 'at+jwt',
      issuer,
      audience: registered.uuid,
      currentDate: new Date(options.now()),
    });
    const expires = new Date((payload.exp ?? 0) * 1000).toISOString();
    return page(`<p>Signed in as <strong data-testid="username">${escapeHtml(String(payload.preferred_username))}</strong></p>
<p>Access token expires at <time datetime="${expires}" data-testid="expires">${expires}</time> (exp ${payload.exp}).</p>
${again}`);
  });
}
