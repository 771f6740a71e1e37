// GET /history/{kind}/{uuid} (designed): the rules of reading it —
// scoped like the records, what the reader's GET would not show left out, no
// secret or hash in any entry, bounded by HISTORY_LIMIT, paged newest first,
// fault-injectable like every call.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID } from '../../src/seed/seed.ts';
import { appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, type Response, SCO, setup, UNKNOWN_UUID } from '../helpers.ts';
import { API, appBody, appRow, historyCalls, type Json, tag } from './fixtures.ts';

// Reseeded before each test: a fresh store, a fresh history.
const t = appUnderTest();

const calls = () => historyCalls(t);
const history = (kind: string, uuid: string, as = PROVIDER, query = '') => calls().history(kind, uuid, as, query);
const get = (url: string, as = PROVIDER) => calls().get(url, as);
const ok = (method: string, url: string, body?: unknown, as = PROVIDER) => calls().ok(method, url, body, as);
const latest = (kind: string, uuid: string) => calls().latest(kind, uuid);

describe('what the reader’s GET would not show is left out', () => {
  it('a customer admin reads neither the settings nor a password change, nor rows above its role; an entry with nothing left is left out', async () => {
    const app = t.store.applications.findByName('Inventory')!;
    const view = await get(`/app/${app.uuid}`);
    await ok('POST', '/app/update', { ...view, apiHost: 'https://inventory2.example.net', dataPassword: 'Hidden-1' });
    await ok('POST', '/app/update', {
      ...(await get(`/app/${app.uuid}`)),
      roles: [
        ...view.roles,
        appRow('INVENTORY_ROOT', 'ROLE', { minimumRole: 'ERRIGAL_ADMIN' }),
        appRow('INVENTORY_AUDIT', 'ROLE'),
      ],
    });
    const provider = await history('application', app.uuid);
    expect(provider.body.entries).toHaveLength(2);
    const customer = await history('application', app.uuid, CUSTOMER);
    expect(customer.status).toBe(200);
    expect(customer.body.entries).toHaveLength(1);
    const [entry] = customer.body.entries;
    expect(entry.changes).toEqual([{ field: 'roles', label: 'Roles', added: ['INVENTORY_AUDIT'] }]);
    const text = JSON.stringify(customer.body);
    for (const hidden of ['apiHost', 'dataUrl', 'INVENTORY_ROOT', 'Hidden-1', 'dataPassword'])
      expect(text).not.toContain(hidden);
  });
  it('NE attributes and venues are left out for a reader without the layout code', async () => {
    const customer = t.store.findUserByUsername(CUSTOMER)!;
    const vp = [...t.store.visibilityProfiles.values()].find(
      (p) =>
        (p.companyUuid === null || p.companyUuid === customer.companyUuid) &&
        p.minimumRole !== 'ERRIGAL_ADMIN' &&
        [...t.store.visibility.neAttributes.keys()].some((a) => !p.neAttributes.includes(a)),
    )!;
    const view = await get(`/profile/visibility/get/${vp.uuid}`);
    const attribute = [...t.store.visibility.neAttributes.values()].find((a) => !vp.neAttributes.includes(a.uuid))!;
    await ok('POST', '/profile/visibility/update', {
      ...view,
      neAttributes: [...view.neAttributes, { uuid: attribute.uuid, name: attribute.name }],
    });
    expect((await latest('visibilityProfile', vp.uuid)).changes).toEqual([
      { field: 'neAttributes', label: 'Network Attributes', added: [attribute.name] },
    ]);
    const read = await history('visibilityProfile', vp.uuid, CUSTOMER);
    expect(read.status).toBe(200);
    expect(read.body.entries).toEqual([]);
    expect(JSON.stringify(read.body)).not.toContain(attribute.name);
  });
});

// ----------------------------------------------------------------- scoping

describe('scoped like the records', () => {
  it('a customer admin cannot read the history of another company’s record, present or deleted (404, as for no record)', async () => {
    const other = t.store.findUserByUsername(SCO)!;
    await ok('POST', '/user/update', { user: { ...(await get(`/user/${other.uuid}`)), firstName: 'Changed' } });
    expect((await history('user', other.uuid)).body.entries).toHaveLength(1);
    const refused = await history('user', other.uuid, CUSTOMER);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('Changed');

    // A business profile of the other company, deleted: its last recorded state decides.
    const ap = t.store.appProfiles.findByName('Alarm Manager - Operator')!;
    const bp = await ok('POST', '/profile/business/update', {
      name: `Other Company ${tag()}`,
      description: 'x',
      minimumRole: { name: 'SCO_ADMIN' },
      errigalCustomerCompany: { uuid: other.companyUuid },
      appProfiles: [{ uuid: ap.uuid, name: ap.name, application: { uuid: ap.applicationUuid } }],
    });
    await ok('DELETE', `/profile/business/${bp.uuid}`);
    expect((await history('businessProfile', bp.uuid)).status).toBe(200);
    expect((await history('businessProfile', bp.uuid, CUSTOMER)).status).toBe(404);
    expect((await history('businessProfile', UNKNOWN_UUID, CUSTOMER)).status).toBe(404);

    // The customer admin's own company's record is answered.
    const own = t.store.findUserByUsername(CUSTOMER)!;
    await ok('POST', '/user/update', { user: { ...(await get(`/user/${own.uuid}`)), lastName: 'Own' } }, CUSTOMER);
    const mine = await history('user', own.uuid, CUSTOMER);
    expect(mine.status).toBe(200);
    expect(mine.body.entries[0].actor.username).toBe(CUSTOMER);
  });

  it('a customer admin cannot read the effective access of another company’s user', async () => {
    const other = t.store.findUserByUsername(SCO)!;
    const res = await t.call('GET', `${API}/user/${other.uuid}/effectiveAccess`, { as: CUSTOMER });
    expect(res.status).toBe(404);
  });
});

// ----------------------------------------------------------------- secrets

describe('no secret or hash in any entry', () => {
  it('after every write that changes a secret or a password', async () => {
    const secrets = [
      'Client-Secret-abcdef0123456789-X',
      'Data-Secret-X',
      'Api-Secret-X',
      'Data-Secret-Y',
      'N3w-Passw0rd!X',
    ];
    // OAuth2 client: created, then its secret changed.
    const client = await ok('POST', '/authClient/update', {
      name: `Scan ${tag()}`,
      description: 'scan',
      clientSecret: secrets[0],
    });
    await ok('POST', '/authClient/update', { ...client, clientSecret: `${secrets[0]}2` });
    // Application: created with passwords, then one changed.
    const app = await ok('POST', '/app/update', {
      ...appBody(`Scan ${tag()}`),
      dataPassword: secrets[1],
      apiPassword: secrets[2],
    });
    await ok('POST', '/app/update', { ...(await get(`/app/${app.uuid}`)), dataPassword: secrets[3] });
    // A password reset e-mail, then the new password.
    await calls().newPasswordByLink(SCO, secrets[4]!);
    const user = t.store.findUserByUsername(SCO)!;
    // An import that changes the user with a password.
    const exported = (await t.call('GET', `${API}/user/export`, { as: PROVIDER })).text;
    const [header, ...rows] = parse(exported, { bom: true }) as string[][];
    const row = rows.find((r) => r[header!.indexOf('username')] === SCO)!;
    row[header!.indexOf('firstName')] = 'Imported';
    expect((await t.upload(PROVIDER, stringify([header, row]))).status).toBe(200);

    const read = async (kind: string, uuid: string) => (await history(kind, uuid)).body.entries as Json[];
    const entries = [
      ...(await read('authClient', client.uuid)),
      ...(await read('application', app.uuid)),
      ...(await read('user', user.uuid)),
    ];
    expect(entries.map((e) => e.action)).toEqual(['update', 'create', 'update', 'create', 'import', 'update']);
    const json = JSON.stringify(entries);
    const stored = t.store.findUserByUsername(SCO)!;
    for (const value of [...secrets, `${secrets[0]}2`, stored.passwordHash!, ...stored.passwordHistory])
      expect(json).not.toContain(value);
    for (const word of ['passwordHash', 'passwordHistory', 'scrypt']) expect(json).not.toContain(word);
    // The records as they were carry no secret field at all.
    const keys = (value: unknown): string[] =>
      value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)]) : [];
    const recorded = new Set(entries.flatMap((e) => [...keys(e.before), ...keys(e.after)]));
    for (const field of ['clientSecret', 'dataPassword', 'apiPassword', 'password'])
      expect(recorded).not.toContain(field);
    expect(entries.flatMap((e) => e.changes).filter((c: Json) => c.secret)).toEqual([
      { field: 'clientSecret', label: 'Client Secret', secret: true },
      { field: 'clientSecret', label: 'Client Secret', secret: true },
      { field: 'dataPassword', label: 'Data Password', secret: true },
      { field: 'dataPassword', label: 'Data Password', secret: true },
      { field: 'apiPassword', label: 'API Password', secret: true },
      { field: 'password', label: 'Password', secret: true },
    ]);
  });
});

// ------------------------------------------------------- bound and paging

describe('bounded, paged', () => {
  async function describeClient(times: number) {
    const client = await get(`/authClient/get/${CONSOLE_CLIENT_ID}`);
    for (let i = 1; i <= times; i++) await ok('POST', '/authClient/update', { ...client, description: `Version ${i}` });
  }

  it('pages back with before, newest first', async () => {
    await describeClient(5);
    const first = await history('authClient', CONSOLE_CLIENT_ID, PROVIDER, '?limit=2');
    const to = (page: Response) => page.body.entries.map((e: Json) => e.changes[0].to);
    expect(to(first)).toEqual(['Version 5', 'Version 4']);
    expect(first.body.more).toBe(true);
    const second = await history(
      'authClient',
      CONSOLE_CLIENT_ID,
      PROVIDER,
      `?limit=2&before=${first.body.entries[1].id}`,
    );
    expect(to(second)).toEqual(['Version 3', 'Version 2']);
    expect(second.body.more).toBe(true);
    const third = await history(
      'authClient',
      CONSOLE_CLIENT_ID,
      PROVIDER,
      `?limit=2&before=${second.body.entries[1].id}`,
    );
    expect(to(third)).toEqual(['Version 1']);
    expect(third.body.more).toBe(false);
    expect((await history('authClient', CONSOLE_CLIENT_ID, PROVIDER, '?limit=0')).status).toBe(400);
  });

  it('keeps HISTORY_LIMIT entries of a bound (here records of no company), the oldest dropped first', async () => {
    const saved = process.env.HISTORY_LIMIT;
    process.env.HISTORY_LIMIT = '3';
    const small = await setup();
    try {
      const client = (await small.call('GET', `${API}/authClient/get/${CONSOLE_CLIENT_ID}`, { as: PROVIDER })).body;
      for (let i = 1; i <= 5; i++) {
        const res = await small.call('POST', `${API}/authClient/update`, {
          as: PROVIDER,
          body: { ...client, description: `Version ${i}` },
        });
        expect(res.status).toBe(200);
      }
      const res = await small.call('GET', `${API}/history/authClient/${CONSOLE_CLIENT_ID}`, { as: PROVIDER });
      const entries = res.body.entries as Json[];
      expect(entries.map((e) => e.changes[0].to)).toEqual(['Version 5', 'Version 4', 'Version 3']);
      expect(res.body.more).toBe(false);
      // Each change starts where the one before it ended (the log keeps that view once), across the ring's wrap.
      expect(entries.map((e) => [e.before.description, e.after.description])).toEqual([
        ['Version 4', 'Version 5'],
        ['Version 3', 'Version 4'],
        ['Version 2', 'Version 3'],
      ]);
    } finally {
      if (saved === undefined) delete process.env.HISTORY_LIMIT;
      else process.env.HISTORY_LIMIT = saved;
      await small.close();
    }
  });
});

describe('fault injection', () => {
  it('answers Prefer: code=NNN and /__mock/faults', async () => {
    const url = `${API}/history/authClient/${CONSOLE_CLIENT_ID}`;
    const preferred = await t.call('GET', url, {
      as: PROVIDER,
      headers: { prefer: 'code=500' },
      allowUndocumented: true,
    });
    expect(preferred.status).toBe(500);
    await t.app.inject({ method: 'POST', url: '/__mock/faults', payload: { method: 'GET', path: url, status: 504 } });
    expect((await t.call('GET', url, { as: PROVIDER, allowUndocumented: true })).status).toBe(504);
    expect((await t.call('GET', url, { as: PROVIDER })).status).toBe(200);
  });
});
