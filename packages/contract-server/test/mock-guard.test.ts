// The dev backend when someone can reach it: the mock control API
// (reseed, faults, outbox) answers only to callers on this machine or with the
// token npm start prints, refuses every request a page of another site can
// make (a plain form POST included), and can be switched off.
import { describe, expect, it } from 'vitest';
import { API, appUnderTest } from './harness.ts';
import { setup } from './helpers.ts';

const TOKEN = 'mock-token-for-tests-0123456789';
const FAULT = { method: 'GET', path: `${API}/app/list`, status: 500, times: 50 };

const t = appUnderTest({ mock: { token: TOKEN } }, { reseedEach: false });

/** The faults armed now, asked from this machine. */
async function armedFaults(): Promise<unknown[]> {
  return (await t.app.inject({ method: 'GET', url: '/__mock/faults' })).json();
}

async function armOne() {
  await t.app.inject({ method: 'DELETE', url: '/__mock/faults' });
  const armed = await t.app.inject({ method: 'POST', url: '/__mock/faults', payload: FAULT });
  expect(armed.statusCode).toBe(201);
}

describe('from this machine', () => {
  it('the control API works for a caller without a browser (the test runner)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/__mock/reset' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/__mock/outbox' })).statusCode).toBe(200);
    await armOne();
    expect(await armedFaults()).toHaveLength(1);
  });

  it('a page of this same origin may use it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/__mock/outbox',
      headers: { origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a page on another site', () => {
  const crossSite = [
    ['a form POST (no preflight)', { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' }],
    ['a same-site page on another port', { origin: 'http://127.0.0.1:9999', 'sec-fetch-site': 'same-site' }],
    ['a browser that sends only Origin', { origin: 'https://evil.example' }],
    ['a sandboxed frame (Origin null)', { origin: 'null' }],
    ['a browser that sends only fetch metadata', { 'sec-fetch-site': 'cross-site' }],
  ] as const;

  for (const [what, headers] of crossSite) {
    it(`cannot reseed, fault, clear or read the outbox: ${what}`, async () => {
      await armOne();
      const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
      const answers = [
        await t.app.inject({ method: 'POST', url: '/__mock/reset', headers: form, payload: 'x=1' }),
        await t.app.inject({
          method: 'POST',
          url: '/__mock/faults',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: { method: '*', path: `${API}/auth/token`, status: 500, times: 1000 },
        }),
        await t.app.inject({ method: 'DELETE', url: '/__mock/faults', headers }),
        await t.app.inject({ method: 'GET', url: '/__mock/outbox', headers }),
        // Any spelling of the path is the same route.
        await t.app.inject({ method: 'POST', url: '/%5F%5Fmock/reset', headers: form, payload: 'x=1' }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toContain('other sites');
      }
      // Nothing changed: the one fault armed before is still there, none was added.
      expect(await armedFaults()).toMatchObject([FAULT]);
    });
  }
});

describe('a caller on another machine', () => {
  const remote = { remoteAddress: '192.0.2.10' };

  it('is refused without the token, and through a proxy on this machine too', async () => {
    await armOne();
    for (const res of [
      await t.app.inject({ method: 'POST', url: '/__mock/reset', ...remote }),
      await t.app.inject({ method: 'GET', url: '/__mock/outbox', ...remote }),
      await t.app.inject({ method: 'DELETE', url: '/__mock/faults', headers: { 'x-mock-token': 'wrong' }, ...remote }),
      await t.app.inject({ method: 'DELETE', url: '/__mock/faults', headers: { 'x-forwarded-for': '192.0.2.10' } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('x-mock-token');
    }
    expect(await armedFaults()).toHaveLength(1);
  });

  it('is let in with the token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/__mock/outbox',
      headers: { 'x-mock-token': TOKEN },
      ...remote,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('switched off (MOCK_API=off)', () => {
  it('has no control routes and injects no faults', async () => {
    const off = await setup({ mock: false });
    try {
      expect((await off.app.inject({ method: 'POST', url: '/__mock/reset' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/__mock/outbox' })).statusCode).toBe(404);
      const prefer = await off.app.inject({ method: 'GET', url: `${API}/auth/jwks`, headers: { prefer: 'code=500' } });
      expect(prefer.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

// A web page that rebinds its own name to 127.0.0.1 sends its
// requests from this machine, with its own name in Host (and in Origin).
describe('DNS rebinding (a page whose name now points at 127.0.0.1)', () => {
  const rebound = { host: 'some-site.example:8080' };

  it('cannot read the snapshot or the outbox, nor arm a fault, even with a matching Origin', async () => {
    await armOne();
    const sameOrigin = { ...rebound, origin: 'http://some-site.example:8080', 'sec-fetch-site': 'same-origin' };
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/__mock/snapshot', headers: rebound }),
      await t.app.inject({ method: 'GET', url: '/__mock/outbox', headers: rebound }),
      await t.app.inject({ method: 'GET', url: '/__mock/faults', headers: { host: 'some-site.example' } }),
      await t.app.inject({
        method: 'POST',
        url: '/__mock/faults',
        headers: { ...sameOrigin, 'content-type': 'application/json' },
        payload: { method: '*', path: `${API}/auth/token`, status: 500, times: 1000 },
      }),
      await t.app.inject({ method: 'POST', url: '/__mock/reset', headers: sameOrigin }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('Host');
    }
    expect(await armedFaults()).toMatchObject([FAULT]);
  });

  it('the token does not open it to another name', async () => {
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/__mock/outbox',
      headers: { ...rebound, 'x-mock-token': TOKEN },
    });
    expect(withToken.statusCode).toBe(403);
  });

  it('the loopback names still work: 127.0.0.1, localhost and [::1]', async () => {
    for (const host of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080', 'LOCALHOST']) {
      const res = await t.app.inject({ method: 'GET', url: '/__mock/faults', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });
});

describe('over a real socket: the Host must name the port the server listens on', () => {
  it('answers 127.0.0.1:PORT and localhost:PORT, refuses another port and another name', async () => {
    const { request } = await import('node:http');
    // The test app listens already (helpers.ts), on a port of its own.
    const { port } = t.app.server.address() as { port: number };
    {
      const get = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request({ port, host: '127.0.0.1', path: '/__mock/faults', headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      expect(await get(`127.0.0.1:${port}`)).toBe(200);
      expect(await get(`localhost:${port}`)).toBe(200);
      expect(await get(`127.0.0.1:${port + 1}`)).toBe(403);
      expect(await get('127.0.0.1')).toBe(403);
      expect(await get(`rebind.example:${port}`)).toBe(403);
      // HTTP/1.0 without any Host.
      const { connect } = await import('node:net');
      const bare = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = connect(port, '127.0.0.1', () => socket.end('GET /__mock/faults HTTP/1.0\r\n\r\n'));
        socket.on('data', (d) => {
          text += d;
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(bare).toMatch(/^HTTP\/1\.[01] (400|403)/);
    }
  });
});

// Every mark a proxy leaves makes the caller one of elsewhere.
describe('a caller through a proxy on this machine', () => {
  const marks = [
    ['x-real-ip', '192.0.2.10'],
    ['via', '1.1 proxy.example'],
    ['x-forwarded-host', 'some-site.example'],
    ['x-forwarded-proto', 'https'],
    ['x-client-ip', '192.0.2.10'],
    ['true-client-ip', '192.0.2.10'],
    ['cf-connecting-ip', '192.0.2.10'],
    ['forwarded', 'for=192.0.2.10'],
  ] as const;
  for (const [name, value] of marks) {
    it(`is not local when the request carries ${name}`, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/__mock/outbox', headers: { [name]: value } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('x-mock-token');
      const withToken = await t.app.inject({
        method: 'GET',
        url: '/__mock/outbox',
        headers: { [name]: value, 'x-mock-token': TOKEN },
      });
      expect(withToken.statusCode).toBe(200);
    });
  }
});
