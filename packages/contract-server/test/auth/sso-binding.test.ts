// Sign-in CSRF: the Enterprise SSO code exchange sets a browser session
// only for the browser that started the flow (RFC 9700 §4.7). The attacker
// signs in at the SSO as their own account and keeps code, state and
// verifier; the victim's browser is then made to call the exchange with them.

import { describe, expect, it } from 'vitest';
import { authAppUnderTest } from '../harness.ts';
import { Browser, pkce, ssoCode, ssoQuery, ssoSignIn } from './harness.ts';

const t = authAppUnderTest({}, { reseedEach: false });

/** The attacker's own round trip, stopped before the exchange. */
async function attackersCode() {
  const attacker = await new Browser(t.app).open();
  return ssoCode(t.app, attacker, 'customer.admin');
}

describe('the SSO code exchange (getPropelTokenFromCode)', () => {
  it('a bare cross-site navigation to it sets no session cookie', async () => {
    const stolen = await attackersCode();
    const victim = await new Browser(t.app).open();
    const res = await victim.request({
      method: 'GET',
      url: `/userprofile/api/v1/auth/getPropelTokenFromCode?${new URLSearchParams({
        code: stolen.code,
        code_verifier: stolen.code_verifier,
        state: stolen.state,
      })}`,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('access_token');
    expect(victim.cookies.has('UPSESSION')).toBe(false);
  });

  it('a cross-site request is refused even with a cross-site request token', async () => {
    const browser = await new Browser(t.app).open();
    const mine = await ssoCode(t.app, browser);
    const res = await browser.propelToken(mine, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(browser.cookies.has('UPSESSION')).toBe(false);
  });

  it('a browser that did not start the SSO sign-in gets no session, even from its own pages', async () => {
    const stolen = await attackersCode();
    const victim = await new Browser(t.app).open();
    const res = await victim.propelToken(stolen);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This Enterprise SSO sign-in was not started in this browser.');
    expect(victim.cookies.has('UPSESSION')).toBe(false);
  });

  it("a browser that started its own SSO sign-in cannot redeem another browser's code and state", async () => {
    const stolen = await attackersCode();
    const victim = await new Browser(t.app).open();
    await victim.startSso();
    const res = await victim.propelToken(stolen);
    expect(res.statusCode).toBe(403);
    expect(victim.cookies.has('UPSESSION')).toBe(false);
  });

  it('without the state the exchange is refused', async () => {
    const browser = await new Browser(t.app).open();
    const { code, code_verifier } = await ssoCode(t.app, browser);
    const res = await browser.propelToken({ code, code_verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'query.state' })]);
    expect(browser.cookies.has('UPSESSION')).toBe(false);
  });

  it('the browser that started the sign-in gets the token and the session, once', async () => {
    const browser = await new Browser(t.app).open();
    const mine = await ssoCode(t.app, browser);
    expect(browser.cookies.has('UPSSO')).toBe(true);
    const res = await browser.propelToken(mine);
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTruthy();
    expect(browser.cookies.has('UPSESSION')).toBe(true);
    // The binding is spent with the exchange: a second code with the same state is refused.
    expect(browser.cookies.has('UPSSO')).toBe(false);
    const { verifier, challenge } = pkce();
    const again = await ssoSignIn(t.app, 'customer.admin', ssoQuery({ state: mine.state }, challenge));
    const code = new URL(again.headers.location as string).searchParams.get('code') as string;
    expect((await browser.propelToken({ code, code_verifier: verifier, state: mine.state })).statusCode).toBe(403);
  });

  it('each start gives a fresh state, bound to a secret HttpOnly cookie', async () => {
    const browser = await new Browser(t.app).open();
    const res = await browser.request({ method: 'POST', url: '/userprofile/api/v1/auth/sso/start' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = (
      res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[]
    ).find((c) => c.name === 'UPSSO');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/userprofile/api/v1/auth' });
    const { state } = res.json();
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is derived from the cookie, never the cookie itself (URLs carry the state).
    expect(state).not.toBe(cookie?.value);
    expect(await browser.startSso()).not.toBe(state);
  });
});
