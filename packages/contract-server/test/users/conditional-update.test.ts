// No save silently overwrites another, through the extension: GET /user/{uuid} answers an ETag; an update
// sending If-Match with a stale one is refused with 412 and changes nothing;
// without If-Match an update is as before (a backend-agnostic console).
import { userMessages } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER } from '../helpers.ts';

const t = appUnderTest({ seedUsers: 40 });

async function read(uuid: string) {
  const res = await t.call('GET', `${API}/user/${uuid}`, { as: PROVIDER });
  expect(res.status).toBe(200);
  return { user: res.body as Record<string, unknown>, etag: res.headers.etag as string };
}

describe('ETag / If-Match on a user', () => {
  it('a stale If-Match is refused with 412 and the newer save stays; a fresh one saves and answers the new ETag', async () => {
    const uuid = t.store.findUserByUsername(CUSTOMER)!.uuid;
    const first = await read(uuid);
    expect(first.etag).toMatch(/^"[^"]+"$/);
    expect((await read(uuid)).etag, 'the same state, the same tag').toBe(first.etag);

    const newer = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      headers: { 'if-match': first.etag },
      body: { user: { ...first.user, email: 'newer@example.com' } },
    });
    expect(newer.status, newer.text).toBe(200);
    expect(newer.headers.etag).not.toBe(first.etag);

    const stale = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      headers: { 'if-match': first.etag },
      body: { user: { ...first.user, firstName: 'Stale' } },
    });
    expect(stale.status, stale.text).toBe(412);
    expect(stale.body.message).toBe(userMessages.changedSinceRead(CUSTOMER));
    const now = t.store.users.get(uuid)!;
    expect([now.email, now.firstName]).toEqual(['newer@example.com', first.user.firstName]);

    const current = await read(uuid);
    expect(current.etag).toBe(newer.headers.etag);
    const fresh = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      headers: { 'if-match': current.etag },
      body: { user: { ...current.user, firstName: 'Fresh' } },
    });
    expect(fresh.status, fresh.text).toBe(200);
  });

  it('without If-Match (or with *) an update saves as before', async () => {
    const uuid = t.store.findUserByUsername(CUSTOMER)!.uuid;
    const { user } = await read(uuid);
    const plain = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      body: { user: { ...user, lastName: 'A' } },
    });
    expect(plain.status, plain.text).toBe(200);
    const star = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      headers: { 'if-match': '*' },
      body: { user: { ...user, lastName: 'B' } },
    });
    expect(star.status, star.text).toBe(200);
  });
});
