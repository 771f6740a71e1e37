// The validating proxy, so that a backend's drift shows while the console runs: with USERPROFILE_BACKEND set, every
// answer of a documented operation is checked by the same validator as
// `npm run contract`; violations go into the x-contract-violations header and
// the log, the console's bad requests are logged as its fault, and the bytes
// are forwarded unchanged (gzip included).
import { gzipSync } from 'node:zlib';
import { MAX_VIOLATIONS } from '@userprofile/contract/bounds';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { registerProxy, VIOLATIONS_HEADER, VIOLATIONS_HEADER_MAX } from '../src/proxy.ts';

const API = '/userprofile/api/v1';
const locations = [{ uuid: '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10', name: 42 }];
const gzipped = gzipSync(Buffer.from(JSON.stringify(locations)));

let backend: FastifyInstance;
let proxy: FastifyInstance;
let logged: string[] = [];

beforeAll(async () => {
  backend = Fastify();
  backend.get(`${API}/location/list`, (_request, reply) =>
    reply.header('content-type', 'application/json').header('content-encoding', 'gzip').send(gzipped),
  );
  backend.get(`${API}/errigalCustomerCompany/list`, () => [
    { uuid: '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10', name: 'Acme' },
  ]);
  backend.get(`${API}/cluster/list`, () =>
    Array.from({ length: 500 }, (_, i) => ({ uuid: i, name: i, children: 'none' })),
  );
  backend.get(`${API}/history/:kind/:uuid`, () => ({ entries: [], more: false, withheld: 0 }));
  backend.get('/userprofile/.well-known/openid-configuration', () => ({ issuer: 'https://sso.example.net' }));
  // A backend of another make without the Who Has It and Check Access extensions: a Spring 404, a web page.
  backend.get(`${API}/app/:uuid/holders`, (request, reply) =>
    reply.code(404).send({ timestamp: '2026-11-28T00:00:00Z', status: 404, error: 'Not Found', path: request.url }),
  );
  backend.get(`${API}/access/check`, (_request, reply) =>
    reply.header('content-type', 'text/html').send('<!doctype html><div id="app"></div>'),
  );
  const address = await backend.listen({ port: 0, host: '127.0.0.1' });
  proxy = await buildApp({ backend: address, webDist: null });
  await proxy.ready();
});
afterAll(async () => {
  await proxy.close();
  await backend.close();
});
const stderr = vi.spyOn(process.stderr, 'write');
// Files share their worker (vitest.config.ts isolate: false): the next one gets stderr as it was.
afterAll(() => stderr.mockRestore());
afterEach(() => {
  logged = [];
});
const captured = () => {
  logged = stderr.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('contract:'));
  stderr.mockClear();
  return logged;
};

it('reports a broken answer in x-contract-violations and one log line per violation, and forwards the gzip bytes unchanged', async () => {
  stderr.mockClear();
  const res = await proxy.inject({
    method: 'GET',
    url: `${API}/location/list`,
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.rawPayload.equals(gzipped)).toBe(true);
  expect(JSON.parse(String(res.headers[VIOLATIONS_HEADER]))).toEqual([
    {
      side: 'response',
      operation: 'listLocations',
      status: 200,
      pointer: '/0/name',
      reason: 'must be string, got integer',
      severity: 'error',
    },
  ]);
  const line = `contract: the backend's answer to GET ${API}/location/list breaks the document: listLocations 200 /0/name: must be string, got integer\n`;
  expect(captured()).toEqual([line]);
  // The same answer again (its verdict remembered): reported again, header and log line alike.
  const again = await proxy.inject({
    method: 'GET',
    url: `${API}/location/list`,
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(again.rawPayload.equals(gzipped)).toBe(true);
  expect(again.headers[VIOLATIONS_HEADER]).toBe(res.headers[VIOLATIONS_HEADER]);
  expect(captured()).toEqual([line]);
});

it('adds nothing to an answer that conforms', async () => {
  stderr.mockClear();
  const res = await proxy.inject({ method: 'GET', url: `${API}/errigalCustomerCompany/list` });
  expect(res.json()).toEqual([{ uuid: '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10', name: 'Acme' }]);
  expect(res.headers[VIOLATIONS_HEADER]).toBeUndefined();
  expect(captured()).toEqual([]);
});

it("logs a request that breaks the document as the console's fault", async () => {
  stderr.mockClear();
  const res = await proxy.inject({
    method: 'GET',
    url: `${API}/history/user/6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10?limit=many`,
  });
  expect(res.json()).toEqual({ entries: [], more: false, withheld: 0 });
  const header = JSON.parse(String(res.headers[VIOLATIONS_HEADER]));
  expect(header).toEqual([
    expect.objectContaining({ side: 'request', operation: 'getRecordHistory', pointer: '/query/limit' }),
  ]);
  expect(captured()).toEqual([
    expect.stringMatching(
      /^contract: the console's request GET \/userprofile\/api\/v1\/history\/user\/[^ ]+ breaks the document: getRecordHistory \/query\/limit: must match pattern/,
    ),
  ]);
});

it('keeps the header within its bound, saying how many violations it left out; the log lists at most MAX_VIOLATIONS', async () => {
  stderr.mockClear();
  const res = await proxy.inject({ method: 'GET', url: `${API}/cluster/list` });
  expect(res.statusCode).toBe(200);
  const text = String(res.headers[VIOLATIONS_HEADER]);
  expect(text.length).toBeLessThanOrEqual(VIOLATIONS_HEADER_MAX);
  const items = JSON.parse(text) as { more?: number }[];
  expect(items.at(-1)?.more).toBeGreaterThan(10);
  // 1,500 violations: the first MAX_VIOLATIONS, then one line that says more were left out.
  const lines = captured();
  expect(lines.length).toBe(MAX_VIOLATIONS + 1);
  expect(lines.at(-1)).toMatch(
    /listClusters 200 \(body\): further violations not listed \(at most 100 per answer\)\n$/,
  );
});

it('with validation off, forwards without a check', async () => {
  const plain = Fastify();
  await registerProxy(plain, `http://127.0.0.1:${(backend.server.address() as { port: number }).port}`, {
    validate: false,
  });
  const res = await plain.inject({ method: 'GET', url: `${API}/location/list` });
  expect(res.rawPayload.equals(gzipped)).toBe(true);
  expect(res.headers[VIOLATIONS_HEADER]).toBeUndefined();
  await plain.close();
});

it("forwards the provider's discovery document, an operation of the document, and checks it", async () => {
  stderr.mockClear();
  const res = await proxy.inject({ method: 'GET', url: '/userprofile/.well-known/openid-configuration' });
  expect(res.json()).toEqual({ issuer: 'https://sso.example.net' });
  const header = JSON.parse(String(res.headers[VIOLATIONS_HEADER])) as { operation: string; pointer: string }[];
  expect(header).toContainEqual(expect.objectContaining({ operation: 'openidConfiguration', pointer: '/jwks_uri' }));
  expect(captured().length).toBe(header.length);
});

it('says once, in plain words, that the backend does not offer an extension, and checks none of its answers', async () => {
  stderr.mockClear();
  const auth = { authorization: 'Bearer t' };
  const id = '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10';
  for (let i = 0; i < 2; i++) {
    const holders = await proxy.inject({
      method: 'GET',
      url: `${API}/app/${id}/holders?role=${id}&page=${i + 1}`,
      headers: auth,
    });
    expect(holders.statusCode).toBe(404);
    expect(holders.headers[VIOLATIONS_HEADER]).toBeUndefined();
    const check = await proxy.inject({
      method: 'GET',
      url: `${API}/access/check?user=${id}&application=${id}&role=${id}`,
      headers: auth,
    });
    expect(check.statusCode).toBe(200);
    expect(check.body).toBe('<!doctype html><div id="app"></div>');
    expect(check.headers[VIOLATIONS_HEADER]).toBeUndefined();
  }
  expect(captured()).toEqual([
    'contract: the backend does not offer GET /api/v1/app/{uuid}/holders (an extension, answered 404): the console does without it\n',
    'contract: the backend does not offer GET /api/v1/access/check (an extension, answered 200): the console does without it\n',
  ]);
});
