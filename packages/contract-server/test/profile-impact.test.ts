// The impact preview (designed, beyond spec §7): before a changed profile that
// users depend on is saved, the console asks who the change reaches and what
// they gain or lose. Counts must agree with the dependants calls the delete
// confirmations use, under the same scoping; the preview changes nothing.
import { describe, expect, it } from 'vitest';
import { apiCalls, appUnderTest } from './harness.ts';
import { CUSTOMER, PROVIDER, SCO } from './helpers.ts';

const t = appUnderTest();

const { get, post } = apiCalls(t);

interface Named {
  uuid: string;
  name: string;
}
interface AppProfile extends Named {
  description?: string;
  application: Named;
  minimumRole: { name: string };
  errigalCustomerCompany?: { uuid: string } | null;
  roles: Named[];
  elements: Named[];
}
interface BusinessProfile extends Named {
  minimumRole: { name: string };
  errigalCustomerCompany?: { uuid: string } | null;
  appProfiles: (Named & { application: { uuid: string } })[];
}

/** Active and inactive users of some business profiles, counted from the dependants call. */
async function usersOf(businessProfiles: string[], as = PROVIDER) {
  let active = 0;
  let inactive = 0;
  for (const bp of businessProfiles) {
    for (const u of (await get(`/profile/business/${bp}/users`, as)) as { active: boolean }[]) {
      if (u.active) active++;
      else inactive++;
    }
  }
  return { active, inactive };
}

const appProfileNamed = async (name: string, as = PROVIDER) =>
  ((await get('/profile/app/list', as)) as AppProfile[]).find((p) => p.name === name) as AppProfile;
const businessProfileNamed = async (name: string, as = PROVIDER) =>
  ((await get('/profile/business/list', as)) as BusinessProfile[]).find((p) => p.name === name) as BusinessProfile;

function appProfileBody(p: AppProfile, change: Partial<Pick<AppProfile, 'roles' | 'elements'>> = {}) {
  return {
    uuid: p.uuid,
    name: p.name,
    description: p.description ?? null,
    application: p.application,
    minimumRole: p.minimumRole,
    errigalCustomerCompany: p.errigalCustomerCompany ? { uuid: p.errigalCustomerCompany.uuid } : null,
    roles: (change.roles ?? p.roles).map((r) => ({ uuid: r.uuid })),
    elements: (change.elements ?? p.elements).map((r) => ({ uuid: r.uuid })),
  };
}

function businessProfileBody(p: BusinessProfile, appProfiles: BusinessProfile['appProfiles']) {
  return {
    uuid: p.uuid,
    name: p.name,
    minimumRole: p.minimumRole,
    errigalCustomerCompany: p.errigalCustomerCompany ? { uuid: p.errigalCustomerCompany.uuid } : null,
    appProfiles: appProfiles.map((a) => ({ uuid: a.uuid, name: a.name, application: { uuid: a.application.uuid } })),
  };
}

describe('application profile impact', () => {
  it('reaches the users of every business profile using it; names the role lost; changes nothing', async () => {
    const profile = await appProfileNamed('Alarm Manager - Supervisor');
    const using = ((await get(`/profile/app/${profile.uuid}/businessProfiles`)) as Named[]).map((b) => b.uuid);
    expect(using.length).toBeGreaterThan(1);
    const expected = await usersOf(using);
    expect(expected.active + expected.inactive).toBeGreaterThan(0);

    const dropped = profile.roles.find((r) => r.name === 'ALARM_SUPERVISOR') as Named;
    const before = t.store.dump();
    const res = await post(
      '/profile/app/impact',
      appProfileBody(profile, { roles: profile.roles.filter((r) => r !== dropped) }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      activeUsers: expected.active,
      inactiveUsers: expected.inactive,
      businessProfiles: using.length,
      rolesGained: [],
      elementsGained: [],
      elementsLost: [],
    });
    expect(res.body.rolesLost).toEqual([
      expect.objectContaining({ uuid: dropped.uuid, name: 'ALARM_SUPERVISOR', application: profile.application }),
    ]);
    expect(t.store.dump()).toBe(before);
  });

  it('names the elements gained, with their application and category', async () => {
    const profile = await appProfileNamed('Alarm Manager - Operator');
    const app = await get(`/app/${profile.application.uuid}`);
    const extra = (app.elements as (Named & { category: string })[]).filter(
      (e) => !profile.elements.some((p) => p.uuid === e.uuid),
    );
    expect(extra.length).toBeGreaterThan(0);
    const res = await post(
      '/profile/app/impact',
      appProfileBody(profile, { elements: [...profile.elements, ...extra] }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.elementsGained.map((e: Named) => e.uuid).sort()).toEqual(extra.map((e) => e.uuid).sort());
    expect(res.body.elementsGained[0]).toMatchObject({
      category: expect.any(String),
      application: profile.application,
    });
    expect(res.body.elementsLost).toEqual([]);
  });

  it('a new profile reaches nobody', async () => {
    const profile = await appProfileNamed('Alarm Manager - Operator');
    const { uuid: _uuid, ...body } = appProfileBody(profile);
    const res = await post('/profile/app/impact', { ...body, name: 'Alarm Manager - Brand New' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ activeUsers: 0, inactiveUsers: 0, businessProfiles: 0, rolesGained: [] });
  });

  it('is checked like the save: a taken name is 409, a bad field 400, and nothing changes', async () => {
    const profile = await appProfileNamed('Alarm Manager - Operator');
    const before = t.store.dump();
    const taken = await post('/profile/app/impact', { ...appProfileBody(profile), name: 'Alarm Manager - Supervisor' });
    expect(taken.status).toBe(409);
    const bad = await post('/profile/app/impact', { ...appProfileBody(profile), name: '' });
    expect(bad.status).toBe(400);
    expect(t.store.dump()).toBe(before);
  });
});

describe('business profile impact', () => {
  it('counts its users as the dependants call does, and names what swapping an app profile gains and loses', async () => {
    const bp = await businessProfileNamed('Provider Administrators');
    const expected = await usersOf([bp.uuid]);
    expect(expected.active + expected.inactive).toBeGreaterThan(0);
    const operator = await appProfileNamed('Alarm Manager - Operator');
    const supervisor = await appProfileNamed('Alarm Manager - Supervisor');
    const swapped = bp.appProfiles.map((a) => (a.uuid === supervisor.uuid ? operator : a));
    expect(swapped).toContain(operator);

    const res = await post('/profile/business/impact', businessProfileBody(bp, swapped));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      activeUsers: expected.active,
      inactiveUsers: expected.inactive,
      businessProfiles: 1,
      rolesGained: [],
    });
    expect(res.body.rolesLost.map((r: Named) => r.name)).toEqual(['ALARM_SUPERVISOR']);
    const lostElements = supervisor.elements.filter((e) => !operator.elements.some((o) => o.uuid === e.uuid));
    expect(res.body.elementsLost.map((e: Named) => e.uuid).sort()).toEqual(lostElements.map((e) => e.uuid).sort());
    expect(res.body.elementsGained).toEqual([]);
  });

  it('an unchanged profile reaches its users but gains and loses nothing', async () => {
    const bp = await businessProfileNamed('Provider Administrators');
    const res = await post('/profile/business/impact', businessProfileBody(bp, bp.appProfiles));
    expect(res.status, res.text).toBe(200);
    expect(res.body.activeUsers + res.body.inactiveUsers).toBeGreaterThan(0);
    expect([
      ...res.body.rolesGained,
      ...res.body.rolesLost,
      ...res.body.elementsGained,
      ...res.body.elementsLost,
    ]).toEqual([]);
  });
});

describe('one application profile per application', () => {
  it('the save and the preview refuse a second app profile of one application, naming it', async () => {
    const bp = await businessProfileNamed('Provider Administrators');
    const operator = await appProfileNamed('Alarm Manager - Operator');
    const body = businessProfileBody(bp, [...bp.appProfiles, operator]);
    const field = `body.appProfiles.${bp.appProfiles.length}.appUUID`;
    for (const url of ['/profile/business/update', '/profile/business/impact']) {
      const res = await post(url, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toContainEqual({ field, reason: 'Only one application profile per application' });
    }
  });
});

describe('scoping', () => {
  it("a customer admin's preview counts only the users it sees, like its dependants calls", async () => {
    const profiles = (await get('/profile/business/list', CUSTOMER)) as BusinessProfile[];
    const own = profiles.find((p) => p.errigalCustomerCompany) as BusinessProfile;
    expect(own).toBeDefined();
    const res = await post('/profile/business/impact', businessProfileBody(own, own.appProfiles), CUSTOMER);
    expect(res.status, res.text).toBe(200);
    const expected = await usersOf([own.uuid], CUSTOMER);
    expect({ active: res.body.activeUsers, inactive: res.body.inactiveUsers }).toEqual(expected);
    // The provider sees at least as many users of it.
    const all = await usersOf([own.uuid]);
    expect(all.active + all.inactive).toBeGreaterThanOrEqual(expected.active + expected.inactive);
  });

  it('a profile the caller cannot see is 404, and SCO_ADMIN may not preview at all', async () => {
    const provider = await businessProfileNamed('Provider Administrators');
    const hidden = await post(
      '/profile/business/impact',
      businessProfileBody(provider, provider.appProfiles),
      CUSTOMER,
    );
    expect(hidden.status).toBe(404);
    const sco = await post('/profile/business/impact', businessProfileBody(provider, provider.appProfiles), SCO);
    expect(sco.status).toBe(403);
  });
});
