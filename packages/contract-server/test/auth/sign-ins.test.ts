// The admin console's view of a user's sign-ins. Unlock
// forgets failed attempts; Sign out everywhere ends every session and token,
// Sign out one of them (a lost device, the others going on); all, and the view itself, follow the
// rules of the status toggle.

import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { API, authAppUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO } from '../helpers.ts';
import { userBody } from '../tenant/fixtures.ts';
import {
  authorizeRequest,
  Browser,
  CONSOLE_CLIENT,
  DEMO_CLIENT,
  exchange,
  me,
  obtainCode,
  PASSWORD,
  ssoCode,
} from './harness.ts';

describe('a user’s sign-ins in the admin console', () => {
  const t = authAppUnderTest();
  const signIns = (uuid: string, as = PROVIDER) => t.helper.call('GET', `${API}/user/${uuid}/signIns`, { as });
  const unlock = (uuid: string, as = PROVIDER) => t.helper.call('POST', `${API}/user/${uuid}/unlock`, { as });
  const logoutAll = (uuid: string, as = PROVIDER) => t.helper.call('POST', `${API}/user/${uuid}/logoutAll`, { as });
  const logoutOne = (uuid: string, sessionId: string, as = PROVIDER) =>
    t.helper.call('POST', `${API}/user/${uuid}/sessions/${sessionId}/logout`, { as });
  /** A console sign-in of the user from `address`: its browser and access token. */
  const signedIn = async (username: string, address: string) => {
    const browser = await new Browser(t.app, address).open();
    const grant = await obtainCode(browser, { username });
    const token = await exchange(t.app, {
      grant_type: 'authorization_code',
      client_id: CONSOLE_CLIENT.uuid,
      code: grant.code,
      code_verifier: grant.verifier,
    });
    const accessToken: string = token.json().access_token;
    return { browser, token: accessToken, sid: String(decodeJwt(accessToken).sid) };
  };

  it('shows a throttled user with the guessing address; Unlock lets the right password in at once', async () => {
    const uuid = t.uuidOf(CUSTOMER);
    const attacker = await new Browser(t.app, '10.40.0.1').open();
    for (let i = 0; i < 5; i++) await attacker.login(CUSTOMER, `guess-${i}`);
    expect((await attacker.login(CUSTOMER, PASSWORD)).statusCode).toBe(429);

    const seen = await signIns(uuid);
    expect(seen.status).toBe(200);
    expect(seen.body.throttle).toEqual({
      throttled: true,
      failures: 5,
      lastFailureAt: new Date(t.clock.time).toISOString(),
      accountWideUntil: null,
      addresses: [{ address: '10.40.0.1', failures: 5, waitUntil: new Date(t.clock.time + 1000).toISOString() }],
    });

    const unlocked = await unlock(uuid);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.throttle).toMatchObject({ throttled: false, failures: 0, addresses: [] });
    expect((await attacker.login(CUSTOMER, PASSWORD)).statusCode).toBe(200);
  });

  it('lists the open sessions: when, from where, how, for which applications, last used', async () => {
    const uuid = t.uuidOf(CUSTOMER);
    const browser = await new Browser(t.app, '10.41.0.7').open();
    const started = t.clock.time;
    const grant = await obtainCode(browser, { username: CUSTOMER });
    t.clock.advance(5000);
    const token = await exchange(t.app, {
      grant_type: 'authorization_code',
      client_id: CONSOLE_CLIENT.uuid,
      code: grant.code,
      code_verifier: grant.verifier,
    });
    expect((await me(t.app, token.json().access_token)).statusCode).toBe(200);

    const { body } = await signIns(uuid);
    const session = body.sessions.find((s: { address: string | null }) => s.address === '10.41.0.7');
    expect(session).toEqual({
      id: decodeJwt(token.json().access_token).sid,
      startedAt: new Date(Math.floor(started / 1000) * 1000).toISOString(),
      lastUsedAt: new Date(t.clock.time).toISOString(),
      address: '10.41.0.7',
      method: 'password',
      clients: [{ clientId: CONSOLE_CLIENT.uuid, name: 'User Profile Console' }],
    });
    // Nothing secret: no cookie value, no token.
    expect(JSON.stringify(body)).not.toContain(browser.cookies.get('UPSESSION'));
  });

  it('Sign out everywhere ends every session and token of the user: the console’s, the demo app’s, the SSO’s', async () => {
    const uuid = t.uuidOf(CUSTOMER);
    // The console, signed in with the password in one browser ...
    const consoleBrowser = await new Browser(t.app, '10.42.0.1').open();
    const consoleGrant = await obtainCode(consoleBrowser, { username: CUSTOMER });
    const consoleToken = (
      await exchange(t.app, {
        grant_type: 'authorization_code',
        client_id: CONSOLE_CLIENT.uuid,
        code: consoleGrant.code,
        code_verifier: consoleGrant.verifier,
      })
    ).json().access_token as string;
    // ... the demo application signed in through the same browser session, and one more code it has not redeemed yet ...
    const demoGrant = await obtainCode(consoleBrowser, { client: DEMO_CLIENT });
    const demoToken = await exchange(t.app, {
      grant_type: 'authorization_code',
      client_id: DEMO_CLIENT.uuid,
      client_secret: DEMO_CLIENT.clientSecret,
      code: demoGrant.code,
      code_verifier: demoGrant.verifier,
      redirect_uri: DEMO_CLIENT.allowedRedirectTarget,
    });
    expect(demoToken.statusCode).toBe(200);
    const pendingDemo = await obtainCode(consoleBrowser, { client: DEMO_CLIENT });
    // ... and a second browser signed in through the Enterprise SSO.
    const ssoBrowser = await new Browser(t.app, '10.42.0.2').open();
    const sso = await ssoCode(t.app, ssoBrowser, CUSTOMER);
    const ssoToken = await ssoBrowser.propelToken({
      code: sso.code,
      code_verifier: sso.code_verifier,
      state: sso.state,
    });
    expect(ssoToken.statusCode).toBe(200);
    // One more SSO sign-in, begun but not finished, in a third browser.
    const lateBrowser = await new Browser(t.app, '10.42.0.3').open();
    const late = await ssoCode(t.app, lateBrowser, CUSTOMER);

    const before = await signIns(uuid);
    type Listed = { method: string; address: string | null; clients: { name: string }[] };
    const mine = (before.body.sessions as Listed[]).filter((s) => s.address?.startsWith('10.42.'));
    expect(mine.map((s) => `${s.method} ${s.address}`).sort()).toEqual([
      'enterpriseSso 10.42.0.2',
      'password 10.42.0.1',
    ]);
    const passwordSession = mine.find((s) => s.method === 'password') as Listed;
    expect(passwordSession.clients.map((c) => c.name).sort()).toEqual([
      'Network Inventory (demo)',
      'User Profile Console',
    ]);

    const out = await logoutAll(uuid);
    expect(out.status).toBe(200);
    expect(out.body.sessions).toEqual([]);

    expect((await me(t.app, consoleToken)).statusCode).toBe(401);
    expect((await me(t.app, ssoToken.json().access_token)).statusCode).toBe(401);
    // The demo application's session is over: its next code is refused and the browser must sign in again.
    const refused = await exchange(t.app, {
      grant_type: 'authorization_code',
      client_id: DEMO_CLIENT.uuid,
      client_secret: DEMO_CLIENT.clientSecret,
      code: pendingDemo.code,
      code_verifier: pendingDemo.verifier,
      redirect_uri: DEMO_CLIENT.allowedRedirectTarget,
    });
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
    for (const browser of [consoleBrowser, ssoBrowser]) {
      const again = await browser.request({
        method: 'POST',
        url: '/userprofile/api/v1/auth/session',
        payload: { authorizeRequest: authorizeRequest({}, DEMO_CLIENT) },
      });
      expect(again.statusCode).toBe(204);
    }
    const lateRedeem = await lateBrowser.propelToken({
      code: late.code,
      code_verifier: late.code_verifier,
      state: late.state,
    });
    expect(lateRedeem.statusCode).toBe(400);
    // The account stays active: the user signs in again.
    expect((await new Browser(t.app, '10.42.0.1').open().then((b) => b.login(CUSTOMER))).statusCode).toBe(200);
  }, 60000);

  it('Sign out of one session ends that session and its tokens; the user’s other sessions go on', async () => {
    const uuid = t.uuidOf(CUSTOMER);
    const office = await signedIn(CUSTOMER, '10.43.0.1');
    const home = await signedIn(CUSTOMER, '10.43.0.2');
    const before = (await signIns(uuid)).body.sessions.map((s: { id: string }) => s.id);
    expect(before).toEqual(expect.arrayContaining([office.sid, home.sid]));

    const out = await logoutOne(uuid, office.sid);
    expect(out.status).toBe(200);
    const after = out.body.sessions.map((s: { id: string }) => s.id);
    expect(after).not.toContain(office.sid);
    expect(after).toContain(home.sid);
    expect(after).toHaveLength(before.length - 1);
    expect((await me(t.app, office.token)).statusCode).toBe(401);
    expect((await me(t.app, home.token)).statusCode).toBe(200);
    // The ended session's browser must sign in again; the other browser is still signed in.
    const again = (browser: Browser) =>
      browser.request({
        method: 'POST',
        url: '/userprofile/api/v1/auth/session',
        payload: { authorizeRequest: authorizeRequest({}, CONSOLE_CLIENT) },
      });
    expect((await again(office.browser)).statusCode).toBe(204);
    expect((await again(home.browser)).statusCode).not.toBe(204);
  });

  it('a session already ended, or another user’s, is answered as ended and nothing else changes', async () => {
    const customer = await signedIn(CUSTOMER, '10.44.0.1');
    const sco = await signedIn(SCO, '10.44.0.2');
    // Named under the customer's record, the SCO administrator's session is not touched.
    const other = await logoutOne(t.uuidOf(CUSTOMER), sco.sid);
    expect(other.status).toBe(200);
    expect(other.body.sessions.map((s: { id: string }) => s.id)).toContain(customer.sid);
    expect((await me(t.app, sco.token)).statusCode).toBe(200);
    // Twice: the second answer is the same list, without it.
    expect((await logoutOne(t.uuidOf(CUSTOMER), customer.sid)).status).toBe(200);
    const twice = await logoutOne(t.uuidOf(CUSTOMER), customer.sid);
    expect(twice.status).toBe(200);
    expect(twice.body.sessions.map((s: { id: string }) => s.id)).not.toContain(customer.sid);
    // A session id that cannot be one is refused by the document.
    expect((await logoutOne(t.uuidOf(CUSTOMER), 'not%20an%20id')).status).toBe(400);
  });

  it('is allowed exactly where the status toggle is: 404 for a user the caller cannot see, 403 for one it may not change', async () => {
    const callers = [SCO, CUSTOMER];
    const accounts = new Set([PROVIDER, CUSTOMER, SCO]);
    const targets = [...t.store.users.values()].filter((u) => !accounts.has(u.username));
    let compared = 0;
    const seen = new Set<number>();
    for (const as of callers) {
      for (const user of targets) {
        const toggle = await t.helper.call('POST', `${API}/user/inactivate`, { as, body: userBody(t.store, user) });
        // 400: the rule let the caller through; the user merely has no business profile.
        const expected = toggle.status === 400 ? 200 : toggle.status;
        const got = [
          (await signIns(user.uuid, as)).status,
          (await unlock(user.uuid, as)).status,
          (await logoutAll(user.uuid, as)).status,
          (await logoutOne(user.uuid, 'no-such-session', as)).status,
        ];
        expect(got, `${as} → ${user.username}`).toEqual([expected, expected, expected, expected]);
        seen.add(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect([...seen].sort()).toEqual([200, 403, 404]);
    expect((await signIns(t.uuidOf(PROVIDER), CUSTOMER)).status).toBe(404);
    expect((await t.helper.call('GET', `${API}/user/${t.uuidOf(CUSTOMER)}/signIns`)).status).toBe(401);
  }, 120000);
});
