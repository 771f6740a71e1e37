// The systems the dev backend stands in for: the Enterprise SSO provider, a
// second suite application signing in through this provider, and the shared
// header host.

import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS } from '../../src/auth/index.ts';
import { authAppUnderTest } from '../harness.ts';
import { userBody } from '../tenant/fixtures.ts';
import {
  authorizeRequest,
  Browser,
  buildApp,
  CONSOLE_CLIENT,
  DEMO_CLIENT,
  me,
  ORIGIN,
  PASSWORD,
  pkce,
  ssoSignIn as signInAtSso,
  ssoQuery,
} from './harness.ts';

const t = authAppUnderTest({}, { reseedEach: false });

const ssoSignIn = (username: string, query: URLSearchParams, password = PASSWORD, remoteAddress?: string) =>
  signInAtSso(t.app, username, query, password, remoteAddress);

/** getPropelTokenFromCode from the console's page of a browser that started an SSO sign-in. */
async function propelToken(code: string, verifier: string) {
  const browser = await new Browser(t.app).open();
  const state = await browser.startSso();
  return browser.propelToken({ code, code_verifier: verifier, state });
}

describe('Enterprise SSO', () => {
  it('frontendconfig names the SSO provider, the console client and the environment base URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/userprofile/api/v1/auth/frontendconfig' });
    expect(res.json()).toEqual({
      propelAuthUrl: `${ORIGIN}/sso`,
      clientId: CONSOLE_CLIENT.uuid,
      envBaseUrl: `${ORIGIN}/userprofile`,
    });
  });

  it('its authorize page asks for the corporate username and password', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/sso/oauth/authorize?${ssoQuery()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Enterprise SSO</h1>');
    expect(res.body).toContain('<label for="username">Username</label>');
    expect(res.body).toContain('<label for="password">Password</label>');
    expect(res.body).toMatch(/<input id="password" name="password" type="password"/);
    expect(res.body).toContain('Continue</button>');
  });

  it.each([
    ['another redirect_uri', { redirect_uri: `${ORIGIN}/userprofile/selfcallback` }],
    ['an unknown client', { client_id: DEMO_CLIENT.uuid }],
    ['plain PKCE', { code_challenge_method: 'plain' }],
  ])('refuses %s with an error page, never a redirect', async (_name, overrides) => {
    const res = await t.app.inject({ method: 'GET', url: `/sso/oauth/authorize?${ssoQuery(overrides)}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    const post = await ssoSignIn('provider.admin', ssoQuery(overrides));
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
  });

  it('asks for the password, and says the same for an unknown user, a wrong password and an inactive account', async () => {
    const sco = t.store.findUserByUsername('sco.admin');
    if (!sco) throw new Error('seed');
    sco.active = false;
    const bodies = new Set<string>();
    try {
      for (const [username, password, address] of [
        ['provider.admin', '', '10.0.0.1'],
        ['provider.admin', 'not-the-password', '10.0.0.2'],
        ['nobody.at.all', PASSWORD, '10.0.0.3'],
        ['sco.admin', PASSWORD, '10.0.0.4'],
      ] as const) {
        const res = await ssoSignIn(username, ssoQuery(), password, address);
        expect(res.statusCode, `${username} / ${password}`).toBe(password === '' ? 400 : 401);
        expect(res.headers.location).toBeUndefined();
        // The form's values (the username typed, a fresh challenge) aside, the page is the same.
        if (password !== '') bodies.add(res.body.replace(/value="[^"]*"/g, ''));
      }
    } finally {
      sco.active = true;
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('The username or password is incorrect.');
  });

  it('throttles failed sign-ins like the console sign-in: 429 with Retry-After for the guessing address, the right password too', async () => {
    const local = await buildApp();
    try {
      const post = (password: string, remoteAddress: string) =>
        local.app.inject({
          method: 'POST',
          url: '/sso/oauth/authorize',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `${ssoQuery()}&${new URLSearchParams({ username: 'customer.admin', password })}`,
          remoteAddress,
        });
      for (let i = 0; i < 5; i++) expect((await post(`wrong-${i}`, '10.1.0.1')).statusCode).toBe(401);
      const locked = await post(PASSWORD, '10.1.0.1');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBe(1);
      expect(locked.headers.location).toBeUndefined();
      // Another address is not slowed by this one's guesses; the guesser's wait ends by itself.
      expect((await post(PASSWORD, '10.1.0.99')).statusCode).toBe(303);
      local.clock.advance(1000);
      expect((await post(PASSWORD, '10.1.0.1')).statusCode).toBe(303);
    } finally {
      await local.helper.close();
    }
  });

  it('an SSO sign-in begun before a deactivation cannot be finished after the re-activation', async () => {
    const sso = pkce();
    const back = await ssoSignIn('customer.admin', ssoQuery({}, sso.challenge));
    expect(back.statusCode).toBe(303);
    const code = new URL(back.headers.location as string).searchParams.get('code') as string;
    const user = t.store.findUserByUsername('customer.admin')!;
    const body = userBody(t.store, user);
    expect(
      (await t.helper.call('POST', '/userprofile/api/v1/user/inactivate', { as: 'provider.admin', body })).status,
    ).toBe(200);
    expect(
      (await t.helper.call('POST', '/userprofile/api/v1/user/activate', { as: 'provider.admin', body })).status,
    ).toBe(200);
    const exchanged = await propelToken(code, sso.verifier);
    expect(exchanged.statusCode).toBe(400);
    expect(exchanged.json().error).toBe('invalid_grant');
  });

  it('callback → getPropelTokenFromCode → authorize with the token → the console code → signed in', async () => {
    const sso = pkce();
    const back = await ssoSignIn('provider.admin', ssoQuery({ state: 's t&a=te' }, sso.challenge));
    expect(back.statusCode).toBe(303);
    const callback = new URL(back.headers.location as string);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${ORIGIN}/userprofile/callback`);
    expect(callback.searchParams.get('state')).toBe('s t&a=te');
    const ticket = callback.searchParams.get('ticket') as string;
    expect(ticket.length).toBeGreaterThanOrEqual(43);

    const exchanged = await propelToken(callback.searchParams.get('code') as string, sso.verifier);
    expect(exchanged.statusCode).toBe(200);
    const ssoToken = exchanged.json().access_token;
    expect(decodeJwt(ssoToken)).toMatchObject({ preferred_username: 'provider.admin', client_id: CONSOLE_CLIENT.uuid });

    // The console continues with its own authorization request, authenticated by that token.
    const own = pkce();
    const browser = await new Browser(t.app).open();
    const authorized = await browser.authorize({
      token: ssoToken,
      authorizeRequest: authorizeRequest({}, CONSOLE_CLIENT, own.challenge),
    });
    expect(authorized.statusCode).toBe(200);
    const code = new URL(authorized.json().redirectUrl).searchParams.get('code');
    const token = await t.app.inject({
      method: 'POST',
      url: '/userprofile/api/v1/auth/token',
      payload: { grant_type: 'authorization_code', client_id: CONSOLE_CLIENT.uuid, code, code_verifier: own.verifier },
    });
    expect(token.statusCode).toBe(200);
    expect((await me(t.app, token.json().access_token)).json().username).toBe('provider.admin');

    // Logout with the ticket ends it all.
    const out = await t.app.inject({ method: 'GET', url: `/userprofile/api/v1/auth/logout?ticket=${ticket}` });
    expect(out.statusCode).toBe(200);
    expect((await me(t.app, ssoToken)).statusCode).toBe(401);
    expect((await me(t.app, token.json().access_token)).statusCode).toBe(401);
  });

  it('an SSO code is single use, bound to its verifier, and lives 60 s', async () => {
    const sso = pkce();
    const codeOf = async () =>
      new URL(
        (await ssoSignIn('customer.admin', ssoQuery({}, sso.challenge))).headers.location as string,
      ).searchParams.get('code') as string;

    const wrongVerifier = await propelToken(await codeOf(), pkce().verifier);
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const once = await codeOf();
    expect((await propelToken(once, sso.verifier)).statusCode).toBe(200);
    expect((await propelToken(once, sso.verifier)).json()).toMatchObject({ error: 'invalid_grant' });

    const late = await codeOf();
    t.clock.advance(CODE_TTL_MS);
    expect((await propelToken(late, sso.verifier)).json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('demo second application', () => {
  it('signs in through the provider and shows who signed in and when the token expires', async () => {
    const demo = new Browser(t.app);
    const home = await demo.request({ method: 'GET', url: '/demo-app/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Network Inventory (demo)');
    const href = /href="([^"]+)">Sign in with User Profile/.exec(home.body)?.[1]?.replaceAll('&amp;', '&');
    const authorizeUrl = new URL(href as string);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${ORIGIN}/userprofile/authorize`);
    const params = Object.fromEntries(authorizeUrl.searchParams);
    expect(params).toMatchObject({
      client_id: DEMO_CLIENT.uuid,
      redirect_uri: DEMO_CLIENT.allowedRedirectTarget,
      response_type: 'code',
      code_challenge_method: 'S256',
    });

    // The browser arrives at the console's login page, signs in, and the page authorizes the request.
    const user = await new Browser(t.app).open();
    const page = await user.request({ method: 'GET', url: `${authorizeUrl.pathname}${authorizeUrl.search}` });
    expect(page.statusCode).not.toBe(400);
    expect((await user.login('customer.admin')).statusCode).toBe(200);
    const authorized = await user.authorize({ authorizeRequest: params });
    expect(authorized.statusCode).toBe(200);
    const redirect = new URL(authorized.json().redirectUrl);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(DEMO_CLIENT.allowedRedirectTarget);

    const done = await demo.request({ method: 'GET', url: `/demo-app/callback${redirect.search}` });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Signed in as <strong data-testid="username">customer.admin</strong>');
    const exp = Number(/\(exp (\d+)\)/.exec(done.body)?.[1]);
    expect(exp).toBe(Math.floor(t.clock.time / 1000) + 3600);
  });

  it('refuses a callback whose state it did not send', async () => {
    const demo = new Browser(t.app);
    await demo.request({ method: 'GET', url: '/demo-app/' });
    const res = await demo.request({ method: 'GET', url: '/demo-app/callback?code=abc&state=forged' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('Signed in as');
  });
});

describe('shared header host', () => {
  it('serves the customer stylesheet, the configuration and the versioned header script', async () => {
    const css = await t.app.inject({ method: 'GET', url: '/header-host/customer.css' });
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('.common-header');
    const conf = await t.app.inject({ method: 'GET', url: '/header-host/conf.js' });
    expect(conf.headers['content-type']).toContain('javascript');
    expect(conf.body).toContain('window.commonHeaderConfig');
    const script = await t.app.inject({ method: 'GET', url: '/header-host/common-header-2.4.1.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('window.CommonHeader');
    expect(script.body).toContain('"2.4.1"');
  });

  it('the header script renders suite, app, home, admin and logout links as text', async () => {
    const conf = (await t.app.inject({ method: 'GET', url: '/header-host/conf.js' })).body;
    const script = (await t.app.inject({ method: 'GET', url: '/header-host/common-header-1.0.0.js' })).body;
    const made: FakeElement[] = [];
    const body = new FakeElement('body');
    const window: Record<string, unknown> = {};
    const document = {
      body,
      createElement: (tag: string) => {
        const el = new FakeElement(tag);
        made.push(el);
        return el;
      },
      querySelector: () => null,
    };
    new Function('window', 'document', `${conf}\n${script}`)(window, document);
    (window.CommonHeader as { init: (c: unknown) => void }).init({ appName: '<img src=x onerror=alert(1)>' });
    const header = body.children[0] as FakeElement;
    expect(header.attributes.role).toBe('banner');
    const texts = made.map((e) => e.textContent);
    expect(texts).toContain('Network Operations Suite');
    expect(texts).toContain('<img src=x onerror=alert(1)>'); // as text, never markup
    const links = made.filter((e) => e.tag === 'a');
    expect(links.map((a) => [a.textContent, a.href, a.attributes['data-common-header']])).toEqual([
      ['Home', '/userprofile', 'home'],
      ['Admin', '/userprofile/application/list', 'admin'],
      ['Logout', '/userprofile/logout', 'logout'],
    ]);
  });

  it('anything else under the header host is 404', async () => {
    for (const file of ['common-header-.js', 'common-header-1.0.0.js.map', '..%2Fsecret', 'other.js']) {
      expect((await t.app.inject({ method: 'GET', url: `/header-host/${file}` })).statusCode).toBe(404);
    }
  });
});

class FakeElement {
  readonly children: FakeElement[] = [];
  readonly attributes: Record<string, string> = {};
  textContent = '';
  href = '';
  className = '';
  constructor(readonly tag: string) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  appendChild(child: FakeElement) {
    this.children.push(child);
  }
  insertBefore(child: FakeElement) {
    this.children.unshift(child);
  }
  get firstChild(): FakeElement | null {
    return this.children[0] ?? null;
  }
}
