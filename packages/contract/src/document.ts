// The OpenAPI document as data: its operations with their full paths, the
// matching of a request to its operation, and the documented answer of an
// operation for a status. Every other part of the package (the validator, the
// check, the proxy's use of it, the server tests' oracle) starts from here.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DOCUMENT_FILE, PARSED_CACHE } from './layout.ts';

export type Json = Record<string, unknown>;

/** The project's document; `OPENAPI_DOCUMENT` points everything at another copy. */
export const DOCUMENT_PATH = process.env.OPENAPI_DOCUMENT ?? DOCUMENT_FILE;
/** The JSON of each YAML text parsed in this process, by the text's SHA-256. */
const parsedTexts = new Map<string, string>();

/** The cached JSON of `file`, or undefined when there is none or it is not whole JSON. */
function readParsed(file: string): string | undefined {
  try {
    const json = readFileSync(file, 'utf8');
    JSON.parse(json);
    return json;
  } catch {
    return undefined;
  }
}

/**
 * A YAML document (the OpenAPI document) as data: a fresh copy at each call,
 * which the caller may change. Parsing the YAML takes 145 ms (290 ms cold) and a
 * server start asked for it three times; it is parsed once per text, kept as
 * JSON in this process and, by the text's hash, in `node_modules/.cache`, so a
 * process started later (a test's server, the conformance check) reads JSON
 * instead (about 1 ms). A change of the text is a new hash, so nothing stale is
 * read; a cache that cannot be written (a read-only checkout) is only skipped.
 */
export function parseYamlDocument(text: string): Json {
  const key = createHash('sha256').update(text).digest('hex');
  let json = parsedTexts.get(key);
  if (json === undefined) {
    const file = join(PARSED_CACHE, `${key}.json`);
    json = readParsed(file);
    if (json === undefined) {
      json = JSON.stringify(parse(text));
      try {
        mkdirSync(PARSED_CACHE, { recursive: true });
        // Written whole under another name, then renamed: processes starting together never read half a file.
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, json);
        renameSync(partial, file);
      } catch {
        // Not kept: the next process parses again.
      }
    }
    parsedTexts.set(key, json);
  }
  return JSON.parse(json) as Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Json;
}

export interface Operation {
  operationId: string;
  /** Upper case: GET, POST ... */
  method: string;
  /** The path as the document spells it, e.g. /api/v1/user/{uuid}. */
  docPath: string;
  /** With the server's base path, e.g. /userprofile/api/v1/user/{uuid}. */
  path: string;
  regex: RegExp;
  /** How many path parameters: literal paths are matched before templates. */
  params: number;
  op: Json;
  /** The effective security requirements: [] for a public operation. */
  security: unknown[];
  parameters: Parameter[];
  /**
   * A GET that changes state (`x-unsafe: true` in the document): the check
   * calls it only with --allow-writes, as it does the other methods.
   */
  unsafe: boolean;
  /**
   * A call spec §7 does not have at all (`x-extension: true`): a real backend
   * may not offer it, so the check lists it apart and scores it apart.
   */
  extension: boolean;
}

export interface ResponseSpec {
  /** The key of `responses` it came from: "200", "4XX" or "default". */
  key: string;
  content?: Record<string, { schema?: Json }>;
  headers?: Record<string, Json>;
}

export interface Contract {
  doc: Json;
  /** The server's base path (`servers[0].url`), without a trailing slash. */
  base: string;
  operations: Operation[];
  deref(value: unknown): Json;
  /** The operation a request goes to (the path may carry a query), or undefined. */
  match(method: string, url: string): Operation | undefined;
  /** The documented answer of an operation for a status, or undefined when the document lists none. */
  responseFor(op: Operation, status: number): ResponseSpec | undefined;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

export function loadContract(source: { path?: string; text?: string } = {}): Contract {
  const doc = parseYamlDocument(source.text ?? readFileSync(source.path ?? DOCUMENT_PATH, 'utf8'));
  const base = ((doc.servers as { url: string }[] | undefined)?.[0]?.url ?? '').replace(/\/$/, '');

  const deref = (value: unknown): Json => {
    let v = (value ?? {}) as Json;
    const seen = new Set<string>();
    while (typeof v.$ref === 'string' && v.$ref.startsWith('#/') && !seen.has(v.$ref)) {
      seen.add(v.$ref);
      const parts = v.$ref
        .slice(2)
        .split('/')
        .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
      v = parts.reduce<Json>((o, p) => (o?.[p] ?? {}) as Json, doc);
    }
    return v;
  };

  const operations: Operation[] = Object.entries((doc.paths ?? {}) as Record<string, Json>)
    .flatMap(([docPath, item]) =>
      METHODS.filter((m) => item[m] && typeof item[m] === 'object').map((m) => {
        const op = item[m] as Json;
        const path = base + docPath;
        const params = (path.match(/\{[^}]+\}/g) ?? []).length;
        const regex = new RegExp(
          `^${path
            .split(/\{[^}]+\}/)
            .map(escapeRegex)
            .join('[^/]+')}/?$`,
        );
        // Operation-level parameters override path-level ones of the same name and place.
        const byKey = new Map<string, Parameter>();
        for (const raw of [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])]) {
          const p = deref(raw);
          byKey.set(`${p.in}:${p.name}`, {
            name: p.name as string,
            in: p.in as Parameter['in'],
            required: p.required === true,
            schema: deref(p.schema),
          });
        }
        return {
          operationId: (op.operationId as string) ?? `${m.toUpperCase()} ${docPath}`,
          method: m.toUpperCase(),
          docPath,
          path,
          regex,
          params,
          op,
          security: (op.security as unknown[] | undefined) ?? (doc.security as unknown[] | undefined) ?? [],
          parameters: [...byKey.values()],
          unsafe: op['x-unsafe'] === true,
          extension: op['x-extension'] === true,
        };
      }),
    )
    .sort((a, b) => a.params - b.params);

  return {
    doc,
    base,
    operations,
    deref,
    match(method, url) {
      const path = url.split('?', 1)[0] as string;
      const upper = method.toUpperCase();
      // HEAD is answered as GET by most servers (Fastify included).
      const wanted = upper === 'HEAD' ? ['HEAD', 'GET'] : [upper];
      for (const m of wanted) {
        const found = operations.find((o) => o.method === m && o.regex.test(path));
        if (found) return found;
      }
      return undefined;
    },
    responseFor(op, status) {
      const responses = (op.op.responses ?? {}) as Record<string, Json>;
      const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
      if (!key) return undefined;
      const r = deref(responses[key]);
      return { key, content: r.content as ResponseSpec['content'], headers: r.headers as ResponseSpec['headers'] };
    },
  };
}

/** Whether an operation needs a token: any requirement other than the empty one. */
export function needsToken(op: Operation): boolean {
  return op.security.length > 0 && !op.security.some((s) => s && Object.keys(s as Json).length === 0);
}
