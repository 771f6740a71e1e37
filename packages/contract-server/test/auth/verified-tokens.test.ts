// The API checks a token's signature once and remembers the token by its exact
// text (src/auth/core.ts verifiedClaims). What may change during a token's
// life must still apply to the very next call: every case below first uses
// the token successfully, so it is remembered, then changes something.

import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { KNOWN_HEADERS_MAX } from '../../src/auth/core.ts';
import { authAppUnderTest } from '../harness.ts';
import { me, signInToken } from './harness.ts';

const t = authAppUnderTest({}, { reseedEach: false });

async function rememberedToken(username = 'customer.admin') {
  const signedIn = await signInToken(t.app, username);
  expect((await me(t.app, signedIn.token)).statusCode).toBe(200);
  expect((await me(t.app, signedIn.token)).statusCode).toBe(200);
  return signedIn;
}

describe('a remembered token', () => {
  it('is refused once any byte of it differs: signature, claims or header', async () => {
    const { token } = await rememberedToken();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const claims = decodeJwt(token);
    const otherUser = Buffer.from(JSON.stringify({ ...claims, preferred_username: 'provider.admin' })).toString(
      'base64url',
    );
    for (const forged of [
      `${header}.${payload}.${flip(signature, 10)}`,
      `${header}.${otherUser}.${signature}`,
      `${flip(header, 5)}.${payload}.${signature}`,
      `${token}x`,
    ]) {
      expect((await me(t.app, forged)).statusCode).toBe(401);
    }
    expect((await me(t.app, token)).statusCode).toBe(200);
  });

  it('is refused on the next call after its user signs out everywhere', async () => {
    const { token, browser } = await rememberedToken();
    await browser.logout({ authorization: `Bearer ${token}` });
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it("is refused on the next call after the user's sessions are revoked (a password change)", async () => {
    const { token } = await rememberedToken('sco.admin');
    t.app.auth.revokeUserSessions(t.uuidOf('sco.admin'));
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('is refused on the next call once its account is not active', async () => {
    const { token } = await rememberedToken();
    const account = t.store.findUserByUsername('customer.admin');
    if (!account) throw new Error('seed');
    account.active = false;
    try {
      expect((await me(t.app, token)).statusCode).toBe(401);
    } finally {
      account.active = true;
    }
  });

  it('expires at its exp like any other', async () => {
    const { token } = await rememberedToken();
    const start = t.clock.time;
    try {
      t.clock.time = (decodeJwt(token).exp as number) * 1000;
      expect((await me(t.app, token)).statusCode).toBe(401);
      // Forgotten, not resurrected by a clock set back: verified afresh, and valid again then.
      t.clock.time = start;
      expect((await me(t.app, token)).statusCode).toBe(200);
    } finally {
      t.clock.time = start;
    }
  });

  it('many calls at once with a new token all succeed (they share one verification)', async () => {
    const { token } = await signInToken(t.app, 'provider.admin');
    const answers = await Promise.all(Array.from({ length: 20 }, () => me(t.app, token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  });

  it('is still known by its header, and still checked, when more headers than KNOWN_HEADERS_MAX came after it', async () => {
    const first = await rememberedToken('sco.admin');
    // Each a session of its own, so ending the first one revokes only it.
    const others = await Promise.all(
      Array.from({ length: KNOWN_HEADERS_MAX + 2 }, () => t.app.auth.issueTokenFor('provider.admin')),
    );
    for (const token of others) expect((await me(t.app, token)).statusCode).toBe(200);
    expect((await me(t.app, first.token)).statusCode).toBe(200);
    await first.browser.logout({ authorization: `Bearer ${first.token}` });
    expect((await me(t.app, first.token)).statusCode).toBe(401);
    expect((await me(t.app, others[0] as string)).statusCode).toBe(200);
  });

  it('is known by its header text: another spelling of the scheme is read afresh and accepted, a cut token refused', async () => {
    const { token } = await rememberedToken();
    const call = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/userprofile/api/v1/me', headers: { authorization } });
    expect((await call(`bearer  ${token}`)).statusCode).toBe(200);
    expect((await call(`Bearer ${token.slice(0, -1)}`)).statusCode).toBe(401);
    expect((await call(`Bearer ${token}`)).statusCode).toBe(200);
  });
});
