// The mock control API of design.md ("never under /userprofile") and fault
// injection: the next matching calls answer with a chosen status, after an
// optional delay, so every message of spec §8 can be produced on demand.
//
//   POST   /__mock/reset    reseed the store (same seed, same data)
//   POST   /__mock/faults   { method, path, status?, times?, delayMs?, body? } → 201 the fault
//   GET    /__mock/faults   the faults still armed
//   DELETE /__mock/faults   disarm them all
//   GET    /__mock/outbox   the e-mails the backend "sent"
//   GET    /__mock/snapshot the whole state as one JSON document (storage/snapshot.ts)
//
// A request header `Prefer: code=NNN` does the same for one call, as Prism
// does; `Prefer: code=NNN, delay=MS` waits first, and `Prefer: delay=MS`
// alone only delays the call.
//
// The control routes answer only to callers ./guard.ts lets in (this machine
// or the printed token, never a page of another site); app.ts leaves the
// whole plugin out with MOCK_API=off.
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { decodedPath } from '../auth/http.ts';
import { errorBody, reasonPhrase } from '../http/errors.ts';
import type { OutboxMail } from '../store/types.ts';
import { type MockGuardOptions, mockGuard } from './guard.ts';

export const MOCK_PREFIX = '/__mock';
/** A delay longer than this is refused: a fault should not hold a socket for minutes. */
const MAX_DELAY_MS = 120_000;

interface Fault {
  id: number;
  method: string;
  path: string;
  status: number | null;
  times: number;
  delayMs: number;
  body: unknown;
}

export interface MockOptions {
  reset(): Promise<void>;
  outbox(): OutboxMail[];
  /** The whole state as a snapshot document (storage/snapshot.ts). */
  snapshot(): unknown;
  /** Who may call the control routes (./guard.ts). */
  guard: MockGuardOptions;
}

const FAULT_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'path'],
  anyOf: [{ required: ['status'] }, { required: ['delayMs'] }],
  properties: {
    method: { type: 'string', pattern: '^(\\*|[A-Za-z]{3,7})$' },
    path: { type: 'string', pattern: '^/', maxLength: 2048 },
    status: { type: 'integer', minimum: 200, maximum: 599 },
    times: { type: 'integer', minimum: 1, maximum: 1000, default: 1 },
    delayMs: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS, default: 0 },
    body: {},
  },
} as const;

/** Parses `Prefer: code=504, delay=2000` (RFC 7240 preferences, as Prism reads them). */
export function parsePrefer(header: string | string[] | undefined): { status: number | null; delayMs: number } | null {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header.join(',') : header;
  let status: number | null = null;
  let delayMs = 0;
  for (const part of text.split(/[,;]/)) {
    const [key, value] = part.split('=').map((s) => s.trim().toLowerCase());
    if (key === 'code' && value && /^[2-5]\d\d$/.test(value)) status = Number(value);
    if (key === 'delay' && value && /^\d{1,6}$/.test(value)) delayMs = Math.min(Number(value), MAX_DELAY_MS);
  }
  return status === null && delayMs === 0 ? null : { status, delayMs };
}

function sendFault(reply: FastifyReply, status: number, body: unknown) {
  const payload =
    body !== undefined
      ? body
      : status >= 400
        ? errorBody(status, `Injected fault: ${status} ${reasonPhrase(status)}`)
        : {};
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(payload));
}

async function mockPlugin(app: FastifyInstance, options: MockOptions): Promise<void> {
  let faults: Fault[] = [];
  let nextId = 1;

  /** The armed fault a call of `method` on `path` meets, counted down. */
  function takeFault(method: string, path: string): Fault | undefined {
    const fault = faults.find((f) => (f.method === '*' || f.method === method) && f.path === path);
    if (fault) {
      fault.times--;
      if (fault.times <= 0) faults = faults.filter((f) => f !== fault);
    }
    return fault;
  }

  // Every request of the server passes here: synchronous, and done at once
  // when no fault is armed and no Prefer header asks for one.
  app.addHook('onRequest', (request, reply, done) => {
    if (faults.length === 0 && request.headers.prefer === undefined) return done();
    // The path as routed (`/%61pp/list` is `/app/list`), so no spelling escapes a fault.
    const path = decodedPath(request.url);
    if (path === MOCK_PREFIX || path.startsWith(`${MOCK_PREFIX}/`)) return done();
    const prefer = parsePrefer(request.headers.prefer);
    const fault = takeFault(request.method, path);
    const status = fault?.status ?? prefer?.status ?? null;
    const answer = () => (status === null ? done() : sendFault(reply, status, fault?.status ? fault.body : undefined));
    const delayMs = Math.max(fault?.delayMs ?? 0, prefer?.delayMs ?? 0);
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });

  // The control routes in a scope of their own, so the guard runs on each of them
  // as matched (whatever the spelling of the path).
  await app.register(async (routes) => {
    routes.addHook('onRequest', mockGuard(options.guard));

    routes.post(`${MOCK_PREFIX}/reset`, async () => {
      faults = [];
      await options.reset();
      return { reset: true };
    });

    routes.post<{ Body: Omit<Fault, 'id'> }>(
      `${MOCK_PREFIX}/faults`,
      { schema: { body: FAULT_BODY_SCHEMA } },
      async (request, reply) => {
        const b = request.body;
        const fault: Fault = {
          id: nextId++,
          method: b.method.toUpperCase(),
          path: b.path,
          status: b.status ?? null,
          times: b.times ?? 1,
          delayMs: b.delayMs ?? 0,
          body: b.body,
        };
        faults.push(fault);
        return reply.code(201).send(fault);
      },
    );

    routes.get(`${MOCK_PREFIX}/faults`, async () => faults);

    routes.delete(`${MOCK_PREFIX}/faults`, async (_request, reply) => {
      faults = [];
      return reply.code(204).send();
    });

    routes.get(`${MOCK_PREFIX}/outbox`, async () => options.outbox());
    routes.get(`${MOCK_PREFIX}/snapshot`, async (_request, reply) => {
      const snapshot = options.snapshot();
      reply.header('content-disposition', 'attachment; filename="userprofile-snapshot.json"');
      return snapshot;
    });
  });
}

export const mock = fp(mockPlugin, { name: 'userprofile-mock', fastify: '5.x' });
