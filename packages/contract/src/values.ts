// Values the check sends, found or made from the document: path parameters
// from the answers of the list operations, a value that satisfies a
// parameter's schema, a body that breaks a request schema, and the minimal
// copy of a record that a save operation accepts.
import { randomUUID } from 'node:crypto';
import type { Contract, Json, Operation } from './document.ts';
import type { Validator } from './validate.ts';

/** Lower-case words of a path (camelCase split), without templates and the version prefix. */
export function wordsOf(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s && !s.startsWith('{') && !/^(api|v\d+)$/.test(s))
    .flatMap((s) => s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s._-]+/))
    .map((w) => w.toLowerCase());
}

const related = (a: string, b: string) =>
  a === b || (a.length >= 3 && b.length >= 3 && (a.startsWith(b) || b.startsWith(a)));

/**
 * How close a source (a list's path) is to a templated path: leading segments
 * in common first, then the words they share (`appProfile` ~ `/profile/app`,
 * `app` ~ `application`).
 */
export function closeness(templated: string, source: string): [number, number] {
  const a = templated.split('/');
  const b = source.split('/');
  let leading = 0;
  while (leading < a.length && leading < b.length && a[leading] === b[leading] && !a[leading]?.startsWith('{'))
    leading++;
  const wa = wordsOf(templated);
  const shared = wordsOf(source).filter((w) => wa.some((x) => related(w, x))).length;
  return [leading, shared];
}

/** Values seen in answers, by property name, with the path of the operation that gave them. */
export class Samples {
  private byName = new Map<string, { value: string; from: string }[]>();

  /** The direct string properties of the body, or of the items of a top-level array. */
  harvest(from: string, body: unknown): void {
    const items = Array.isArray(body) ? body : [body];
    // A few values per source are enough: the first one that answers is used.
    for (const item of items.slice(0, 5)) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
      for (const [name, value] of Object.entries(item as Json)) {
        if (typeof value !== 'string' || value === '') continue;
        const list = this.byName.get(name) ?? [];
        if (!list.some((s) => s.value === value && s.from === from)) list.push({ value, from });
        this.byName.set(name, list);
      }
    }
  }

  /** Candidates for a parameter of this (partly filled) path, the closest source first, one per source. */
  candidates(name: string, path: string, limit: number): string[] {
    const list = this.byName.get(name) ?? [];
    const bySource = new Map<string, string>();
    for (const s of list) if (!bySource.has(s.from)) bySource.set(s.from, s.value);
    return [...bySource]
      .map(([from, value]) => ({ value, score: closeness(path, from) }))
      .sort((x, y) => y.score[0] - x.score[0] || y.score[1] - x.score[1])
      .slice(0, limit)
      .map((c) => c.value);
  }
}

/** A value valid against the schema, or undefined when none of the usual guesses is. */
export function valueFor(validator: Validator, key: string, schema: Json): string | undefined {
  const s = validator.contract.deref(schema);
  const guesses: unknown[] = [
    s.example,
    ...((s.examples as unknown[]) ?? []),
    s.default,
    s.const,
    ...((s.enum as unknown[]) ?? []),
    randomUUID(),
    'a'.repeat(Math.max(1, Number(s.minLength ?? 1))),
    'contract-check',
    Buffer.from(randomUUID() + randomUUID())
      .toString('base64url')
      .slice(0, Math.max(43, Number(s.minLength ?? 0))),
    '1',
  ];
  const validate = validator.schemaValidator(`value ${key}`, s);
  const found = guesses.find((g) => g !== undefined && g !== null && validate(typeof g === 'string' ? g : String(g)));
  return found === undefined ? undefined : String(found);
}

/** A JSON body the request schema refuses (missing required fields, a wrong type), or undefined. */
export function badBody(validator: Validator, key: string, schema: Json): unknown {
  const validate = validator.schemaValidator(`bad ${key}`, schema);
  const s = validator.contract.deref(schema);
  const required = (s.required as string[] | undefined) ?? [];
  const guesses: unknown[] = [
    required[0] ? { [required[0]]: 12345 } : undefined,
    {},
    [],
    'contract-check',
    12345,
    { contractCheckUnknownProperty: true },
  ];
  return guesses.find((g) => g !== undefined && !validate(g));
}

/**
 * Fits a record as a read answered it to a request schema: properties the
 * schema does not know are dropped, arrays keep only as many items as the
 * schema requires (so the copy refers to as few other records as it can),
 * and the record's own uuid is left out, so the save creates a new record.
 */
export function fitTo(contract: Contract, schema: unknown, value: unknown, top = true, keepLists = false): unknown {
  const s = contract.deref(schema);
  const branch = ((s.allOf ?? s.oneOf ?? s.anyOf) as unknown[] | undefined)?.[0];
  if (branch && !s.properties) return fitTo(contract, branch, value, top, keepLists);
  if (Array.isArray(value)) {
    const keep = keepLists ? value.length : Number(s.minItems ?? 0);
    return value.slice(0, keep).map((v) => fitTo(contract, s.items, v, false, keepLists));
  }
  if (value && typeof value === 'object' && s.properties) {
    const props = s.properties as Json;
    const out: Json = {};
    for (const [k, v] of Object.entries(value as Json)) {
      if (!(k in props)) continue;
      if (top && k === 'uuid') continue;
      out[k] = fitTo(contract, props[k], v, false, keepLists);
    }
    return out;
  }
  return value;
}

/** The run's marker in every name it writes, so its records are recognisable (and never anyone else's). */
export function runName(runId: string, field: string, schema: Json): string {
  const max = Number(schema.maxLength ?? 255);
  if (/e-?mail/i.test(field)) return `contract-check-${runId}@example.invalid`.slice(-max);
  if (/password|secret/i.test(field)) return `Cc-${runId}-Passw0rd!`.slice(0, max);
  return `contract-check-${runId}`.slice(0, max);
}

/** The uuid-like parameter value of an operation that reads one record. */
export function onlyPathParam(op: Operation): string | undefined {
  const params = op.parameters.filter((p) => p.in === 'path');
  return params.length === 1 ? params[0]?.name : undefined;
}
