// What a user of the real backend would notice behind the calls, so that the
// console meets no surprise there: lists, saves, conflicts, dependants, cascades, syncs, password reset.
import { compareValues } from '@userprofile/shared/list';
import { describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_MS } from '../src/store/store.ts';
import { API, apiCalls, appUnderTest } from './harness.ts';
import { CUSTOMER, PROVIDER } from './helpers.ts';

const t = appUnderTest();

const { get, post } = apiCalls(t);

describe('users', () => {
  it('active and inactive lists hold what their names say, sorted by username', async () => {
    for (const [url, active] of [
      ['/user/list/active', true],
      ['/user/list/inactive', false],
    ] as const) {
      const list = (await get(url)) as { username: string; active: boolean }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((u) => u.active === active)).toBe(true);
      // In the console's own username order, so it can insert a saved user in place.
      const names = list.map((u) => u.username);
      expect(names).toEqual([...names].sort(compareValues));
    }
  });

  it('activate answers the active list with the user in it; inactivate the inactive list', async () => {
    const user = (await get('/user/list/inactive')).find((u: { businessProfile: unknown }) => u.businessProfile);
    const view = await get(`/user/${user.uuid}`);
    const activated = await post('/user/activate', view);
    expect(activated.body.map((u: { uuid: string }) => u.uuid)).toContain(user.uuid);
    expect((await get('/user/list/inactive')).map((u: { uuid: string }) => u.uuid)).not.toContain(user.uuid);
    const inactivated = await post('/user/inactivate', view);
    expect(inactivated.body.every((u: { active: boolean }) => !u.active)).toBe(true);
    expect(inactivated.body.map((u: { uuid: string }) => u.uuid)).toContain(user.uuid);
  });

  it('a user without a business profile cannot be activated', async () => {
    const user = [...t.store.users.values()].find((u) => !u.businessProfileUuid)!;
    const res = await post('/user/activate', await get(`/user/${user.uuid}`));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('User does not have a Profile assigned');
  });

  it('a user without a business profile can still be inactivated: taking access away is always possible', async () => {
    const user = [...t.store.users.values()].find((u) => !u.businessProfileUuid && u.active);
    if (!user) throw new Error('the seed has no active user without a business profile');
    const res = await post('/user/inactivate', await get(`/user/${user.uuid}`));
    expect(res.status, res.text).toBe(200);
    expect(t.store.users.get(user.uuid)?.active).toBe(false);
  });

  it('update creates without uuid, updates with it, and 409s a taken username', async () => {
    const source = await get(`/user/username/${CUSTOMER}`);
    const { uuid, ...form } = source;
    const created = await post('/user/update', {
      user: { ...form, username: 'casey.two', email: 'casey.two@example.com' },
      clonedId: uuid,
    });
    expect(created.status).toBe(200);
    expect(created.body.uuid).not.toBe(uuid);
    // clonedId honoured: the clone starts with the original's layout codes.
    expect(t.store.users.get(created.body.uuid)?.layoutCodes).toEqual(t.store.users.get(uuid)?.layoutCodes);
    const updated = await post('/user/update', { user: { ...created.body, firstName: 'Renamed' } });
    expect(updated.body.firstName).toBe('Renamed');
    expect((await get(`/user/${created.body.uuid}`)).firstName).toBe('Renamed');
    const taken = await post('/user/update', { user: { ...form, username: 'CASEY.TWO' } });
    expect(taken.status).toBe(409);
  });

  it('the default tree is required when the business profile offers one', async () => {
    const { uuid: _u, ...form } = await get(`/user/username/${CUSTOMER}`);
    const res = await post('/user/update', { user: { ...form, username: 'no.tree', elements: [] } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      field: 'body.user.defaultTreeMustBeAssigned',
      reason: 'Please Select an Business Profile From the list',
    });
  });

  it('a saved user shows in the cached list at once', async () => {
    const before = await get('/user/list/active');
    const { uuid: _u, ...form } = await get(`/user/username/${CUSTOMER}`);
    await post('/user/update', { user: { ...form, username: 'aaa.first', email: 'aaa@example.com' } });
    const after = await get('/user/list/active');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0].username).toBe('aaa.first');
  });

  it('pullUsers answers a count; the element config lists the form tabs', async () => {
    expect(await get('/user/pullUsers')).toBe((await get('/user/list/active')).length);
    expect((await get('/user/config')).map((c: { category: string }) => c.category)).toContain('NOVA_NOVA_TREE');
  });
});

describe('profiles and applications', () => {
  it('saving a name that exists answers 409, whatever its case', async () => {
    const ap = await get(`/profile/app/get/${[...t.store.appProfiles.values()][0]!.uuid}`);
    const { uuid: _a, ...apForm } = ap;
    expect((await post('/profile/app/update', { ...apForm, name: ap.name.toUpperCase() })).status).toBe(409);
    const bp = await get(`/profile/business/get/${[...t.store.businessProfiles.values()][1]!.uuid}`);
    const { uuid: _b, ...bpForm } = bp;
    expect(
      (
        await post('/profile/business/update', {
          ...bpForm,
          appProfiles: bp.appProfiles.map(({ elements: _e, ...a }: Record<string, unknown>) => a),
        })
      ).status,
    ).toBe(409);
    const vp = await get(`/profile/visibility/get/${[...t.store.visibilityProfiles.values()][1]!.uuid}`);
    const { uuid: _v, ...vpForm } = vp;
    expect((await post('/profile/visibility/update', vpForm)).status).toBe(409);
    const app = await get(`/app/${[...t.store.applications.values()][1]!.uuid}`);
    const { uuid: _p, ...appForm } = app;
    // Responses never carry the passwords; a new application must bring them.
    const passwords = { dataPassword: 'db-secret', apiPassword: 'api-secret' };
    expect((await post('/app/update', { ...appForm, ...passwords, roles: [], elements: [] })).status).toBe(409);
    const client = await get(`/authClient/get/${(await get(`/authClient/list`))[0].uuid}`);
    const { uuid: _c, ...clientForm } = client;
    expect((await post('/authClient/update', clientForm)).status).toBe(409);
  });

  it('deleting an application deletes its application profiles and takes them out of business profiles', async () => {
    const snmp = t.store.applications.findByName('Snmp Manager')!;
    const profiles = [...t.store.appProfiles.values()]
      .filter((p) => p.applicationUuid === snmp.uuid)
      .map((p) => p.uuid);
    const users = await get(`/profile/app/${profiles[0]}/businessProfiles`);
    expect(users.length).toBeGreaterThan(0);
    expect((await t.call('DELETE', `${API}/app/${snmp.uuid}`, { as: PROVIDER })).status).toBe(204);
    const remaining = (await get('/profile/app/list')).map((p: { uuid: string }) => p.uuid);
    for (const id of profiles) expect(remaining).not.toContain(id);
    for (const bp of await get('/profile/business/list')) {
      for (const ap of bp.appProfiles) expect(profiles).not.toContain(ap.uuid);
    }
    expect((await t.call('GET', `${API}/app/${snmp.uuid}`, { as: PROVIDER })).status).toBe(404);
  });

  it('dependants: the business profiles using an app profile, the users of a business or visibility profile', async () => {
    const ap = t.store.appProfiles.findByName('Alarm Manager - Operator')!;
    const using = (await get(`/profile/app/${ap.uuid}/businessProfiles`)) as { appProfiles: { uuid: string }[] }[];
    expect(using.length).toBe(
      [...t.store.businessProfiles.values()].filter((b) => b.appProfiles.includes(ap.uuid)).length,
    );
    for (const bp of using) expect(bp.appProfiles.map((a) => a.uuid)).toContain(ap.uuid);
    const bp = t.store.businessProfiles.findByName('NOC Operators')!;
    const bpUsers = await get(`/profile/business/${bp.uuid}/users`);
    expect(bpUsers.length).toBe([...t.store.users.values()].filter((u) => u.businessProfileUuid === bp.uuid).length);
    const vp = [...t.store.visibilityProfiles.values()][0]!;
    const vpUsers = await get(`/profile/visibility/${vp.uuid}/users`);
    expect(vpUsers.every((u: { visibilityProfile: { uuid: string } }) => u.visibilityProfile.uuid === vp.uuid)).toBe(
      true,
    );
  });

  it('deleting a business profile leaves its users without one', async () => {
    const bp = t.store.businessProfiles.findByName('NOC Operators')!;
    const users = (await get(`/profile/business/${bp.uuid}/users`)).map((u: { uuid: string }) => u.uuid);
    expect((await t.call('DELETE', `${API}/profile/business/${bp.uuid}`, { as: PROVIDER })).status).toBe(204);
    for (const id of users) expect((await get(`/user/${id}`)).businessProfile).toBeNull();
  });

  it('application sync answers the updated application; every sync brings the next release', async () => {
    const inv = t.store.applications.findByName('Inventory')!;
    const body = await get(`/app/${inv.uuid}`);
    const first = (await post('/app/sync', body)).body;
    expect(first.roles.map((r: { name: string }) => r.name)).toContain('INV_AUDITOR');
    expect(first.roles.find((r: { name: string }) => r.name === 'INV_AUDITOR').externalRole).toBe(true);
    expect(first.elements.length).toBe(body.elements.length + 2);
    const second = (await post('/app/sync', first)).body;
    expect(second.elements.length).toBe(first.elements.length + 1);
    // Rows already known keep their uuid.
    expect(second.roles.map((r: { uuid: string }) => r.uuid)).toEqual(
      expect.arrayContaining(body.roles.map((r: { uuid: string }) => r.uuid)),
    );
    const all = (await post('/app/syncAll')).body;
    expect(all).toHaveLength(t.store.applications.size);
  });

  it('visibility sync per kind and all answer the count of elements synced', async () => {
    const carriers = t.store.visibility.carriers.size;
    const synced = await get('/visibility/sync/carrier');
    expect(synced).toBeGreaterThan(carriers);
    expect((await get('/visibility/set')).carriers).toHaveLength(synced);
    const v = t.store.visibility;
    const all = await get('/visibility/sync/all');
    expect(all).toBe(
      v.carriers.size +
        v.clusters.size +
        v.clusterGroups.size +
        v.networkGroups.size +
        v.neAttributes.size +
        v.venues.size,
    );
  });

  it('a visibility profile needs a primary visibility or a network group; the primary joins the clusters', async () => {
    const bad = await post('/profile/visibility/update', { name: 'Empty', minimumRole: { name: 'ADMIN' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      field: 'body.primaryVisibility',
      reason: 'Either primary visibility or a network group has to be set',
    });
    const market = [...t.store.visibility.clusters.values()].find((c) => c.name.endsWith('Market'))!;
    const ok = await post('/profile/visibility/update', {
      name: 'Market only',
      minimumRole: { name: 'ADMIN' },
      primaryVisibility: { uuid: market.uuid, name: market.name },
    });
    expect(ok.body.clusters).toEqual([{ uuid: market.uuid, name: market.name, children: [] }]);
  });
});

describe('password reset', () => {
  const tokenOf = (link: string) => (link.split('/').pop() as string).replaceAll('~', '.');
  async function resetLink(username = CUSTOMER): Promise<string> {
    const user = await get(`/user/username/${username}`);
    expect((await post('/password/reset', user)).body).toEqual({ sent: true });
    const mail = t.store.outbox.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain(mail.link);
    return mail.link as string;
  }

  it('the reset link carries the token with ~ for .; verify answers the username', async () => {
    const link = await resetLink();
    expect(link).toMatch(/\/userprofile\/password\/new\/[^.]+~[^.]+$/);
    const res = await t.call('GET', `${API}/password/token/verify/${tokenOf(link)}`);
    expect(res.body).toBe(CUSTOMER);
  });

  it('a token works once, a new token voids the older one, and tokens expire after an hour', async () => {
    const old = tokenOf(await resetLink());
    const fresh = tokenOf(await resetLink());
    expect((await t.call('GET', `${API}/password/token/verify/${old}`)).status).toBe(404);
    const body = { token: fresh, password: 'Fresh-Passw0rd', rePassword: 'Fresh-Passw0rd' };
    expect((await t.call('POST', `${API}/password/update`, { body })).status).toBe(204);
    expect((await t.call('POST', `${API}/password/update`, { body })).status).toBe(404);
    const late = tokenOf(await resetLink());
    t.clock.advance(RESET_TOKEN_TTL_MS + 1);
    try {
      expect((await t.call('GET', `${API}/password/token/verify/${late}`)).status).toBe(404);
    } finally {
      t.clock.advance(-(RESET_TOKEN_TTL_MS + 1));
    }
  });

  it('406 for the current or an earlier password; success ends the user’s sessions', async () => {
    const token = tokenOf(await resetLink());
    const same = await t.call('POST', `${API}/password/update`, {
      body: { token, password: 'Passw0rd!', rePassword: 'Passw0rd!' },
    });
    expect(same.status).toBe(406);
    expect(same.body.message).toBe('You have used this password before, please choose another password');
    const signedIn = await t.tokenFor(CUSTOMER);
    expect(
      (
        await t.call('POST', `${API}/password/update`, {
          body: { token, password: 'Second-Passw0rd', rePassword: 'Second-Passw0rd' },
        })
      ).status,
    ).toBe(204);
    expect((await t.call('GET', `${API}/me`, { headers: { authorization: `Bearer ${signedIn}` } })).status).toBe(401);
    const again = tokenOf(await resetLink());
    const reuse = await t.call('POST', `${API}/password/update`, {
      body: { token: again, password: 'Passw0rd!', rePassword: 'Passw0rd!' },
    });
    expect(reuse.status).toBe(406);
    const mismatch = await t.call('POST', `${API}/password/update`, {
      body: { token: again, password: 'Third-Passw0rd', rePassword: 'Third-Passw0rD' },
    });
    expect(mismatch.body.errors).toEqual([{ field: 'body.rePassword', reason: 'Passwords do not match' }]);
  });

  it('forgot password: the same answer for known and unknown users; only an active known one gets mail', async () => {
    const sent = t.store.outbox.length;
    expect((await post('/password/forgot', { username: 'nobody.here' }, undefined)).body).toEqual({ sent: true });
    expect(t.store.outbox).toHaveLength(sent);
    const inactive = [...t.store.users.values()].find((u) => !u.active)!;
    expect((await post('/password/forgot', { username: inactive.username })).body).toEqual({ sent: true });
    expect(t.store.outbox).toHaveLength(sent);
    expect((await post('/password/forgot', { username: CUSTOMER })).body).toEqual({ sent: true });
    expect(t.store.outbox).toHaveLength(sent + 1);
  });

  it('the template calls return HTML', async () => {
    const sentTemplate = await t.call('GET', `${API}/password/template/sent`);
    expect(sentTemplate.headers['content-type']).toMatch(/^text\/html/);
    expect(sentTemplate.text).toContain('<p>');
    expect((await t.call('GET', `${API}/password/template/complete`)).text).toContain('confirmation email');
  });
});
