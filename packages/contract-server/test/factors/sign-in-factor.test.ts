// A second factor at the provider's sign-in, as an attacker and a user meet
// it: RFC 6238's test vectors; a required factor enrolled at sign-in (the
// key, its first code, ten recovery codes shown once); a code accepted once
// (a replay refused), wrong codes throttled, a recovery code spent; the step
// bound to its browser and to the sign-in it began (no bypass by skipping
// it, by another client's request, or by a session from before the
// requirement); an administrator's removal only with the password again and
// ending the user's sessions; another company's user is not the caller's;
// nothing of it on a spec-only backend.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/factors/totp.ts';
import {
  authorizeRequest,
  Browser,
  buildApp,
  CONSOLE_CLIENT,
  DEMO_CLIENT,
  PASSWORD,
  type TestApp,
} from '../auth/harness.ts';

const API = '/userprofile/api/v1';
let t: TestApp;
beforeAll(async () => {
  t = await buildApp();
});
afterAll(() => t.helper.close());
beforeEach(async () => {
  await t.app.inject({ method: 'POST', url: '/__mock/reset' });
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the document by the harness
type Json = any;

/** RFC 6238 Appendix B's key for SHA-1, base32. */
const RFC_KEY = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it("gives RFC 6238's test vectors (their last 6 digits)", () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(RFC_KEY, seconds * 1000)).toBe(code.slice(2));
  });
});

const policy = (body: Record<string, unknown>, as = 'provider.admin') =>
  t.helper.call('POST', `${API}/factorPolicy/update`, { as, body });

/** A browser that typed the right password and now faces the step. */
async function atStep(username: string, client = CONSOLE_CLIENT, address = '10.20.0.1') {
  const browser = await new Browser(t.app, address).open();
  const res = await browser.authorize({
    credentials: { username, password: PASSWORD },
    authorizeRequest: authorizeRequest({}, client),
  });
  expect(res.statusCode, res.body).toBe(200);
  const step = res.json().secondFactor;
  expect(step).toBeDefined();
  return { browser, step };
}

const verify = (browser: Browser, body: Record<string, unknown>) =>
  browser.request({ method: 'POST', url: `${API}/auth/factor/verify`, payload: body });

/** Enrols an authenticator app at a required sign-in; answers the key and the recovery codes. */
async function enrol(username: string) {
  const { browser, step } = await atStep(username);
  expect(step.enrol).toBe(true);
  const started = await browser.request({
    method: 'POST',
    url: `${API}/auth/factor/enrol`,
    payload: { ticket: step.ticket, method: 'totp' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri } = started.json();
  expect(uri).toMatch(new RegExp(`^otpauth://totp/.*${username}.*secret=${secret}`));
  const done = await verify(browser, {
    ticket: step.ticket,
    method: 'totp',
    code: totpCode(secret, t.clock.time),
    name: 'Phone',
  });
  expect(done.statusCode, done.body).toBe(200);
  return { secret, done: done.json() as Json, browser };
}

describe('a required factor at sign-in', () => {
  it('is enrolled there: the key, its first code, then ten recovery codes and the redirect', async () => {
    expect((await policy({ scope: 'administrators', required: true })).status).toBe(200);
    const { step } = await atStep('customer.admin');
    expect(step).toMatchObject({
      enrol: true,
      methods: ['totp'],
      requiredBy: 'Every administrator must have a second factor.',
    });
    const { done, browser } = await enrol('customer.admin');
    expect(done.recoveryCodes).toHaveLength(10);
    expect(done.redirectUrl).toMatch(/^http.*code=/);
    // The session it opened is the factor's: a later authorize of this browser asks nothing more.
    const again = await browser.authorize({ authorizeRequest: authorizeRequest() });
    expect(again.json().redirectUrl).toBeDefined();
    const history = await t.helper.call('GET', `${API}/history/user/${t.uuidOf('customer.admin')}`, {
      as: 'provider.admin',
    });
    expect(history.body.entries[0].changes).toContainEqual(
      expect.objectContaining({ label: 'Second factors', added: ['Authenticator app "Phone"'] }),
    );
    expect(JSON.stringify(history.body)).not.toMatch(/secret|lastStep/i);
  });

  it("is asked for the demo application's sign-in alike", async () => {
    await policy({ scope: 'administrators', required: true });
    const { step } = await atStep('sco.admin', DEMO_CLIENT);
    expect(step.enrol).toBe(true);
  });
});

describe('codes', () => {
  it('a code once: a replay of the same code is refused at the next sign-in', async () => {
    await policy({ scope: 'administrators', required: true });
    const { secret } = await enrol('customer.admin');
    t.clock.advance(30_000);
    const code = totpCode(secret, t.clock.time);
    const first = await atStep('customer.admin');
    expect(first.step).toMatchObject({ enrol: false, methods: ['totp', 'recovery'] });
    expect((await verify(first.browser, { ticket: first.step.ticket, method: 'totp', code })).statusCode).toBe(200);
    const second = await atStep('customer.admin', CONSOLE_CLIENT, '10.20.0.2');
    const replay = await verify(second.browser, { ticket: second.step.ticket, method: 'totp', code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('The code is not valid.');
  });

  it('a recovery code once; wrong codes are throttled', async () => {
    await policy({ scope: 'administrators', required: true });
    const { done } = await enrol('customer.admin');
    const code = done.recoveryCodes[3] as string;
    const a = await atStep('customer.admin');
    expect(
      (await verify(a.browser, { ticket: a.step.ticket, method: 'recovery', code: code.toLowerCase() })).statusCode,
    ).toBe(200);
    const b = await atStep('customer.admin');
    expect((await verify(b.browser, { ticket: b.step.ticket, method: 'recovery', code })).statusCode).toBe(401);
    const account = await t.helper.call('GET', `${API}/account`, { as: 'customer.admin' });
    expect(account.body.recoveryCodesLeft).toBe(9);

    const c = await atStep('customer.admin', CONSOLE_CLIENT, '10.20.0.9');
    let last = 0;
    for (let i = 0; i < 4; i++)
      last = (await verify(c.browser, { ticket: c.step.ticket, method: 'totp', code: '000000' })).statusCode;
    expect(last).toBe(401);
    const d = await atStep('customer.admin', CONSOLE_CLIENT, '10.20.0.9');
    for (let i = 0; i < 3; i++)
      last = (await verify(d.browser, { ticket: d.step.ticket, method: 'totp', code: '000000' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('no way around the step', () => {
  it('skipping it: the password alone opened no session', async () => {
    await policy({ scope: 'administrators', required: true });
    const { browser } = await atStep('customer.admin');
    const skip = await browser.authorize({ authorizeRequest: authorizeRequest() });
    expect(skip.statusCode).toBe(401);
  });

  it("with another browser, or for another client's request than the one it began", async () => {
    await policy({ scope: 'administrators', required: true });
    const { secret } = await enrol('customer.admin');
    t.clock.advance(30_000);
    const { step } = await atStep('customer.admin', DEMO_CLIENT);
    const thief = await new Browser(t.app, '10.20.0.7').open();
    const stolen = await verify(thief, { ticket: step.ticket, method: 'totp', code: totpCode(secret, t.clock.time) });
    expect(stolen.statusCode).toBe(403);
    // The rightful browser finishes the sign-in it began: the demo application's, not another client's.
    const { browser, step: mine } = await atStep('customer.admin', DEMO_CLIENT, '10.20.0.8');
    const done = await verify(browser, { ticket: mine.ticket, method: 'totp', code: totpCode(secret, t.clock.time) });
    expect(done.json().redirectUrl.startsWith(DEMO_CLIENT.allowedRedirectTarget)).toBe(true);
  });

  it('with a session from before the requirement: asked for the factor', async () => {
    const browser = await new Browser(t.app, '10.20.0.3').open();
    expect((await browser.login('customer.admin')).statusCode).toBe(200);
    await policy({ scope: 'administrators', required: true });
    const res = await browser.authorize({ authorizeRequest: authorizeRequest({}, DEMO_CLIENT) });
    expect(res.json().secondFactor).toMatchObject({ enrol: true });
    const check = await browser.request({
      method: 'POST',
      url: `${API}/auth/session`,
      payload: { authorizeRequest: authorizeRequest() },
    });
    expect(check.json().secondFactor).toBeDefined();
  });
});

describe('administrators', () => {
  it("remove a user's factors only with their own password again, and end the user's sessions", async () => {
    await policy({ scope: 'administrators', required: true });
    await enrol('sco.admin');
    const uuid = t.uuidOf('sco.admin');
    const token = await t.app.auth.issueTokenFor('sco.admin');
    const factors = await t.helper.call('GET', `${API}/user/${uuid}/factors`, { as: 'provider.admin' });
    expect(factors.body).toMatchObject({
      factors: [{ kind: 'totp', name: 'Phone' }],
      required: { rule: 'administrators' },
      recoveryCodesLeft: 10,
    });
    const wrong = await t.helper.call('POST', `${API}/user/${uuid}/factors/remove`, {
      as: 'provider.admin',
      body: { password: 'not-it' },
    });
    expect(wrong.status).toBe(403);
    const removed = await t.helper.call('POST', `${API}/user/${uuid}/factors/remove`, {
      as: 'provider.admin',
      body: { password: PASSWORD },
    });
    expect(removed.status).toBe(204);
    const after = await t.helper.call('GET', `${API}/user/${uuid}/factors`, { as: 'provider.admin' });
    expect(after.body).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
    const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);
  });

  it("another company's user is not theirs; the policy of a business profile names its rule", async () => {
    const sco = t.uuidOf('sco.admin');
    expect((await t.helper.call('GET', `${API}/user/${sco}/factors`, { as: 'customer.admin' })).status).toBe(404);
    const customer = t.store.findUserByUsername('customer.admin')!;
    const bp = customer.businessProfileUuid!;
    expect((await policy({ scope: 'businessProfile', uuid: bp, required: true }, 'customer.admin')).status).toBe(200);
    expect((await policy({ scope: 'administrators', required: true }, 'customer.admin')).status).toBe(403);
    const account = await t.helper.call('GET', `${API}/account`, { as: 'customer.admin' });
    expect(account.body.required).toMatchObject({ rule: 'businessProfile' });
  });
});

describe('a spec-only backend', () => {
  it('signs in with the password alone, whatever the policy held', async () => {
    const spec = await (await import('../helpers.ts')).setup({ extensions: false });
    try {
      spec.store.factorPolicy = { administrators: true, companies: [], businessProfiles: [] };
      const browser = await new Browser(spec.app, '10.20.0.5').open();
      const res = await browser.login('customer.admin');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    } finally {
      await spec.close();
    }
  });
});
