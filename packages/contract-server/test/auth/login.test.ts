// Security checklist, "Login and sessions".

import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS, hashParams, hashPassword, verifyPassword } from '../../src/auth/index.ts';
import { authAppUnderTest } from '../harness.ts';
import { atProductionHashCost } from '../password-cost.ts';
import { authorizeRequest, Browser, buildApp, me, PASSWORD, signInToken } from './harness.ts';

const MINUTE = 60_000;

// The session cases share one app; the failure, rate-limit and password cases build their own.
const shared = authAppUnderTest({}, { reseedEach: false });

function checkSession(browser: Browser) {
  return browser.request({
    method: 'POST',
    url: '/userprofile/api/v1/auth/session',
    payload: { authorizeRequest: authorizeRequest() },
  });
}

function sessionCookie(res: { cookies: { name: string }[] }) {
  return (res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[]).find(
    (c) => c.name === 'UPSESSION',
  );
}

describe('failed sign-in', () => {
  // The time a failure takes is the subject: at the server's own cost.
  atProductionHashCost();
  const t = authAppUnderTest({}, { reseedEach: false });

  it('unknown user and wrong password: same status, same body, similar time', async () => {
    const browser = await new Browser(t.app, '10.0.0.1').open();
    const timed = async (username: string) => {
      const started = performance.now();
      const res = await browser.login(username, 'not-the-password');
      return { res, ms: performance.now() - started };
    };
    // Interleaved, three each, compared by median: the machine's load affects both alike.
    const wrong: number[] = [];
    const unknown: number[] = [];
    let wrongPassword: Awaited<ReturnType<typeof timed>>['res'] | undefined;
    let unknownUser: Awaited<ReturnType<typeof timed>>['res'] | undefined;
    for (let i = 0; i < 3; i++) {
      const a = await timed('customer.admin');
      const b = await timed(`nobody.at.all.${i}`);
      wrong.push(a.ms);
      unknown.push(b.ms);
      wrongPassword = a.res;
      unknownUser = b.res;
    }
    expect(wrongPassword?.statusCode).toBe(401);
    expect(unknownUser?.statusCode).toBe(wrongPassword?.statusCode);
    expect(unknownUser?.body).toBe(wrongPassword?.body);
    expect(sessionCookie(unknownUser as never)).toBeUndefined();
    // Both cost one full scrypt hash: neither answers in a fraction of the other's time.
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1] as number;
    const [w, u] = [median(wrong), median(unknown)];
    expect(Math.min(w, u) / Math.max(w, u)).toBeGreaterThan(0.3);
  }, 60000);

  it('an inactive account with its right password gets the same answer as a wrong password', async () => {
    const browser = await new Browser(t.app, '10.0.0.2').open();
    const user = t.store.findUserByUsername('sco.admin');
    if (!user) throw new Error('seed');
    user.active = false;
    const inactive = await browser.login('sco.admin', PASSWORD);
    user.active = true;
    const wrong = await browser.login('customer.admin', 'not-the-password');
    expect(inactive.statusCode).toBe(401);
    expect(inactive.body).toBe(wrong.body);
    expect(sessionCookie(inactive)).toBeUndefined();
  });
});

describe('rate limits', () => {
  // One app for the block: the reseed before each test also clears the sign-in limits.
  const t = authAppUnderTest();

  it('repeated failures of one username from one address: 429 with Retry-After there, even with the right password; not elsewhere', async () => {
    const attacker = await new Browser(t.app, '10.1.0.1').open();
    for (let i = 0; i < 5; i++) expect((await attacker.login('provider.admin', `guess-${i}`)).statusCode).toBe(401);

    const locked = await attacker.login('provider.admin', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(1);
    expect(locked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

    // Five failures in a row of one pair slow that pair only (docs/oauth2-and-sign-in.md "Sign-in throttling").
    const elsewhere = await new Browser(t.app, '10.1.0.2').open();
    expect((await elsewhere.login('provider.admin', PASSWORD)).statusCode).toBe(200);
    expect((await attacker.login('customer.admin', PASSWORD)).statusCode).toBe(200);
  });

  it('the wait ends by itself: an administrator is not locked out for good', async () => {
    const browser = await new Browser(t.app, '10.2.0.1').open();
    for (let i = 0; i < 5; i++) await browser.login('provider.admin', `guess-${i}`);
    const locked = await browser.login('provider.admin', PASSWORD);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);

    t.clock.advance(retryAfter * 1000 - 1);
    expect((await browser.login('provider.admin', PASSWORD)).statusCode).toBe(429);
    t.clock.advance(1);
    expect((await browser.login('provider.admin', PASSWORD)).statusCode).toBe(200);
  });

  it('many usernames failing from one address: 429 with Retry-After there for the others; other addresses unaffected', async () => {
    // Twenty usernames by default (test/auth/sign-in-throttle.test.ts); four here, to spare sixteen scrypt hashes.
    const t = await buildApp({ loginLimits: { ...DEFAULT_LOGIN_LIMITS, perAddressUsernames: 4 } });
    const attacker = await new Browser(t.app, '10.3.0.1').open();
    for (let i = 0; i < 4; i++) {
      expect((await attacker.login(`someone.${i}`, 'guess')).statusCode).toBe(401);
    }
    const locked = await attacker.login('customer.admin', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    const colleague = await new Browser(t.app, '10.3.0.2').open();
    expect((await colleague.login('customer.admin', PASSWORD)).statusCode).toBe(200);

    t.clock.advance(15 * MINUTE + 1000);
    expect((await attacker.login('customer.admin', PASSWORD)).statusCode).toBe(200);
    await t.helper.close();
  }, 60000);

  describe("at the server's own hash cost", () => {
    atProductionHashCost();

    it('a locked-out attempt costs no password hashing', async () => {
      const browser = await new Browser(t.app, '10.4.0.1').open();
      let hashedMs = 0;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await browser.login('provider.admin', `guess-${i}`);
        hashedMs = Math.max(hashedMs, performance.now() - started);
      }
      const started = performance.now();
      expect((await browser.login('provider.admin', 'another-guess')).statusCode).toBe(429);
      expect(performance.now() - started).toBeLessThan(hashedMs / 4);
    }, 60000);
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite and scoped to /userprofile, and changes at each login', async () => {
    const browser = await new Browser(shared.app).open();
    const first = await browser.login('provider.admin');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const c1 = sessionCookie(first);
    expect(c1).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/userprofile' });
    expect((c1?.value ?? '').length).toBeGreaterThanOrEqual(43);

    const second = await browser.login('provider.admin');
    const c2 = sessionCookie(second);
    expect(c2?.value).toBeTruthy();
    expect(c2?.value).not.toBe(c1?.value);

    // The value the browser held before the new login no longer opens anything.
    const old = new Browser(shared.app);
    old.cookies.set('UPSESSION', c1?.value as string);
    // Its next page load hands out a cross-site request token that fits the cookie.
    await old.open();
    expect((await checkSession(old)).statusCode).toBe(204);
    expect((await checkSession(browser)).statusCode).toBe(200);
  });

  it('a session cookie planted before login is replaced, not adopted (no session fixation)', async () => {
    const browser = new Browser(shared.app);
    browser.cookies.set('UPSESSION', 'attacker-chosen-value');
    // Its next page load hands out a cross-site request token that fits the cookie.
    await browser.open();
    const res = await browser.login('provider.admin');
    expect(sessionCookie(res)?.value).not.toBe('attacker-chosen-value');
    const planted = new Browser(shared.app);
    planted.cookies.set('UPSESSION', 'attacker-chosen-value');
    // Its next page load hands out a cross-site request token that fits the cookie.
    await planted.open();
    expect((await checkSession(planted)).statusCode).toBe(204);
  });

  it('is dead after logout, and so are the tokens of the session', async () => {
    const { token, browser } = await signInToken(shared.app);
    const cookieBefore = browser.cookies.get('UPSESSION') as string;
    expect((await checkSession(browser)).statusCode).toBe(200);

    const out = await browser.logout({ authorization: `Bearer ${token}` });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(browser.cookies.has('UPSESSION')).toBe(false);

    const replay = new Browser(shared.app);
    replay.cookies.set('UPSESSION', cookieBefore);
    // Its next page load hands out a cross-site request token that fits the cookie.
    await replay.open();
    expect((await checkSession(replay)).statusCode).toBe(204);
    expect((await me(shared.app, token)).statusCode).toBe(401);
  });

  it('logout ignores a forged token', async () => {
    const { token } = await signInToken(shared.app, 'sco.admin');
    const forged = `${token.slice(0, -4)}AAAA`;
    const ignored = await new Browser(shared.app).open();
    await ignored.logout({ authorization: `Bearer ${forged}` });
    expect((await me(shared.app, token)).statusCode).toBe(200);
  });

  it('a cross-site GET to logout (the cookie alone) does not end the sign-in session', async () => {
    const { token, browser } = await signInToken(shared.app);
    const out = await browser.logout({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
    expect(out.statusCode).toBe(200);
    expect((await checkSession(browser)).statusCode).toBe(200);
    expect((await me(shared.app, token)).statusCode).toBe(200);
  });

  it("logout with the cookie and the page's own cross-site request token ends the cookie's session", async () => {
    const browser = await new Browser(shared.app).open();
    expect((await browser.login('customer.admin')).statusCode).toBe(200);
    const cookieBefore = browser.cookies.get('UPSESSION') as string;
    const out = await browser.logout({ 'x-xsrf-token': browser.cookies.get('XSRF-TOKEN') as string });
    expect(out.statusCode).toBe(200);
    expect(browser.cookies.has('UPSESSION')).toBe(false);
    const replay = new Browser(shared.app);
    replay.cookies.set('UPSESSION', cookieBefore);
    // Its next page load hands out a cross-site request token that fits the cookie.
    await replay.open();
    expect((await checkSession(replay)).statusCode).toBe(204);
  });
});

describe('passwords', () => {
  // The hash and its cost are the subject: at the server's own cost, with an app of their own.
  atProductionHashCost();
  const t = authAppUnderTest({}, { reseedEach: false });

  it('up to at least 64 characters are accepted and not truncated', async () => {
    const long = `${'Long-pass-phrase-'.repeat(6)}!x`; // 104 characters
    const account = t.store.findUserByUsername('customer.admin');
    if (!account) throw new Error('seed');
    account.passwordHash = await hashPassword(long);
    const browser = await new Browser(t.app).open();
    expect((await browser.login('customer.admin', long)).statusCode).toBe(200);
    // bcrypt would accept the first 72 bytes alone; scrypt hashes every character.
    expect((await browser.login('customer.admin', long.slice(0, 72))).statusCode).toBe(401);
    expect((await browser.login('customer.admin', long.slice(0, 64))).statusCode).toBe(401);
    expect((await browser.login('customer.admin', `${long}y`)).statusCode).toBe(401);
  });

  it('a 1 MB password is refused fast, before any hashing', async () => {
    const browser = await new Browser(t.app).open();
    let started = performance.now();
    await browser.login('provider.admin', 'a-wrong-password');
    const hashedMs = performance.now() - started;

    started = performance.now();
    const res = await browser.request({
      method: 'POST',
      url: '/userprofile/login',
      allowUndocumented: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'provider.admin', password: 'x'.repeat(1_000_000) }).toString(),
    });
    expect([400, 413]).toContain(res.statusCode);
    expect(performance.now() - started).toBeLessThan(hashedMs);
    expect(sessionCookie(res)).toBeUndefined();
    // The same through the authorize call's credentials.
    const viaAuthorize = await browser.request({
      method: 'POST',
      url: '/userprofile/api/v1/auth/authorize',
      allowUndocumented: true,
      payload: {
        credentials: { username: 'provider.admin', password: 'x'.repeat(1_000_000) },
        authorizeRequest: authorizeRequest(),
      },
    });
    expect([400, 413]).toContain(viaAuthorize.statusCode);
  });

  it('are hashed with scrypt at N=2^17, r=8, p=1 (ASVS), salted, never stored in clear', async () => {
    const stored = t.store.findAccountByUsername('provider.admin')?.passwordHash as string;
    expect(stored).not.toContain(PASSWORD);
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(hashParams(stored)).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const again = await hashPassword(PASSWORD);
    expect(again).not.toBe(stored);
    expect(await verifyPassword(PASSWORD, again)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, again)).toBe(false);
  });
});
