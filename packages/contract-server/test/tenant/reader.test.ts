// What a user's answers name: the user's GET, the user
// lists, the CSV export and effective access never name a profile the
// reader's own GET of that profile would refuse (404), and they tell the
// reader which users are not its to change, and why, so the console can show
// them read-only.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Caller, canSee, highestRole } from '../../src/store/access.ts';
import type { UserRecord } from '../../src/store/types.ts';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO } from '../helpers.ts';
import { addAdminRoleUsers, addFixtures, type Column, type Fixture } from './fixtures.ts';

const t = appUnderTest({ seedUsers: 60 });
const store = () => t.store;
let admins: { hidden: UserRecord; seen: UserRecord };
let fx: Record<Column, Fixture>;

beforeEach(() => {
  fx = addFixtures(store());
  admins = addAdminRoleUsers(store(), fx);
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

describe("a profile's answers name only application profiles the reader's own GET shows", () => {
  for (const as of [SCO, CUSTOMER]) {
    it(`${as}: the business profile list, each business profile's GET, and the business profiles of each application profile`, async () => {
      const json: unknown[] = [];
      const profiles = (await t.call('GET', `${API}/profile/business/list`, { as })).body as { uuid: string }[];
      json.push(profiles);
      for (const p of profiles) json.push((await t.call('GET', `${API}/profile/business/get/${p.uuid}`, { as })).body);
      if (as === CUSTOMER) {
        const aps = (await t.call('GET', `${API}/profile/app/list`, { as })).body as { uuid: string }[];
        for (const ap of aps)
          json.push((await t.call('GET', `${API}/profile/app/${ap.uuid}/businessProfiles`, { as })).body);
      }
      const text = JSON.stringify(json);
      const hidden = hiddenNames(as);
      if (as === SCO) expect(hidden).toContain('User Profile - SCO Admin');
      for (const name of hidden) expect(text, name).not.toContain(`"name":${JSON.stringify(name)}`);
    });
  }

  it('customer.admin saves a business profile as its GET answers it and the application profile it cannot see stays', async () => {
    // Of another application than the profile's own (one application profile per application).
    const other = [...store().applications.values()].find((a) => a.uuid !== fx.A.ap.applicationUuid)!;
    const hidden = {
      ...fx.A.ap,
      uuid: randomUUID(),
      name: 'Tenant A Provider-only App Profile',
      applicationUuid: other.uuid,
      minimumRole: 'ERRIGAL_ADMIN' as const,
      roles: [],
    };
    store().appProfiles.set(hidden);
    const bp = fx.A.bp;
    store().businessProfiles.set({ ...bp, appProfiles: [...bp.appProfiles, hidden.uuid] });

    const got = await t.call('GET', `${API}/profile/business/get/${bp.uuid}`, { as: CUSTOMER });
    expect(got.status).toBe(200);
    expect(got.text).not.toContain(hidden.name);
    expect(got.text).not.toContain(hidden.uuid);
    const saved = await t.call('POST', `${API}/profile/business/update`, {
      as: CUSTOMER,
      body: { ...got.body, description: 'Edited by customer.admin' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).not.toContain(hidden.name);
    expect(store().businessProfiles.get(bp.uuid)!.appProfiles).toEqual([...bp.appProfiles, hidden.uuid]);
    expect(store().businessProfiles.get(bp.uuid)!.description).toBe('Edited by customer.admin');

    // A visible application profile of the kept one's application: refused, naming nothing.
    const rival = { ...hidden, uuid: randomUUID(), name: 'Tenant A Rival App Profile', minimumRole: 'ADMIN' as const };
    store().appProfiles.set(rival);
    const refused = await t.call('POST', `${API}/profile/business/update`, {
      as: CUSTOMER,
      body: {
        ...got.body,
        appProfiles: [
          ...got.body.appProfiles,
          { uuid: rival.uuid, name: rival.name, application: { uuid: other.uuid } },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Only one application profile per application');
    expect(refused.text).not.toContain(hidden.name);
    expect(refused.text).not.toContain(hidden.uuid);
    expect(store().businessProfiles.get(bp.uuid)!.appProfiles).toEqual([...bp.appProfiles, hidden.uuid]);
  });
});

describe("an application profile's answers name only the rows the reader's application GET shows", () => {
  it('customer.admin reads and saves its application profile without the provider-only role and element, which stay', async () => {
    const alarm = store().applications.get(fx.A.ap.applicationUuid)!;
    const row = (name: string, category: string) => ({
      uuid: randomUUID(),
      name,
      category,
      externalRole: false,
      minimumRole: 'ERRIGAL_ADMIN' as const,
      companyUuid: null,
    });
    const role = row('PROVIDER_ONLY_ROLE', 'ROLE');
    const element = row('Provider Only Element', alarm.elements[0]?.category ?? 'ALARM_VIEW');
    store().applications.set({ ...alarm, roles: [...alarm.roles, role], elements: [...alarm.elements, element] });
    const ap = { ...fx.A.ap, roles: [...fx.A.ap.roles, role.uuid], elements: [element.uuid] };
    store().appProfiles.set(ap);

    const answers = [
      await t.call('GET', `${API}/profile/app/get/${ap.uuid}`, { as: CUSTOMER }),
      await t.call('GET', `${API}/profile/app/list`, { as: CUSTOMER }),
      await t.call('GET', `${API}/profile/business/get/${fx.A.bp.uuid}`, { as: CUSTOMER }),
      await t.call('GET', `${API}/user/${fx.A.user.uuid}`, { as: CUSTOMER }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      for (const hidden of [role.name, role.uuid, element.name, element.uuid]) expect(res.text).not.toContain(hidden);
    }
    const got = answers[0]!.body;
    const saved = await t.call('POST', `${API}/profile/app/update`, {
      as: CUSTOMER,
      body: { ...got, description: 'Edited by customer.admin' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).not.toContain(role.name);
    const kept = store().appProfiles.get(ap.uuid)!;
    expect(kept.roles).toEqual(ap.roles);
    expect(kept.elements).toEqual(ap.elements);
    expect(kept.description).toBe('Edited by customer.admin');
  });
});
