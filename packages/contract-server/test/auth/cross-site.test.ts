// Security checklist, "Cross-site requests": the cross-site request token.

import { describe, expect, it } from 'vitest';
import { authAppUnderTest } from '../harness.ts';
import { authorizeRequest, Browser, PASSWORD, signInToken } from './harness.ts';

const t = authAppUnderTest({}, { reseedEach: false });

function loginForm(browser: Browser, xsrf: boolean, headers: Record<string, string> = {}) {
  return browser.request({
    method: 'POST',
    url: '/userprofile/login',
    xsrf,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ username: 'provider.admin', password: PASSWORD }).toString(),
  });
}

describe('cross-site request token', () => {
  it('is handed out as a script-readable, SameSite cookie with the first page the console loads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/userprofile/config.json' });
    const cookie = (
      res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[]
    ).find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/userprofile' });
  });

  it('a non-GET call without the X-XSRF-TOKEN header: 403, and nothing happens', async () => {
    const browser = await new Browser(t.app).open();
    const res = await loginForm(browser, false);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(browser.cookies.has('UPSESSION')).toBe(false);
  });

  it('a header that differs from the cookie: 403', async () => {
    const browser = await new Browser(t.app).open();
    const cookieValue = browser.cookies.get('XSRF-TOKEN') as string;
    const differing = `${cookieValue.slice(0, -1)}${cookieValue.endsWith('A') ? 'B' : 'A'}`;
    const res = await loginForm(browser, false, { 'x-xsrf-token': differing });
    expect(res.statusCode).toBe(403);
    expect(browser.cookies.has('UPSESSION')).toBe(false);
  });

  it('a header without the cookie (a forged cross-site form): 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/userprofile/api/v1/auth/authorize',
      headers: { 'x-xsrf-token': 'made-up-value' },
      payload: { authorizeRequest: authorizeRequest() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('applies to bearer-authenticated API calls too', async () => {
    const { token } = await signInToken(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/userprofile/api/v1/auth/session',
      headers: { authorization: `Bearer ${token}` },
      payload: { authorizeRequest: authorizeRequest() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('with the matching header the same call goes through', async () => {
    const browser = await new Browser(t.app).open();
    const res = await loginForm(browser, true);
    expect(res.statusCode).toBe(200);
    expect(browser.cookies.has('UPSESSION')).toBe(true);
  });

  it('a GET changes nothing: the sign-in and code calls do not exist as GET', async () => {
    const browser = await new Browser(t.app).open();
    const q = new URLSearchParams({ username: 'provider.admin', password: PASSWORD });
    for (const url of [
      `/userprofile/login?${q}`,
      `/userprofile/api/v1/auth/authorize?${new URLSearchParams(authorizeRequest() as Record<string, string>)}`,
      '/userprofile/api/v1/auth/token?grant_type=authorization_code',
    ]) {
      const res = await browser.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('redirectUrl');
      expect(res.body).not.toContain('access_token');
    }
    expect(browser.cookies.has('UPSESSION')).toBe(false);
  });

  it('every spelling of a path keeps the check: it applies to the route as matched, not to the URL text', async () => {
    for (const url of [
      '/%75serprofile/login',
      '/userprofile/%6Cogin',
      '/%75%73%65%72%70%72%6F%66%69%6C%65/login',
      '/userprofile/login/',
    ]) {
      const browser = await new Browser(t.app).open();
      const res = await browser.request({
        method: 'POST',
        url,
        xsrf: false,
        allowUndocumented: true,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'provider.admin', password: PASSWORD }).toString(),
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(browser.cookies.has('UPSESSION')).toBe(false);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/%75serprofile/api/v1/auth/authorize',
      payload: {
        authorizeRequest: authorizeRequest(),
        credentials: { username: 'provider.admin', password: PASSWORD },
      },
    });
    expect(res.statusCode).toBe(403);
  });
});

// No plain double submit (a cookie another site could plant would do), and the token comes with the pages only.
describe('cross-site request token bound to the sign-in session', () => {
  function checkSession(browser: Browser, headers: Record<string, string> = {}) {
    return browser.request({
      method: 'POST',
      url: '/userprofile/api/v1/auth/session',
      xsrf: false,
      headers,
      payload: { authorizeRequest: authorizeRequest() },
    });
  }

  it('a made-up value sent as both cookie and header is refused', async () => {
    const browser = new Browser(t.app);
    browser.cookies.set('XSRF-TOKEN', 'made-up-value');
    const res = await loginForm(browser, false, { 'x-xsrf-token': 'made-up-value' });
    expect(res.statusCode).toBe(403);
    expect(browser.cookies.has('UPSESSION')).toBe(false);
  });

  it("another browser's token, planted with its header, does not fit this browser's session", async () => {
    const victim = await new Browser(t.app).open();
    expect((await victim.login('customer.admin')).statusCode).toBe(200);
    const attacker = await new Browser(t.app).open();
    expect((await attacker.login('sco.admin')).statusCode).toBe(200);
    const planted = attacker.cookies.get('XSRF-TOKEN') as string;
    victim.cookies.set('XSRF-TOKEN', planted);
    expect((await checkSession(victim, { 'x-xsrf-token': planted })).statusCode).toBe(403);
    // Nor does a token made before any sign-in, once the browser holds a session.
    const anonymous = (await new Browser(t.app).open()).cookies.get('XSRF-TOKEN') as string;
    victim.cookies.set('XSRF-TOKEN', anonymous);
    expect((await checkSession(victim, { 'x-xsrf-token': anonymous })).statusCode).toBe(403);
  });

  it('signing in hands out a new token bound to the new session; the page token before it serves the login form', async () => {
    const browser = await new Browser(t.app).open();
    const before = browser.cookies.get('XSRF-TOKEN') as string;
    expect((await browser.login('provider.admin')).statusCode).toBe(200);
    const after = browser.cookies.get('XSRF-TOKEN') as string;
    expect(after).not.toBe(before);
    expect((await checkSession(browser, { 'x-xsrf-token': after })).statusCode).toBe(200);
    expect((await checkSession(browser, { 'x-xsrf-token': before })).statusCode).toBe(403);
  });

  it('a bearer-token client that keeps no cookies gets no Set-Cookie from API calls', async () => {
    const { token } = await signInToken(t.app);
    for (const url of [
      '/userprofile/api/v1/me',
      '/userprofile/api/v1/location/list',
      '/userprofile/api/v1/auth/jwks',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect({ url, setCookie: res.headers['set-cookie'] }).toEqual({ url, setCookie: undefined });
    }
  });

  it('a page hands out a new token only when the browser has none that fits', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/userprofile/config.json' });
    const cookie = (first.cookies as { name: string; value: string }[]).find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: '/userprofile/config.json',
      headers: { cookie: `XSRF-TOKEN=${cookie?.value}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    const planted = await t.app.inject({
      method: 'GET',
      url: '/userprofile/config.json',
      headers: { cookie: 'XSRF-TOKEN=made-up-value' },
    });
    expect(String(planted.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });
});
