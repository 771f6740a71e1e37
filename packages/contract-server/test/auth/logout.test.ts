// Sign-out honours only what belongs to the session it ends, so that another site cannot sign a user out:
// a live access token of the console issued under that session, the session's
// own SSO ticket, or (for the browser's cookie session) the page's own
// cross-site request token. Anything else ends nothing.

import { describe, expect, it } from 'vitest';
import { authAppUnderTest } from '../harness.ts';
import { authorizeRequest, type Browser, DEMO_CLIENT, exchange, me, obtainCode, signInToken } from './harness.ts';

const t = authAppUnderTest({}, { reseedEach: false });

function checkSession(browser: Browser) {
  return browser.request({
    method: 'POST',
    url: '/userprofile/api/v1/auth/session',
    payload: { authorizeRequest: authorizeRequest() },
  });
}

/** Logout as a script would send it: the bearer token alone, no cookie. */
function logoutWith(token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/userprofile/api/v1/auth/logout',
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('sign-out', () => {
  it("the demo app's access token ends no console session", async () => {
    const console = await signInToken(t.app, 'customer.admin');
    // The demo app signs the same browser in through the same sign-in session.
    const grant = await obtainCode(console.browser, { client: DEMO_CLIENT });
    const demo = await exchange(t.app, {
      grant_type: 'authorization_code',
      client_id: DEMO_CLIENT.uuid,
      client_secret: DEMO_CLIENT.clientSecret,
      redirect_uri: DEMO_CLIENT.allowedRedirectTarget,
      code: grant.code,
      code_verifier: grant.verifier,
    });
    expect(demo.statusCode).toBe(200);
    const elsewhere = await signInToken(t.app, 'customer.admin');

    expect((await logoutWith(demo.json().access_token)).statusCode).toBe(200);
    expect((await me(t.app, console.token)).statusCode).toBe(200);
    expect((await checkSession(console.browser)).statusCode).toBe(200);
    expect((await me(t.app, elsewhere.token)).statusCode).toBe(200);
  });

  it('a revoked token of an earlier sign-in does not end a fresh session', async () => {
    const earlier = await signInToken(t.app, 'sco.admin');
    expect((await logoutWith(earlier.token)).statusCode).toBe(200);
    expect((await me(t.app, earlier.token)).statusCode).toBe(401);

    const fresh = await signInToken(t.app, 'sco.admin');
    expect((await logoutWith(earlier.token)).statusCode).toBe(200);
    expect((await me(t.app, fresh.token)).statusCode).toBe(200);
    expect((await checkSession(fresh.browser)).statusCode).toBe(200);
  });

  it('an expired token ends nothing', async () => {
    const expiring = await signInToken(t.app, 'provider.admin');
    t.clock.advance(3600 * 1000);
    const fresh = await signInToken(t.app, 'provider.admin');
    expect((await me(t.app, expiring.token)).statusCode).toBe(401);

    expect((await logoutWith(expiring.token)).statusCode).toBe(200);
    expect((await me(t.app, fresh.token)).statusCode).toBe(200);
    expect((await checkSession(expiring.browser)).statusCode).toBe(200);
  });

  it('a live console token ends its own session and every token issued under it, and no other session', async () => {
    const laptop = await signInToken(t.app, 'customer.admin');
    const desktop = await signInToken(t.app, 'customer.admin');
    expect((await logoutWith(laptop.token)).statusCode).toBe(200);
    expect((await me(t.app, laptop.token)).statusCode).toBe(401);
    expect((await checkSession(laptop.browser)).statusCode).toBe(204);
    expect((await me(t.app, desktop.token)).statusCode).toBe(200);
    expect((await checkSession(desktop.browser)).statusCode).toBe(200);
  });
});
