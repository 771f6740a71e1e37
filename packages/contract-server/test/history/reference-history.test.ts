// What a history entry names, no more than the reader's own GETs would: the views kept are whole,
// and each reader gets them with every reference its own GET of the
// referenced record would refuse withheld, as the user's GET withholds it (a
// profile as null, a hidden application profile or element left out); the
// changes say "not shown" for a withheld side with `withheld: true`, also
// when both sides are withheld (a change between two hidden profiles is shown,
// not dropped). An auditor who sees everything reads every name.
import { randomUUID } from 'node:crypto';
import { historyTexts } from '@userprofile/shared/messages';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Caller, canSee, highestRole } from '../../src/store/access.ts';
import type { BusinessProfileRecord, UserRecord } from '../../src/store/types.ts';
import { appUnderTest } from '../harness.ts';
import { PROVIDER, SCO } from '../helpers.ts';
import {
  addAdminRoleUsers,
  addFixtures,
  appProfileBody,
  businessProfileBody,
  type Column,
  type Fixture,
  userBody,
} from '../tenant/fixtures.ts';
import { API, historyCalls } from './fixtures.ts';

const t = appUnderTest({ seedUsers: 20 });
let fx: Record<Column, Fixture>;
let admins: { hidden: UserRecord; seen: UserRecord };
beforeEach(() => {
  fx = addFixtures(t.store);
  admins = addAdminRoleUsers(t.store, fx);
});

const history = (kind: string, uuid: string, as = PROVIDER) => historyCalls(t).history(kind, uuid, as);
const NOT_SHOWN = historyTexts.profileNotShown;

/** The names of every profile the reader's GET would answer 404 for. */
function hiddenNames(as: string): string[] {
  const me = t.store.findUserByUsername(as)!;
  const caller: Caller = {
    userUuid: me.uuid,
    role: highestRole(t.store.toAccount(me).roles),
    companyUuid: me.companyUuid,
    layoutCodes: me.layoutCodes,
  };
  const all = [
    ...t.store.appProfiles.values(),
    ...t.store.businessProfiles.values(),
    ...t.store.visibilityProfiles.values(),
  ];
  return all.filter((p) => !canSee(caller, p)).map((p) => p.name);
}

async function saveUser(uuid: string, change: Partial<UserRecord>) {
  const res = await t.call('POST', `${API}/user/update`, {
    as: PROVIDER,
    body: { user: userBody(t.store, t.store.users.get(uuid)!, change) },
  });
  expect(res.status, res.text).toBe(200);
}

/** Another business profile of company B that sco.admin cannot see (minimum role ADMIN). */
function hiddenProfile(name: string): BusinessProfileRecord {
  const bp = { ...t.store.businessProfiles.get(admins.hidden.businessProfileUuid!)!, uuid: randomUUID(), name };
  t.store.businessProfiles.set(bp);
  return bp;
}

describe("a user's history names no profile the reader's GET refuses", () => {
  it('sco.admin reads the changes of a user moved between hidden and visible profiles with each hidden one "not shown"', async () => {
    const user = admins.hidden;
    const other = hiddenProfile('Tenant B Administrators other hidden');
    await saveUser(user.uuid, { lastName: 'Renamed' });
    await saveUser(user.uuid, { businessProfileUuid: other.uuid });
    await saveUser(user.uuid, { businessProfileUuid: fx.B.bp.uuid });

    const whole = await history('user', user.uuid);
    expect(whole.status).toBe(200);
    expect(whole.text).toContain('Tenant B Administrators hidden');
    expect(whole.text).toContain('Tenant B Admin Role hidden');

    const read = await history('user', user.uuid, SCO);
    expect(read.status).toBe(200);
    const hidden = hiddenNames(SCO);
    expect(hidden).toContain('Tenant B Administrators hidden');
    for (const name of hidden) expect(read.text, name).not.toContain(`"${name}"`);
    const [toVisible, hiddenToHidden, renamed] = read.body.entries;
    expect(read.body.entries).toHaveLength(3);
    expect(read.body.withheld).toBe(0);
    expect(toVisible.changes).toEqual([
      { field: 'businessProfile', label: 'Profile', from: NOT_SHOWN, to: fx.B.bp.name, withheld: true },
    ]);
    expect(toVisible.before.businessProfile).toBeNull();
    expect(toVisible.after.businessProfile.name).toBe(fx.B.bp.name);
    // Between two profiles the reader cannot see: shown, with neither named.
    expect(hiddenToHidden.changes).toEqual([
      { field: 'businessProfile', label: 'Profile', from: NOT_SHOWN, to: NOT_SHOWN, withheld: true },
    ]);
    expect(renamed.changes).toEqual([{ field: 'lastName', label: 'Last Name', from: 'B', to: 'Renamed' }]);
    expect(renamed.after.businessProfile).toBeNull();
  });

  it('a visible business profile in a user view lists only the application profiles the reader sees', async () => {
    const seenBp = t.store.businessProfiles.get(admins.seen.businessProfileUuid!)!;
    const hiddenAp = t.store.businessProfiles.get(admins.hidden.businessProfileUuid!)!.appProfiles[0]!;
    t.store.businessProfiles.set({ ...seenBp, appProfiles: [...seenBp.appProfiles, hiddenAp] });
    await saveUser(admins.seen.uuid, { lastName: 'Seen-Edited' });
    const read = await history('user', admins.seen.uuid, SCO);
    expect(read.status).toBe(200);
    const [entry] = read.body.entries;
    expect(entry.after.businessProfile.name).toBe('Tenant B Administrators seen');
    const own = (await t.call('GET', `${API}/user/${admins.seen.uuid}`, { as: SCO })).body;
    expect(read.text).not.toContain(t.store.appProfiles.get(hiddenAp)!.name);
    expect(entry.after.businessProfile.appProfiles).toEqual(own.businessProfile.appProfiles);
  });
});

describe("a business profile's history names no application profile the reader's GET refuses", () => {
  it('an application profile added or removed that sco.admin cannot see is "not shown"; provider.admin reads its name', async () => {
    const bp = fx.B.bp;
    const hiddenAp = t.store.appProfiles.get(
      t.store.businessProfiles.get(admins.hidden.businessProfileUuid!)!.appProfiles[0]!,
    )!;
    const save = (appProfiles: string[]) =>
      t.call('POST', `${API}/profile/business/update`, {
        as: PROVIDER,
        body: businessProfileBody(t.store, t.store.businessProfiles.get(bp.uuid)!, { appProfiles }),
      });
    expect((await save([bp.appProfiles[0]!, hiddenAp.uuid])).status).toBe(200);
    expect((await save([bp.appProfiles[0]!])).status).toBe(200);

    const whole = await history('businessProfile', bp.uuid);
    expect(whole.body.entries[1].changes).toEqual([
      { field: 'appProfiles', label: 'Application Profiles', added: [hiddenAp.name] },
    ]);

    const read = await history('businessProfile', bp.uuid, SCO);
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(hiddenAp.name);
    const [removed, added] = read.body.entries;
    expect(added.changes).toEqual([
      { field: 'appProfiles', label: 'Application Profiles', added: [NOT_SHOWN], withheld: true },
    ]);
    expect(added.after.appProfiles.map((a: { uuid: string }) => a.uuid)).toEqual([bp.appProfiles[0]]);
    expect(removed.changes).toEqual([
      { field: 'appProfiles', label: 'Application Profiles', removed: [NOT_SHOWN], withheld: true },
    ]);
  });
});

describe("an application profile's history names no row the reader's application GET leaves out", () => {
  it('a provider-only role added is "not shown" to sco.admin, named to provider.admin', async () => {
    const ap = fx.B.ap;
    const alarm = t.store.applications.get(ap.applicationUuid)!;
    const role = {
      uuid: randomUUID(),
      name: 'PROVIDER_ONLY_ROLE',
      category: 'ROLE',
      externalRole: false,
      minimumRole: 'ERRIGAL_ADMIN' as const,
      companyUuid: null,
    };
    t.store.applications.set({ ...alarm, roles: [...alarm.roles, role] });
    const res = await t.call('POST', `${API}/profile/app/update`, {
      as: PROVIDER,
      body: appProfileBody(t.store, ap, { roles: [...ap.roles, role.uuid] }),
    });
    expect(res.status, res.text).toBe(200);

    expect((await history('appProfile', ap.uuid)).body.entries[0].changes).toEqual([
      { field: 'roles', label: 'Roles', added: [role.name] },
    ]);
    const read = await history('appProfile', ap.uuid, SCO);
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(role.name);
    expect(read.text).not.toContain(role.uuid);
    expect(read.body.entries[0].changes).toEqual([
      { field: 'roles', label: 'Roles', added: [NOT_SHOWN], withheld: true },
    ]);
  });
});
