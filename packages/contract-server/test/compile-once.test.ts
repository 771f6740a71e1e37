// The schemas of the document are compiled once per process (src/http/compile-once.ts):
// a second app compiles none, and still refuses what the document refuses, headers included
// (Fastify lower-cases a header schema only for its own Ajv compiler).
import { afterAll, describe, expect, it } from 'vitest';
import { compiledCount } from '../src/http/compile-once.ts';
import { PROVIDER, setup, type TestApp } from './helpers.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function refusals(t: TestApp) {
  const users = await t.call('GET', '/userprofile/api/v1/user/list/active', { as: PROVIDER });
  const user = users.body[0];
  // The document's If-Match takes up to 1024 characters; its schema names it 'If-Match', the request 'if-match'.
  const longTag = await t.call('POST', '/userprofile/api/v1/user/update', {
    as: PROVIDER,
    body: { user },
    headers: { 'If-Match': `"${'x'.repeat(2000)}"` },
  });
  const unknownField = await t.call('POST', '/userprofile/api/v1/user/update', {
    as: PROVIDER,
    body: { user, extra: true },
  });
  const list = await t.call('GET', '/userprofile/api/v1/user/list/active', { as: PROVIDER });
  return { longTag: longTag.status, unknownField: unknownField.status, listed: list.body.length };
}

describe('schemas compiled once per process', () => {
  it('a second app compiles no schema, and refuses and answers as the first', async () => {
    apps.push(await setup());
    const first = await refusals(apps[0] as TestApp);
    const afterFirst = compiledCount();
    expect(afterFirst).toBeGreaterThan(50);
    apps.push(await setup());
    const second = await refusals(apps[1] as TestApp);
    expect(compiledCount()).toBe(afterFirst);
    expect(first).toMatchObject({ longTag: 400, unknownField: 400 });
    expect(first.listed).toBeGreaterThan(30);
    expect(second).toEqual(first);
  });
});
