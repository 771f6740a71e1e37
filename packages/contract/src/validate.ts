// Checks one answer (and one request) against the document: the status is
// documented, the media type is documented, the body is valid against the
// schema for that status and media type, the documented required headers are
// there. Schemas are compiled by Ajv (JSON Schema 2020-12) once per operation,
// status and media type, and kept. The document's own keywords (x-designed,
// example, ...) are tolerated (strict: false).
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { deeperThan, MAX_DEPTH, MAX_VIOLATIONS, tooDeep } from './bounds.ts';
import type { Contract, Json, Operation } from './document.ts';

export type Severity = 'error' | 'warning';

export interface Violation {
  /** The operation's id, or METHOD path when no operation matched. */
  operation: string;
  status?: number;
  /** A JSON pointer into the body (or `/headers/<name>`, `/status`, `/content-type`). */
  pointer: string;
  reason: string;
  /** A property the document does not allow: a warning unless strict. */
  severity: Severity;
  /** Who broke the document: the backend's answer or the request sent to it. */
  side: 'response' | 'request';
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as received (already decompressed). */
  body: string | Buffer;
}

const NO_BODY_STATUSES = new Set([204, 304]);

/** "string", "number", "integer", "null", "array", "object", "boolean". */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function at(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((v, p) => (v && typeof v === 'object' ? (v as Json)[p] : undefined), value);
}

const short = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

/** Values of these never go into a reason (reports, the proxy's header and log): passwords, secrets, tokens. */
const SECRET = /password|secret|token|credential/i;

/** The value at the pointer, short, or "(hidden)" for a secret. */
function actual(value: unknown, pointer: string): string {
  return SECRET.test(pointer.slice(pointer.lastIndexOf('/') + 1)) ? '(hidden)' : short(at(value, pointer));
}

/** One Ajv error as pointer and reason, with the actual value where it helps (`must be string, got number`). */
function describe(error: ErrorObject, value: unknown): { pointer: string; reason: string; extra: boolean } {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return {
        pointer,
        reason: `must be ${String(params.type)}, got ${typeOf(at(value, pointer))}`,
        extra: false,
      };
    case 'required':
      return { pointer: `${pointer}/${String(params.missingProperty)}`, reason: 'required, missing', extra: false };
    case 'additionalProperties':
      return {
        pointer: `${pointer}/${String(params.additionalProperty)}`,
        reason: 'not allowed by the document (additionalProperties: false)',
        extra: true,
      };
    case 'unevaluatedProperties':
      return {
        pointer: `${pointer}/${String(params.unevaluatedProperty)}`,
        reason: 'not allowed by the document (unevaluatedProperties: false)',
        extra: true,
      };
    case 'enum':
      return {
        pointer,
        reason: `must be one of ${short(params.allowedValues)}, got ${actual(value, pointer)}`,
        extra: false,
      };
    case 'const':
      return {
        pointer,
        reason: `must be ${short(params.allowedValue)}, got ${actual(value, pointer)}`,
        extra: false,
      };
    default:
      return { pointer, reason: `${error.message ?? error.keyword}, got ${actual(value, pointer)}`, extra: false };
  }
}

/** Makes every local $ref absolute against the document, so a schema compiles on its own. */
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

export function mediaTypeOf(headers: Answer['headers']): string {
  const raw = headers['content-type'];
  return String(Array.isArray(raw) ? raw[0] : (raw ?? ''))
    .split(';', 1)[0]
    ?.trim()
    .toLowerCase() as string;
}

/** The documented media type a received one falls under (exact, then `type/*`, then `*\/*`). */
function documentedMedia<T>(content: Record<string, T>, type: string): T | undefined {
  return content[type] ?? content[`${type.split('/')[0]}/*`] ?? content['*/*'];
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** How far one answer is judged, so a hostile target cannot exhaust the check: past the depth it is not parsed; past the violations, not listed. */
export interface AnswerBounds {
  depth: number;
  /** Errors listed at most (warnings too, apart); one more line says that more were left out. */
  violations: number;
}

/** An array answer whose schema says nothing but its items is judged item by item (see bodyViolations). */
const ARRAY_ONLY_KEYS = new Set(['type', 'items', 'description', 'title', 'example', 'examples']);

export interface Validator {
  contract: Contract;
  /** Every way the answer breaks the document, in order (bounded); [] when it conforms. */
  checkAnswer(op: Operation, answer: Answer, bounds?: Partial<AnswerBounds>): Violation[];
  /** Every way a JSON or form request body, or the query, breaks the document. */
  checkRequest(
    op: Operation,
    request: { url: string; headers: Answer['headers']; body?: string | Buffer | undefined },
  ): Violation[];
  /** The compiled schema of a request or answer body (kept), for callers that build bodies. */
  schemaValidator(key: string, schema: Json): ValidateFunction;
}

export function createValidator(contract: Contract): Validator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...(absolutise(contract.doc) as Json), $id: 'doc' });
  const compiled = new Map<string, ValidateFunction>();

  const schemaValidator = (key: string, schema: Json): ValidateFunction => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(absolutise(schema) as Json);
      compiled.set(key, validate);
    }
    return validate;
  };

  /** The violations of one value, at most `cap` errors and `cap` warnings; `more` when some were left out. */
  const violationsOf = (
    validate: ValidateFunction,
    value: unknown,
    base: Omit<Violation, 'pointer' | 'reason' | 'severity'>,
    cap: number,
    prefix = '',
  ): { found: Violation[]; moreErrors: boolean; moreWarnings: boolean } => {
    const result = { found: [] as Violation[], moreErrors: false, moreWarnings: false };
    if (validate(value)) return result;
    const seen = new Set<string>();
    let errors = 0;
    let warnings = 0;
    for (const error of validate.errors ?? []) {
      // allErrors reports each branch of a oneOf/anyOf; the summary line adds nothing.
      if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue;
      const extra = error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties';
      if (extra ? warnings >= cap : errors >= cap) {
        if (extra) result.moreWarnings = true;
        else result.moreErrors = true;
        continue;
      }
      const d = describe(error, value);
      const key = `${d.pointer} ${d.reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (d.extra) warnings++;
      else errors++;
      result.found.push({
        ...base,
        pointer: prefix + d.pointer,
        reason: d.reason,
        severity: d.extra ? 'warning' : 'error',
      });
    }
    return result;
  };

  /**
   * The body's violations within the bound. A list (an array answer whose
   * schema is only its items) is judged item by item and the judging stops once
   * the errors reach the bound, so a large list of broken items costs no more
   * than the errors shown (a 7 kB answer of 1,000 empty items made 2,000).
   */
  const bodyViolations = (
    validate: ValidateFunction,
    value: unknown,
    base: Omit<Violation, 'pointer' | 'reason' | 'severity'>,
    cap = Number.POSITIVE_INFINITY,
    schema?: Json,
    key?: string,
  ): Violation[] => {
    const s = schema ? contract.deref(schema) : undefined;
    const itemWise =
      Array.isArray(value) && s?.items && s.type === 'array' && Object.keys(s).every((k) => ARRAY_ONLY_KEYS.has(k));
    let found: Violation[] = [];
    let moreErrors = false;
    let moreWarnings = false;
    if (itemWise && key) {
      const item = schemaValidator(`${key} items`, s.items as Json);
      let warnings = 0;
      for (let i = 0; i < (value as unknown[]).length; i++) {
        const r = violationsOf(item, (value as unknown[])[i], base, cap, `/${i}`);
        for (const v of r.found) {
          const full = v.severity === 'warning' ? warnings >= cap : found.length - warnings >= cap;
          if (full) {
            if (v.severity === 'warning') moreWarnings = true;
            else moreErrors = true;
            continue;
          }
          found.push(v);
          if (v.severity === 'warning') warnings++;
        }
        moreErrors ||= r.moreErrors;
        moreWarnings ||= r.moreWarnings;
        if (moreErrors) break;
      }
    } else {
      ({ found, moreErrors, moreWarnings } = violationsOf(validate, value, base, cap));
    }
    if (moreErrors || moreWarnings)
      found.push({
        ...base,
        pointer: '',
        reason: `further violations not listed (at most ${cap} per answer)`,
        severity: moreErrors ? 'error' : 'warning',
      });
    return found;
  };

  return {
    contract,
    schemaValidator,
    checkAnswer(op, answer, bounds = {}) {
      const depth = bounds.depth ?? MAX_DEPTH;
      const base = { operation: op.operationId, status: answer.status, side: 'response' as const };
      const v = (pointer: string, reason: string): Violation => ({ ...base, pointer, reason, severity: 'error' });
      const out: Violation[] = [];
      if (answer.status >= 500 && answer.status <= 599) out.push(v('/status', `server error ${answer.status}`));
      const spec = contract.responseFor(op, answer.status);
      if (!spec) {
        const listed = Object.keys((op.op.responses ?? {}) as Json).join(', ');
        out.push(v('/status', `status ${answer.status} is not documented (documented: ${listed})`));
        return out;
      }
      for (const [name, raw] of Object.entries(spec.headers ?? {})) {
        const header = contract.deref(raw);
        if (header.required === true && answer.headers[name.toLowerCase()] === undefined)
          out.push(v(`/headers/${name}`, 'required header missing'));
      }
      const text = typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8');
      const type = mediaTypeOf(answer.headers);
      if (!spec.content || Object.keys(spec.content).length === 0) {
        if (text !== '' && !NO_BODY_STATUSES.has(answer.status))
          out.push(v('', `no body documented, got ${type || 'a body'} (${text.length} bytes)`));
        return out;
      }
      const media = documentedMedia(spec.content, type);
      if (!media) {
        out.push(
          v(
            '/content-type',
            `${type || 'no media type'} is not documented (documented: ${Object.keys(spec.content).join(', ')})`,
          ),
        );
        return out;
      }
      if (!media.schema) return out;
      let value: unknown = text;
      if (isJson(type)) {
        if (deeperThan(text, depth)) {
          out.push(v('', tooDeep(depth)));
          return out;
        }
        try {
          value = JSON.parse(text);
        } catch {
          out.push(v('', `not valid JSON: ${short(text)}`));
          return out;
        }
      }
      const key = `${op.operationId} ${spec.key} ${type}`;
      const validate = schemaValidator(key, media.schema);
      out.push(...bodyViolations(validate, value, base, bounds.violations ?? MAX_VIOLATIONS, media.schema, key));
      return out;
    },
    checkRequest(op, request) {
      const base = { operation: op.operationId, side: 'request' as const };
      const out: Violation[] = [];
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      for (const p of op.parameters.filter((x) => x.in === 'query')) {
        const values = query.getAll(p.name);
        if (values.length === 0) {
          if (p.required)
            out.push({ ...base, pointer: `/query/${p.name}`, reason: 'required, missing', severity: 'error' });
          continue;
        }
        const validate = schemaValidator(`${op.operationId} query ${p.name}`, p.schema);
        for (const e of bodyViolations(validate, values[0], base, MAX_VIOLATIONS))
          out.push({ ...e, pointer: `/query/${p.name}${e.pointer}` });
      }
      const body = op.op.requestBody ? contract.deref(op.op.requestBody) : undefined;
      const raw = request.body === undefined ? '' : request.body.toString();
      if (!body) return out;
      if (raw === '') {
        if (body.required === true)
          out.push({ ...base, pointer: '/body', reason: 'required request body missing', severity: 'error' });
        return out;
      }
      const content = (body.content ?? {}) as Record<string, { schema?: Json }>;
      const type = mediaTypeOf(request.headers);
      const media = documentedMedia(content, type);
      if (!media) {
        out.push({
          ...base,
          pointer: '/content-type',
          reason: `${type || 'no media type'} is not documented (documented: ${Object.keys(content).join(', ')})`,
          severity: 'error',
        });
        return out;
      }
      if (!media.schema) return out;
      let value: unknown;
      if (isJson(type)) {
        if (deeperThan(raw, MAX_DEPTH))
          return [...out, { ...base, pointer: '/body', reason: tooDeep(MAX_DEPTH), severity: 'error' }];
        try {
          value = JSON.parse(raw);
        } catch {
          return [...out, { ...base, pointer: '/body', reason: 'not valid JSON', severity: 'error' }];
        }
      } else if (type === 'application/x-www-form-urlencoded') {
        value = Object.fromEntries(new URLSearchParams(raw));
      } else {
        // Multipart and other encodings: the media type is what can be judged here.
        return out;
      }
      const validate = schemaValidator(`${op.operationId} request ${type}`, media.schema);
      for (const e of bodyViolations(validate, value, base, MAX_VIOLATIONS))
        out.push({ ...e, pointer: `/body${e.pointer}` });
      return out;
    },
  };
}

/** One line per violation, for logs and reports: `getUser 200 /0/name: must be string, got number`. */
export function formatViolation(v: Violation): string {
  const where = v.pointer === '' ? '(body)' : v.pointer;
  return `${v.operation}${v.status === undefined ? '' : ` ${v.status}`} ${where}: ${v.reason}${v.severity === 'warning' ? ' (warning)' : ''}`;
}
