// Authorization codes, SSO codes and the dev outbox are bounded and swept once
// expired (unswept, codes lived on for an hour, and SSO codes and the outbox
// grew without bound).
import { describe, expect, it } from 'vitest';
import type { AuthAccount } from '../../src/auth/contract.ts';
import { AuthCore, CODES_MAX, CODES_PER_SESSION } from '../../src/auth/core.ts';
import { SsoProvider } from '../../src/sites/sso.ts';
import { OUTBOX_MAX } from '../../src/store/store.ts';
import { authorizeRequest, Browser, CONSOLE_CLIENT, exchange, pkce } from '../auth/harness.ts';
import { authAppUnderTest } from '../harness.ts';
import { PROVIDER } from '../helpers.ts';

const t = authAppUnderTest();

async function startSignIn(browser: Browser) {
  const { verifier, challenge } = pkce();
  const res = await browser.authorize({ authorizeRequest: authorizeRequest({}, CONSOLE_CLIENT, challenge) });
  expect(res.statusCode).toBe(200);
  return { code: new URL(res.json().redirectUrl).searchParams.get('code') as string, verifier };
}
const redeem = (c: { code: string; verifier: string }) =>
  exchange(t.app, {
    grant_type: 'authorization_code',
    client_id: CONSOLE_CLIENT.uuid,
    code: c.code,
    code_verifier: c.verifier,
  });

describe('authorization codes', () => {
  it(`a session holds at most ${CODES_PER_SESSION} unredeemed codes: one more voids the oldest`, async () => {
    const browser = await new Browser(t.app).open();
    expect((await browser.login(PROVIDER)).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i <= CODES_PER_SESSION; i++) codes.push(await startSignIn(browser));
    expect(t.app.auth.pending().codes).toBe(CODES_PER_SESSION);
    expect((await redeem(codes[0]!)).statusCode).toBe(400);
    expect((await redeem(codes.at(-1)!)).statusCode).toBe(200);
    expect((await redeem(codes[1]!)).statusCode).toBe(200);
  });

  it('unredeemed codes are forgotten once expired', async () => {
    for (let i = 0; i < 5; i++) {
      const browser = await new Browser(t.app).open();
      expect((await browser.login(PROVIDER)).statusCode).toBe(200);
      await startSignIn(browser);
    }
    expect(t.app.auth.pending().codes).toBe(5);
    t.clock.advance(61_000);
    const browser = await new Browser(t.app).open();
    expect((await browser.login(PROVIDER)).statusCode).toBe(200);
    await startSignIn(browser);
    expect(t.app.auth.pending().codes).toBe(1);
  });

  it(`all sessions together hold at most ${CODES_MAX} codes`, () => {
    let now = Date.now();
    const account: AuthAccount = {
      uuid: 'u',
      username: 'u',
      active: true,
      passwordHash: null,
      roles: [],
      companyUuid: null,
      layoutCodes: [],
      defaultMinimumRoleName: 'ADMIN',
    };
    const core = new AuthCore({
      store: { findAccountByUsername: () => account, findAccountByUuid: () => account, findClient: () => undefined },
      publicOrigin: 'http://127.0.0.1',
      consoleClientId: 'console',
      now: () => now,
      tokenTtlSeconds: 3600,
    });
    for (let i = 0; i < CODES_MAX + 500; i++) {
      const session = core.createSession('u');
      core.issueCode({ clientId: 'console', redirectUri: 'http://127.0.0.1/cb', challenge: 'x', session });
      now += 1;
    }
    expect(core.codeCount).toBeLessThanOrEqual(CODES_MAX);
  });
});

describe('SSO codes', () => {
  it(`are forgotten once expired and never more than ${CODES_MAX}`, () => {
    let now = Date.now();
    const account = t.store.findAccountByUsername(PROVIDER)!;
    const sso = new SsoProvider(t.store, { clientId: 'c', redirectUri: 'http://127.0.0.1/cb' }, () => now);
    const request = { client_id: 'c', redirect_uri: 'http://127.0.0.1/cb', code_challenge: pkce().challenge };
    for (let i = 0; i < CODES_MAX + 500; i++) sso.signIn(request, account);
    expect(sso.codeCount).toBe(CODES_MAX);
    now += 61_000;
    sso.signIn(request, account);
    expect(sso.codeCount).toBe(1);
  });
});

describe('the dev outbox', () => {
  it(`keeps at most ${OUTBOX_MAX} mails, and none older than the links they carry`, async () => {
    const user = t.store.findUserByUsername(PROVIDER)!;
    const caller = { userUuid: user.uuid, role: 'ERRIGAL_ADMIN' as const, companyUuid: null, layoutCodes: [] };
    for (let i = 0; i < OUTBOX_MAX + 50; i++) t.store.sendPasswordReset(caller, user.uuid, null);
    expect(t.store.outbox).toHaveLength(OUTBOX_MAX);
    const ids = t.store.outbox.map((m) => m.id);
    expect(new Set(ids).size).toBe(OUTBOX_MAX);
    expect(ids.at(-1)).toBe(OUTBOX_MAX + 50);
    t.clock.advance(60 * 60 * 1000 + 1000);
    t.store.sendPasswordReset(caller, user.uuid, null);
    expect(t.store.outbox).toHaveLength(1);
  });
});
