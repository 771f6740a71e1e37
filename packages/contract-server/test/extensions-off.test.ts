// EXTENSIONS=off: the dev backend plays a backend that offers
// spec §7 only. Every operation the document marks `x-extension` answers 404,
// as a path such a backend does not have, before any authentication; every
// other operation still answers.
import { EXTENSIONS } from '@userprofile/shared/generated/extensions';
import { describe, expect, it } from 'vitest';
import { API, appUnderTest } from './harness.ts';
import { PROVIDER, UNKNOWN_UUID } from './helpers.ts';

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, UNKNOWN_UUID).replace('{kind}', 'user');

describe('with extensions off', () => {
  const t = appUnderTest({ extensions: false }, { reseedEach: false });

  it.each(EXTENSIONS.map((e) => [e.operationId, e.method, e.path] as const))(
    '%s (%s %s) answers 404, signed in or not',
    async (_id, method, path) => {
      const url = `/userprofile${concrete(path)}`;
      for (const as of [PROVIDER, undefined]) {
        const res = await t.call(method, url, {
          as,
          body: method === 'POST' ? {} : undefined,
          allowUndocumented: true,
        });
        expect(res.status, `${method} ${url} as ${as ?? 'anonymous'}`).toBe(404);
      }
    },
  );

  it('has no discovery metadata', async () => {
    for (const url of [
      '/.well-known/oauth-authorization-server/userprofile',
      '/userprofile/.well-known/openid-configuration',
    ]) {
      // As a browser's fetch asks: a JSON 404, never the console's page.
      const res = await t.call('GET', url, { allowUndocumented: true, headers: { Accept: '*/*' } });
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('still answers every spec call', async () => {
    for (const url of ['/user/list/active', '/profile/app/list', '/profile/business/list', '/app/list', '/me']) {
      const res = await t.call('GET', `${API}${url}`, { as: PROVIDER });
      expect(res.status, url).toBe(200);
    }
  });
});

describe('with extensions on (the default)', () => {
  const t = appUnderTest({}, { reseedEach: false });

  it('offers them', async () => {
    const res = await t.call(
      'GET',
      `${API}/access/check?user=${UNKNOWN_UUID}&app=${UNKNOWN_UUID}&kind=role&row=${UNKNOWN_UUID}`,
      {
        as: PROVIDER,
        allowUndocumented: true,
      },
    );
    expect(res.status).not.toBe(404);
    const meta = await t.call('GET', '/.well-known/oauth-authorization-server/userprofile', {
      allowUndocumented: true,
    });
    expect(meta.status).toBe(200);
  });
});

describe('conditional writes with extensions off', () => {
  const t = appUnderTest({ extensions: false }, { reseedEach: false });

  it('sends no ETag and heeds no If-Match, as a spec-only backend', async () => {
    const list = await t.call('GET', `${API}/user/list/active`, { as: PROVIDER });
    const user = list.body[0];
    const read = await t.call('GET', `${API}/user/${user.uuid}`, { as: PROVIDER });
    expect(read.headers.etag).toBeUndefined();
    const saved = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      body: { user: read.body },
      headers: { 'If-Match': '"stale"' },
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.etag).toBeUndefined();
  });
});
