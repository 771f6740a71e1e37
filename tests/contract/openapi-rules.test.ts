// The rules the team set for openapi/userprofile.yaml (docs/wire-and-errors.md), so that the document stays one a backend team can build to:
// what is public, which error statuses each kind of call documents, the media types,
// the limits of spec §5/§9, and that every schema compiles with Ajv draft-07 the way
// the contract server (Fastify) compiles it, rejecting unknown fields.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  deref,
  isObject,
  type JsonObject,
  loadDocument,
  type Operation,
  operationsOf,
  parametersOf,
} from './openapi-document.ts';

const document = loadDocument();
const operations = operationsOf(document);
const schemas = (document.components as JsonObject).schemas as Record<string, JsonObject>;

/** Reads a nested member of parsed YAML, `undefined` when any step is missing. */
function at(node: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((parent, key) => (isObject(parent) ? parent[key] : undefined), node);
}
const label = ({ method, path }: Operation) => `${method.toUpperCase()} ${path}`;
const byId = (operationId: string): Operation => {
  const found = operations.find(({ operation }) => operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};

/** Public operations of docs/wire-and-errors.md ("Authentication on the wire"), plus the start-up configuration file. */
const PUBLIC = [
  'login',
  'authorize',
  'checkSession',
  'token',
  'logout',
  'frontendConfig',
  'getPropelTokenFromCode',
  'startSso',
  'jwks',
  'openidConfiguration',
  'forgotPassword',
  'verifyPasswordResetToken',
  'updatePassword',
  'passwordSentTemplate',
  'passwordCompleteTemplate',
  'startupConfig',
  'verifySecondFactor',
  'enrolSecondFactor',
  'startPasskeySignIn',
];

function responses(operation: Operation): Record<string, JsonObject> {
  const result: Record<string, JsonObject> = {};
  for (const [status, response] of Object.entries(operation.operation.responses as JsonObject)) {
    result[status] = deref(document, response) as JsonObject;
  }
  return result;
}

function schemaOf(response: JsonObject | undefined, mediaType = 'application/json'): unknown {
  const content = response?.content as JsonObject | undefined;
  return deref(document, (content?.[mediaType] as JsonObject | undefined)?.schema);
}

function requestContent(operation: Operation): JsonObject | undefined {
  const body = deref(document, operation.operation.requestBody) as JsonObject | undefined;
  return body?.content as JsonObject | undefined;
}

describe('security', () => {
  it('uses bearer JWT globally', () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect((document.components as JsonObject).securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it.each(operations.map((o) => [label(o), o] as const))(
    '%s is public exactly when docs/wire-and-errors.md says so',
    (_, o) => {
      const isPublic = PUBLIC.includes(o.operation.operationId as string);
      if (isPublic) expect(o.operation.security).toEqual([]);
      else expect(o.operation.security).toBeUndefined();
    },
  );
});

describe('error responses', () => {
  it.each(operations.map((o) => [label(o), o] as const))('%s answers errors with the Error schema', (_, o) => {
    const all = responses(o);
    const errors = Object.entries(all).filter(([status]) => Number(status) >= 400);
    expect(errors.length).toBeGreaterThan(0);
    for (const [status, response] of errors) {
      expect(schemaOf(response), `${status} body`).toBe(schemas.Error);
    }
    if (o.operation.security === undefined) expect(Object.keys(all)).toContain('401');
    if (parametersOf(document, o).some((p) => p.in === 'path') || requestContent(o)) {
      expect(Object.keys(all)).toContain('400');
    }
  });

  it('names every field of the Error shape', () => {
    const error = schemas.Error;
    expect(error?.required).toEqual(['statusCode', 'error', 'message']);
    expect(Object.keys(at(error, 'properties') as JsonObject)).toEqual([
      'statusCode',
      'error',
      'message',
      'error_description',
      'errors',
    ]);
    const fieldError = deref(document, at(error, 'properties', 'errors', 'items'));
    expect(Object.keys(at(fieldError, 'properties') as JsonObject)).toEqual(['field', 'reason', 'row', 'line']);
  });

  it.each([
    ['activateUser', ['401', '408', '444', '504']],
    ['inactivateUser', ['401', '408', '444', '504']],
    ['syncVisibilityKind', ['401', '408', '444', '504']],
    ['syncAllVisibility', ['401', '408', '444', '504']],
    ['updatePassword', ['404', '406']],
    ['updateApplication', ['409']],
    ['updateApplicationProfile', ['409']],
    ['updateBusinessProfile', ['409']],
    ['updateVisibilityProfile', ['409']],
    ['getUser', ['403', '404']],
    ['importUsers', ['400', '413']],
    ['forgotPassword', ['502']],
    ['login', ['401', '429']],
  ])('%s documents %j (error catalogue of spec §8)', (operationId, statuses) => {
    expect(Object.keys(responses(byId(operationId)))).toEqual(expect.arrayContaining(statuses));
  });

  it('tells a throttled login when to retry', () => {
    const tooMany = responses(byId('login'))['429'];
    expect(at(tooMany, 'headers', 'Retry-After', 'schema', 'type')).toBe('integer');
  });
});

describe('media types and shapes', () => {
  it('takes the login form url-encoded and the import as multipart with the field users', () => {
    expect(Object.keys(requestContent(byId('login')) ?? {})).toEqual(['application/x-www-form-urlencoded']);
    const multipart = requestContent(byId('importUsers'))?.['multipart/form-data'] as JsonObject;
    expect(at(deref(document, multipart.schema), 'required')).toEqual(['users']);
  });

  it.each(['exportAllUsers', 'exportActiveUsers', 'exportInactiveUsers'])('%s downloads text/csv', (operationId) => {
    expect(Object.keys(responses(byId(operationId))['200']?.content as JsonObject)).toEqual(['text/csv']);
  });

  it.each(['passwordSentTemplate', 'passwordCompleteTemplate'])('%s answers text/html', (operationId) => {
    expect(Object.keys(responses(byId(operationId))['200']?.content as JsonObject)).toEqual(['text/html']);
  });

  it.each(operations.filter((o) => o.method === 'delete').map((o) => [label(o), o] as const))(
    '%s answers 204',
    (_, o) => {
      expect(Object.keys(responses(o)).filter((status) => status.startsWith('2'))).toEqual(['204']);
    },
  );

  it.each(['pullUsers', 'syncVisibilityKind', 'syncAllVisibility'])(
    '%s answers a bare integer count',
    (operationId) => {
      expect(schemaOf(responses(byId(operationId))['200'])).toEqual({ type: 'integer', minimum: 0 });
    },
  );

  it.each(['activateUser', 'inactivateUser', 'listBusinessProfileUsers', 'listVisibilityProfileUsers'])(
    '%s answers a list of users',
    (operationId) => {
      const schema = schemaOf(responses(byId(operationId))['200']);
      expect(at(schema, 'type')).toBe('array');
      expect(deref(document, at(schema, 'items'))).toBe(schemas.User);
    },
  );

  it('has one sync operation per visibility kind of spec §7', () => {
    const kind = parametersOf(document, byId('syncVisibilityKind')).find((p) => p.name === 'kind');
    expect(at(deref(document, kind?.schema), 'enum')).toEqual([
      'carrier',
      'cluster',
      'clusterGroup',
      'networkGroup',
      'networkElementAttribute',
      'venue',
    ]);
  });
});

const FORBIDDEN_KEYWORDS = [
  'prefixItems',
  '$dynamicRef',
  '$dynamicAnchor',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentSchemas',
  'dependentRequired',
  'nullable',
];

/** Rewrites `#/components/schemas/X` to `X` so Ajv can resolve each component by its `$id`. */
function forAjv(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forAjv);
  if (!isObject(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples') continue;
    copy[key] =
      key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', '') : forAjv(value);
  }
  return copy;
}

/** Ajv as Fastify configures it, but strict and refusing unknown fields rather than stripping them. */
function fastifyLikeAjv(): Ajv {
  const ajv = new Ajv({
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: false,
    strict: true,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema({ ...(forAjv(schema) as JsonObject), $id: name });
  }
  return ajv;
}

describe('schemas compile as the contract server compiles them (Ajv draft-07)', () => {
  const ajv = fastifyLikeAjv();
  const compile = (name: string): ValidateFunction => ajv.getSchema(name) ?? expect.fail(`no schema ${name}`);

  it('uses no keyword of JSON Schema 2020-12 that draft-07 lacks, nor OpenAPI 3.0 `nullable`', () => {
    const found: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        for (const [index, item] of node.entries()) walk(item, `${where}/${index}`);
      } else if (isObject(node))
        for (const [key, value] of Object.entries(node)) {
          if (FORBIDDEN_KEYWORDS.includes(key)) found.push(`${where}/${key}`);
          walk(value, `${where}/${key}`);
        }
    };
    walk(document, '#');
    expect(found).toEqual([]);
  });

  it.each(Object.keys(schemas))('component %s compiles', (name) => {
    expect(typeof compile(name)).toBe('function');
  });

  it('refuses unknown fields in request bodies', () => {
    const updateUser = compile('UserUpdateBody');
    const user = {
      username: 'jane.doe',
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      active: true,
      businessProfile: { uuid: '8f14e45f-ceea-4e7a-9f1c-2f3d1b2c4a5e', name: 'Ops' },
      visibilityProfile: { uuid: '9a1158e6-2f3b-4e0a-8a6e-6d8f2f8a1c3b', name: 'All' },
    };
    expect(updateUser({ user })).toBe(true);
    expect(updateUser({ user, isAdmin: true })).toBe(false);
    expect(updateUser({ user: { ...user, roles: ['ERRIGAL_ADMIN'] } })).toBe(false);
  });

  it('holds the limits of spec §5 and §9', () => {
    const username = compile('Username');
    expect(username('jane_doe.2')).toBe(true);
    expect(username('jane doe')).toBe(false);
    expect(username('x'.repeat(256))).toBe(false);
    const password = compile('Password');
    expect(password('1234567')).toBe(false);
    expect(password('12345678')).toBe(true);
    expect(compile('Description')('d'.repeat(1023))).toBe(true);
    expect(compile('Description')('d'.repeat(1024))).toBe(false);
    expect(compile('ClientSecret')('s'.repeat(65))).toBe(false);
    expect(compile('ConsoleRole')('SUPER_ADMIN')).toBe(false);
    expect(compile('ApiAuthType')('OAUTH2')).toBe(true);
    expect(compile('Uuid')('../etc/passwd')).toBe(false);
  });

  it('accepts a cluster tree of any depth', () => {
    const leaf = { uuid: '0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3', name: 'Leaf', children: [] };
    const tree = {
      uuid: '1b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3',
      name: 'Root',
      children: [{ ...leaf, children: [leaf] }],
    };
    expect(compile('ClusterNode')(tree)).toBe(true);
    expect(compile('ClusterNode')({ ...tree, children: [{ name: 'no uuid', children: [] }] })).toBe(false);
  });
});
