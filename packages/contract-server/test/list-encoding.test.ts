// The user lists are the hot path: their JSON is cached per scope and, for
// clients that accept it (every browser), sent gzipped from a cached copy.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../src/http/send.ts';
import { appUnderTest } from './harness.ts';
import { PROVIDER } from './helpers.ts';

const t = appUnderTest({}, { reseedEach: false });

const LIST = '/userprofile/api/v1/user/list/active';

async function rawList(acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url: LIST,
    headers: {
      authorization: `Bearer ${await t.tokenFor(PROVIDER)}`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });
}

describe('GET /user/list/active encoding', () => {
  it('is gzipped for a browser, plain otherwise, and both carry the same users', async () => {
    const plain = await rawList();
    const zipped = await rawList('gzip, deflate, br, zstd');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('reflects a write at once, in both encodings', async () => {
    const before = (await rawList()).json() as Array<{ uuid: string; username: string }>;
    const victim = before.find((u) => !u.username.endsWith('admin'));
    if (!victim) throw new Error('the seed has no plain user');
    const full = (await t.call('GET', `/userprofile/api/v1/user/${victim.uuid}`, { as: PROVIDER })).body;
    await t.call('POST', '/userprofile/api/v1/user/inactivate', { as: PROVIDER, body: full });
    const zipped = JSON.parse(gunzipSync((await rawList('gzip')).rawPayload).toString('utf8')) as Array<{
      uuid: string;
    }>;
    expect(zipped.some((u) => u.uuid === victim.uuid)).toBe(false);
    expect(zipped).toHaveLength(before.length - 1);
  });

  it('reads Accept-Encoding as RFC 9110 says', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
