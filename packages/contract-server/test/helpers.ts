// Builds the app on a fresh seeded store and calls it as a signed-in browser
// would (bearer token, cross-site request cookie and header), checking every
// response against openapi/userprofile.yaml.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { createSigningKey, type SigningKey } from '../src/auth/keys.ts';
import { type Caller, highestRole } from '../src/store/access.ts';
import type { Store } from '../src/store/store.ts';
import { checkResponse } from './openapi.ts';

export const ORIGIN = 'http://127.0.0.1:8080';
export const PASSWORD = 'Passw0rd!';
export const PROVIDER = 'provider.admin';
export const CUSTOMER = 'customer.admin';
export const SCO = 'sco.admin';

let key: Promise<SigningKey> | undefined;
const signingKey = () => {
  key ??= createSigningKey();
  return key;
};

export interface CallOptions {
  /** Sign in as this account (bearer token); omit for an anonymous call. */
  as?: string;
  body?: unknown;
  /** Send the body as this raw string (e.g. broken JSON) with this content type. */
  raw?: { payload: string | Buffer; contentType: string };
  headers?: Record<string, string>;
  /** Leave out the cross-site request token. */
  noXsrf?: boolean;
  /** The status may be one the document does not list (fault injection). */
  allowUndocumented?: boolean;
}

export interface Response {
  status: number;
  headers: Record<string, unknown>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked against the document, then read freely
  body: any;
}

export interface TestApp {
  app: FastifyInstance;
  readonly store: Store;
  clock: { now: number; advance(ms: number): void };
  tokenFor(username: string): Promise<string>;
  call(method: string, url: string, options?: CallOptions): Promise<Response>;
  /** Multipart CSV upload to POST /user/import (supertest). */
  upload(as: string, file: Buffer | string, filename?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function setup(options: AppOptions = {}): Promise<TestApp> {
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const app = await buildApp({
    publicOrigin: ORIGIN,
    seedUsers: 40,
    webDist: null,
    now: () => clock.now,
    signingKey: signingKey(),
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const agent = request(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  const tokens = new Map<string, string>();
  const tokenFor = async (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      token = await app.auth.issueTokenFor(username);
      tokens.set(username, token);
    }
    return token;
  };
  const authHeaders = async (as: string | undefined, noXsrf: boolean | undefined): Promise<Record<string, string>> => {
    const headers: Record<string, string> = {};
    if (as) headers.authorization = `Bearer ${await tokenFor(as)}`;
    if (!noXsrf) {
      // What the console's pages hand a browser before any sign-in (a made-up value is refused).
      const xsrf = app.auth.xsrfToken();
      headers.cookie = `XSRF-TOKEN=${xsrf}`;
      headers['x-xsrf-token'] = xsrf;
    }
    return headers;
  };

  const t: TestApp = {
    app,
    get store() {
      return app.store as Store;
    },
    clock,
    tokenFor,
    // Over a real socket with supertest, as a browser or another application calls it.
    async call(method, url, o = {}) {
      const headers = { ...(await authHeaders(o.as, o.noXsrf)), ...o.headers };
      let req = agent[method.toLowerCase() as 'get'](url).set(headers);
      if (o.raw) req = req.set('content-type', o.raw.contentType).send(o.raw.payload);
      else if (o.body !== undefined) req = req.set('content-type', 'application/json').send(JSON.stringify(o.body));
      // Keep the body as text: it is checked against the document before it is read.
      const res = await req.buffer(true).parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });
      const text = res.body as string;
      const out: Response = { status: res.status, headers: res.headers, text, body: undefined };
      checkResponse(method, url, { status: out.status, headers: out.headers, body: text }, o.allowUndocumented);
      out.body = String(res.headers['content-type'] ?? '').includes('json') && text !== '' ? JSON.parse(text) : text;
      return out;
    },
    async upload(as, file, filename = 'users.csv') {
      const url = '/userprofile/api/v1/user/import';
      const headers = await authHeaders(as, false);
      const req = agent.post(url);
      for (const [k, v] of Object.entries(headers)) req.set(k, v);
      const res = await req.attach('users', Buffer.isBuffer(file) ? file : Buffer.from(file), {
        filename,
        contentType: 'text/csv',
      });
      const out: Response = { status: res.status, headers: res.headers, text: res.text, body: res.body };
      checkResponse('POST', url, { status: out.status, headers: out.headers, body: out.text });
      return out;
    },
    close: () => app.close(),
  };
  return t;
}

/** A uuid no record has. */
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** The store's caller for a seeded account, as the routes make it from a token. */
export function callerIn(store: Store, username: string): Caller {
  const me = store.findUserByUsername(username)!;
  return {
    userUuid: me.uuid,
    role: highestRole(store.toAccount(me).roles),
    companyUuid: me.companyUuid,
    layoutCodes: me.layoutCodes,
  };
}
