// GET /user/{uuid}/effectiveAccess (designed): what a user ends up
// with per application and the path that grants it, resolved by the server.
import { describe, expect, it } from 'vitest';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO, UNKNOWN_UUID } from '../helpers.ts';

const t = appUnderTest();

const access = (uuid: string, as = PROVIDER, headers: Record<string, string> = {}) =>
  t.call('GET', `${API}/user/${uuid}/effectiveAccess`, { as, headers, allowUndocumented: true });

/** A seeded user (not one of the three accounts) whose business profile has application profiles. */
function userWithProfile() {
  return [...t.store.users.values()].find((u) => {
    const bp = u.businessProfileUuid ? t.store.businessProfiles.get(u.businessProfileUuid) : undefined;
    return bp && bp.appProfiles.length > 0 && u.visibilityProfileUuid && !u.username.includes('admin');
  })!;
}

describe('effective access', () => {
  it('names, per application, each role and element with the business and application profile granting it', async () => {
    const user = userWithProfile();
    const bp = t.store.businessProfiles.get(user.businessProfileUuid!)!;
    const res = await access(user.uuid);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ uuid: user.uuid, username: user.username, active: user.active });
    expect(res.body.businessProfile).toEqual({ uuid: bp.uuid, name: bp.name });
    const names = res.body.applications.map((a: { name: string }) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const apUuid of bp.appProfiles) {
      const ap = t.store.appProfiles.get(apUuid)!;
      const app = t.store.applications.get(ap.applicationUuid)!;
      const shown = res.body.applications.find((a: { uuid: string }) => a.uuid === app.uuid);
      for (const roleUuid of ap.roles) {
        const role = shown.roles.find((r: { uuid: string }) => r.uuid === roleUuid);
        expect(role.name).toBe(app.roles.find((r) => r.uuid === roleUuid)!.name);
        expect(role.grants).toContainEqual({
          businessProfile: { uuid: bp.uuid, name: bp.name },
          appProfile: { uuid: ap.uuid, name: ap.name },
        });
      }
    }
    // The user's chosen element values are on their elements.
    for (const chosen of user.elements) {
      const element = res.body.applications
        .flatMap((a: { elements: unknown[] }) => a.elements)
        .find((e: { uuid: string }) => e.uuid === chosen.uuid);
      expect(element.value).toBe(chosen.actualValue);
    }
  });

  it('shows a role once an application profile of the user’s business profile gains it, through that profile', async () => {
    const user = userWithProfile();
    const bp = t.store.businessProfiles.get(user.businessProfileUuid!)!;
    const ap = bp.appProfiles
      .map((id) => t.store.appProfiles.get(id)!)
      .find((p) => t.store.applications.get(p.applicationUuid)!.roles.some((r) => !p.roles.includes(r.uuid)))!;
    const app = t.store.applications.get(ap.applicationUuid)!;
    const role = app.roles.find((r) => !ap.roles.includes(r.uuid))!;
    const before = await access(user.uuid);
    const appBefore = before.body.applications.find((a: { uuid: string }) => a.uuid === app.uuid);
    expect(appBefore.roles.map((r: { uuid: string }) => r.uuid)).not.toContain(role.uuid);

    const view = (await t.call('GET', `${API}/profile/app/get/${ap.uuid}`, { as: PROVIDER })).body;
    const saved = await t.call('POST', `${API}/profile/app/update`, {
      as: PROVIDER,
      body: {
        uuid: ap.uuid,
        name: view.name,
        description: view.description,
        application: view.application,
        minimumRole: view.minimumRole,
        errigalCustomerCompany: view.errigalCustomerCompany,
        roles: [...view.roles, { uuid: role.uuid }].map((r: { uuid: string }) => ({ uuid: r.uuid })),
        elements: view.elements.map((e: { uuid: string }) => ({ uuid: e.uuid })),
      },
    });
    expect(saved.status).toBe(200);

    const after = await access(user.uuid);
    const gained = after.body.applications
      .find((a: { uuid: string }) => a.uuid === app.uuid)
      .roles.find((r: { uuid: string }) => r.uuid === role.uuid);
    expect(gained).toEqual({
      uuid: role.uuid,
      name: role.name,
      externalRole: role.externalRole,
      grants: [{ businessProfile: { uuid: bp.uuid, name: bp.name }, appProfile: { uuid: ap.uuid, name: ap.name } }],
    });
  });

  it('resolves the visibility profile: chosen clusters as subtree roots with the chosen clusters below, the default group marked', async () => {
    const user = userWithProfile();
    const vp = t.store.visibilityProfiles.get(user.visibilityProfileUuid!)!;
    const clusters = t.store.visibility.clusters;
    const root = [...clusters.values()].find(
      (c) => c.parentUuid === null && [...clusters.values()].some((d) => d.parentUuid === c.uuid),
    )!;
    const children = [...clusters.values()].filter((c) => c.parentUuid === root.uuid);
    const grandchildren = [...clusters.values()].filter((c) => children.some((ch) => ch.uuid === c.parentUuid));
    const group = [...t.store.visibility.clusterGroups.values()][0]!;
    vp.clusters = [root.uuid, ...children.map((c) => c.uuid), ...grandchildren.map((c) => c.uuid)];
    vp.primaryVisibilityUuid = root.uuid;
    vp.clusterGroups = [group.uuid];
    vp.defaultClusterGroupUuid = group.uuid;
    const res = await access(user.uuid);
    expect(res.body.visibility.profile).toEqual({ uuid: vp.uuid, name: vp.name });
    expect(res.body.visibility.primary).toEqual({ uuid: root.uuid, name: root.name });
    expect(res.body.visibility.clusters).toEqual([
      { uuid: root.uuid, name: root.name, descendants: children.length + grandchildren.length },
    ]);
    expect(res.body.visibility.clusterGroups).toEqual([{ uuid: group.uuid, name: group.name, default: true }]);
  });

  it('answers like the user’s GET for a user the caller cannot see: 404, and 404 for no such user', async () => {
    const otherCompany = t.store.findUserByUsername(SCO)!;
    expect((await t.call('GET', `${API}/user/${otherCompany.uuid}`, { as: CUSTOMER })).status).toBe(404);
    const res = await access(otherCompany.uuid, CUSTOMER);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(otherCompany.username);
    expect((await access(UNKNOWN_UUID)).status).toBe(404);
    // The caller's own company's user is answered.
    expect((await access(t.store.findUserByUsername(CUSTOMER)!.uuid, CUSTOMER)).status).toBe(200);
  });

  it('answers an injected fault (Prefer: code=NNN and /__mock/faults)', async () => {
    const user = userWithProfile();
    const preferred = await access(user.uuid, PROVIDER, { prefer: 'code=500' });
    expect(preferred.status).toBe(500);
    await t.app.inject({
      method: 'POST',
      url: '/__mock/faults',
      payload: { method: 'GET', path: `${API}/user/${user.uuid}/effectiveAccess`, status: 504 },
    });
    expect((await access(user.uuid)).status).toBe(504);
    expect((await access(user.uuid)).status).toBe(200);
  });
});
