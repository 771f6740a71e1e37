// Applications (spec §3, §4, §8; docs/wire-and-errors.md "Applications and
// OAuth2 clients"): the two passwords are
// write-only — no response carries them, an update without them keeps the
// stored ones — and rows the console adds keep the uuid it gave them.
import { describe, expect, it } from 'vitest';
import { API, appUnderTest } from './harness.ts';
import { CUSTOMER, PROVIDER } from './helpers.ts';

const t = appUnderTest();

const appNamed = (name: string) => t.store.applications.findByName(name)!;
const noPasswords = (text: string) => {
  expect(text).not.toContain('dataPassword');
  expect(text).not.toContain('apiPassword');
};

function newApplication(extra: Record<string, unknown> = {}) {
  return {
    name: 'Fault Manager',
    dataUrl: 'jdbc:postgresql://db.noc.internal:5432/fault',
    dataDriverName: 'org.postgresql.Driver',
    dataUsername: 'fault_svc',
    dataPassword: 'db-s3cret',
    apiHost: 'https://fault.noc.internal/api',
    apiAuthType: 'HTTP_BASIC',
    apiUsername: 'fault_api',
    apiPassword: 'api-s3cret',
    roles: [],
    elements: [],
    ...extra,
  };
}

describe('application passwords', () => {
  it('are in no response: list, get, save, sync and sync all, for any role', async () => {
    const snmp = appNamed('Snmp Manager');
    for (const as of [PROVIDER, CUSTOMER]) {
      noPasswords((await t.call('GET', `${API}/app/list`, { as })).text);
      const one = await t.call('GET', `${API}/app/${snmp.uuid}`, { as });
      noPasswords(one.text);
      noPasswords((await t.call('POST', `${API}/app/sync`, { as, body: one.body })).text);
      noPasswords((await t.call('POST', `${API}/app/syncAll`, { as })).text);
    }
    const created = await t.call('POST', `${API}/app/update`, { as: PROVIDER, body: newApplication() });
    expect(created.status).toBe(200);
    noPasswords(created.text);
    expect(t.store.applications.get(created.body.uuid)).toMatchObject({
      dataPassword: 'db-s3cret',
      apiPassword: 'api-s3cret',
    });
  });

  it('are kept when an update leaves them out, and replaced when it gives new ones', async () => {
    const snmp = appNamed('Snmp Manager');
    const stored = { dataPassword: snmp.dataPassword, apiPassword: snmp.apiPassword };
    const read = (await t.call('GET', `${API}/app/${snmp.uuid}`, { as: PROVIDER })).body;
    const kept = await t.call('POST', `${API}/app/update`, {
      as: PROVIDER,
      body: { ...read, dataUsername: 'snmp_reader' },
    });
    expect(kept.status).toBe(200);
    expect(appNamed('Snmp Manager')).toMatchObject({ dataUsername: 'snmp_reader', ...stored });

    const changed = await t.call('POST', `${API}/app/update`, {
      as: PROVIDER,
      body: { ...read, apiPassword: 'rotated-api-secret' },
    });
    expect(changed.status).toBe(200);
    expect(appNamed('Snmp Manager')).toMatchObject({
      dataPassword: stored.dataPassword,
      apiPassword: 'rotated-api-secret',
    });
  });

  it('are required to create an application: a 400 naming each, and nothing saved', async () => {
    const before = t.store.dump();
    const { dataPassword: _d, apiPassword: _a, ...withoutPasswords } = newApplication();
    const res = await t.call('POST', `${API}/app/update`, { as: PROVIDER, body: withoutPasswords });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'body.apiPassword',
      'body.dataPassword',
    ]);
    expect(t.store.dump()).toBe(before);
  });

  it('an over-long new password is still refused on update', async () => {
    const read = (await t.call('GET', `${API}/app/${appNamed('Inventory').uuid}`, { as: PROVIDER })).body;
    const res = await t.call('POST', `${API}/app/update`, {
      as: PROVIDER,
      body: { ...read, dataPassword: 'x'.repeat(256) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('body.dataPassword');
  });
});

describe('application rows', () => {
  it('a row the console adds keeps the uuid it gave; a row left out is deleted', async () => {
    const inventory = appNamed('Inventory');
    const read = (await t.call('GET', `${API}/app/${inventory.uuid}`, { as: PROVIDER })).body;
    const added = {
      uuid: crypto.randomUUID(),
      name: 'INVENTORY_AUDITOR',
      externalRole: false,
      category: 'ROLE',
      minimumRole: { name: 'ADMIN' },
    };
    const [dropped, ...keptRoles] = read.roles;
    const res = await t.call('POST', `${API}/app/update`, {
      as: PROVIDER,
      body: { ...read, roles: [...keptRoles, added] },
    });
    expect(res.status).toBe(200);
    const uuids = res.body.roles.map((r: { uuid: string }) => r.uuid);
    expect(uuids).toContain(added.uuid);
    expect(uuids).not.toContain(dropped.uuid);
  });

  it('the name of a saved application cannot change', async () => {
    const read = (await t.call('GET', `${API}/app/${appNamed('Inventory').uuid}`, { as: PROVIDER })).body;
    const res = await t.call('POST', `${API}/app/update`, { as: PROVIDER, body: { ...read, name: 'Stock' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('body.name');
  });
});
