// security-checklist.md "Any endpoint": a bad-input sweep generated from the
// document over every operation — wrong types, missing and over-long fields,
// unknown fields, bodies that are not JSON, a body of several MB, path
// parameters with ../ — each a 4xx naming the problem, never a 500, and the
// store unchanged afterwards.
import { describe, expect, it } from 'vitest';
import { appUnderTest } from './harness.ts';
import { PROVIDER, type TestApp, UNKNOWN_UUID } from './helpers.ts';
import { doc, type Operation, operations } from './openapi.ts';

const t = appUnderTest({}, { reseedEach: false });

type Schema = Record<string, unknown>;

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  while (typeof s.$ref === 'string') {
    s = (s.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<Schema>((o, p) => o[p] as Schema, doc);
  }
  return s;
}

function types(s: Schema): string[] {
  const t = s.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

/** A value of the schema's shape (not necessarily valid: the sweep only needs a body to mutate). */
function sample(schema: Schema | undefined, depth = 0): unknown {
  const s = resolve(schema);
  if (s.anyOf) return sample((s.anyOf as Schema[])[0], depth);
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('const' in s) return s.const;
  const type = types(s).find((x) => x !== 'null') ?? 'object';
  if (type === 'object') {
    if (depth > 4) return {};
    const props = (s.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(((s.required ?? []) as string[]).map((k) => [k, sample(props[k], depth + 1)]));
  }
  if (type === 'array') return [];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return 1;
  if (s.format === 'uuid') return UNKNOWN_UUID;
  if (s.format === 'email') return 'someone@example.com';
  return 'abc';
}

/** A value of a different type than the schema allows. */
function wrongType(schema: Schema): unknown {
  const allowed = types(resolve(schema));
  if (!allowed.includes('string')) return 'not-the-right-type';
  if (!allowed.includes('integer') && !allowed.includes('number')) return 12345;
  return { unexpected: true };
}

interface BadRequest {
  label: string;
  url: string;
  body?: unknown;
  raw?: { payload: string | Buffer; contentType: string };
}

function jsonBodySchema(op: Operation): Schema | undefined {
  const body = resolve(op.op.requestBody as Schema | undefined);
  const content = body.content as Record<string, { schema?: Schema }> | undefined;
  return content?.['application/json']?.schema ?? content?.['application/x-www-form-urlencoded']?.schema;
}

function isForm(op: Operation): boolean {
  const content = resolve(op.op.requestBody as Schema | undefined).content as Record<string, unknown> | undefined;
  return !!content && !content['application/json'] && !!content['application/x-www-form-urlencoded'];
}

function goodUrl(op: Operation): string {
  return op.path
    .replace('{kind}', 'carrier')
    .replace('{username}', 'provider.admin')
    .replace('{token}', 'abc.def')
    .replace(/\{[^}]+\}/g, UNKNOWN_UUID);
}

function badRequests(op: Operation): BadRequest[] {
  const out: BadRequest[] = [];
  const url = goodUrl(op);
  const params = ((op.op.parameters ?? []) as Schema[]).map(resolve);
  for (const p of params.filter((x) => x.in === 'path')) {
    const name = p.name as string;
    for (const [label, value] of [
      ['../ traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
      ['raw ../', '../../etc/passwd'],
      ['over-long', 'x'.repeat(3000)],
      ['NUL byte', 'a%00b'],
    ] as const) {
      out.push({
        label: `path.${name} ${label}`,
        url: op.path.replace(`{${name}}`, value).replace(/\{[^}]+\}/g, UNKNOWN_UUID),
      });
    }
  }
  for (const p of params.filter((x) => x.in === 'query')) {
    const schema = resolve(p.schema as Schema);
    const max = (schema.maxLength as number | undefined) ?? 300;
    out.push({ label: `query.${p.name} over-long`, url: `${url}?${p.name}=${'x'.repeat(max + 1)}` });
    out.push({ label: `query.${p.name} twice`, url: `${url}?${p.name}=a&${p.name}=b` });
  }
  const bodySchema = jsonBodySchema(op);
  if (bodySchema && !isForm(op)) {
    const s = resolve(bodySchema);
    const base = sample(s) as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    out.push({ label: 'body is an array', url, body: [] });
    out.push({ label: 'body is a string', url, body: 'just a string' });
    out.push({ label: 'body is not JSON', url, raw: { payload: '{"oops": ', contentType: 'application/json' } });
    out.push({ label: 'body is empty JSON', url, raw: { payload: '', contentType: 'application/json' } });
    out.push({ label: 'body is XML', url, raw: { payload: '<user/>', contentType: 'application/xml' } });
    out.push({ label: 'body of 3 MB', url, body: { ...base, padding: 'x'.repeat(3 * 1024 * 1024) } });
    out.push({
      label: 'body with __proto__',
      url,
      raw: {
        payload: `{"__proto__":{"isAdmin":true},${JSON.stringify(base).slice(1)}`,
        contentType: 'application/json',
      },
    });
    out.push({ label: 'unknown field', url, body: { ...base, unknownField: 'x' } });
    for (const key of (s.required ?? []) as string[]) {
      const { [key]: _gone, ...rest } = base;
      out.push({ label: `missing ${key}`, url, body: rest });
    }
    for (const [key, prop] of Object.entries(props)) {
      out.push({ label: `wrong type ${key}`, url, body: { ...base, [key]: wrongType(prop) } });
      const r = resolve(prop);
      if (typeof r.maxLength === 'number')
        out.push({ label: `over-long ${key}`, url, body: { ...base, [key]: 'x'.repeat(r.maxLength + 1) } });
    }
  }
  if (isForm(op)) {
    out.push({
      label: 'form missing fields',
      url,
      raw: { payload: 'username=', contentType: 'application/x-www-form-urlencoded' },
    });
    out.push({
      label: 'form over-long',
      url,
      raw: { payload: `username=${'x'.repeat(300)}&password=x`, contentType: 'application/x-www-form-urlencoded' },
    });
    out.push({
      label: 'form of 3 MB',
      url,
      raw: {
        payload: `username=a&password=${'x'.repeat(3 * 1024 * 1024)}`,
        contentType: 'application/x-www-form-urlencoded',
      },
    });
    out.push({
      label: 'JSON instead of the form',
      url,
      raw: { payload: '{"username":"a"}', contentType: 'application/json' },
    });
  }
  if (op.operationId === 'importUsers') {
    out.push({ label: 'no multipart body', url, raw: { payload: 'username\nx', contentType: 'text/csv' } });
    out.push({
      label: 'broken multipart',
      url,
      raw: { payload: '--x\r\nnot a part', contentType: 'multipart/form-data; boundary=x' },
    });
  }
  return out;
}

const KINDS: [string, RegExp][] = [
  ['wrong types', /wrong type|is an array|is a string|twice/],
  ['missing fields', /missing/],
  ['over-long strings', /over-long/],
  ['unknown fields (and __proto__)', /unknown field|__proto__/],
  ['bodies that are not JSON or not the documented type', /not JSON|empty JSON|XML|JSON instead|multipart/],
  ['a body of several MB', /3 MB/],
  ['path parameters with ../ and NUL', /\.\.\/|traversal|NUL byte/],
];

function kindOf(label: string): string {
  return (KINDS.find(([, re]) => re.test(label)) ?? ['other'])[0];
}

describe('generated bad-input sweep over every operation of the document', () => {
  it('covers every operation with input, and every request falls in a case', () => {
    const withInput = operations.filter((o) => (o.op.parameters as unknown[] | undefined)?.length || o.op.requestBody);
    for (const op of withInput) expect(badRequests(op).length, op.operationId).toBeGreaterThan(0);
    const kinds = operations.flatMap((op) => badRequests(op).map((b) => kindOf(b.label)));
    expect(kinds).not.toContain('other');
    expect(kinds.length).toBeGreaterThan(300);
  });

  for (const [kind] of KINDS) {
    it(`${kind}: a 4xx naming the problem, never a 500, and the store unchanged`, async () => {
      const before = t.store.dump();
      const problems: string[] = [];
      let count = 0;
      for (const op of operations) {
        for (const bad of badRequests(op).filter((b) => kindOf(b.label) === kind)) {
          count++;
          let res: Awaited<ReturnType<TestApp['call']>>;
          try {
            res = await t.call(op.method, bad.url, {
              as: PROVIDER,
              ...(bad.body !== undefined ? { body: bad.body } : {}),
              ...(bad.raw ? { raw: bad.raw } : {}),
              // A ../ path may leave the operation's route (then it is another route's 404).
              allowUndocumented: bad.label.includes('../'),
            });
          } catch (err) {
            problems.push(`${op.operationId} ${bad.label}: ${(err as Error).message.slice(0, 300)}`);
            continue;
          }
          const where = `${op.operationId} ${bad.label}: ${res.status} ${res.text.slice(0, 160)}`;
          if (res.status >= 500 || res.status < 400) problems.push(where);
          else if (typeof res.body === 'object' && !(res.body.message && (res.body.errors?.length ?? 1) > 0))
            problems.push(`unnamed: ${where}`);
        }
      }
      expect(problems).toEqual([]);
      expect(count).toBeGreaterThan(0);
      expect(t.store.dump()).toBe(before);
    });
  }
});
