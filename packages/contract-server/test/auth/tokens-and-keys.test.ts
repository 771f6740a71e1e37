// Security checklist, "Tokens and keys": forged, foreign and stale tokens get
// 401 at the API; the JWKS publishes public keys only.

import { createHash } from 'node:crypto';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeJwt,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { authAppUnderTest } from '../harness.ts';
import { buildApp, CONSOLE_CLIENT, DEMO_CLIENT, me, ORIGIN, signInToken } from './harness.ts';

const t = authAppUnderTest({}, { reseedEach: false });
let token: string;
let claims: JWTPayload;

beforeAll(async () => {
  ({ token } = await signInToken(t.app));
  claims = decodeJwt(token);
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signWithOurKey(payload: JWTPayload, header: Record<string, unknown> = {}) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: t.key.kid, typ: 'at+jwt', ...header })
    .sign(t.key.privateKey);
}

function expect401(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
}

describe('the API refuses', () => {
  it('a token re-signed with our key and the same claims is accepted (control for the cases below)', async () => {
    expect((await me(t.app, await signWithOurKey({ ...claims }))).statusCode).toBe(200);
  });

  it('a token of ours that is not an RFC 9068 access token (typ JWT, e.g. an ID token)', async () => {
    expect401(await me(t.app, await signWithOurKey({ ...claims }, { typ: 'JWT' })));
  });

  it('an access token for another audience than the console client, even naming the console as client_id', async () => {
    expect401(await me(t.app, await signWithOurKey({ ...claims, aud: DEMO_CLIENT.uuid })));
  });

  it('alg: none', async () => {
    const forged = `${b64({ alg: 'none', typ: 'JWT', kid: t.key.kid })}.${b64(claims)}.`;
    expect401(await me(t.app, forged));
  });

  it('HS256 signed with the public key', async () => {
    const pem = await exportSPKI(t.key.publicKey);
    for (const secret of [new TextEncoder().encode(pem), Buffer.from(t.key.publicJwk.n, 'base64url')]) {
      const forged = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', kid: t.key.kid, typ: 'JWT' })
        .sign(secret);
      expect401(await me(t.app, forged));
    }
  });

  it('an unknown kid', async () => {
    expect401(await me(t.app, await signWithOurKey({ ...claims }, { kid: 'not-our-key' })));
    const withoutKid = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256' }).sign(t.key.privateKey);
    expect401(await me(t.app, withoutKid));
  });

  it('a token signed by another key that claims our kid', async () => {
    const other = await generateKeyPair('RS256', { extractable: true });
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: t.key.kid })
      .sign(other.privateKey);
    expect401(await me(t.app, forged));
  });

  it('an expired exp', async () => {
    const nowSeconds = Math.floor(t.clock.time / 1000);
    expect401(await me(t.app, await signWithOurKey({ ...claims, iat: nowSeconds - 7200, exp: nowSeconds - 1 })));
  });

  it('a real token once its lifetime is over', async () => {
    const { token: fresh } = await signInToken(t.app, 'customer.admin');
    const { exp } = decodeJwt(fresh);
    t.clock.time = (exp as number) * 1000 - 1000;
    expect((await me(t.app, fresh)).statusCode).toBe(200);
    t.clock.time = (exp as number) * 1000;
    expect401(await me(t.app, fresh));
  });

  it('a wrong issuer', async () => {
    for (const iss of ['http://evil.example.net/userprofile', `${ORIGIN}/userprofile/`, `${ORIGIN}`]) {
      const now = Math.floor(t.clock.time / 1000);
      expect401(await me(t.app, await signWithOurKey({ ...claims, iss, iat: now, exp: now + 60 })));
    }
  });

  it('a token without exp', async () => {
    const { exp: _, ...noExp } = claims;
    expect401(await me(t.app, await signWithOurKey(noExp)));
  });

  it('a token issued to another client', async () => {
    const demoToken = await t.app.auth.issueTokenFor('provider.admin', DEMO_CLIENT.uuid);
    expect(decodeJwt(demoToken).client_id).toBe(DEMO_CLIENT.uuid);
    expect401(await me(t.app, demoToken));
  });

  it('a token of an account deactivated since it was issued', async () => {
    const fresh = await t.app.auth.issueTokenFor('customer.admin');
    const account = t.store.findUserByUsername('customer.admin');
    if (!account) throw new Error('seed');
    account.active = false;
    try {
      expect401(await me(t.app, fresh));
    } finally {
      account.active = true;
    }
    expect((await me(t.app, fresh)).statusCode).toBe(200);
  });

  it('no token, a malformed header and a garbage token', async () => {
    expect401(await t.app.inject({ method: 'GET', url: '/userprofile/api/v1/me' }));
    expect401(await t.app.inject({ method: 'GET', url: '/userprofile/api/v1/me', headers: { authorization: token } }));
    expect401(await me(t.app, 'not.a.jwt'));
  });

  it('the Algorithm: RSA256 header the console sends is accepted and ignored', async () => {
    const fresh = await t.app.auth.issueTokenFor('provider.admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/userprofile/api/v1/me',
      headers: { authorization: `Bearer ${fresh}`, algorithm: 'RSA256' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      username: 'provider.admin',
      roles: ['ERRIGAL_ADMIN'],
      layoutCode: ['NEA', 'VEN', 'SCO'],
      defaultMinimumRoleName: 'ADMIN',
    });
  });
});

describe('keys', () => {
  it('the JWKS holds public keys only, with unique kids that are their thumbprints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/userprofile/api/v1/auth/jwks' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: Record<string, string>[] };
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'])
        expect(key).not.toHaveProperty(privateMember);
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(Buffer.from(key.n as string, 'base64url').length * 8).toBeGreaterThanOrEqual(2048);
      expect(key.kid).toBe(await calculateJwkThumbprint({ kty: 'RSA', n: key.n, e: key.e }));
    }
    expect(new Set(keys.map((k) => k.kid)).size).toBe(keys.length);
  });

  it('the key published is the one that signs, so other applications verify tokens offline', async () => {
    const { keys } = (await t.app.inject({ method: 'GET', url: '/userprofile/api/v1/auth/jwks' })).json();
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys }), {
      issuer: `${ORIGIN}/userprofile`,
      algorithms: ['RS256'],
      currentDate: new Date((claims.iat as number) * 1000),
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: keys[0].kid });
    expect(payload.preferred_username).toBe('provider.admin');
  });

  it('a fresh server start makes a fresh RS256 key pair (no key material in the repository)', async () => {
    const { createSigningKey } = await import('../../src/auth/index.ts');
    const a = await createSigningKey();
    const jwk = await exportJWK(a.privateKey);
    expect(jwk.kty).toBe('RSA');
    expect(a.kid).not.toBe(t.key.kid);
    expect(createHash('sha256').update(a.publicJwk.n).digest('hex')).not.toBe(
      createHash('sha256').update(t.key.publicJwk.n).digest('hex'),
    );
  });

  it('the discovery document names the endpoints and capabilities', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/userprofile/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: `${ORIGIN}/userprofile`,
      authorization_endpoint: `${ORIGIN}/userprofile/authorize`,
      token_endpoint: `${ORIGIN}/userprofile/api/v1/auth/token`,
      jwks_uri: `${ORIGIN}/userprofile/api/v1/auth/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(res.json().token_endpoint_auth_methods_supported).toContain('none');
  });
});

describe('lifetime', () => {
  it('tokens state their lifetime in exp (1 hour by default, configurable)', async () => {
    expect((decodeJwt(token).exp as number) - (decodeJwt(token).iat as number)).toBe(3600);
    const short = await buildApp({ tokenTtlSeconds: 120 });
    const issued = await short.app.auth.issueTokenFor('provider.admin');
    const c = decodeJwt(issued);
    expect((c.exp as number) - (c.iat as number)).toBe(120);
    expect(c.client_id).toBe(CONSOLE_CLIENT.uuid);
  });
});
