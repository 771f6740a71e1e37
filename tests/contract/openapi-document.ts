// Loads openapi/userprofile.yaml and gives the contract tests small, typed views of it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type JsonObject = { [key: string]: unknown };

export interface Operation {
  method: HttpMethod;
  path: string;
  operation: JsonObject;
  pathItem: JsonObject;
}

/** `OPENAPI_DOCUMENT` points the tests at another copy (e.g. to show that they fail on a broken one). */
export const documentPath =
  process.env.OPENAPI_DOCUMENT ?? fileURLToPath(new URL('../../openapi/userprofile.yaml', import.meta.url));
export const specCallsPath = fileURLToPath(new URL('../../openapi/spec-calls.json', import.meta.url));

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function loadDocument(text = readFileSync(documentPath, 'utf8')): JsonObject {
  const document: unknown = parse(text);
  if (!isObject(document)) throw new Error(`${documentPath} is not a YAML mapping`);
  return document;
}

export function operationsOf(document: JsonObject): Operation[] {
  const paths = document.paths;
  if (!isObject(paths)) return [];
  const operations: Operation[] = [];
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) operations.push({ method, path, operation, pathItem });
    }
  }
  return operations;
}

/** Follows local `$ref`s (`#/components/...`) until a non-reference object. */
export function deref(document: JsonObject, node: unknown): unknown {
  let current = node;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
    seen.add(ref);
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are used, found ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((parent, key) => (isObject(parent) ? parent[key] : undefined), document);
    if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return current;
}

/** The operation's parameters, path-level ones included, with `$ref`s resolved. */
export function parametersOf(document: JsonObject, { operation, pathItem }: Operation): JsonObject[] {
  const listed = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ];
  return listed.map((parameter) => deref(document, parameter)).filter(isObject);
}
