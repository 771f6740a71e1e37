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
  it('is handed out as a script-readable, SameSite cookie on a response under /userprofile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/userprofile/api/v1/auth/frontendconfig' });
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
