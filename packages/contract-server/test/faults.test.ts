// Fault injection, so that the console's failure paths can be tried: every status of the error catalogue, via
// /__mock/faults and via `Prefer: code=NNN`, plus delays and reset.
import { describe, expect, it } from 'vitest';
import { parsePrefer } from '../src/mock/plugin.ts';
import { API, appUnderTest } from './harness.ts';
import { PROVIDER } from './helpers.ts';

const t = appUnderTest();

const CATALOGUE = [401, 403, 404, 406, 408, 409, 444, 500, 504];

function arm(fault: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/__mock/faults', payload: fault });
}

describe('POST /__mock/faults', () => {
  for (const status of CATALOGUE) {
    it(`makes the next matching call answer ${status}, then the call works again`, async () => {
      const armed = await arm({ method: 'POST', path: `${API}/user/activate`, status });
      expect(armed.statusCode).toBe(201);
      const user = [...t.store.users.values()].find((u) => !u.active && u.businessProfileUuid)!;
      const view = (await t.call('GET', `${API}/user/${user.uuid}`, { as: PROVIDER })).body;
      const failed = await t.call('POST', `${API}/user/activate`, {
        as: PROVIDER,
        body: view,
        allowUndocumented: true,
      });
      expect(failed.status).toBe(status);
      expect(failed.body).toMatchObject({ statusCode: status, message: expect.stringContaining(String(status)) });
      expect(t.store.users.get(user.uuid)?.active).toBe(false);
      const ok = await t.call('POST', `${API}/user/activate`, { as: PROVIDER, body: view });
      expect(ok.status).toBe(200);
    });
  }

  it('applies to the login form too, `times` times, with a custom body', async () => {
    await arm({
      method: 'POST',
      path: '/userprofile/login',
      status: 500,
      times: 2,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'LDAP down' },
    });
    const form = {
      raw: { payload: 'username=provider.admin&password=x', contentType: 'application/x-www-form-urlencoded' },
      allowUndocumented: true,
    };
    expect((await t.call('POST', '/userprofile/login', form)).body.message).toBe('LDAP down');
    expect((await t.call('POST', '/userprofile/login', form)).status).toBe(500);
    expect((await t.call('POST', '/userprofile/login', form)).status).toBe(401);
  });

  it('matches method and exact path only', async () => {
    await arm({ method: 'GET', path: `${API}/app/list`, status: 504 });
    expect((await t.call('GET', `${API}/profile/app/list`, { as: PROVIDER })).status).toBe(200);
    expect((await t.call('GET', `${API}/app/list?x=1`, { as: PROVIDER, allowUndocumented: true })).status).toBe(504);
  });

  it('matches the path as routed, whatever its spelling', async () => {
    await arm({ method: 'GET', path: `${API}/app/list`, status: 504 });
    const res = await t.call('GET', `${API}/%61pp/list`, { as: PROVIDER, allowUndocumented: true });
    expect(res.status).toBe(504);
  });

  it('delays a call by delayMs, with or without a status', async () => {
    await arm({ method: 'GET', path: `${API}/location/list`, delayMs: 300 });
    let started = performance.now();
    expect((await t.call('GET', `${API}/location/list`, { as: PROVIDER })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await arm({ method: '*', path: `${API}/location/list`, status: 408, delayMs: 200 });
    started = performance.now();
    expect((await t.call('GET', `${API}/location/list`, { as: PROVIDER, allowUndocumented: true })).status).toBe(408);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('DELETE disarms every fault; GET lists them', async () => {
    await arm({ method: 'GET', path: `${API}/app/list`, status: 500, times: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/__mock/faults' })).json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/__mock/faults' })).statusCode).toBe(204);
    expect((await t.call('GET', `${API}/app/list`, { as: PROVIDER })).status).toBe(200);
  });

  it('refuses a malformed fault with a 400', async () => {
    expect((await arm({ method: 'GET', path: 'no-slash', status: 500 })).statusCode).toBe(400);
    expect((await arm({ method: 'GET', path: '/x', status: 999 })).statusCode).toBe(400);
    expect((await arm({ method: 'GET', path: '/x' })).statusCode).toBe(400);
  });
});

describe('Prefer: code=NNN', () => {
  for (const status of CATALOGUE) {
    it(`answers ${status} for that one call`, async () => {
      const res = await t.call('GET', `${API}/visibility/sync/carrier`, {
        as: PROVIDER,
        headers: { prefer: `code=${status}` },
        allowUndocumented: true,
      });
      expect(res.status).toBe(status);
      expect(res.body.statusCode).toBe(status);
      expect((await t.call('GET', `${API}/visibility/sync/carrier`, { as: PROVIDER })).status).toBe(200);
    });
  }

  it('with delay=MS waits first', async () => {
    const started = performance.now();
    const res = await t.call('GET', `${API}/app/list`, {
      as: PROVIDER,
      headers: { prefer: 'code=504, delay=250' },
      allowUndocumented: true,
    });
    expect(res.status).toBe(504);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('parses the header leniently and ignores what it does not know', () => {
    expect(parsePrefer('code=444')).toEqual({ status: 444, delayMs: 0 });
    expect(parsePrefer('return=minimal; code=409')).toEqual({ status: 409, delayMs: 0 });
    expect(parsePrefer('delay=50')).toEqual({ status: null, delayMs: 50 });
    expect(parsePrefer('code=99')).toBeNull();
    expect(parsePrefer('example=x')).toBeNull();
  });
});

describe('/__mock/reset and /__mock/outbox', () => {
  it('reset restores the seed (same data as a fresh start)', async () => {
    const seeded = t.store.dump();
    const user = [...t.store.users.values()][5]!;
    await t.call('POST', `${API}/password/forgot`, { body: { username: 'customer.admin' } });
    await t.call(
      'DELETE',
      `${API}/profile/business/${user.businessProfileUuid ?? [...t.store.businessProfiles.values()][0]!.uuid}`,
      { as: PROVIDER },
    );
    expect(t.store.dump()).not.toBe(seeded);
    expect((await t.app.inject({ method: 'POST', url: '/__mock/reset' })).statusCode).toBe(200);
    const fresh = JSON.parse(t.store.dump());
    const before = JSON.parse(seeded);
    expect(fresh.users).toEqual(before.users);
    expect(fresh.businessProfiles).toEqual(before.businessProfiles);
    expect(fresh.outbox).toEqual([]);
  });

  it('the outbox lists the reset e-mails sent', async () => {
    await t.app.inject({ method: 'POST', url: '/__mock/reset' });
    await t.call('POST', `${API}/password/forgot`, { body: { username: 'customer.admin' } });
    const outbox = (await t.app.inject({ method: 'GET', url: '/__mock/outbox' })).json();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: 'customer.admin@example.com', username: 'customer.admin' });
    expect(outbox[0].link).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/userprofile\/password\/new\/[A-Za-z0-9_-]+~[A-Za-z0-9_-]+$/,
    );
  });

  it('reset lifts sign-in lockouts, so failed attempts in one test do not lock out the next', async () => {
    const xsrf = t.app.auth.xsrfToken();
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/userprofile/login',
        headers: {
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ username: 'customer.admin', password }).toString(),
      });
    for (let i = 0; i < 5; i++) expect((await login(`guess-${i}`)).statusCode).toBe(401);
    expect((await login('Passw0rd!')).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/__mock/reset' });
    expect((await login('Passw0rd!')).statusCode).toBe(200);
  });

  it('/__mock is never under /userprofile', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/userprofile/__mock/reset' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/userprofile/__mock/outbox' })).statusCode).toBe(404);
  });
});
