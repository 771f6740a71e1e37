// The validating proxy facing a hostile backend: one
// answer never blocks or exhausts the proxy (bytes, inflated bytes, depth and
// violations are bounded; past a bound that one answer goes through unchecked
// with the reason in a header and the log), the log cannot be forged by a
// backend's text, and hop-by-hop headers cross in neither direction.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerProxy, UNCHECKED_HEADER, VIOLATIONS_HEADER } from '../src/proxy.ts';

const API = '/userprofile/api/v1';
const LIMITS = { bytes: 256 * 1024, inflatedBytes: 256 * 1024, depth: 64, violations: 20 };

let backend: FastifyInstance;
let origin: string;
let seenByBackend: IncomingHttpHeaders = {};
const logged: string[] = [];

/** A proxy in front of the hostile backend, with small bounds so the tests stay quick. */
async function proxyWith(validate: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await registerProxy(app, origin, { validate, log: (line) => logged.push(line), limits: LIMITS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** A real HTTP request (inject would not show what crosses the wire), the body read whole. */
function get(app: FastifyInstance, path: string, headers: Record<string, string> = {}) {
  const { port } = app.server.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A cluster tree n levels down (2n brackets): its schema is recursive, so is its validation. */
const deep = (n: number) => `[${'{"children":['.repeat(n)}${']}'.repeat(n)}]`;
const big = JSON.stringify(
  Array.from({ length: 5000 }, (_, i) => ({
    uuid: `6f1c1f0e-3b8a-4d52-9a57-${String(i).padStart(12, '0')}`,
    name: 'x',
  })),
);
const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, ' '));

let checking: FastifyInstance;
let plain: FastifyInstance;

beforeAll(async () => {
  backend = Fastify();
  backend.addHook('onRequest', async (request) => {
    seenByBackend = request.headers;
  });
  backend.get(`${API}/location/list`, (_request, reply) => reply.type('application/json').send(big));
  backend.get(`${API}/errigalCustomerCompany/list`, (_request, reply) =>
    reply.type('application/json').header('content-encoding', 'gzip').send(bomb),
  );
  backend.get(`${API}/cluster/list`, (_request, reply) => reply.type('application/json').send(deep(10_000)));
  backend.get(`${API}/app/list`, (_request, reply) => reply.type('application/json').send(`[${'{},'.repeat(999)}{}]`));
  backend.get(`${API}/user/list/active`, (_request, reply) =>
    reply.type('application/json').send(JSON.stringify([{ 'x\ncontract: forged line\u001b[2K\rScore': 1 }])),
  );
  backend.get(`${API}/me`, (_request, reply) => {
    // Written by hand, chunked: Node refuses a Trailer header beside a content length.
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'application/json',
      connection: 'x-backend-secret, keep-alive',
      'x-backend-secret': 'internal',
      'keep-alive': 'timeout=5',
      'proxy-authenticate': 'Basic realm="internal"',
      trailer: 'x-checksum',
      upgrade: 'h2c',
    });
    reply.raw.end('{}');
  });
  origin = await backend.listen({ port: 0, host: '127.0.0.1' });
  checking = await proxyWith(true);
  plain = await proxyWith(false);
});
afterAll(async () => {
  await checking?.close();
  await plain?.close();
  await backend?.close();
});
beforeEach(() => {
  logged.length = 0;
});

describe('one answer is bounded', () => {
  it('an answer larger than the byte bound goes through whole and unchanged, unchecked, saying why', async () => {
    const res = await get(checking, `${API}/location/list`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(big);
    expect(res.headers[UNCHECKED_HEADER]).toBe(`answer larger than ${LIMITS.bytes} bytes: not checked`);
    expect(res.headers[VIOLATIONS_HEADER]).toBeUndefined();
    expect(logged).toEqual([
      `contract: the backend's answer to GET ${API}/location/list was not checked: answer larger than ${LIMITS.bytes} bytes: not checked`,
    ]);
  });

  it('a gzip bomb is forwarded as it came, and the check stops inflating it at its bound', async () => {
    const res = await get(checking, `${API}/errigalCustomerCompany/list`, { 'accept-encoding': 'gzip' });
    expect(res.body.equals(bomb)).toBe(true);
    expect(res.headers[UNCHECKED_HEADER]).toBe(
      `answer inflates to more than ${LIMITS.inflatedBytes} bytes: not checked`,
    );
  });

  it('a 20,000-deep answer is refused before it is parsed, and the proxy goes on', async () => {
    const res = await get(checking, `${API}/cluster/list`);
    expect(res.body.toString()).toBe(deep(10_000));
    expect(JSON.parse(String(res.headers[VIOLATIONS_HEADER]))).toEqual([
      expect.objectContaining({ pointer: '', reason: `nested deeper than ${LIMITS.depth} levels: not checked` }),
    ]);
    expect((await get(checking, `${API}/me`)).status).toBe(200);
  });

  it('1,000 empty items: the violations reported are capped, the rest counted in one line', async () => {
    const res = await get(checking, `${API}/app/list`);
    expect(res.status).toBe(200);
    const header = JSON.parse(String(res.headers[VIOLATIONS_HEADER])) as { more?: number }[];
    expect(header.length).toBeLessThanOrEqual(LIMITS.violations + 1);
    expect(logged).toHaveLength(LIMITS.violations + 1);
    expect(logged.at(-1)).toMatch(
      new RegExp(
        `^contract: the backend's answer to GET ${API}/app/list breaks the document: listApplications 200 \\(body\\): further violations not listed \\(at most ${LIMITS.violations} per answer\\)$`,
      ),
    );
  });
});

describe('what the backend says cannot forge a log line', () => {
  it('a property name with a line break, ESC and CR is escaped in the log and the header', async () => {
    const res = await get(checking, `${API}/user/list/active`);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toMatch(CONTROL);
    expect(logged.join('\n')).toContain('x\\ncontract: forged line\\x1b[2K\\rScore');
    expect(String(res.headers[VIOLATIONS_HEADER])).not.toMatch(CONTROL);
  });
});

describe('hop-by-hop headers cross in neither direction (RFC 9110 §7.6.1)', () => {
  for (const validate of [true, false]) {
    it(`with validation ${validate ? 'on' : 'off'}`, async () => {
      const app = validate ? checking : plain;
      const res = await get(app, `${API}/me`, {
        'proxy-authorization': 'Basic c2VjcmV0',
        connection: 'x-client-secret',
        'x-client-secret': 'mine',
        te: 'trailers',
        'x-kept': 'yes',
      });
      expect(res.status).toBe(200);
      for (const name of ['x-backend-secret', 'proxy-authenticate', 'trailer', 'upgrade'])
        expect(res.headers[name], name).toBeUndefined();
      // The proxy's own connection may be kept alive (Node says so itself); the backend's terms never cross.
      expect(res.headers['keep-alive']).not.toBe('timeout=5');
      expect(res.headers.connection ?? 'keep-alive').toMatch(/^(keep-alive|close)$/);
      for (const name of ['proxy-authorization', 'x-client-secret', 'te'])
        expect(seenByBackend[name], name).toBeUndefined();
      expect(seenByBackend['x-kept']).toBe('yes');
    });
  }
});
