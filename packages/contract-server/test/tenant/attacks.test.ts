// What an outside attack run did as customer.admin (ADMIN of
// company A), replayed on the default seed: each is refused with a message
// that says why, and changes nothing. Plus the rule's other half: a change
// may not alter the access of a user the caller could not edit directly, and
// a save never moves a record into another company.
import { describe, expect, it } from 'vitest';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO, type TestApp } from '../helpers.ts';
import { accessOfAll, appProfileBody, businessProfileBody, userBody, userCsv } from './fixtures.ts';

const t = appUnderTest({ seedUsers: 300 });

const store = () => t.store;
const user = (username: string) => store().findUserByUsername(username)!;
const appProfile = (name: string) => store().appProfiles.findByName(name)!;
const businessProfile = (name: string) => store().businessProfiles.findByName(name)!;
const companyA = () => user(CUSTOMER).companyUuid!;
const companyB = () => user(SCO).companyUuid!;
const me = async (as: string) => (await t.call('GET', `${API}/me`, { as })).body;

/** Runs the write and checks it is refused with `status`, a reason, and no change anywhere. */
async function refused(status: number, write: () => ReturnType<TestApp['call']>, reason: RegExp) {
  const before = store().dump();
  const access = accessOfAll(store());
  const res = await write();
  expect(res.status, res.text).toBe(status);
  expect(res.body.message).toMatch(reason);
  expect(store().dump()).toBe(before);
  expect(accessOfAll(store())).toEqual(access);
  return res;
}

describe('what the attack run did as customer.admin is refused', () => {
  it("saving the shared 'User Profile - SCO Admin' with an extra console role: 403, sco.admin keeps its role", async () => {
    const ap = appProfile('User Profile - SCO Admin');
    const up = store().applications.get(ap.applicationUuid)!;
    const admin = up.roles.find((r) => r.name === 'ADMIN')!;
    await refused(
      403,
      () =>
        t.call('POST', `${API}/profile/app/update`, {
          as: CUSTOMER,
          body: appProfileBody(store(), ap, { roles: [...ap.roles, admin.uuid] }),
        }),
      /shared by every company.*ERRIGAL_ADMIN/i,
    );
    expect(appProfile('User Profile - SCO Admin').companyUuid).toBeNull();
    expect((await me(SCO)).roles).toEqual(['SCO_ADMIN']);
  });

  it('deleting shared application, business and visibility profiles: 403 each', async () => {
    await refused(
      403,
      () => t.call('DELETE', `${API}/profile/app/${appProfile('User Profile - SCO Admin').uuid}`, { as: CUSTOMER }),
      /shared by every company/i,
    );
    await refused(
      403,
      () => t.call('DELETE', `${API}/profile/business/${businessProfile('NOC Operators').uuid}`, { as: CUSTOMER }),
      /shared by every company/i,
    );
    const national = store().visibilityProfiles.findByName('National Visibility')!;
    await refused(
      403,
      () => t.call('DELETE', `${API}/profile/visibility/${national.uuid}`, { as: CUSTOMER }),
      /shared by every company/i,
    );
    expect((await me(SCO)).roles).toEqual(['SCO_ADMIN']);
    expect((await me(PROVIDER)).roles).toEqual(['ERRIGAL_ADMIN']);
  });

  it("adding 'User Profile - Customer Admin' to the shared 'NOC Operators': 403, nobody gains ADMIN", async () => {
    const noc = businessProfile('NOC Operators');
    const grant = appProfile('User Profile - Customer Admin');
    await refused(
      403,
      () =>
        t.call('POST', `${API}/profile/business/update`, {
          as: CUSTOMER,
          body: businessProfileBody(store(), noc, { appProfiles: [...noc.appProfiles, grant.uuid] }),
        }),
      /shared by every company/i,
    );
    expect(store().rolesGrantedBy(noc.uuid)).toEqual([]);
  });

  it('saving the company-less user ahmed.grady with a new e-mail: 403, not moved, no reset mail', async () => {
    const ahmed = user('ahmed.grady');
    expect(ahmed.companyUuid).toBeNull();
    await refused(
      403,
      () =>
        t.call('POST', `${API}/user/update`, {
          as: CUSTOMER,
          body: { user: userBody(store(), ahmed, { email: 'attacker@evil.example' }) },
        }),
      /shared by every company/i,
    );
    await refused(
      403,
      () => t.call('POST', `${API}/password/reset`, { as: CUSTOMER, body: userBody(store(), ahmed) }),
      /shared by every company/i,
    );
    await refused(
      403,
      () => t.call('POST', `${API}/user/inactivate`, { as: CUSTOMER, body: userBody(store(), ahmed) }),
      /shared by every company/i,
    );
    expect(user('ahmed.grady').companyUuid).toBeNull();
    expect(store().outbox).toEqual([]);
  });

  it('the same through a CSV import: the row is refused with its reason, nothing is imported', async () => {
    const ahmed = user('ahmed.grady');
    const res = await refused(
      400,
      () => t.upload(CUSTOMER, userCsv(store(), ahmed, { email: 'attacker@evil.example' })),
      /not valid; nothing was imported/,
    );
    expect(res.body.errors).toContainEqual({
      field: 'username',
      reason: expect.stringMatching(/shared by every company.*ERRIGAL_ADMIN/i),
      row: 1,
      line: 2,
    });
  });

  it('an unchanged row of a company-less user still imports (an export re-imports unchanged)', async () => {
    const exported = await t.call('GET', `${API}/user/export`, { as: CUSTOMER });
    expect(exported.text).toContain('ahmed.grady');
    const before = store().dump();
    const res = await t.upload(CUSTOMER, exported.text);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ created: 0, updated: 0 });
    expect(store().dump()).toBe(before);
  });
});

describe('no change may alter the access of a user the caller could not edit', () => {
  it("a company A profile that a company B user depends on: customer.admin's change is 403 and names why", async () => {
    const bp = businessProfile(`${store().companies.get(companyA())!.name} NOC Operators`);
    // provider.admin gave the company A profile to a company B user.
    const other = [...store().users.values()].find((u) => u.companyUuid === companyB())!;
    other.businessProfileUuid = bp.uuid;
    other.elements = [];
    await refused(
      403,
      () =>
        t.call('POST', `${API}/profile/business/update`, {
          as: CUSTOMER,
          body: businessProfileBody(store(), bp, { description: 'changed' }),
        }),
      /users? you may not edit/i,
    );
    await refused(
      403,
      () => t.call('DELETE', `${API}/profile/business/${bp.uuid}`, { as: CUSTOMER }),
      /users? you may not edit/i,
    );
  });

  it('a company A application profile inside a shared business profile: changing or deleting it is 403', async () => {
    const ap = appProfile(`Snmp Manager - ${store().companies.get(companyA())!.name} NOC`);
    // provider.admin put the company A application profile into a shared business profile.
    businessProfile('Planning Analysts').appProfiles.push(ap.uuid);
    await refused(
      403,
      () =>
        t.call('POST', `${API}/profile/app/update`, {
          as: CUSTOMER,
          body: appProfileBody(store(), ap, { roles: [] }),
        }),
      /business profiles? you may not change/i,
    );
    await refused(
      403,
      () => t.call('DELETE', `${API}/profile/app/${ap.uuid}`, { as: CUSTOMER }),
      /business profiles? you may not change/i,
    );
  });

  it('provider.admin may do all of it', async () => {
    const ap = appProfile('User Profile - SCO Admin');
    const res = await t.call('POST', `${API}/profile/app/update`, {
      as: PROVIDER,
      body: appProfileBody(store(), ap, { description: 'changed by the provider' }),
    });
    expect(res.status, res.text).toBe(200);
    expect(appProfile('User Profile - SCO Admin').companyUuid).toBeNull();
    const ahmed = user('ahmed.grady');
    const saved = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      body: { user: userBody(store(), ahmed, { email: 'ahmed@noc.example.com' }) },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.errigalCustomerCompany).toBeNull();
  });
});

describe('a save never moves a record into another company', () => {
  it("customer.admin naming company B on its own user or a new profile: 403, and the user's company stays", async () => {
    const own = [...store().users.values()].find(
      (u) => u.companyUuid === companyA() && u.username !== CUSTOMER && u.businessProfileUuid,
    )!;
    await refused(
      403,
      () =>
        t.call('POST', `${API}/user/update`, {
          as: CUSTOMER,
          body: { user: userBody(store(), own, { companyUuid: companyB() }) },
        }),
      /own company/i,
    );
    const ap = appProfile('Alarm Manager - Operator');
    await refused(
      403,
      () =>
        t.call('POST', `${API}/profile/business/update`, {
          as: CUSTOMER,
          body: {
            name: 'Night Shift',
            description: 'night shift',
            minimumRole: { name: 'ADMIN' },
            errigalCustomerCompany: { uuid: companyB() },
            appProfiles: [{ uuid: ap.uuid, name: ap.name, application: { uuid: ap.applicationUuid } }],
          },
        }),
      /own company/i,
    );
  });

  it('a tenant admin sending no company keeps the record where it is (new records: in its company)', async () => {
    const own = [...store().users.values()].find(
      (u) => u.companyUuid === companyA() && u.username !== CUSTOMER && u.businessProfileUuid,
    )!;
    const saved = await t.call('POST', `${API}/user/update`, {
      as: CUSTOMER,
      body: { user: userBody(store(), own, { companyUuid: null, firstName: 'Renamed' }) },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(user(own.username).companyUuid).toBe(companyA());
    const ap = appProfile('Alarm Manager - Operator');
    const created = await t.call('POST', `${API}/profile/business/update`, {
      as: CUSTOMER,
      body: {
        name: 'Night Shift',
        description: 'night shift',
        minimumRole: { name: 'ADMIN' },
        appProfiles: [{ uuid: ap.uuid, name: ap.name, application: { uuid: ap.applicationUuid } }],
      },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.errigalCustomerCompany.uuid).toBe(companyA());
  });
});
