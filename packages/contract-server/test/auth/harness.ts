// The real contract server (test/helpers.ts setup: seeded store, auth plugin,
// OpenAPI routes, error handler) with a third OAuth2 client registered through
// the API, plus a cookie-keeping "browser" for inject that sends the
// cross-site request token like the console does.

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuthClient } from '../../src/auth/contract.ts';
import { createSigningKey, type LoginLimits, type SigningKey } from '../../src/auth/index.ts';
import { s256 } from '../../src/auth/pkce.ts';
import { CONSOLE_CLIENT_ID, DEMO_CLIENT_ID } from '../../src/seed/seed.ts';
import type { Store } from '../../src/store/store.ts';
import { type TestApp as HelperApp, setup } from '../helpers.ts';
import { checkResponse } from '../openapi.ts';

export const ORIGIN = 'http://127.0.0.1:8080';
export const PASSWORD = 'Passw0rd!';

export const CONSOLE_CLIENT: AuthClient = {
  uuid: CONSOLE_CLIENT_ID,
  name: 'User Profile',
  allowedRedirectTarget: `${ORIGIN}/userprofile/selfcallback`,
  clientSecret: '',
};
export const DEMO_CLIENT: AuthClient = {
  uuid: DEMO_CLIENT_ID,
  name: 'Network Inventory (demo)',
  allowedRedirectTarget: `${ORIGIN}/demo-app/callback`,
  clientSecret: '',
};
/** A client registered with an https target, for the redirect_uri variants of the checklist (uuid set at build). */
export const PARTNER_CLIENT: AuthClient = {
  uuid: '',
  name: 'Partner Reports',
  allowedRedirectTarget: 'https://app.example.com/cb',
  clientSecret: 'PartnerSecret0123456789abcdefXYZ',
};

let testKey: Promise<SigningKey> | undefined;
/** One key pair per process, shared with tests that sign tokens themselves. */
export function testSigningKey(): Promise<SigningKey> {
  testKey ??= createSigningKey();
  return testKey;
}

/** The helper's clock seen as a settable time in ms. */
export class Clock {
  constructor(private readonly inner: HelperApp['clock']) {}
  get time() {
    return this.inner.now;
  }
  set time(value: number) {
    this.inner.now = value;
  }
  advance(ms: number) {
    this.inner.advance(ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  readonly store: Store;
  clock: Clock;
  key: SigningKey;
  helper: HelperApp;
  /** uuid of a seeded account. */
  uuidOf(username: string): string;
}

export async function buildApp(
  options: { tokenTtlSeconds?: number; loginLimits?: LoginLimits; webDist?: string } = {},
): Promise<TestApp> {
  const key = await testSigningKey();
  const { webDist, ...authOptions } = options;
  const helper = await setup({
    signingKey: Promise.resolve(key),
    authOptions,
    ...(webDist ? { webDist } : {}),
  });
  const consoleClient = helper.store.findClient(CONSOLE_CLIENT_ID);
  const demoClient = helper.store.findClient(DEMO_CLIENT_ID);
  if (consoleClient?.allowedRedirectTarget !== CONSOLE_CLIENT.allowedRedirectTarget)
    throw new Error('seed: console client');
  if (demoClient?.allowedRedirectTarget !== DEMO_CLIENT.allowedRedirectTarget) throw new Error('seed: demo client');
  CONSOLE_CLIENT.clientSecret = consoleClient.clientSecret;
  DEMO_CLIENT.clientSecret = demoClient.clientSecret;
  const saved = await helper.call('POST', '/userprofile/api/v1/authClient/update', {
    as: 'provider.admin',
    body: {
      name: PARTNER_CLIENT.name,
      description: 'Third-party reports (https redirect target)',
      allowedRedirectTarget: PARTNER_CLIENT.allowedRedirectTarget,
      clientSecret: PARTNER_CLIENT.clientSecret,
    },
  });
  if (saved.status !== 200) throw new Error(`partner client: ${saved.status} ${saved.text}`);
  PARTNER_CLIENT.uuid = saved.body.uuid;
  return {
    app: helper.app,
    get store() {
      return helper.store;
    },
    clock: new Clock(helper.clock),
    key,
    helper,
    uuidOf(username) {
      const user = helper.store.findUserByUsername(username);
      if (!user) throw new Error(`no seeded account ${username}`);
      return user.uuid;
    },
  };
}

/** Keeps cookies like a browser and sends the cross-site request token header like the console. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly address = '127.0.0.1',
  ) {}

  /** Every answer of a documented operation is checked against openapi/userprofile.yaml. */
  async request(
    options: InjectOptions & { xsrf?: boolean; allowUndocumented?: boolean },
  ): Promise<LightMyRequestResponse> {
    const { xsrf = true, allowUndocumented = false, ...rest } = options;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const xsrfToken = this.cookies.get('XSRF-TOKEN');
    if (xsrf && xsrfToken && rest.method !== 'GET') headers['x-xsrf-token'] = xsrfToken;
    const res = await this.app.inject({ ...rest, headers, remoteAddress: this.address });
    checked(rest.method as string, rest.url as string, res, allowUndocumented);
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** Loads the console's first page, config.json, which hands out the XSRF cookie. */
  async open(): Promise<this> {
    await this.request({ method: 'GET', url: '/userprofile/config.json' });
    return this;
  }

  login(username: string, password = PASSWORD) {
    return this.request({
      method: 'POST',
      url: '/userprofile/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password }).toString(),
    });
  }

  /** GET /auth/logout with these headers (a bearer token, the page's cross-site request token, Sec-Fetch-*). */
  logout(headers: Record<string, string>) {
    return this.request({ method: 'GET', url: '/userprofile/api/v1/auth/logout', headers });
  }

  authorize(body: Record<string, unknown>) {
    return this.request({ method: 'POST', url: '/userprofile/api/v1/auth/authorize', payload: body });
  }

  /** The console's start of an Enterprise SSO sign-in: this browser's state (bound to a cookie it now holds). */
  async startSso(): Promise<string> {
    const res = await this.request({ method: 'POST', url: '/userprofile/api/v1/auth/sso/start' });
    if (res.statusCode !== 200) throw new Error(`sso/start: ${res.statusCode} ${res.body}`);
    return res.json().state;
  }

  /** getPropelTokenFromCode as the console's callback page calls it: with the page's cross-site request token. */
  propelToken(query: { code: string; code_verifier: string; state?: string }, headers: Record<string, string> = {}) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    return this.request({
      method: 'GET',
      // As spec §7 writes it, with the trailing slash.
      url: `/userprofile/api/v1/auth/getPropelTokenFromCode/?${new URLSearchParams(query)}`,
      headers: { ...(xsrf ? { 'x-xsrf-token': xsrf } : {}), ...headers },
    });
  }
}

/** The Enterprise SSO stand-in's authorize query for the console. */
export function ssoQuery(overrides: Record<string, string> = {}, challenge = pkce().challenge) {
  return new URLSearchParams({
    client_id: CONSOLE_CLIENT.uuid,
    redirect_uri: `${ORIGIN}/userprofile/callback`,
    code_challenge_method: 'S256',
    code_challenge: challenge,
    response_type: 'code',
    state: 'sso-state',
    ...overrides,
  });
}

/** Signs in at the SSO page as `username`; answers its redirect to the console's callback. */
export function ssoSignIn(
  app: FastifyInstance,
  username: string,
  query: URLSearchParams,
  password = PASSWORD,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/sso/oauth/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `${query}&${new URLSearchParams({ username, password })}`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The whole SSO round trip of the console in `browser` up to the callback: its state, the code and the verifier. */
export async function ssoCode(app: FastifyInstance, browser: Browser, username = 'customer.admin') {
  const state = await browser.startSso();
  const { verifier, challenge } = pkce();
  const back = await ssoSignIn(app, username, ssoQuery({ state }, challenge));
  if (back.statusCode !== 303) throw new Error(`SSO sign-in: ${back.statusCode}`);
  const callback = new URL(back.headers.location as string);
  return { state, code: callback.searchParams.get('code') as string, code_verifier: verifier, callback };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}

export function authorizeRequest(
  overrides: Record<string, unknown> = {},
  client: AuthClient = CONSOLE_CLIENT,
  challenge = pkce().challenge,
) {
  return {
    client_id: client.uuid,
    redirect_uri: client.allowedRedirectTarget,
    response_type: 'code',
    scope: 'openid',
    state: 'st4te',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
}

/** Signs in and authorizes; returns the code and state from the redirect URL. */
export async function obtainCode(
  browser: Browser,
  options: { client?: AuthClient; verifier?: string; username?: string; state?: string } = {},
) {
  const client = options.client ?? CONSOLE_CLIENT;
  const verifier = options.verifier ?? pkce().verifier;
  if (!browser.cookies.has('UPSESSION')) {
    const login = await browser.login(options.username ?? 'provider.admin');
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  }
  const res = await browser.authorize({
    authorizeRequest: authorizeRequest({ state: options.state ?? 'st4te' }, client, s256(verifier)),
  });
  if (res.statusCode !== 200) throw new Error(`authorize failed: ${res.statusCode} ${res.body}`);
  const url = new URL(res.json().redirectUrl);
  return { code: url.searchParams.get('code') as string, state: url.searchParams.get('state'), verifier, client, url };
}

function checked(method: string, url: string, res: LightMyRequestResponse, allowUndocumented = false) {
  checkResponse(method, url, { status: res.statusCode, headers: res.headers, body: res.body }, allowUndocumented);
  return res;
}

export async function exchange(app: FastifyInstance, body: Record<string, unknown>, form = false) {
  const res = await app.inject({
    method: 'POST',
    url: '/userprofile/api/v1/auth/token',
    ...(form
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(body as Record<string, string>).toString(),
        }
      : { payload: body }),
  });
  return checked('POST', '/userprofile/api/v1/auth/token', res);
}

export async function me(app: FastifyInstance, token: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/userprofile/api/v1/me',
    headers: { authorization: `Bearer ${token}`, algorithm: 'RSA256' },
  });
  return checked('GET', '/userprofile/api/v1/me', res);
}

/** The whole console sign-in: login, authorize, token exchange. */
export async function signInToken(app: FastifyInstance, username = 'provider.admin') {
  const browser = await new Browser(app).open();
  const { code, verifier } = await obtainCode(browser, { username });
  const res = await exchange(app, {
    grant_type: 'authorization_code',
    client_id: CONSOLE_CLIENT.uuid,
    code,
    code_verifier: verifier,
  });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.statusCode} ${res.body}`);
  return { token: res.json().access_token as string, browser };
}
