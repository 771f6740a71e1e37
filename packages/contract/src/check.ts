// The conformance check of a backend against the document (`npm run contract`).
// Read-only by default: every GET operation of the document, with path
// parameters found in the answers of the list operations, and for every
// operation that needs a token the same call with no token and with a tampered
// one (both must answer 401). With allowWrites: every write operation gets a
// body its schema refuses (400, nothing changed), and every record kind the
// document can create and delete goes through create, read, update, read,
// delete, read (404), on records named with the run's id only, all deleted at
// the end whatever happened.
//
// The score is over spec operations only (the real backend promises no more): the extensions the
// document marks `x-extension: true` are listed apart, as offered (and then
// judged like the rest) or not offered (every call answered 404, 405 or 501:
// neither a failure nor a warning unless requireExtensions).
import { randomBytes, randomUUID } from 'node:crypto';
import { saysNotOffered as notOffered } from '@userprofile/shared/not-offered';
import { createCodeChallenge, createCodeVerifier, createState } from '@userprofile/shared/pkce';
import { parseBounded, printable } from './bounds.ts';
import { type Contract, type Json, needsToken, type Operation } from './document.ts';
import { BudgetSpent, CannotRun, Client, type Received, type Sent } from './http.ts';
import {
  type Entry,
  NOT_OFFERED_STATUSES,
  type OperationResult,
  type Outcome,
  type Report,
  summarise,
} from './results.ts';
import type { Validator, Violation } from './validate.ts';
import { badBody, fitTo, onlyPathParam, runName, Samples, valueFor } from './values.ts';

export interface CheckOptions {
  /** The backend's origin, e.g. http://127.0.0.1:8080 (a path ending in the document's base is allowed). */
  target: string;
  username?: string;
  password?: string;
  token?: string;
  allowWrites?: boolean;
  strict?: boolean;
  /** A not offered extension fails (default: it is listed as not offered, nothing more). */
  requireExtensions?: boolean;
  concurrency?: number;
  timeoutMs?: number;
  maxRequests?: number;
  timeLimitS?: number;
  /** Bytes of one answer read at most, inflated (default 64 MiB): past it the operation fails. */
  maxAnswerBytes?: number;
  /** One line per operation checked. */
  progress?: (line: string) => void;
}

const SIGN_IN_OPERATIONS = ['login', 'authorize', 'token', 'checkSession', 'frontendConfig', 'startSso'];

function tamper(token: string): string {
  const parts = token.split('.');
  const sig = parts[parts.length - 1] ?? '';
  const i = Math.floor(sig.length / 2);
  parts[parts.length - 1] = sig.slice(0, i) + (sig[i] === 'A' ? 'B' : 'A') + sig.slice(i + 1);
  return parts.join('.');
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(size, queue.length)) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** The answer's JSON, or undefined (not JSON, or nested past the bound the validator reports). */
const jsonOf = (r: Received): unknown => parseBounded(r.body);

export async function runCheck(contract: Contract, validator: Validator, options: CheckOptions): Promise<Report> {
  const started = Date.now();
  const runId = randomBytes(4).toString('hex');
  let url: URL;
  try {
    url = new URL(options.target);
  } catch {
    throw new CannotRun(`--target ${options.target} is not a URL (e.g. http://127.0.0.1:8080)`);
  }
  // The document's paths sit under its server's base path (/userprofile); a target given with it is fine.
  const prefix = url.pathname.replace(/\/+$/, '').endsWith(contract.base)
    ? url.pathname.replace(/\/+$/, '')
    : `${url.pathname.replace(/\/+$/, '')}${contract.base}`;
  const rootPrefix = prefix.slice(0, prefix.length - contract.base.length);
  const client = new Client({
    origin: url.origin,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRequests: options.maxRequests ?? Number.POSITIVE_INFINITY,
    deadline: started + (options.timeLimitS ?? 600) * 1000,
    ...(options.maxAnswerBytes ? { maxAnswerBytes: options.maxAnswerBytes } : {}),
  });
  // Progress lines may carry the target's text (a clean-up's failure): never raw on a terminal.
  const progress = options.progress ? (l: string) => options.progress?.(printable(l)) : () => {};
  // The report lists the operations in the document's order.
  const order = Object.keys((contract.doc.paths ?? {}) as Json);
  const documentOrder = [...contract.operations].sort((a, b) => order.indexOf(a.docPath) - order.indexOf(b.docPath));
  const entries = new Map<string, Entry>(
    documentOrder.map((op) => [
      op.operationId,
      { op, calls: 0, statuses: new Set(), violations: [], offered: false, pending: [] },
    ]),
  );
  const entry = (op: Operation) => entries.get(op.operationId) as Entry;
  const byId = (id: string) => contract.operations.find((o) => o.operationId === id);
  let token = options.token;
  let signedIn = false;
  let stopped: string | undefined;

  /** Sends a call of the operation and checks its answer; every call of the check goes through here. */
  const call = async (
    op: Operation,
    path: string,
    init: Omit<Sent, 'url' | 'method'> & {
      auth?: 'token' | 'none' | 'tampered';
      /** Its answer may show the extension offered (default: only a call made as the operation asks, with its token if it needs one). */
      showsOffer?: boolean;
    } = {},
  ): Promise<Received> => {
    const headers: Record<string, string> = { ...init.headers };
    const auth = init.auth ?? (needsToken(op) ? 'token' : 'none');
    if (auth !== 'none' && token) {
      headers.authorization = `Bearer ${auth === 'tampered' ? tamper(token) : token}`;
      headers.algorithm = 'RSA256';
    }
    // Public calls go without the session cookie, as a fresh browser would (logout would end the check's session).
    const anonymous = init.anonymous ?? !needsToken(op);
    const e = entry(op);
    let res: Received;
    try {
      res = await client.send({ ...init, anonymous, method: op.method, url: rootPrefix + path, headers });
    } catch (error) {
      // Before the sign-in is done the check cannot run; after it, a call without an answer fails its operation.
      if (error instanceof BudgetSpent || !signedIn) throw error;
      e.calls++;
      fail(op, '/status', `no answer: ${(error as Error).message}`);
      return { status: 0, headers: {}, body: '' };
    }
    e.calls++;
    e.statuses.add(res.status);
    if (res.refused) {
      if (!signedIn) throw new Error(`${op.method} ${path}: ${res.refused}`);
      fail(op, '/status', res.refused, res.status);
      return res;
    }
    const absent = saysNotOffered(op, res);
    // A refused probe (no token, a tampered one) proves nothing: a backend with a sign-in wall refuses any path so.
    if (!absent && (init.showsOffer ?? (auth === 'token' || !needsToken(op)))) e.offered = true;
    // The same violation on another call of the operation is reported once.
    for (const v of validator.checkAnswer(op, res)) record(op, v, absent);
    return res;
  };
  /** The answer says the backend does not have the call: the console's own rule (@userprofile/shared/not-offered). */
  const saysNotOffered = (op: Operation, res: Received) =>
    notOffered({ status: res.status, withoutToken: !needsToken(op), contentType: res.headers['content-type'] });
  /** A violation goes to its operation; an extension's from a "not offered" answer waits until it is offered. */
  const record = (
    op: Operation,
    v: Violation,
    absent = v.status !== undefined && NOT_OFFERED_STATUSES.has(v.status),
  ) => {
    const e = entry(op);
    const list = op.extension && absent ? e.pending : e.violations;
    if (!list.some((x) => x.pointer === v.pointer && x.reason === v.reason && x.status === v.status)) list.push(v);
  };
  const fail = (op: Operation, pointer: string, reason: string, status?: number) =>
    record(op, {
      operation: op.operationId,
      status,
      pointer,
      reason,
      severity: 'error',
      side: 'response',
    });

  const fill = (op: Operation, values: Record<string, string>): string =>
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

  // ---------------------------------------------------------------- sign-in
  const signIn = async () => {
    const config = byId('frontendConfig');
    let clientId: string | undefined;
    let envBaseUrl: string | undefined;
    try {
      // The console's start-up file comes first, as in a browser: a server that binds the cross-site request
      // cookie to the pages (the dev backend) hands it out there; any answer of a real backend may carry it too.
      await client.send({ method: 'GET', url: `${rootPrefix}${contract.base}/config.json`, anonymous: true });
      const res = config
        ? await call(config, config.path, { anonymous: true })
        : await client.send({ method: 'GET', url: `${rootPrefix}${contract.base}/` });
      ({ clientId, envBaseUrl } = (jsonOf(res) ?? {}) as { clientId?: string; envBaseUrl?: string });
    } catch (error) {
      if (error instanceof BudgetSpent) throw error;
      throw new CannotRun(`cannot reach ${options.target}: ${(error as Error).message}`);
    }
    if (token || !options.username) return;
    if (!clientId) throw new CannotRun('cannot sign in: GET /api/v1/auth/frontendconfig names no clientId');
    const verifier = createCodeVerifier();
    const authorizeRequest = {
      client_id: clientId,
      redirect_uri: `${url.origin}${prefix}/selfcallback`,
      response_type: 'code',
      code_challenge: await createCodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: createState(),
      scope: 'openid',
    };
    const json = { 'content-type': 'application/json' };
    const step = async (id: string, body: string, headers: Record<string, string>) => {
      const op = byId(id);
      if (!op) throw new CannotRun(`cannot sign in: the document has no operation ${id}`);
      try {
        return await call(op, op.path, { body, headers, anonymous: false });
      } catch (error) {
        if (error instanceof BudgetSpent) throw error;
        throw new CannotRun(`cannot sign in: ${(error as Error).message}`);
      }
    };
    // The login page's Enterprise SSO button starts the flow bound to this browser (a cookie and a state); it
    // changes no record, so the check makes the call as the page would, before the password sign-in.
    if (byId('startSso')) await step('startSso', '', {});
    const session = byId('checkSession');
    if (session) await step('checkSession', JSON.stringify({ authorizeRequest }), json);
    const login = await step(
      'login',
      new URLSearchParams({ username: options.username, password: options.password ?? '' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    if (login.status !== 200 || (jsonOf(login) as { success?: boolean } | undefined)?.success !== true)
      throw new CannotRun(
        `sign-in refused: POST ${contract.base}/login answered ${login.status} ${login.body.slice(0, 120)}`,
      );
    let authorized = await step('authorize', JSON.stringify({ authorizeRequest }), json);
    // Behind a proxy (another origin) the console's client may be registered for the backend's own console
    // address, which frontendconfig names: the sign-in is tried there once more.
    const registered = envBaseUrl ? `${envBaseUrl.replace(/\/+$/, '')}/selfcallback` : undefined;
    if (authorized.status === 400 && registered && registered !== authorizeRequest.redirect_uri) {
      authorizeRequest.redirect_uri = registered;
      authorized = await step('authorize', JSON.stringify({ authorizeRequest }), json);
    }
    const redirect = (jsonOf(authorized) as { redirectUrl?: string } | undefined)?.redirectUrl;
    const code = redirect ? new URL(redirect, url.origin).searchParams.get('code') : null;
    if (!code)
      throw new CannotRun(
        `sign-in refused: POST /api/v1/auth/authorize answered ${authorized.status} ${authorized.body.slice(0, 120)}`,
      );
    const exchanged = await step(
      'token',
      JSON.stringify({ client_id: clientId, code, code_verifier: verifier, grant_type: 'authorization_code' }),
      json,
    );
    token = (jsonOf(exchanged) as { access_token?: string } | undefined)?.access_token;
    if (!token)
      throw new CannotRun(
        `sign-in refused: POST /api/v1/auth/token answered ${exchanged.status} ${exchanged.body.slice(0, 120)}`,
      );
  };

  // ------------------------------------------------------------- read phase
  const samples = new Samples();
  const isWrite = (op: Operation) => op.method !== 'GET' || op.unsafe;
  const reads = contract.operations.filter((op) => !isWrite(op));

  /** Every combination of path parameter values to try for an operation, best first. */
  const pathsFor = (op: Operation): string[] => {
    const params = op.parameters.filter((p) => p.in === 'path');
    let partial: { path: string; values: Record<string, string> }[] = [{ path: op.path, values: {} }];
    // Enumerated parameters first: they decide which list the others come from (history/{kind}/{uuid}).
    const ordered = [...params].sort((a, b) => Number(Boolean(b.schema.enum)) - Number(Boolean(a.schema.enum)));
    for (const p of ordered) {
      partial = partial.flatMap(({ path, values }) => {
        const enumerated = (p.schema.enum as unknown[] | undefined)?.map(String);
        const choices = enumerated ?? samples.candidates(p.name, path, 3);
        const found =
          choices.length > 0 ? choices : [valueFor(validator, `${op.operationId} ${p.name}`, p.schema) ?? 'x'];
        return found.map((v) => ({
          path: enumerated ? path.replace(`{${p.name}}`, v) : path,
          values: { ...values, [p.name]: v },
        }));
      });
    }
    return partial.map(({ values }) => fill(op, values));
  };

  const queryFor = (op: Operation, all: boolean): string => {
    const q = new URLSearchParams();
    for (const p of op.parameters.filter((x) => x.in === 'query' && (x.required || all))) {
      const v = valueFor(validator, `${op.operationId} query ${p.name}`, p.schema);
      if (v !== undefined) q.set(p.name, v);
    }
    const s = q.toString();
    return s ? `?${s}` : '';
  };

  const exerciseRead = async (op: Operation) => {
    const hasPathParams = op.params > 0;
    const paths = pathsFor(op);
    // An enumerated parameter: every value; a found one: until an answer is a 2xx.
    const enumerated = op.parameters.some((p) => p.in === 'path' && p.schema.enum);
    let first: string | undefined;
    let firstStatus = 0;
    for (const path of paths) {
      const res = await call(op, path + queryFor(op, false));
      if (first === undefined) {
        first = path;
        firstStatus = res.status;
      }
      if (res.status >= 200 && res.status < 300) samples.harvest(op.path, jsonOf(res));
      if (!enumerated && res.status < 300) break;
      if (!enumerated && !hasPathParams) break;
    }
    const optional = op.parameters.some((p) => p.in === 'query' && !p.required);
    if (optional && first) await call(op, first + queryFor(op, true));
    if (needsToken(op) && first) await authProbes(op, first + queryFor(op, false), firstStatus);
    progress(line(op));
  };

  /**
   * The same call with no token and with a tampered one: both must be refused
   * with 401. A 404, 405 or 501 where the call with the token got one too says
   * the backend does not have the path (judged on the call with the token),
   * not that it ignores authentication; only an answer that went through (2xx,
   * 3xx) is reported as authentication ignored.
   */
  const authProbes = async (
    op: Operation,
    path: string,
    withToken: number,
    init: Omit<Sent, 'url' | 'method'> & { showsOffer?: boolean } = {},
  ) => {
    for (const auth of ['none', 'tampered'] as const) {
      const res = await call(op, path, { ...init, auth, anonymous: true });
      if (res.status === 401 || res.status === 0) continue;
      if (NOT_OFFERED_STATUSES.has(res.status) && NOT_OFFERED_STATUSES.has(withToken)) continue;
      // An extension whose every answer so far said "not offered" (a web app's page to both calls, say).
      if (op.extension && !entry(op).offered && saysNotOffered(op, res)) continue;
      const ignored = res.status >= 200 && res.status < 400 ? ' (authentication ignored)' : '';
      fail(
        op,
        '/status',
        `${auth === 'none' ? 'no token' : 'a tampered token'} answered ${res.status}, expected 401${ignored}`,
        res.status,
      );
    }
  };

  const line = (op: Operation) => {
    const e = entry(op);
    const errors = e.violations.filter((v) => v.severity === 'error' || options.strict).length;
    return `${errors ? 'FAIL' : 'ok  '} ${op.method.padEnd(6)} ${op.docPath} (${e.calls} call${e.calls === 1 ? '' : 's'}${errors ? `, ${errors} violation${errors === 1 ? '' : 's'}` : ''})`;
  };

  // ------------------------------------------------------------ write phase
  const lists = () => reads.filter((op) => op.params === 0 && !op.parameters.some((p) => p.required));
  const counts = async (): Promise<Map<string, number>> => {
    const out = new Map<string, number>();
    for (const op of lists()) {
      const res = await client.send({
        method: 'GET',
        url: rootPrefix + op.path,
        headers: token && needsToken(op) ? { authorization: `Bearer ${token}`, algorithm: 'RSA256' } : {},
      });
      const body = jsonOf(res);
      if (res.status === 200 && Array.isArray(body)) out.set(op.operationId, body.length);
    }
    return out;
  };

  const jsonSchemaOf = (schemaHolder: unknown): Json | undefined => {
    const content = contract.deref(schemaHolder).content as Record<string, { schema?: Json }> | undefined;
    return content?.['application/json']?.schema;
  };
  const okSchema = (op: Operation) => jsonSchemaOf((op.op.responses as Json | undefined)?.['200']);

  const negative = async (op: Operation) => {
    const body = contract.deref(op.op.requestBody);
    const content = (body.content ?? {}) as Record<string, { schema?: Json }>;
    const type = Object.keys(content)[0];
    if (!type) return;
    let sent: Sent['body'];
    const headers: Record<string, string> = {};
    if (type === 'multipart/form-data') {
      const form = new FormData();
      form.set('contractCheck', runId);
      sent = form;
    } else if (type === 'application/x-www-form-urlencoded') {
      sent = new URLSearchParams({ contractCheck: runId }).toString();
      headers['content-type'] = type;
    } else {
      const bad = badBody(validator, `${op.operationId} request`, content[type]?.schema ?? {});
      if (bad === undefined) return;
      sent = JSON.stringify(bad);
      headers['content-type'] = type;
    }
    const path = fill(
      op,
      Object.fromEntries(
        op.parameters
          .filter((p) => p.in === 'path')
          .map((p) => [p.name, valueFor(validator, `${op.operationId} ${p.name}`, p.schema) ?? 'x']),
      ),
    );
    const res = await call(op, path, { body: sent, headers });
    if (res.status !== 400)
      fail(op, '/status', `a body that breaks the schema answered ${res.status}, expected 400`, res.status);
    if (needsToken(op)) await authProbes(op, path, res.status, { body: sent, headers });
  };

  /**
   * An extension that changes a record and takes no body (unlock, sign out
   * everywhere): with --allow-writes it is asked without a token, for a record
   * that does not exist, so nothing can change even on a backend that ignores
   * authentication. 401 says it is there; 404, 405 or 501 that it is not offered.
   */
  const probeBodiless = async (op: Operation) => {
    if (await walled()) {
      entry(op).note =
        'cannot be told without changing a record: the backend answers 401 to a call without a token whatever its path';
      return;
    }
    const path = fill(
      op,
      Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, randomUUID()])),
    );
    await authProbes(op, path, 0, { showsOffer: true });
  };

  /**
   * Whether the backend refuses a call without a token before it looks at
   * the path (Spring Security's sign-in wall): asked once, with a path no
   * backend has. Then a 401 to such a call says nothing of what it offers.
   */
  let wall: Promise<boolean> | undefined;
  const walled = () => {
    wall ??= client
      .send({
        method: 'GET',
        url: `${rootPrefix}${contract.base}/api/v1/no-such-call-${randomUUID()}`,
        anonymous: true,
      })
      .then((res) => res.status === 401 || res.status === 403);
    return wall;
  };

  interface Family {
    list: Operation;
    read: Operation;
    save: Operation;
    remove: Operation;
    previews: Operation[];
  }
  /** Record kinds the document can create and delete: DELETE P/{x}, a list under P, a read and a save answering the read's schema. */
  const families = (): Family[] =>
    contract.operations.flatMap((remove) => {
      if (remove.method !== 'DELETE' || !onlyPathParam(remove)) return [];
      const prefix = remove.path.slice(0, remove.path.lastIndexOf('/'));
      const under = (o: Operation) => o.path.startsWith(`${prefix}/`);
      const read = contract.operations.find(
        (o) => o.method === 'GET' && under(o) && onlyPathParam(o) && o.path.endsWith('}') && okSchema(o),
      );
      const list = reads.find((o) => under(o) && o.params === 0 && jsonSchemaOf((o.op.responses as Json)['200']));
      if (!read || !list) return [];
      const readSchema = JSON.stringify(okSchema(read));
      const saves = contract.operations.filter((o) => o.method === 'POST' && under(o) && o.op.requestBody);
      const save = saves.find((o) => JSON.stringify(okSchema(o)) === readSchema);
      if (!save) return [];
      const input = JSON.stringify(contract.deref(save.op.requestBody).content);
      const previews = saves.filter(
        (o) => o !== save && JSON.stringify(contract.deref(o.op.requestBody).content) === input,
      );
      return [{ list, read, save, remove, previews }];
    });

  const created: { family: Family; id: string }[] = [];

  const lifecycle = async (f: Family) => {
    const param = onlyPathParam(f.read) as string;
    const listed = jsonOf(await call(f.list, f.list.path));
    const source = Array.isArray(listed) ? (listed[0] as Json | undefined) : undefined;
    const sourceId = source?.[param];
    if (typeof sourceId !== 'string') {
      entry(f.save).note = `no record in ${f.list.method} ${f.list.docPath} to model a new one on`;
      return;
    }
    const model = jsonOf(await call(f.read, fill(f.read, { [param]: sourceId })));
    const requestSchema = jsonSchemaOf(f.save.op.requestBody) ?? {};
    const s = contract.deref(requestSchema);
    const required = (s.required as string[] | undefined) ?? [];
    // A save body that wraps the record (`{ user: {...} }`) fits the record to the wrapped schema.
    const wrapper =
      required.length === 1 && !(s.properties as Json | undefined)?.name ? (required[0] as string) : undefined;
    const recordSchema = contract.deref(wrapper ? (s.properties as Json)[wrapper] : s);
    const record = fitTo(contract, recordSchema, model) as Json;
    const props = (recordSchema.properties ?? {}) as Json;
    const named = (p: Json): Json => {
      const out: Json = {};
      for (const [k, raw] of Object.entries(p)) {
        const ps = contract.deref(raw);
        if (/^(name|username|e-?mail)$/i.test(k)) out[k] = runName(runId, k, ps);
        // Write-only values a read never answers (passwords, secrets) are made up for the copy.
        else if (/password|secret/i.test(k) && record[k] === undefined) out[k] = runName(runId, k, ps);
      }
      return out;
    };
    Object.assign(record, named(props));
    const wrap = (r: Json) => JSON.stringify(wrapper ? { [wrapper]: r } : r);
    const json = { 'content-type': 'application/json' };
    let made = await call(f.save, f.save.path, { body: wrap(record), headers: json });
    if (made.status === 400) {
      // The backend wants more than the schema requires (a list it needs non-empty): the copy keeps the model's lists,
      // which refer to other records without changing them.
      const full = fitTo(contract, recordSchema, model, true, true) as Json;
      Object.assign(record, { ...full, ...named(props) });
      made = await call(f.save, f.save.path, { body: wrap(record), headers: json });
    }
    const id = (jsonOf(made) as Json | undefined)?.[param];
    if (made.status >= 300 || typeof id !== 'string') {
      fail(
        f.save,
        '/status',
        `creating a record (a copy of ${sourceId} named ${String(record.name ?? '')}) answered ${made.status}: ${made.body.slice(0, 160)}`,
        made.status,
      );
      return;
    }
    created.push({ family: f, id });
    const readPath = fill(f.read, { [param]: id });
    const afterCreate = await call(f.read, readPath);
    if (afterCreate.status !== 200)
      fail(f.read, '/status', `the record just created answered ${afterCreate.status}`, afterCreate.status);
    // The field an update changes: the description if any, else another text field the schema takes (a
    // backend may refuse to rename a record), the name last.
    const fieldSchema = (k: string) => contract.deref(props[k]);
    const changeable = [
      ...('description' in props ? ['description'] : []),
      ...Object.keys(record).filter(
        (k) => typeof record[k] === 'string' && !/^(name|username|e-?mail|uuid|description)$|password|secret/i.test(k),
      ),
      'name',
    ].filter((k) => fieldSchema(k).enum === undefined && !fieldSchema(k).format && !fieldSchema(k).pattern);
    let changed = 'name';
    let newValue = '';
    let update: Json = record;
    let updated: Received | undefined;
    for (const k of changeable) {
      changed = k;
      newValue = `${runName(runId, k, fieldSchema(k))}-updated`.slice(-Number(fieldSchema(k).maxLength ?? 255));
      update = { ...record, [param]: id, [k]: newValue };
      updated = await call(f.save, f.save.path, { body: wrap(update), headers: json });
      if (updated.status !== 400) break;
    }
    if (updated && updated.status >= 300)
      fail(
        f.save,
        '/status',
        `updating the record it created answered ${updated.status}: ${updated.body.slice(0, 160)}`,
        updated.status,
      );
    const afterUpdate = await call(f.read, readPath);
    if ((jsonOf(afterUpdate) as Json | undefined)?.[changed] !== newValue)
      fail(
        f.read,
        `/${changed}`,
        `the update is not in the next read (expected ${JSON.stringify(newValue)})`,
        afterUpdate.status,
      );
    for (const preview of f.previews) {
      const res = await call(preview, preview.path, { body: wrap(update), headers: json });
      if (res.status >= 300) fail(preview, '/status', `the record it created answered ${res.status}`, res.status);
    }
    const removePath = fill(f.remove, { [onlyPathParam(f.remove) as string]: id });
    const removed = await call(f.remove, removePath);
    if (removed.status >= 300) {
      fail(f.remove, '/status', `deleting the record it created answered ${removed.status}`, removed.status);
      return;
    }
    const gone = await call(f.read, readPath);
    // Still there: the clean-up deletes it once more at the end.
    if (gone.status !== 404)
      fail(f.read, '/status', `the record is still there after its delete: ${gone.status}, expected 404`, gone.status);
    else
      created.splice(
        created.findIndex((c) => c.id === id),
        1,
      );
    await authProbes(f.remove, removePath, removed.status);
  };

  const cleanUp = async () => {
    for (const { family, id } of created.splice(0).reverse()) {
      const path = fill(family.remove, { [onlyPathParam(family.remove) as string]: id });
      try {
        const res = await client.send({
          unbudgeted: true,
          method: 'DELETE',
          url: rootPrefix + path,
          headers: { authorization: `Bearer ${token}`, algorithm: 'RSA256' },
        });
        if (res.status >= 300) progress(`cleanup: DELETE ${path} answered ${res.status}; remove it by hand`);
      } catch (error) {
        progress(`cleanup: DELETE ${path} failed (${(error as Error).message}); remove it by hand`);
      }
    }
  };

  /** One operation's trouble (an answer nothing foresaw) fails that operation; the check and its report go on. */
  const guarded = async (op: Operation, work: (op: Operation) => Promise<void>) => {
    try {
      await work(op);
    } catch (error) {
      if (error instanceof BudgetSpent) throw error;
      fail(op, '', `could not be judged: ${(error as Error).message}`);
    }
  };

  // ------------------------------------------------------------------- run
  await signIn();
  if (!token) throw new CannotRun('give --username and --password, or --token');
  signedIn = true;
  // A token the backend refuses would make every answer a documented 401: the check could judge nothing.
  const probe = reads.find(
    (op) => !op.extension && needsToken(op) && op.params === 0 && !op.parameters.some((p) => p.required),
  );
  if (probe) {
    const res = await call(probe, probe.path);
    if (res.status === 401 || res.status === 403)
      throw new CannotRun(`the token was refused: ${probe.method} ${probe.docPath} answered ${res.status}`);
  }
  for (const id of SIGN_IN_OPERATIONS) {
    const op = byId(id);
    if (op && entry(op).calls > 0) progress(line(op));
  }
  try {
    const flat = reads.filter((op) => op.params === 0);
    const templated = reads.filter((op) => op.params > 0);
    await pool(flat, options.concurrency ?? 2, (op) => guarded(op, exerciseRead));
    await pool(templated, options.concurrency ?? 2, (op) => guarded(op, exerciseRead));
    if (options.allowWrites) {
      const before = await counts();
      try {
        const withBody = contract.operations.filter(
          (op) => isWrite(op) && op.op.requestBody && !SIGN_IN_OPERATIONS.includes(op.operationId),
        );
        await pool(withBody, options.concurrency ?? 2, async (op) => {
          await guarded(op, negative);
          progress(line(op));
        });
        const bodiless = contract.operations.filter(
          (op) => op.extension && isWrite(op) && !op.unsafe && !op.op.requestBody && needsToken(op),
        );
        for (const op of bodiless) {
          await guarded(op, probeBodiless);
          progress(line(op));
        }
        for (const f of families()) {
          try {
            await lifecycle(f);
          } finally {
            await cleanUp();
          }
          for (const op of [f.save, f.read, f.remove, ...f.previews]) progress(line(op));
        }
      } finally {
        await cleanUp();
      }
      const after = await counts();
      for (const [id, n] of before) {
        const m = after.get(id);
        const op = byId(id) as Operation;
        if (m !== n) fail(op, '', `the list had ${n} records before the write checks and ${m ?? 'no list'} after`);
      }
    }
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    stopped = error.message;
    await cleanUp().catch(() => {});
  }

  return summarise([...entries.values()], {
    options,
    runId,
    started,
    requests: client.requests,
    stopped,
    isWrite,
  });
}

export { CannotRun, NOT_OFFERED_STATUSES, type OperationResult, type Outcome, type Report };
