// A write costs what it changes, not what the store holds. The users lists are kept
// (the username order while no user is added or renamed, each row's JSON
// while its user and what it shows of others stay), and must stay byte for byte what they were when every
// answer sorted all users and serialised them again: compared here with that
// way of making them, after each of a series of writes, for three readers,
// both lists, plain and gzipped.
import { gunzipSync } from 'node:zlib';
import { compareValues } from '@userprofile/shared/list';
import { describe, expect, it } from 'vitest';
import { userListView, userReader } from '../src/routes/users.ts';
import { canSee } from '../src/store/access.ts';
import type { UserRecord } from '../src/store/types.ts';
import { API, appUnderTest } from './harness.ts';
import { CUSTOMER, callerIn, PROVIDER, SCO } from './helpers.ts';
import { appProfileBody, businessProfileBody, userBody, userCsv } from './tenant/fixtures.ts';

const t = appUnderTest({ seedUsers: 150 }, { reseedEach: false });
const store = () => t.store;

const callerOf = (username: string) => callerIn(store(), username);

/** The list as it was made before the lists were kept: every user sorted (stably, in the map's order), every row serialised. */
function madeAfresh(as: string, active: boolean): Buffer {
  const who = callerOf(as);
  const reader = userReader(store(), who);
  const sorted = [...store().users.values()].sort((a, b) => compareValues(a.username, b.username));
  const rows = sorted.filter((u) => u.active === active && canSee(who, u)).map((u) => userListView(store(), u, reader));
  return Buffer.from(JSON.stringify(rows));
}

async function raw(as: string, active: boolean, gzip: boolean) {
  return t.app.inject({
    method: 'GET',
    url: `${API}/user/list/${active ? 'active' : 'inactive'}`,
    headers: { authorization: `Bearer ${await t.tokenFor(as)}`, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) },
  });
}

async function expectListsAsMadeAfresh(step: string) {
  for (const as of [PROVIDER, CUSTOMER, SCO]) {
    for (const active of [true, false]) {
      const expected = madeAfresh(as, active);
      const plain = await raw(as, active, false);
      expect(plain.statusCode, `${step}: ${as}`).toBe(200);
      expect(plain.rawPayload.equals(expected), `${step}: ${as}, ${active ? 'active' : 'inactive'} list`).toBe(true);
      expect(plain.headers['content-length']).toBe(String(expected.length));
      const zipped = await raw(as, active, true);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).equals(expected), `${step}: ${as}, gzipped`).toBe(true);
    }
  }
}

const someUser = (pick: (u: UserRecord) => boolean) =>
  [...store().users.values()].find((u) => !u.username.endsWith('admin') && u.businessProfileUuid && pick(u))!;

const got = async (uuid: string) => (await t.call('GET', `${API}/user/${uuid}`, { as: PROVIDER })).body;

async function ok(res: Promise<{ status: number; text: string }>) {
  const r = await res;
  expect([200, 204], r.text).toContain(r.status);
}

describe('the users lists after a series of writes', () => {
  it('are byte for byte the lists made afresh, after each write', async () => {
    await expectListsAsMadeAfresh('the seed');

    const saved = someUser((u) => u.active);
    await ok(
      t.call('POST', `${API}/user/update`, {
        as: PROVIDER,
        body: { user: userBody(store(), saved, { firstName: 'Zed' }) },
      }),
    );
    await expectListsAsMadeAfresh('a one-user save');

    await ok(t.call('POST', `${API}/user/inactivate`, { as: PROVIDER, body: await got(saved.uuid) }));
    const back = someUser((u) => !u.active);
    await ok(t.call('POST', `${API}/user/activate`, { as: PROVIDER, body: await got(back.uuid) }));
    await expectListsAsMadeAfresh('an inactivate and an activate');

    // New users, of names the comparator holds equal (numeric-aware: 7 and 007) and placed between others.
    for (const username of ['tie7', 'tie007', 'Tie07', 'aaa.first', 'zzz.last', 'user5a']) {
      const body = userBody(store(), saved, {
        uuid: undefined as unknown as string,
        username,
        email: `${username}@example.com`,
      });
      await ok(t.call('POST', `${API}/user/update`, { as: PROVIDER, body: { user: body } }));
    }
    await expectListsAsMadeAfresh('new users');

    // A large write: an import of many new users and changed ones.
    const template = someUser((u) => u.active);
    const lines = [userCsv(store(), template, { firstName: 'Imported' })];
    for (let i = 0; i < 120; i++)
      lines.push(
        userCsv(store(), template, { username: `imp${i % 7}.user${119 - i}`, email: `imp${i}@example.com` }).split(
          '\r\n',
        )[1]!,
      );
    const imported = await t.upload(PROVIDER, `${lines.join('\r\n')}\r\n`);
    expect(imported.status, imported.text).toBe(200);
    await expectListsAsMadeAfresh('an import');

    // A business profile renamed: the rows of its users show the new name.
    const bp = store().businessProfiles.get(saved.businessProfileUuid!)!;
    await ok(
      t.call('POST', `${API}/profile/business/update`, {
        as: PROVIDER,
        body: businessProfileBody(store(), bp, { name: `${bp.name} Renamed` }),
      }),
    );
    await expectListsAsMadeAfresh('a business profile renamed');

    // An application profile's description: the lists read nothing of it.
    const ap = [...store().appProfiles.values()][0]!;
    await ok(
      t.call('POST', `${API}/profile/app/update`, {
        as: PROVIDER,
        body: appProfileBody(store(), ap, { description: 'Described again' }),
      }),
    );
    await expectListsAsMadeAfresh("an application profile's description");

    // A bulk action on many users.
    const many = [...store().users.values()].filter((u) => u.active && !u.username.endsWith('admin')).slice(0, 40);
    await ok(
      t.call('POST', `${API}/user/bulk`, {
        as: PROVIDER,
        body: { action: 'deactivate', uuids: many.map((u) => u.uuid) },
      }),
    );
    await expectListsAsMadeAfresh('a bulk deactivation');

    // A visibility profile deleted: its users are left without one.
    const vp = [...store().visibilityProfiles.values()].find((p) =>
      [...store().users.values()].some((u) => u.visibilityProfileUuid === p.uuid),
    )!;
    await ok(t.call('DELETE', `${API}/profile/visibility/${vp.uuid}`, { as: PROVIDER }));
    await expectListsAsMadeAfresh('a visibility profile deleted');
  });
});
