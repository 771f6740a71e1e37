// Every call of spec §7 (openapi/spec-calls.json, as the spec writes them) must be an
// operation of openapi/userprofile.yaml, and every operation must be either such a
// call or a designed one marked `x-designed: true`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  deref,
  isObject,
  loadDocument,
  type Operation,
  operationsOf,
  parametersOf,
  specCallsPath,
} from './openapi-document.ts';

interface SpecCall {
  method: string;
  path: string;
}

/**
 * Operations the spec names without showing them (or not at all), designed by us: docs/wire-and-errors.md
 * "Calls the spec names without showing them", docs/extensions.md.
 */
const DESIGNED_OPERATION_IDS = [
  'checkSession',
  'getPropelTokenFromCode',
  'startSso',
  'jwks',
  'openidConfiguration',
  'forgotPassword',
  'getVisibilitySet',
  'applicationInfo',
  'startupConfig',
  'previewApplicationProfileImpact',
  'previewBusinessProfileImpact',
  'getEffectiveAccess',
  'getRecordHistory',
  'getUserSignIns',
  'unlockUser',
  'logoutUserEverywhere',
  'logoutUserSession',
  'listAccessHolders',
  'exportAccessHolders',
  'checkAccess',
  'bulkUserAction',
  'listActivity',
  'exportActivity',
  'getActivityRetention',
  'verifySecondFactor',
  'enrolSecondFactor',
  'startPasskeySignIn',
  'getAccount',
  'getAccountAccess',
  'changeOwnPassword',
  'startTotpEnrolment',
  'confirmTotpEnrolment',
  'startPasskeyEnrolment',
  'confirmPasskeyEnrolment',
  'renameOwnFactor',
  'removeOwnFactor',
  'renewRecoveryCodes',
  'listOwnSessions',
  'endOwnSession',
  'getUserFactors',
  'removeUserFactors',
  'requireUserEnrolment',
  'getFactorPolicy',
  'updateFactorPolicy',
];

const TAGS = [
  'Authentication',
  'Users',
  'Passwords',
  'Lookups',
  'Application profiles',
  'Business profiles',
  'Visibility profiles',
  'Applications',
  'Visibility sync',
  'OAuth2 clients',
  'Record history',
  'Activity',
  'Second factor',
  'Account',
  'Access',
  'Configuration',
];

const specCalls = (JSON.parse(readFileSync(specCallsPath, 'utf8')) as { calls: SpecCall[] }).calls;
const document = loadDocument();
const operations = operationsOf(document);

/** Spec §7 path → document path: "/userprofile/x" → "/x", anything else → "/api/v1" + path; no trailing slash. */
function documentPathOf(specPath: string): string {
  const path = specPath.startsWith('/userprofile/') ? specPath.slice('/userprofile'.length) : `/api/v1${specPath}`;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const isTemplate = (segment: string) => /^\{[^}]+\}$/.test(segment);

/**
 * Whether a call path matches an operation path. Template segments match whatever the
 * parameter name (`{id}` and `{uuid}`); a literal segment of the call (`carrier`)
 * matches a template segment only when that path parameter's enum lists it.
 */
function matches(callPath: string, operation: Operation): boolean {
  const callSegments = callPath.split('/');
  const operationSegments = operation.path.split('/');
  if (callSegments.length !== operationSegments.length) return false;
  return callSegments.every((segment, index) => {
    const documented = operationSegments[index] as string;
    if (segment === documented) return true;
    if (!isTemplate(documented)) return false;
    if (isTemplate(segment)) return true;
    const name = documented.slice(1, -1);
    const parameter = parametersOf(document, operation).find((p) => p.in === 'path' && p.name === name);
    const schema = deref(document, parameter?.schema);
    return isObject(schema) && Array.isArray(schema.enum) && schema.enum.includes(segment);
  });
}

function findOperation(call: SpecCall): Operation | undefined {
  const path = documentPathOf(call.path);
  const candidates = operations.filter((operation) => operation.method === call.method.toLowerCase());
  // A literal path beats a template one, as in the server's router.
  return (
    candidates.find((operation) => operation.path === path) ?? candidates.find((operation) => matches(path, operation))
  );
}

describe('openapi/spec-calls.json', () => {
  it('lists the calls of spec §7, each once', () => {
    expect(specCalls.length).toBeGreaterThanOrEqual(60);
    const keys = specCalls.map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('every call of spec §7 is in openapi/userprofile.yaml', () => {
  it.each(specCalls.map((call) => [`${call.method} ${call.path}`, call] as const))('%s', (_, call) => {
    const operation = findOperation(call);
    expect(operation, `${call.method} ${documentPathOf(call.path)} is missing from the OpenAPI document`).toBeDefined();
  });
});

describe('operations of openapi/userprofile.yaml', () => {
  const ids = operations.map(({ operation }) => operation.operationId);

  it('has unique camelCase operationIds', () => {
    for (const { method, path, operation } of operations) {
      expect(operation.operationId, `${method.toUpperCase()} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s has exactly one tag, declared at the top, and a summary',
    (_, { operation }) => {
      expect(operation.tags).toHaveLength(1);
      expect(TAGS).toContain((operation.tags as string[])[0]);
      expect(operation.summary).toEqual(expect.any(String));
    },
  );

  it('declares exactly the area tags', () => {
    const declared = (document.tags as { name: string }[]).map((tag) => tag.name);
    expect(declared).toEqual(TAGS);
  });

  it.each(DESIGNED_OPERATION_IDS)('designed operation %s is marked x-designed', (operationId) => {
    const found = operations.find(({ operation }) => operation.operationId === operationId);
    expect(found, `no operation ${operationId}`).toBeDefined();
    expect(found?.operation['x-designed']).toBe(true);
  });

  it('is either a call of spec §7 or a designed operation', () => {
    const fromSpec = new Set(specCalls.map((call) => findOperation(call)?.operation.operationId));
    const neither = operations
      .filter(({ operation }) => !fromSpec.has(operation.operationId as string))
      .filter(({ operation }) => operation['x-designed'] !== true)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(neither).toEqual([]);
    const markedButListed = operations
      .filter(({ operation }) => operation['x-designed'] === true)
      .map(({ operation }) => operation.operationId);
    expect(markedButListed.sort()).toEqual([...DESIGNED_OPERATION_IDS].sort());
  });
});
