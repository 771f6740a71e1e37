// OAuth2 clients as the console registers them (spec §2, §5; docs/wire-and-errors.md
// "Applications and OAuth2 clients"):
// the redirect target rule shared with the console, secrets only in the
// editor's read, and a client saved through the API at once usable by another
// application — authorize with its redirect target, exchange the code with
// its id and secret — with a changed target replacing the old one at once.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AuthClient } from '../../src/auth/contract.ts';
import { API, authAppUnderTest } from '../harness.ts';
import { authorizeRequest, Browser, exchange, obtainCode, pkce } from './harness.ts';

const t = authAppUnderTest({}, { reseedEach: false });

function save(body: Record<string, unknown>) {
  return t.helper.call('POST', `${API}/authClient/update`, { as: 'provider.admin', body });
}

async function register(allowedRedirectTarget: string): Promise<AuthClient & { description: string }> {
  const client = {
    name: `Capacity Planner ${crypto.randomUUID().slice(0, 8)}`,
    description: 'Plans capacity from the inventory',
    allowedRedirectTarget,
    clientSecret: 'Zq8mN2pL5vR9tX3wY6bC1dF4gH7jK0sA',
  };
  const res = await save(client);
  expect(res.status).toBe(200);
  return { ...client, uuid: res.body.uuid };
}

describe('redirect target rule (validateOAuthClient, both sides)', () => {
  it.each([
    'https://planner.example.com/oauth/callback',
    'http://127.0.0.1:9100/callback',
    'http://localhost:3000/cb',
    'http://[::1]:9100/cb',
  ])('accepts %s', async (target) => {
    expect((await register(target)).uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['http on a non-loopback host', 'http://planner.example.com/cb'],
    ['javascript:', 'javascript:alert(document.domain)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['user info', 'https://planner.example.com@evil.example.net/cb'],
  ])('refuses %s with a 400 naming the field, saving nothing', async (_name, target) => {
    const before = t.store.dump();
    const res = await save({ name: 'Bad target', description: 'x', allowedRedirectTarget: target, clientSecret: 'a1' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'body.allowedRedirectTarget',
        reason: 'This must be an absolute https URL (http only on localhost, 127.0.0.1 or [::1]) without a fragment',
      },
    ]);
    expect(t.store.dump()).toBe(before);
  });
});

describe('client secrets', () => {
  it('are left out of the list and read with one client by its ERRIGAL_ADMIN editor', async () => {
    const client = await register('https://planner.example.com/cb');
    const list = await t.helper.call('GET', `${API}/authClient/list`, { as: 'provider.admin' });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('clientSecret');
    expect(list.text).not.toContain(client.clientSecret);
    expect(list.body).toContainEqual({
      uuid: client.uuid,
      name: client.name,
      description: client.description,
      allowedRedirectTarget: client.allowedRedirectTarget,
    });
    const one = await t.helper.call('GET', `${API}/authClient/get/${client.uuid}`, { as: 'provider.admin' });
    expect(one.body.clientSecret).toBe(client.clientSecret);
    for (const as of ['customer.admin', 'sco.admin']) {
      expect((await t.helper.call('GET', `${API}/authClient/get/${client.uuid}`, { as })).status).toBe(403);
    }
  });
});

describe('a client saved through the console signs a user in to another application', () => {
  async function signIn(client: AuthClient) {
    const browser = await new Browser(t.app).open();
    const { code, state, verifier, url } = await obtainCode(browser, { client, username: 'customer.admin' });
    expect(`${url.origin}${url.pathname}`).toBe(client.allowedRedirectTarget);
    expect(state).toBe('st4te');
    return exchange(t.app, {
      grant_type: 'authorization_code',
      client_id: client.uuid,
      client_secret: client.clientSecret,
      code,
      code_verifier: verifier,
      redirect_uri: client.allowedRedirectTarget,
    });
  }

  it('authorize with its redirect target, exchange the code with its id and secret', async () => {
    const client = await register('http://127.0.0.1:9100/planner/callback');
    const res = await signIn(client);
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().access_token);
    expect(claims).toMatchObject({ client_id: client.uuid, preferred_username: 'customer.admin' });
  });

  it('a changed redirect target replaces the old one at once', async () => {
    const client = await register('https://planner.example.com/old-callback');
    const moved = { ...client, allowedRedirectTarget: 'https://planner.example.com/new-callback' };
    expect((await save(moved)).status).toBe(200);

    const browser = await new Browser(t.app).open();
    expect((await browser.login('customer.admin')).statusCode).toBe(200);
    const old = await browser.authorize({
      authorizeRequest: authorizeRequest({ redirect_uri: client.allowedRedirectTarget }, client, pkce().challenge),
    });
    expect(old.statusCode).toBe(400);
    expect(old.json()).not.toHaveProperty('redirectUrl');
    expect((await signIn(moved)).statusCode).toBe(200);
  });
});
