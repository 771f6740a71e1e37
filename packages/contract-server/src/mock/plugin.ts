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

import { MOCK_PREFIX } from '@userprofile/shared/constants';
import { Ajv } from 'ajv';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { decodedPath } from '../auth/http.ts';
import { errorBody, reasonPhrase } from '../http/errors.ts';
import type { OutboxMail } from '../store/types.ts';
import { type MockGuardOptions, mockGuard } from './guard.ts';

/** A delay longer than this is refused: a fault should not hold a socket for minutes. */
const MAX_DELAY_MS = 120_000;

/** An armed fault: the next `times` calls of `method` (or `*`) on `path` meet it. */
export interface Fault {
  id: number;
  method: string;
  path: string;
  status: number | null;
  times: number;
  delayMs: number;
  body: unknown;
}

/** What a caller asks for: POST /__mock/faults's body, or `faults.add()` in the same process. */
export type FaultRequest = Pick<Fault, 'method' | 'path'> &
  Partial<Pick<Fault, 'status' | 'times' | 'delayMs' | 'body'>>;

/** The server controlled from its own process (the package's `startDevBackend`), as /__mock/* does over HTTP. */
export interface Control {
  /** Back to the seed (and the fixtures), faults disarmed, sign-ins ended. */
  reset(): Promise<void>;
  /** The e-mails the backend "sent", oldest first. */
  outbox(): OutboxMail[];
  faults: FaultTable;
  /** Resolves once GET /__mock/ready would answer 200. */
  ready(): Promise<void>;
}

export interface MockOptions {
  /** What the control routes do: the same the server's own process can do. */
  control: Control;
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

let checkFaultRequest: ((value: unknown) => boolean) | undefined;

/**
 * The faults armed on one server. The control route and an in-process caller
 * (the package's `faults.add()`) arm them through the same check: the route's
 * body schema, so both refuse the same requests in the same words.
 */
export class FaultTable {
  #faults: Fault[] = [];
  #nextId = 1;

  get size(): number {
    return this.#faults.length;
  }

  /** Arms a fault; throws a TypeError naming what is wrong with the request. */
  add(request: FaultRequest): Fault {
    checkFaultRequest ??= new Ajv({ allErrors: false, useDefaults: false }).compile(FAULT_BODY_SCHEMA);
    if (!checkFaultRequest(request)) {
      const [error] = (checkFaultRequest as unknown as { errors: { instancePath: string; message: string }[] }).errors;
      throw new TypeError(`Fault ${error?.instancePath || 'request'} ${error?.message ?? 'is not valid'}`.trim());
    }
    const fault: Fault = {
      id: this.#nextId++,
      method: request.method.toUpperCase(),
      path: request.path,
      status: request.status ?? null,
      times: request.times ?? 1,
      delayMs: request.delayMs ?? 0,
      body: request.body,
    };
    this.#faults.push(fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.#faults = [];
  }

  /** The armed fault a call of `method` on `path` meets, counted down. */
  take(method: string, path: string): Fault | undefined {
    const fault = this.#faults.find((f) => (f.method === '*' || f.method === method) && f.path === path);
    if (fault) {
      fault.times--;
      if (fault.times <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    }
    return fault;
  }
}

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
  const { faults } = options.control;

  // Every request of the server passes here: synchronous, and done at once
  // when no fault is armed and no Prefer header asks for one.
  app.addHook('onRequest', (request, reply, done) => {
    if (faults.size === 0 && request.headers.prefer === undefined) return done();
    // The path as routed (`/%61pp/list` is `/app/list`), so no spelling escapes a fault.
    const path = decodedPath(request.url);
    if (path === MOCK_PREFIX || path.startsWith(`${MOCK_PREFIX}/`)) return done();
    const prefer = parsePrefer(request.headers.prefer);
    const fault = faults.take(request.method, path);
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
      await options.control.reset();
      return { reset: true };
    });

    routes.post<{ Body: FaultRequest }>(
      `${MOCK_PREFIX}/faults`,
      { schema: { body: FAULT_BODY_SCHEMA } },
      async (request, reply) => reply.code(201).send(faults.add(request.body)),
    );

    routes.get(`${MOCK_PREFIX}/faults`, async () => faults.list());

    routes.delete(`${MOCK_PREFIX}/faults`, async (_request, reply) => {
      faults.clear();
      return reply.code(204).send();
    });

    routes.get(`${MOCK_PREFIX}/outbox`, async () => options.control.outbox());
    routes.get(`${MOCK_PREFIX}/snapshot`, async (_request, reply) => {
      const snapshot = options.snapshot();
      reply.header('content-disposition', 'attachment; filename="userprofile-snapshot.json"');
      return snapshot;
    });
  });
}

export const mock = fp(mockPlugin, { name: 'userprofile-mock', fastify: '5.x' });
