// What a user's answers name (issue 22 item 8): the user's GET, the user
// lists, the CSV export and effective access never name a profile the
// reader's own GET of that profile would refuse (404), and they tell the
// reader which users are not its to change, and why, so the console can show
// them read-only.
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Caller, canSee, highestRole } from '../../src/store/access.ts';
import type { UserRecord } from '../../src/store/types.ts';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO } from '../helpers.ts';
import { addAdminRoleUsers, addFixtures } from './fixtures.ts';

const t = appUnderTest({ seedUsers: 60 });
const store = () => t.store;
let admins: { hidden: UserRecord; seen: UserRecord };

beforeEach(() => {
  admins = addAdminRoleUsers(store(), addFixtures(store()));
});

/** The names of every profile the reader's GET would answer 404 for. */
function hiddenNames(as: string): string[] {
  const me = store().findUserByUsername(as)!;
  const caller: Caller = {
    userUuid: me.uuid,
    role: highestRole(store().toAccount(me).roles),
    companyUuid: me.companyUuid,
    layoutCodes: me.layoutCodes,
  };
  const all = [
    ...store().appProfiles.values(),
    ...store().businessProfiles.values(),
    ...store().visibilityProfiles.values(),
  ];
  return all.filter((p) => !canSee(caller, p)).map((p) => p.name);
}

/** Every answer that names a user's profiles, as the reader gets them. */
async function readerAnswers(as: string, users: UserRecord[]) {
  const json: unknown[] = [];
  for (const u of users) {
    json.push((await t.call('GET', `${API}/user/${u.uuid}`, { as })).body);
    json.push((await t.call('GET', `${API}/user/username/${u.username}`, { as })).body);
    json.push((await t.call('GET', `${API}/user/${u.uuid}/effectiveAccess`, { as })).body);
  }
  json.push((await t.call('GET', `${API}/user/list/active`, { as })).body);
  json.push((await t.call('GET', `${API}/user/list/inactive`, { as })).body);
  const csv = (await t.call('GET', `${API}/user/export`, { as })).text;
  return { json: JSON.stringify(json), cells: new Set((parse(csv) as string[][]).flat()) };
}

describe("a user's answers name only profiles the reader's own GET shows", () => {
  for (const as of [SCO, CUSTOMER, PROVIDER]) {
    it(`${as}: the user's GET, the lists, the export and effective access of every user it sees`, async () => {
      const visible = (await t.call('GET', `${API}/user/list/active`, { as })).body as { uuid: string }[];
      const users = visible.map((v) => store().users.get(v.uuid)!);
      const { json, cells } = await readerAnswers(as, users);
      const hidden = hiddenNames(as);
      if (as === SCO) expect(hidden).toContain('Tenant B Administrators hidden');
      for (const name of hidden) {
        expect(json, name).not.toContain(`"name":${JSON.stringify(name)}`);
        expect(cells.has(name), name).toBe(false);
      }
    });
  }

  it('sco.admin reads the user who holds ADMIN through a hidden profile without that profile, and read-only', async () => {
    const res = await t.call('GET', `${API}/user/${admins.hidden.uuid}`, { as: SCO });
    expect(res.status).toBe(200);
    expect(res.body.businessProfile).toBeNull();
    expect(res.body.readOnlyReason).toBe(
      "User 'tenant.b.admin.hidden' holds a profile you cannot see: only an administrator who sees it may change this user",
    );
    const listed = (await t.call('GET', `${API}/user/list/active`, { as: SCO })).body as {
      username: string;
      readOnlyReason?: string;
    }[];
    expect(listed.find((u) => u.username === admins.hidden.username)?.readOnlyReason).toBe(res.body.readOnlyReason);
    const access = (await t.call('GET', `${API}/user/${admins.hidden.uuid}/effectiveAccess`, { as: SCO })).body;
    expect(access.businessProfile).toBeNull();
    expect(access.withheld).toBe(true);
    expect(access.applications).toEqual([]);
  });

  it('sco.admin reads the user who holds ADMIN through a profile it sees with that profile, read-only', async () => {
    const res = await t.call('GET', `${API}/user/${admins.seen.uuid}`, { as: SCO });
    expect(res.body.businessProfile.name).toBe('Tenant B Administrators seen');
    const access = (await t.call('GET', `${API}/user/${admins.seen.uuid}/effectiveAccess`, { as: SCO })).body;
    expect(access.withheld).toBeUndefined();
    expect(access.businessProfile.name).toBe('Tenant B Administrators seen');
    expect(res.body.readOnlyReason).toBe(
      "User 'tenant.b.admin.seen' holds a role above your own: only an administrator at that role or above may change this user",
    );
  });

  it('a user the reader may change carries no readOnlyReason; provider.admin may change both', async () => {
    const own = (await t.call('GET', `${API}/user/username/tenant.b`, { as: SCO })).body;
    expect(own.readOnlyReason).toBeUndefined();
    for (const u of [admins.hidden, admins.seen]) {
      const res = await t.call('GET', `${API}/user/${u.uuid}`, { as: PROVIDER });
      expect(res.body.readOnlyReason).toBeUndefined();
      expect(res.body.businessProfile.name).toMatch(/^Tenant B Administrators/);
    }
  });
});
