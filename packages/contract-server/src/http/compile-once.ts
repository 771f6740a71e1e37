// Each route's schemas compiled once per process, not once per app.
//
// Building the app compiles a validator (Ajv) and a serializer
// (fast-json-stringify) for every schema of every operation of the document:
// 360 ms of a warm build of 800 ms. The document is the same for every app a
// process builds, and the tests build 124 of them (a restart, a reload, a
// store of another shape), each compiling the same schemas again. A compiled
// validator or serializer is a pure function of its schema and options, so
// one compiled for an earlier app serves the next.
//
// The validators are cached behind Ajv's own `compile` (through Fastify's
// `ajv.plugins` option), not with a validator compiler of our own: Fastify
// treats a custom one as not Ajv and stops lower-casing header schemas.
import { type SerializerFactory, SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type Ajv from 'ajv';

type Compiled = (...args: never[]) => unknown;

/** Compiled schemas by their text (and the options they were compiled with), for the process's lifetime. */
const compiled = new Map<string, Compiled>();

/**
 * What was compiled for this key before, or `compile()` now. A schema that
 * names an `$id` is compiled every time: Ajv registers it on its instance,
 * which other schemas' `$ref`s may need. A schema that cannot be written out
 * (a cycle) is compiled every time too.
 */
function once<T extends Compiled>(scope: string, schema: unknown, compile: () => T): T {
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return compile();
  }
  if (text === undefined || text.includes('"$id"')) return compile();
  const key = `${scope}\0${text}`;
  let fn = compiled.get(key) as T | undefined;
  if (!fn) {
    fn = compile();
    compiled.set(key, fn);
  }
  return fn;
}

/** Ajv's options as text: the values that are data (its URI resolver is a module, which refers to itself). */
function optionsText(options: object): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(options, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value)) return undefined;
    seen.add(value);
    return value;
  });
}

/** An Ajv plugin (Fastify's `ajv: { plugins }`): the instance's `compile` answers from the process's cache. */
export function compileSchemasOnce(ajv: Ajv): Ajv {
  const compile = ajv.compile.bind(ajv);
  const scope = `ajv:${optionsText(ajv.opts)}`;
  ajv.compile = ((schema: unknown, meta?: boolean) =>
    once(scope, schema, () => compile(schema as object, meta))) as typeof ajv.compile;
  return ajv;
}

/** Fastify's `schemaController.compilersFactory.buildSerializer`: its default, answering from the process's cache. */
export function buildSerializerOnce(): SerializerFactory {
  const selector = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = selector(externalSchemas, options);
    const scope = `fjs:${JSON.stringify([externalSchemas, options])}`;
    return (route) => once(scope, route.schema, () => compile(route));
  };
}

/** How many compiled schemas the process holds (for the test that proves a second app compiles none). */
export const compiledCount = (): number => compiled.size;
