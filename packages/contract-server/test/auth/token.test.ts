// Security checklist, "Token": the authorization_code grant refuses every
// misuse of a code with the RFC 6749 error the checklist names.

import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_MS } from '../../src/auth/index.ts';
import {
  Browser,
  buildApp,
  CONSOLE_CLIENT,
  DEMO_CLIENT,
  exchange,
  me,
  obtainCode,
  PARTNER_CLIENT,
  pkce,
  type TestApp,
} from './harness.ts';

let t: TestApp;
let browser: Browser;

// One app and one signed-in browser for the file: each test takes fresh codes.
beforeAll(async () => {
  t = await buildApp();
  browser = await new Browser(t.app).open();
  expect((await browser.login('provider.admin')).statusCode).toBe(200);
});

function redeem(grant: { code: string; verifier: string }, extra: Record<string, unknown> = {}) {
  return exchange(t.app, {
    grant_type: 'authorization_code',
    client_id: CONSOLE_CLIENT.uuid,
    code: grant.code,
    code_verifier: grant.verifier,
    ...extra,
  });
}

function expectOAuthError(res: { statusCode: number; json: () => unknown }, error: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, error });
  expect(res.json()).not.toHaveProperty('access_token');
}

describe('authorization code', () => {
  it('redeems once for an RS256 access token that works at the API', async () => {
    const grant = await obtainCode(browser);
    const res = await redeem(grant);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect((await me(t.app, body.access_token)).statusCode).toBe(200);
  });

  it('redeemed twice: the second gets invalid_grant and the first tokens are revoked (401 at the API)', async () => {
    const grant = await obtainCode(browser);
    const first = await redeem(grant);
    expect(first.statusCode).toBe(200);
    const token = first.json().access_token;
    expect((await me(t.app, token)).statusCode).toBe(200);

    expectOAuthError(await redeem(grant), 'invalid_grant');
    const after = await me(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('two redemptions at the same moment: exactly one succeeds', async () => {
    const grant = await obtainCode(browser);
    const results = await Promise.all([redeem(grant), redeem(grant), redeem(grant)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expectOAuthError(r, 'invalid_grant');
  });

  it('lives 60 seconds: accepted just before, invalid_grant after its lifetime', async () => {
    expect(CODE_TTL_MS).toBe(60_000);
    const early = await obtainCode(browser);
    t.clock.advance(59_000);
    expect((await redeem(early)).statusCode).toBe(200);

    const late = await obtainCode(browser);
    t.clock.advance(60_000);
    expectOAuthError(await redeem(late), 'invalid_grant');
  });

  it('presented by another client: invalid_grant', async () => {
    const grant = await obtainCode(browser);
    expectOAuthError(await redeem(grant, { client_id: DEMO_CLIENT.uuid }), 'invalid_grant');
    // The code was not spent by the refusal: its own client can still redeem it.
    expect((await redeem(grant)).statusCode).toBe(200);
  });

  it('with another redirect_uri: invalid_grant', async () => {
    const grant = await obtainCode(browser);
    expectOAuthError(
      await redeem(grant, { redirect_uri: `${CONSOLE_CLIENT.allowedRedirectTarget}/` }),
      'invalid_grant',
    );
    expectOAuthError(await redeem(grant, { redirect_uri: PARTNER_CLIENT.allowedRedirectTarget }), 'invalid_grant');
    expect((await redeem(grant, { redirect_uri: CONSOLE_CLIENT.allowedRedirectTarget })).statusCode).toBe(200);
  });

  it('with a missing verifier: invalid_grant', async () => {
    const grant = await obtainCode(browser);
    const res = await exchange(t.app, {
      grant_type: 'authorization_code',
      client_id: CONSOLE_CLIENT.uuid,
      code: grant.code,
    });
    expectOAuthError(res, 'invalid_grant');
  });

  it('with a wrong verifier: invalid_grant', async () => {
    const grant = await obtainCode(browser);
    expectOAuthError(await redeem({ code: grant.code, verifier: pkce().verifier }), 'invalid_grant');
  });

  it.each([
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
    ['a character outside the alphabet', `${'a'.repeat(42)}+`],
  ])('with a malformed verifier (%s): invalid_grant', async (_name, verifier) => {
    const grant = await obtainCode(browser);
    expectOAuthError(await redeem({ code: grant.code, verifier }), 'invalid_grant');
  });

  it('the challenge itself presented as verifier (what plain would accept): invalid_grant', async () => {
    const { challenge, verifier } = pkce();
    const grant = await obtainCode(browser, { verifier });
    expectOAuthError(await redeem({ code: grant.code, verifier: challenge }), 'invalid_grant');
  });

  it('an unknown code: invalid_grant', async () => {
    expectOAuthError(await redeem({ code: 'x'.repeat(43), verifier: pkce().verifier }), 'invalid_grant');
  });

  it('an unknown client_id: invalid_client', async () => {
    const grant = await obtainCode(browser);
    expectOAuthError(await redeem(grant, { client_id: '5f0e8a0c-0000-4000-8000-00000000dead' }), 'invalid_client');
  });
});

describe('grant types', () => {
  it.each([
    'password',
    'refresh_token',
    'client_credentials',
    'implicit',
    'urn:ietf:params:oauth:grant-type:device_code',
  ])('grant_type=%s: unsupported_grant_type', async (grantType) => {
    const grant = await obtainCode(browser);
    expectOAuthError(await redeem(grant, { grant_type: grantType }), 'unsupported_grant_type');
  });

  it('grant_type=password with a username and password: unsupported_grant_type', async () => {
    const res = await exchange(t.app, {
      grant_type: 'password',
      client_id: CONSOLE_CLIENT.uuid,
      username: 'provider.admin',
      password: 'Passw0rd!',
    });
    expectOAuthError(res, 'unsupported_grant_type');
  });
});

describe('token', () => {
  it('is accepted from the form encoding of RFC 6749 as well as JSON', async () => {
    const grant = await obtainCode(browser);
    const res = await exchange(
      t.app,
      {
        grant_type: 'authorization_code',
        client_id: CONSOLE_CLIENT.uuid,
        code: grant.code,
        code_verifier: grant.verifier,
      },
      true,
    );
    expect(res.statusCode).toBe(200);
  });

  it('carries the claims of docs/decisions.md and states its lifetime in exp', async () => {
    const grant = await obtainCode(browser);
    const token = (await redeem(grant)).json().access_token;
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: 'http://127.0.0.1:8080/userprofile',
      sub: t.uuidOf('provider.admin'),
      preferred_username: 'provider.admin',
      roles: ['ERRIGAL_ADMIN'],
      client_id: CONSOLE_CLIENT.uuid,
    });
    expect(claims.iat).toBe(Math.floor(t.clock.time / 1000));
    expect(claims.exp).toBe((claims.iat as number) + 3600);
    expect(typeof claims.sid).toBe('string');
    expect(typeof claims.jti).toBe('string');
  });

  it('a code the console obtained for the demo application is accepted by that client', async () => {
    const grant = await obtainCode(browser, { client: DEMO_CLIENT });
    expect(grant.url.href.startsWith(`${DEMO_CLIENT.allowedRedirectTarget}?code=`)).toBe(true);
    const res = await redeem(grant, { client_id: DEMO_CLIENT.uuid, redirect_uri: DEMO_CLIENT.allowedRedirectTarget });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token).client_id).toBe(DEMO_CLIENT.uuid);
  });

  it('a wrong client_secret, when one is sent, is invalid_client', async () => {
    const grant = await obtainCode(browser);
    expectOAuthError(await redeem(grant, { client_secret: 'not-the-secret' }), 'invalid_client');
    expect((await redeem(grant, { client_secret: CONSOLE_CLIENT.clientSecret })).statusCode).toBe(200);
  });

  it('a code is refused once its sign-in session has ended', async () => {
    const other = await new Browser(t.app).open();
    const grant = await obtainCode(other, { username: 'customer.admin' });
    const out = await other.request({
      method: 'GET',
      url: '/userprofile/api/v1/auth/logout',
      headers: { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN') as string },
    });
    expect(out.statusCode).toBe(200);
    expect(other.cookies.has('UPSESSION')).toBe(false);
    expectOAuthError(await redeem(grant), 'invalid_grant');
  });
});
