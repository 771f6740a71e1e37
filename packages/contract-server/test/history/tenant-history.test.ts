// The reader matrix of the record history across companies: a record moved from one company to another shows each reader only the
// entries made while the reader could see it, says how many were withheld,
// and never shows the state it arrived from; an actor the reader cannot see
// is "another administrator"; each company's history is bounded on its own.
import { randomUUID } from 'node:crypto';
import { historyTexts } from '@userprofile/shared/messages';
import { beforeEach, describe, expect, it } from 'vitest';
import { HistoryLog, type HistoryViews } from '../../src/store/history.ts';
import type { Store } from '../../src/store/store.ts';
import type { UserRecord } from '../../src/store/types.ts';
import { appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO, setup, type TestApp } from '../helpers.ts';
import { addFixtures, businessProfileBody, type Column, type Fixture, userBody } from '../tenant/fixtures.ts';
import { API, historyCalls, type Json } from './fixtures.ts';

const t = appUnderTest({ seedUsers: 20 });
let fx: Record<Column, Fixture>;
beforeEach(() => {
  fx = addFixtures(t.store);
});

const calls = () => historyCalls(t);
const history = (kind: string, uuid: string, as = PROVIDER) => calls().history(kind, uuid, as);
const account = (username: string) => {
  const u = t.store.findUserByUsername(username)!;
  return { uuid: u.uuid, username: u.username };
};
const OTHER_ADMINISTRATOR = { withheld: true, name: historyTexts.otherAdministrator };

/** Saves the user as `as` with `change` applied to its record as it is now. */
async function saveUser(as: string, uuid: string, change: Partial<UserRecord>) {
  const res = await t.call('POST', `${API}/user/update`, {
    as,
    body: { user: userBody(t.store, t.store.users.get(uuid)!, change) },
  });
  expect(res.status, res.text).toBe(200);
}

/** Moves the user (as the provider admin) into the column's company, with that company's profiles. */
const moveTo = (uuid: string, column: Column, change: Partial<UserRecord> = {}) =>
  saveUser(PROVIDER, uuid, {
    companyUuid: fx[column].companyUuid,
    businessProfileUuid: fx[column].bp.uuid,
    visibilityProfileUuid: fx[column].vp.uuid,
    ...change,
  });

const companyName = (store: Store, column: Column) => store.companies.get(fx[column].companyUuid!)!.name;

describe('a user moved from company A to company B', () => {
  it('B’s admin reads what B could see, the arrival without the state it came from, and how many entries were withheld; A’s admin reads 404', async () => {
    const user = fx.A.user;
    await saveUser(PROVIDER, user.uuid, { lastName: 'Entered-While-A' });
    await saveUser(CUSTOMER, user.uuid, { email: 'while.a@example.com' });
    await moveTo(user.uuid, 'B', { lastName: 'Moved', email: 'moved@example.com' });
    await saveUser(SCO, user.uuid, { firstName: 'Edited-By-B' });

    // The provider admin sees the whole story.
    const all = await history('user', user.uuid);
    expect(all.status).toBe(200);
    expect(all.body.entries).toHaveLength(4);

    const read = await history('user', user.uuid, SCO);
    expect(read.status).toBe(200);
    for (const hidden of [
      companyName(t.store, 'A'),
      fx.A.bp.name,
      fx.A.vp.name,
      fx.A.companyUuid!,
      'Entered-While-A',
      'while.a@example.com',
    ])
      expect(read.text).not.toContain(hidden);
    expect(read.body.withheld).toBe(2);
    const [edit, arrival] = read.body.entries as [Json, Json];
    expect(read.body.entries).toHaveLength(2);
    expect(edit.actor).toEqual(account(SCO));
    expect(edit.changes).toEqual([{ field: 'firstName', label: 'First Name', from: 'Tenant', to: 'Edited-By-B' }]);
    // The move: the record as it arrived, nothing of what it was.
    expect(arrival.action).toBe('update');
    expect(arrival.beforeWithheld).toBe(true);
    expect(arrival.before).toBeNull();
    expect(arrival.after.errigalCustomerCompany.name).toBe(companyName(t.store, 'B'));
    const company = arrival.changes.find((c: Json) => c.field === 'errigalCustomerCompany');
    expect(company).toEqual({ field: 'errigalCustomerCompany', label: 'Company', to: companyName(t.store, 'B') });
    expect(arrival.changes.every((c: Json) => !('from' in c) && !c.removed)).toBe(true);

    // A's admin: the record is no longer A's, so its history is 404 as for any record A cannot see.
    const refused = await history('user', user.uuid, CUSTOMER);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('Edited-By-B');
    expect(all.body.withheld).toBe(0);
  });

  it('moved back to A: A’s admin reads its own period, not B’s, and the return without B’s state', async () => {
    const user = fx.A.user;
    await saveUser(CUSTOMER, user.uuid, { lastName: 'Entered-While-A' });
    await moveTo(user.uuid, 'B');
    await saveUser(SCO, user.uuid, { email: 'while.b@example.com' });
    await moveTo(user.uuid, 'A', { firstName: 'Returned', email: 'returned@example.com' });

    const read = await history('user', user.uuid, CUSTOMER);
    expect(read.status).toBe(200);
    for (const hidden of [companyName(t.store, 'B'), fx.B.bp.name, fx.B.vp.name, 'while.b@example.com'])
      expect(read.text).not.toContain(hidden);
    // The move out (its state is B's) and B's edit are withheld.
    expect(read.body.withheld).toBe(2);
    const [back, own] = read.body.entries as [Json, Json];
    expect(read.body.entries).toHaveLength(2);
    expect(back.beforeWithheld).toBe(true);
    expect(back.before).toBeNull();
    expect(back.changes).toContainEqual({ field: 'firstName', label: 'First Name', to: 'Returned' });
    expect(own.beforeWithheld).toBeUndefined();
    expect(own.changes).toEqual([{ field: 'lastName', label: 'Last Name', from: 'A', to: 'Entered-While-A' }]);
  });

  it('the withheld count is said once, on the page whose span holds them', async () => {
    const user = fx.A.user;
    await saveUser(PROVIDER, user.uuid, { lastName: 'One' });
    await saveUser(PROVIDER, user.uuid, { lastName: 'Two' });
    await moveTo(user.uuid, 'B');
    for (const name of ['Three', 'Four', 'Five']) await saveUser(SCO, user.uuid, { lastName: name });
    const page = (query: string) => calls().history('user', user.uuid, SCO, query);
    const first = await page('?limit=2');
    expect(first.body.entries.map((e: Json) => e.changes[0].to)).toEqual(['Five', 'Four']);
    expect([first.body.withheld, first.body.more]).toEqual([0, true]);
    const second = await page(`?limit=2&before=${first.body.entries[1].id}`);
    expect(second.body.entries).toHaveLength(2);
    expect(second.body.entries[1].beforeWithheld).toBe(true);
    expect([second.body.withheld, second.body.more]).toEqual([2, false]);
  });
});

describe('a record whose minimum role went above the reader’s and came back', () => {
  it('the period above the reader’s role is withheld, the return shows the record as it came back', async () => {
    const bp = fx.A.bp;
    const save = async (change: Parameters<typeof businessProfileBody>[2]) => {
      const body = businessProfileBody(t.store, t.store.businessProfiles.get(bp.uuid)!, change);
      const res = await t.call('POST', `${API}/profile/business/update`, { as: PROVIDER, body });
      expect(res.status, res.text).toBe(200);
    };
    await save({ description: 'Seen-By-A' });
    await save({ minimumRole: 'ERRIGAL_ADMIN', description: 'Provider-Only-Note' });
    await save({ minimumRole: 'ADMIN', description: 'Public-Again' });

    const read = await history('businessProfile', bp.uuid, CUSTOMER);
    expect(read.status).toBe(200);
    expect(read.text).not.toContain('Provider-Only-Note');
    expect(read.body.withheld).toBe(1);
    const [back, seen] = read.body.entries as [Json, Json];
    expect(back.beforeWithheld).toBe(true);
    expect(back.changes).toContainEqual({ field: 'minimumRole', label: 'Visible To', to: 'Customer' });
    expect(back.changes).toContainEqual({ field: 'description', label: 'Description', to: 'Public-Again' });
    expect(seen.changes).toEqual([{ field: 'description', label: 'Description', from: 'fixture', to: 'Seen-By-A' }]);
  });
});

describe('an actor outside the reader’s reach is "another administrator"', () => {
  /** An ADMIN of the column's company (a business profile of that company granting ADMIN), signed in through the store. */
  function companyAdmin(store: Store, column: Column, username: string): UserRecord {
    const grant = store.appProfiles.findByName('User Profile - Customer Admin')!;
    const bp = { ...fx[column].bp, uuid: randomUUID(), name: `Admins ${column}`, appProfiles: [grant.uuid] };
    store.businessProfiles.set(bp);
    const user: UserRecord = {
      ...fx[column].user,
      uuid: randomUUID(),
      username,
      email: `${username}@example.com`,
      minimumRole: 'ADMIN',
      businessProfileUuid: bp.uuid,
    };
    store.insertUser(user);
    return user;
  }

  it('company B’s admin syncs an application: company A’s admin reads the entry without B’s admin', async () => {
    const other = companyAdmin(t.store, 'B', 'b.admin');
    const app = t.store.applications.findByName('Inventory')!;
    const view = await calls().get(`/app/${app.uuid}`);
    const synced = await t.call('POST', `${API}/app/sync`, { as: 'b.admin', body: view });
    expect(synced.status, synced.text).toBe(200);
    const own = await t.call('POST', `${API}/app/sync`, { as: CUSTOMER, body: view });
    expect(own.status, own.text).toBe(200);

    const read = await history('application', app.uuid, CUSTOMER);
    expect(read.status).toBe(200);
    expect(read.body.entries.map((e: Json) => e.actor)).toEqual([account(CUSTOMER), OTHER_ADMINISTRATOR]);
    expect(read.text).not.toContain(other.uuid);
    expect(read.text).not.toContain('b.admin');
    // Whoever can see B's admin reads the name.
    const provider = await history('application', app.uuid);
    expect(provider.body.entries[1].actor).toEqual({ uuid: other.uuid, username: 'b.admin' });
  });

  it('the reach is the reader’s now: a colleague moved to another company since is "another administrator"', async () => {
    const colleague = companyAdmin(t.store, 'A', 'a.colleague');
    await saveUser('a.colleague', fx.A.user.uuid, { lastName: 'By-Colleague' });
    expect((await history('user', fx.A.user.uuid, CUSTOMER)).body.entries[0].actor).toEqual({
      uuid: colleague.uuid,
      username: 'a.colleague',
    });
    await moveTo(colleague.uuid, 'B');
    const read = await history('user', fx.A.user.uuid, CUSTOMER);
    expect(read.body.entries[0].actor).toEqual(OTHER_ADMINISTRATOR);
    expect(read.text).not.toContain('a.colleague');
  });
});

describe('bounded per company', () => {
  let small: TestApp;
  beforeEach(async () => {
    small = await setup({ seedUsers: 20, historyLimit: 3 });
    return () => small.close();
  });

  it('one company’s many writes evict none of another company’s entries, nor the provider-level ones', async () => {
    const f = addFixtures(small.store);
    const save = async (as: string, u: UserRecord, change: Partial<UserRecord>) => {
      const res = await small.call('POST', `${API}/user/update`, {
        as,
        body: { user: userBody(small.store, small.store.users.get(u.uuid)!, change) },
      });
      expect(res.status, res.text).toBe(200);
    };
    const read = async (kind: string, uuid: string, as = PROVIDER) => {
      const res = await small.call('GET', `${API}/history/${kind}/${uuid}`, { as });
      expect(res.status, res.text).toBe(200);
      return res.body.entries as Json[];
    };
    await save(SCO, f.B.user, { lastName: 'Kept-In-B' });
    await save(PROVIDER, f.none.user, { lastName: 'Kept-Provider-Level' });
    // Company A writes far more than the bound.
    for (let i = 1; i <= 6; i++) await save(CUSTOMER, f.A.user, { lastName: `A-${i}` });

    expect((await read('user', f.A.user.uuid)).map((e) => e.changes[0].to)).toEqual(['A-6', 'A-5', 'A-4']);
    expect((await read('user', f.B.user.uuid, SCO)).map((e) => e.changes[0].to)).toEqual(['Kept-In-B']);
    expect((await read('user', f.none.user.uuid)).map((e) => e.changes[0].to)).toEqual(['Kept-Provider-Level']);
  });
});

describe('an import under the bounds', () => {
  it('an import longer than a bound renders the rows each company’s bound keeps: the last ones of that company', () => {
    const log = new HistoryLog({} as HistoryViews, 2, Date.now);
    expect(log.keeps(['B', 'A', 'A', null, 'A'])).toEqual([true, false, true, true, true]);
  });
});
