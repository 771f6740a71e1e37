// Security checklist, "Token": the authorization_code grant refuses every
// misuse of a code with the RFC 6749 error the checklist names.

import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_MS } from '../../src/auth/index.ts';
import { authAppUnderTest } from '../harness.ts';
import {
  authorizeRequest,
  Browser,
  CONSOLE_CLIENT,
  DEMO_CLIENT,
  exchange,
  me,
  obtainCode,
  PARTNER_CLIENT,
  pkce,
} from './harness.ts';

// One app and one signed-in browser for the file: each test takes fresh codes.
const t = authAppUnderTest({}, { reseedEach: false });
let browser: Browser;
beforeAll(async () => {
  browser = await new Browser(t.app).open();
  expect((await browser.login('provider.admin')).statusCode).toBe(200);
});

/** The console's token call as spec §7 gives it: client_id, code, code_verifier, grant_type. */
function redeem(grant: { code: string; verifier: string }, extra: Record<string, unknown> = {}) {
  return exchange(t.app, {
    grant_type: 'authorization_code',
    client_id: CONSOLE_CLIENT.uuid,
    code: grant.code,
    code_verifier: grant.verifier,
    ...extra,
  });
}

/** RFC 6749 §5.2: `error` and `error_description`; invalid_client is a 401 naming Basic. */
function expectOAuthError(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  error: string,
) {
  const status = error === 'invalid_client' ? 401 : 400;
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, error, error_description: expect.any(String) });
  expect(res.json()).not.toHaveProperty('access_token');
  if (status === 401) expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
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
    expectOAuthError(
      await redeem(grant, { client_id: DEMO_CLIENT.uuid, client_secret: DEMO_CLIENT.clientSecret }),
      'invalid_grant',
    );
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
      redirect_uri: CONSOLE_CLIENT.allowedRedirectTarget,
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
        redirect_uri: CONSOLE_CLIENT.allowedRedirectTarget,
      },
      true,
    );
    expect(res.statusCode).toBe(200);
  });

  it('carries the claims of docs/wire-and-errors.md and states its lifetime in exp', async () => {
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
    const res = await redeem(grant, {
      client_id: DEMO_CLIENT.uuid,
      client_secret: DEMO_CLIENT.clientSecret,
      redirect_uri: DEMO_CLIENT.allowedRedirectTarget,
    });
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
    const out = await other.logout({ 'x-xsrf-token': other.cookies.get('XSRF-TOKEN') as string });
    expect(out.statusCode).toBe(200);
    expect(other.cookies.has('UPSESSION')).toBe(false);
    expectOAuthError(await redeem(grant), 'invalid_grant');
  });
});

describe('RFC 6749 token endpoint rules', () => {
  it('redirect_uri is required when the authorization request had one (§4.1.3): invalid_request, code not spent', async () => {
    const grant = await obtainCode(browser, { client: PARTNER_CLIENT });
    const secret = { client_id: PARTNER_CLIENT.uuid, client_secret: PARTNER_CLIENT.clientSecret };
    expectOAuthError(await redeem(grant, secret), 'invalid_request');
    expectOAuthError(
      await redeem(grant, { ...secret, redirect_uri: `${PARTNER_CLIENT.allowedRedirectTarget}?x=1` }),
      'invalid_grant',
    );
    expect((await redeem(grant, { ...secret, redirect_uri: PARTNER_CLIENT.allowedRedirectTarget })).statusCode).toBe(
      200,
    );
  });

  it('the console keeps its spec §7 wire: its public client redeems with client_id, code, code_verifier, grant_type', async () => {
    const grant = await obtainCode(browser);
    const wire = { grant_type: 'authorization_code', client_id: CONSOLE_CLIENT.uuid, code: grant.code };
    expect((await exchange(t.app, { ...wire, code_verifier: grant.verifier })).statusCode).toBe(200);
  });

  it('unknown parameters are ignored (§3.2)', async () => {
    const grant = await obtainCode(browser);
    const res = await redeem(grant, { resource: 'https://api.example.com', foo: 'bar' });
    expect(res.statusCode).toBe(200);
  });

  it('errors answered before the handler (wrong media type, broken JSON) are §5.2 bodies too', async () => {
    for (const [type, payload] of [
      ['text/plain', 'grant_type=authorization_code'],
      ['application/json', '{"grant_type": '],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/userprofile/api/v1/auth/token',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
    }
  });
});

describe('client authentication (§2.3.1)', () => {
  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  async function partnerCode() {
    return obtainCode(browser, { client: PARTNER_CLIENT });
  }

  function redeemPartner(
    grant: { code: string; verifier: string },
    auth: { header?: string; body?: Record<string, string> },
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/userprofile/api/v1/auth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(auth.header ? { authorization: auth.header } : {}),
      },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: grant.code,
        code_verifier: grant.verifier,
        redirect_uri: PARTNER_CLIENT.allowedRedirectTarget,
        ...auth.body,
      }).toString(),
    });
  }

  it('a client with a secret that sends none, or a wrong one, is refused (401 invalid_client), and the code survives', async () => {
    const grant = await partnerCode();
    const attempts: { header?: string; body?: Record<string, string> }[] = [
      { body: { client_id: PARTNER_CLIENT.uuid } },
      { body: { client_id: PARTNER_CLIENT.uuid, client_secret: 'wrong' } },
      { body: { client_id: PARTNER_CLIENT.uuid, client_secret: '' } },
      { header: basic(PARTNER_CLIENT.uuid, 'wrong') },
      { header: basic(PARTNER_CLIENT.uuid, '') },
      { header: basic(CONSOLE_CLIENT.uuid, '') },
    ];
    for (const auth of attempts) {
      const res = await redeemPartner(grant, auth);
      expectOAuthError(res, 'invalid_client');
    }
    expect(
      (await redeemPartner(grant, { header: basic(PARTNER_CLIENT.uuid, PARTNER_CLIENT.clientSecret) })).statusCode,
    ).toBe(200);
  });

  it('client_secret_post works; two methods at once are invalid_request', async () => {
    const grant = await partnerCode();
    const both = await redeemPartner(grant, {
      header: basic(PARTNER_CLIENT.uuid, PARTNER_CLIENT.clientSecret),
      body: { client_secret: PARTNER_CLIENT.clientSecret },
    });
    expectOAuthError(both, 'invalid_request');
    const post = await redeemPartner(grant, {
      body: { client_id: PARTNER_CLIENT.uuid, client_secret: PARTNER_CLIENT.clientSecret },
    });
    expect(post.statusCode).toBe(200);
  });

  it('the console client is public: PKCE alone redeems its code', async () => {
    const grant = await obtainCode(browser);
    expect((await redeem(grant)).statusCode).toBe(200);
  });
});

describe('access and ID tokens', () => {
  it('the access token is an RFC 9068 JWT for the client; only the console client’s tokens open the console API', async () => {
    const grant = await obtainCode(browser, { client: DEMO_CLIENT });
    const res = await redeem(grant, {
      client_id: DEMO_CLIENT.uuid,
      client_secret: DEMO_CLIENT.clientSecret,
      redirect_uri: DEMO_CLIENT.allowedRedirectTarget,
    });
    const token = res.json().access_token as string;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: t.key.kid });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: 'http://127.0.0.1:8080/userprofile',
      aud: DEMO_CLIENT.uuid,
      client_id: DEMO_CLIENT.uuid,
      sub: t.uuidOf('provider.admin'),
    });
    for (const claim of ['iat', 'exp', 'jti']) expect(claims).toHaveProperty(claim);
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('scope=openid brings an RS256 ID token for the client, with the nonce echoed', async () => {
    const { verifier, challenge } = pkce();
    const res = await browser.authorize({
      authorizeRequest: authorizeRequest({ scope: 'openid', nonce: 'n-0S6_WzA2Mj' }, CONSOLE_CLIENT, challenge),
    });
    const code = new URL(res.json().redirectUrl).searchParams.get('code') as string;
    const body = (await redeem({ code, verifier })).json();
    expect(body.scope).toBe('openid');
    const { payload, protectedHeader } = await jwtVerify(body.id_token, t.key.publicKey, {
      issuer: 'http://127.0.0.1:8080/userprofile',
      audience: CONSOLE_CLIENT.uuid,
      algorithms: ['RS256'],
      currentDate: new Date(t.clock.time),
    });
    expect(protectedHeader.kid).toBe(t.key.kid);
    expect(payload).toMatchObject({ sub: t.uuidOf('provider.admin'), nonce: 'n-0S6_WzA2Mj' });
    expect(payload.iat).toBe(Math.floor(t.clock.time / 1000));
    expect(payload.exp).toBeGreaterThan(payload.iat as number);
    // An ID token is not an access token: the console API refuses it.
    expect((await me(t.app, body.id_token)).statusCode).toBe(401);
  });

  it('without openid there is no ID token', async () => {
    const { verifier, challenge } = pkce();
    const res = await browser.authorize({
      authorizeRequest: authorizeRequest({ scope: null }, CONSOLE_CLIENT, challenge),
    });
    const code = new URL(res.json().redirectUrl).searchParams.get('code') as string;
    const body = (await redeem({ code, verifier })).json();
    expect(body).not.toHaveProperty('id_token');
    expect(body).not.toHaveProperty('scope');
  });
});

describe('provider metadata', () => {
  it('is served at the OpenID Connect location and the RFC 8414 location for an issuer with a path', async () => {
    const oidc = await t.app.inject({ method: 'GET', url: '/userprofile/.well-known/openid-configuration' });
    const oauth = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server/userprofile' });
    expect(oidc.statusCode).toBe(200);
    expect(oauth.statusCode).toBe(200);
    expect(oauth.json()).toEqual(oidc.json());
    expect(oidc.json()).toMatchObject({
      issuer: 'http://127.0.0.1:8080/userprofile',
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      grant_types_supported: ['authorization_code'],
      scopes_supported: ['openid'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  });
});
