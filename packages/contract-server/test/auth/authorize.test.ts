// Security checklist, "Authorize": every bad authorization request is refused.
// The API answers 400. The login page (the authorization endpoint) answers an
// error page while the client or its redirect target is in doubt, never a
// redirect; once both are sure, it sends the error back to the client with its
// state and the issuer (RFC 6749 §4.1.2.1, RFC 9207), and never a code.

import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { authAppUnderTest, consoleBuild } from '../harness.ts';
import {
  authorizeRequest,
  Browser,
  CONSOLE_CLIENT,
  exchange,
  ORIGIN,
  obtainCode,
  PARTNER_CLIENT,
  pkce,
} from './harness.ts';

// A stand-in for the built console, so the login page itself can load.
const t = authAppUnderTest(
  () => ({ webDist: consoleBuild({ 'index.html': '<!doctype html><title>User Profile login</title>' }) }),
  { reseedEach: false },
);
const ISSUER = `${ORIGIN}/userprofile`;
let app: FastifyInstance;
let browser: Browser;

beforeAll(async () => {
  ({ app } = t);
  browser = await new Browser(app).open();
  expect((await browser.login('provider.admin')).statusCode).toBe(200);
});

/** The login page (the authorization endpoint proper) for a raw query string. */
function loginPage(query: string) {
  return app.inject({ method: 'GET', url: `/userprofile/authorize?${query}` });
}

function query(params: Record<string, string>) {
  return new URLSearchParams(params).toString();
}

/** Refused by the API with a 400, and by the login page with an error page: no redirect anywhere. */
async function expectRefused(request: Record<string, unknown>) {
  const api = await browser.authorize({ authorizeRequest: request });
  expect(api.statusCode).toBe(400);
  expect(api.json()).not.toHaveProperty('redirectUrl');
  expect(api.headers.location).toBeUndefined();
  const page = await loginPage(query(request as Record<string, string>));
  expect(page.statusCode).toBe(400);
  expect(page.headers.location).toBeUndefined();
  expect(page.body).toContain('Sign-in request refused');
  return api.json() as { message: string; errors: { field: string }[] };
}

/**
 * Refused by the API with a 400, and by the login page with the error sent back
 * to the client's registered target: error, state and iss, never a code.
 */
async function expectSentBack(request: Record<string, unknown>, error = 'invalid_request', search?: string) {
  const api = await browser.authorize({ authorizeRequest: request });
  expect(api.statusCode).toBe(400);
  expect(api.json()).not.toHaveProperty('redirectUrl');
  const page = await loginPage(search ?? query(request as Record<string, string>));
  expect(page.statusCode).toBe(303);
  expect(page.headers['cache-control']).toBe('no-store');
  const location = new URL(String(page.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(request.redirect_uri);
  expect(location.searchParams.get('error')).toBe(error);
  expect(location.searchParams.get('iss')).toBe(ISSUER);
  expect(location.searchParams.has('code')).toBe(false);
  return { api: api.json() as { message: string; errors: { field: string }[] }, location };
}

describe('redirect_uri', () => {
  it('not registered for the client: an error page and a 400, never a redirect', async () => {
    const body = await expectRefused(authorizeRequest({ redirect_uri: 'https://evil.example.net/cb' }));
    expect(body.errors[0]?.field).toBe('body.authorizeRequest.redirect_uri');
  });

  it('registered for another client is refused for this one', async () => {
    await expectRefused(authorizeRequest({ redirect_uri: PARTNER_CLIENT.allowedRedirectTarget }));
  });

  // The registered target is https://app.example.com/cb; each variant changes one thing.
  it.each([
    ['trailing slash', 'https://app.example.com/cb/'],
    ['added query', 'https://app.example.com/cb?x=1'],
    ['upper-case host', 'https://APP.example.com/cb'],
    ['explicit :443', 'https://app.example.com:443/cb'],
    ['fragment', 'https://app.example.com/cb#frag'],
    ['longer path', 'https://app.example.com/cbx'],
    ['dot segments', 'https://app.example.com/cb/../x'],
    ['userinfo trick', 'https://app.example.com@evil.example.net/cb'],
    ['userinfo before host', 'https://good@app.example.com/cb'],
    ['encoded slash', 'https://app.example.com%2Fcb'],
    ['encoded path', 'https://app.example.com/c%62'],
    ['http for https', 'http://app.example.com/cb'],
  ])('the registered target with one change (%s) is refused', async (_name, redirectUri) => {
    await expectRefused(authorizeRequest({ redirect_uri: redirectUri }, PARTNER_CLIENT));
  });

  it('the registered target itself is accepted', async () => {
    const res = await browser.authorize({ authorizeRequest: authorizeRequest({}, PARTNER_CLIENT) });
    expect(res.statusCode).toBe(200);
    expect(res.json().redirectUrl.startsWith('https://app.example.com/cb?code=')).toBe(true);
  });
});

describe('PKCE', () => {
  it('code_challenge_method=plain is refused', async () => {
    const { api, location } = await expectSentBack(authorizeRequest({ code_challenge_method: 'plain', state: 's1' }));
    expect(JSON.stringify(api)).toContain('code_challenge_method');
    expect(location.searchParams.get('error_description')).toBe("code_challenge_method must be 'S256'");
    expect(location.searchParams.get('state')).toBe('s1');
  });

  it('a challenge without method is refused (absent means plain)', async () => {
    const { code_challenge_method: _, ...request } = authorizeRequest();
    const { api } = await expectSentBack(request);
    expect(api.errors[0]?.field).toBe('body.authorizeRequest.code_challenge_method');
  });

  it('no challenge is refused', async () => {
    const { code_challenge: _, ...request } = authorizeRequest();
    await expectSentBack(request);
  });

  it('a challenge of 42 characters is refused', async () => {
    await expectSentBack(authorizeRequest({ code_challenge: 'a'.repeat(42) }));
  });

  it('a challenge of 129 characters is refused', async () => {
    await expectSentBack(authorizeRequest({ code_challenge: 'a'.repeat(129) }));
  });

  it.each([
    ['+', `${'a'.repeat(42)}+`],
    ['/', `${'a'.repeat(42)}/`],
    ['=', `${'a'.repeat(42)}=`],
    ['space', `${'a'.repeat(42)} `],
    ['non-ASCII', `${'a'.repeat(42)}é`],
  ])('a challenge with a character outside [A-Za-z0-9-._~] (%s) is refused', async (_name, challenge) => {
    await expectSentBack(authorizeRequest({ code_challenge: challenge }));
  });

  it('43 and 128 characters of the whole alphabet are accepted', async () => {
    for (const challenge of ['A-._~z09'.repeat(6).slice(0, 43), 'Zz9-._~a'.repeat(16)]) {
      const res = await browser.authorize({ authorizeRequest: authorizeRequest({ code_challenge: challenge }) });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('parameters', () => {
  it('a parameter given twice (state=a&state=b) is sent back to the client without a state', async () => {
    const request = authorizeRequest({ state: 'a' }) as Record<string, string>;
    const { location } = await expectSentBack(
      { ...request, state: ['a', 'b'] },
      'invalid_request',
      `${query(request)}&state=b`,
    );
    expect(location.searchParams.get('error_description')).toBe('state must be given once, as a string');
    expect(location.searchParams.has('state')).toBe(false);
  });

  // Until the client and its redirect target are sure, nothing is sent anywhere.
  it.each(['client_id', 'redirect_uri'])('a repeated %s gets an error page, never a redirect', async (name) => {
    const request = authorizeRequest({}, PARTNER_CLIENT) as Record<string, string>;
    const page = await loginPage(`${query(request)}&${name}=${encodeURIComponent(request[name] as string)}`);
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain(name);
  });

  it('a repeated code_challenge is sent back to the client', async () => {
    const request = authorizeRequest({}, PARTNER_CLIENT) as Record<string, string>;
    await expectSentBack(
      { ...request, code_challenge: [request.code_challenge, request.code_challenge] },
      'invalid_request',
      `${query(request)}&code_challenge=${encodeURIComponent(request.code_challenge as string)}`,
    );
  });

  it('an unsupported response_mode is sent back with its state byte for byte', async () => {
    const state = 'a b+c&d=e%20f/?#ü';
    const { location } = await expectSentBack(authorizeRequest({ response_mode: 'fragment', state }));
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.getAll('iss')).toHaveLength(1);
  });

  it('a parameter given twice in the JSON request (an array) is refused', async () => {
    const res = await browser.authorize({ authorizeRequest: authorizeRequest({ state: ['a', 'b'] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toHaveProperty('redirectUrl');
  });

  // No spelling of the login path slips past the check: every spelling the console's router shows the login page
  // for (it matches case-insensitively, with or without a trailing slash, after
  // percent-decoding) gets the same check, and so do path parameters.
  it.each([
    '/userprofile/authorize/',
    '/userprofile/AUTHORIZE',
    '/userprofile/Authorize//',
    '/userprofile/authorize;x',
    '/userprofile/authorize;jsessionid=1/',
    '/userprofile/%61uthorize',
    '/%75serprofile/authorize',
  ])('the login page spelled %s keeps the check', async (path) => {
    const bad = query(authorizeRequest({ redirect_uri: 'https://evil.example.net/cb' }) as Record<string, string>);
    const page = await app.inject({ method: 'GET', url: `${path}?${bad}` });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Sign-in request refused');
  });

  it('a valid request lets the login page load', async () => {
    const page = await loginPage(query(authorizeRequest() as Record<string, string>));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('User Profile login');
    // The pages hand out the cross-site request token, the login page and any screen alike.
    expect(String(page.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/userprofile; SameSite=Lax$/);
    const screen = await app.inject({ method: 'GET', url: '/userprofile/user/list' });
    expect(String(screen.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });

  it('unknown client_id: 400, no redirect', async () => {
    const body = await expectRefused(authorizeRequest({ client_id: '5f0e8a0c-0000-4000-8000-00000000dead' }));
    expect(body.errors[0]?.field).toBe('body.authorizeRequest.client_id');
  });

  it("response_type other than 'code' is refused", async () => {
    await expectSentBack(authorizeRequest({ response_type: 'token' }), 'unsupported_response_type');
  });

  it('state comes back byte for byte', async () => {
    const state = 'a b+c&d=e%20f/?#ü€😀\'"<>';
    const { verifier } = pkce();
    const { url } = await obtainCode(browser, { state, verifier });
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.href.startsWith(`${CONSOLE_CLIENT.allowedRedirectTarget}?code=`)).toBe(true);
    expect(url.searchParams.getAll('state')).toHaveLength(1);
  });

  it('the code is at least 128 random bits and differs each time', async () => {
    const a = await obtainCode(browser);
    const b = await obtainCode(browser);
    expect(a.code).not.toBe(b.code);
    expect(Buffer.from(a.code, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('without a session, credentials or token: 401 and no code', async () => {
    const stranger = await new Browser(app).open();
    const res = await stranger.authorize({ authorizeRequest: authorizeRequest() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).not.toHaveProperty('redirectUrl');
  });

  it('credentials in the request sign in and authorize in one call', async () => {
    const stranger = await new Browser(app).open();
    const { verifier, challenge } = pkce();
    const res = await stranger.authorize({
      credentials: { username: 'customer.admin', password: 'Passw0rd!' },
      authorizeRequest: authorizeRequest({}, CONSOLE_CLIENT, challenge),
    });
    expect(res.statusCode).toBe(200);
    const code = new URL(res.json().redirectUrl).searchParams.get('code');
    const token = await exchange(app, {
      grant_type: 'authorization_code',
      client_id: CONSOLE_CLIENT.uuid,
      code,
      code_verifier: verifier,
    });
    expect(token.statusCode).toBe(200);
  });

  it('wrong credentials in the request: 401 and no code', async () => {
    const stranger = await new Browser(app).open();
    const res = await stranger.authorize({
      credentials: { username: 'customer.admin', password: 'wrong-password' },
      authorizeRequest: authorizeRequest(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).not.toHaveProperty('redirectUrl');
  });
});

describe('client registration rule', () => {
  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', '/userprofile/selfcallback'],
    ['scheme-relative', '//evil.example.net/cb'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['with a fragment', 'https://app.example.com/cb#x'],
    ['not a URL', 'not a url'],
  ])('a client whose redirect target is %s is refused when saved', async (_name, target) => {
    const before = t.store.dump();
    const res = await t.helper.call('POST', '/userprofile/api/v1/authClient/update', {
      as: 'provider.admin',
      body: { name: 'Bad target', description: 'x', allowedRedirectTarget: target, clientSecret: 'abc123' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain('allowedRedirectTarget');
    expect(t.store.dump()).toBe(before);
  });
});
