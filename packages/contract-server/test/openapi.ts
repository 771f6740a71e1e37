// The OpenAPI document as test oracle: every response a test receives is
// checked against the schema the document gives for its operation and status.
import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { SPEC_PATH } from '../src/app.ts';

type Json = Record<string, unknown>;

export interface Operation {
  operationId: string;
  method: string;
  /** Full path template, e.g. /userprofile/api/v1/user/{uuid}. */
  path: string;
  regex: RegExp;
  params: number;
  op: Json;
  security: unknown[];
}

export const doc = parse(readFileSync(SPEC_PATH, 'utf8')) as Json;
const base = ((doc.servers as { url: string }[])[0]?.url ?? '').replace(/\/$/, '');

/** Makes every local $ref absolute against the document, so inline schemas compile on their own. */
function absolutise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(absolutise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `doc${v}` : absolutise(v),
      ]),
    );
  }
  return value;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'doc', ...(absolutise(doc) as Json) });

function deref(value: Json): Json {
  let v = value;
  while (typeof v.$ref === 'string') {
    const parts = (v.$ref as string).replace(/^#\//, '').split('/');
    v = parts.reduce<Json>((o, p) => o[p] as Json, doc);
  }
  return v;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
export const operations: Operation[] = Object.entries(doc.paths as Record<string, Json>)
  .flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => {
      const op = item[m] as Json;
      const full = base + p;
      const params = (full.match(/\{[^}]+\}/g) ?? []).length;
      const regex = new RegExp(`^${full.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
      return {
        operationId: op.operationId as string,
        method: m.toUpperCase(),
        path: full,
        regex,
        params,
        op,
        security: (op.security as unknown[] | undefined) ?? (doc.security as unknown[]),
      };
    }),
  )
  .sort((a, b) => a.params - b.params);

export function findOperation(method: string, url: string): Operation | undefined {
  const path = url.split('?', 1)[0] as string;
  return operations.find((o) => o.method === method.toUpperCase() && o.regex.test(path));
}

const compiled = new Map<string, ValidateFunction>();

/** The documented response of an operation for a status, or undefined when the document lists none. */
export function responseSpec(
  op: Operation,
  status: number,
): { content?: Record<string, { schema?: Json }> } | undefined {
  const responses = op.op.responses as Record<string, Json>;
  const r = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return r ? (deref(r) as { content?: Record<string, { schema?: Json }> }) : undefined;
}

export interface CheckedResponse {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Throws when the response does not match the document: an undocumented
 * status (unless allowed), a content type the operation does not list, or a
 * body that fails the schema.
 */
export function checkResponse(method: string, url: string, res: CheckedResponse, allowUndocumented = false): void {
  const op = findOperation(method, url);
  if (!op) return;
  const spec = responseSpec(op, res.status);
  if (!spec) {
    if (allowUndocumented) return;
    throw new Error(
      `${op.operationId} answered ${res.status}, which the document does not list: ${res.body.slice(0, 300)}`,
    );
  }
  if (!spec.content) {
    if (res.body !== '')
      throw new Error(`${op.operationId} ${res.status} should have no body, got ${res.body.slice(0, 200)}`);
    return;
  }
  const type =
    String(res.headers['content-type'] ?? '')
      .split(';', 1)[0]
      ?.trim() ?? '';
  const media = spec.content[type];
  if (!media)
    throw new Error(
      `${op.operationId} ${res.status} answered ${type}; the document lists ${Object.keys(spec.content).join(', ')}`,
    );
  if (!media.schema) return;
  const key = `${op.operationId} ${res.status} ${type}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(absolutise(media.schema) as Json);
    compiled.set(key, validate);
  }
  const value = type.includes('json') ? JSON.parse(res.body) : res.body;
  if (!validate(value)) {
    throw new Error(
      `${key} does not match the document: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 500)}`,
    );
  }
}
