// Access questions: "who has it" (GET /app/{uuid}/holders, its CSV
// export) and "check access" (GET /access/check) across the three roles and
// two companies, checked like the write matrix: each role against a record of
// company A (customer.admin's), of company B (sco.admin's) and of no company;
// every name an answer carries is one the reader's own GET answers, and a
// path through a record hidden from the reader makes the answer incomplete
// without naming it.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  AppProfileRecord,
  AppRow,
  BusinessProfileRecord,
  ConsoleRole,
  UserRecord,
} from '../../src/store/types.ts';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO, UNKNOWN_UUID } from '../helpers.ts';
import { addFixtures, COLUMNS, type Column, type Fixture, userBody } from './fixtures.ts';

const t = appUnderTest({ seedUsers: 30 });
const store = () => t.store;
const alarm = () => store().applications.findByName('Alarm Manager')!;

let fx: Record<Column, Fixture>;
/** A role row of Alarm Manager per column, scoped like the column's records; each fixture profile grants all three. */
let rows: Record<Column, AppRow>;

beforeEach(() => {
  rows = {} as Record<Column, AppRow>;
  fx = addFixtures(store());
  for (const column of COLUMNS) {
    const { companyUuid, user } = fx[column];
    rows[column] = {
      uuid: randomUUID(),
      name: `TENANT_ROLE_${column.toUpperCase()}`,
      externalRole: false,
      category: 'ROLE',
      minimumRole: user.minimumRole,
      companyUuid,
    };
    alarm().roles.push(rows[column]);
  }
  for (const column of COLUMNS) fx[column].ap.roles.push(...COLUMNS.map((c) => rows[c].uuid));
  // A write: the store's answers key on its version.
  store().insertUser(fx.A.user);
});

const ROLES: readonly [string, Column | null][] = [
  [PROVIDER, null],
  [CUSTOMER, 'A'],
  [SCO, 'B'],
];

const holders = (row: AppRow, as: string, query = '') =>
  t.call('GET', `${API}/app/${alarm().uuid}/holders?role=${row.uuid}${query}`, { as });
const check = (user: UserRecord, row: AppRow | { uuid: string }, as: string, kind = 'role') =>
  t.call('GET', `${API}/access/check?user=${user.uuid}&application=${alarm().uuid}&${kind}=${row.uuid}`, { as });
const status = async (url: string, as: string) => (await t.call('GET', `${API}${url}`, { as })).status;
const seesRow = async (row: AppRow, as: string) =>
  ((await t.call('GET', `${API}/app/${alarm().uuid}`, { as })).body.roles as { uuid: string }[]).some(
    (r) => r.uuid === row.uuid,
  );

/** Every uuid of the answer that names a user or profile answers the reader's own GET of that record. */
async function expectReadable(body: unknown, as: string) {
  const refs: [string, string][] = [];
  const walk = (v: unknown, key: string) => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.uuid === 'string') refs.push([key, o.uuid]);
      for (const [k, x] of Object.entries(o)) walk(x, k);
    }
  };
  walk(body, '');
  const get: Record<string, (uuid: string) => string> = {
    user: (u) => `/user/${u}`,
    businessProfile: (u) => `/profile/business/get/${u}`,
    businessProfiles: (u) => `/profile/business/get/${u}`,
    appProfile: (u) => `/profile/app/get/${u}`,
    application: (u) => `/app/${u}`,
  };
  for (const [key, uuid] of refs) {
    const url = get[key]?.(uuid);
    if (url) expect(await status(url, as), `${as} GET ${url}`).toBe(200);
  }
}

/** The names of the column's records. */
const namesOf = (column: Column) => [
  fx[column].user.username,
  fx[column].bp.name,
  fx[column].ap.name,
  rows[column].name,
];

describe('the matrix: each role × the user and the row of each column', () => {
  for (const [as, own] of ROLES) {
    for (const userColumn of COLUMNS) {
      for (const rowColumn of COLUMNS) {
        it(`${as} checks the user of ${userColumn} for the role of ${rowColumn}: the answer of its own GETs`, async () => {
          const user = fx[userColumn].user;
          const row = rows[rowColumn];
          const readable = (await status(`/user/${user.uuid}`, as)) === 200 && (await seesRow(row, as));
          const res = await check(user, row, as);
          if (!readable) {
            expect(res.status, res.text).toBe(404);
            for (const c of COLUMNS)
              if (c !== own && own !== null) for (const n of namesOf(c)) expect(res.text).not.toContain(n);
            return;
          }
          expect(res.status, res.text).toBe(200);
          expect(res.body.verdict).toBe('granted');
          expect(res.body.paths).toEqual([
            {
              businessProfile: { uuid: fx[userColumn].bp.uuid, name: fx[userColumn].bp.name },
              appProfile: { uuid: fx[userColumn].ap.uuid, name: fx[userColumn].ap.name },
            },
          ]);
          await expectReadable(res.body, as);
        });
      }
    }

    for (const rowColumn of COLUMNS) {
      it(`${as} asks who holds the role of ${rowColumn}: the users of its own GETs, nothing of another company`, async () => {
        const row = rows[rowColumn];
        const res = await holders(row, as);
        if (!(await seesRow(row, as))) {
          expect(res.status, res.text).toBe(404);
          expect(res.text).not.toContain(row.name);
          return;
        }
        expect(res.status, res.text).toBe(200);
        const listed = (res.body.holders as { user: { username: string } }[]).map((h) => h.user.username).sort();
        const expected: string[] = [];
        for (const c of COLUMNS)
          if ((await status(`/user/${fx[c].user.uuid}`, as)) === 200) expected.push(fx[c].user.username);
        expect(listed).toEqual(expected.sort());
        expect(res.body.active).toBe(expected.length);
        // Withheld: exactly the users the reader sees whose check is incomplete.
        const seen = [
          ...(await t.call('GET', `${API}/user/list/active`, { as })).body,
          ...(await t.call('GET', `${API}/user/list/inactive`, { as })).body,
        ] as UserRecord[];
        let incomplete = 0;
        for (const u of seen) if ((await check(u, row, as)).body.verdict === 'incomplete') incomplete++;
        expect(res.body.withheld).toBe(incomplete);
        if (as === PROVIDER) expect(incomplete).toBe(0);
        for (const c of COLUMNS) {
          if (expected.includes(fx[c].user.username)) continue;
          for (const n of [fx[c].user.username, fx[c].bp.name, fx[c].ap.name]) expect(res.text).not.toContain(n);
        }
        await expectReadable(res.body, as);
        const csv = await t.call('GET', `${API}/app/${alarm().uuid}/holders/export?role=${row.uuid}`, { as });
        expect(csv.status).toBe(200);
        const usernames = (parse(csv.text, { columns: true }) as { username: string }[]).map((r) => r.username);
        expect(usernames.sort()).toEqual(expected.sort());
      });
    }
  }
});

// ------------------------------------------------------------- hidden paths

/** A user of company A reaching Alarm Manager through a business or application profile `hide` makes provider-only. */
function userThroughHidden(hide: 'businessProfile' | 'appProfile', grants: boolean): UserRecord {
  const providerOnly = { minimumRole: 'ERRIGAL_ADMIN' as ConsoleRole, companyUuid: fx.A.companyUuid };
  const ap: AppProfileRecord = {
    ...fx.A.ap,
    uuid: randomUUID(),
    name: 'Secret Alarm Grant',
    roles: grants ? [rows.A.uuid] : [],
    ...(hide === 'appProfile' ? providerOnly : {}),
  };
  const bp: BusinessProfileRecord = {
    ...fx.A.bp,
    uuid: randomUUID(),
    name: hide === 'businessProfile' ? 'Secret Provider Profile' : 'Seen Company A Profile',
    appProfiles: [ap.uuid],
    ...(hide === 'businessProfile' ? providerOnly : {}),
  };
  const user: UserRecord = {
    ...fx.A.user,
    uuid: randomUUID(),
    username: 'through.hidden',
    email: 'through.hidden@example.com',
    businessProfileUuid: bp.uuid,
  };
  store().appProfiles.set(ap);
  store().businessProfiles.set(bp);
  store().insertUser(user);
  return user;
}

describe('a path through a record hidden from the reader', () => {
  for (const hide of ['businessProfile', 'appProfile'] as const) {
    it(`a hidden ${hide}: customer.admin's check is incomplete and names no hidden record; the provider's is granted`, async () => {
      const user = userThroughHidden(hide, true);
      const res = await check(user, rows.A, CUSTOMER);
      expect(res.status, res.text).toBe(200);
      expect(res.body.verdict).toBe('incomplete');
      expect(res.body.paths).toEqual([]);
      expect(res.body.wouldGrant).toEqual([]);
      expect(res.text).not.toContain('Secret');
      if (hide === 'businessProfile') expect(res.body.businessProfile).toBeNull();
      else expect(res.body.businessProfile.name).toBe('Seen Company A Profile');
      await expectReadable(res.body, CUSTOMER);

      const provider = await check(user, rows.A, PROVIDER);
      expect(provider.body.verdict).toBe('granted');
      expect(provider.body.paths[0].appProfile.name).toBe('Secret Alarm Grant');
    });

    it(`a hidden ${hide}: who has it leaves the user out and counts it withheld, whether or not the hidden profile grants the role`, async () => {
      const answers: string[] = [];
      for (const grants of [true, false]) {
        const user = userThroughHidden(hide, grants);
        const res = await holders(rows.A, CUSTOMER);
        expect(res.status).toBe(200);
        expect(res.text).not.toContain('Secret');
        expect(res.text).not.toContain(user.username);
        expect(res.body.withheld).toBe(1);
        const checked = await check(user, rows.A, CUSTOMER);
        for (const body of [res.body, checked.body])
          answers.push(JSON.stringify(body).replaceAll(user.uuid, 'USER').replaceAll(user.businessProfileUuid!, 'BP'));
        t.store.users.delete(user.uuid);
        store().insertUser(fx.A.user);
      }
      // Nothing tells the reader whether the hidden profile grants the role.
      expect(answers[0]).toBe(answers[2]);
      expect(answers[1]).toBe(answers[3]);
      const provider = await holders(rows.A, PROVIDER);
      expect(provider.body.withheld).toBe(0);
    });
  }

  it('a role the reader may not see: 404 from both calls, like the application’s answer leaving it out', async () => {
    const hidden = alarm().roles.find((r) => r.minimumRole === 'ADMIN')!;
    const user = fx.B.user;
    expect((await check(user, hidden, SCO)).status).toBe(404);
    expect((await holders(hidden, SCO)).status).toBe(404);
    expect((await holders(hidden, CUSTOMER)).status).toBe(200);
  });
});

// ------------------------------------------------------------------ verdicts

/** A seeded user of a business profile holding `Alarm Manager - Operator` (which lacks ALARM_SUPERVISOR). */
function operatorUser() {
  const ap = store().appProfiles.findByName('Alarm Manager - Operator')!;
  const bp = [...store().businessProfiles.values()].find(
    (b) => b.appProfiles.includes(ap.uuid) && b.minimumRole === 'ADMIN' && b.companyUuid === null,
  )!;
  const user = [...store().users.values()].find(
    (u) =>
      u.businessProfileUuid === bp.uuid &&
      u.active &&
      u.minimumRole !== 'ERRIGAL_ADMIN' &&
      (u.companyUuid === null || u.companyUuid === fx.A.companyUuid),
  )!;
  return { ap, bp, user };
}
const supervisor = () => alarm().roles.find((r) => r.name === 'ALARM_SUPERVISOR')!;

describe('check access: the verdict and its reason', () => {
  it('not granted: the application profile that lacks the role, and the profiles that would grant it', async () => {
    const { ap, bp, user } = operatorUser();
    const res = await check(user, supervisor(), CUSTOMER);
    expect(res.status, res.text).toBe(200);
    expect(res.body.verdict).toBe('notGranted');
    expect(res.body.missing).toEqual({
      kind: 'rowNotIncluded',
      businessProfile: { uuid: bp.uuid, name: bp.name },
      appProfile: { uuid: ap.uuid, name: ap.name },
    });
    const names = res.body.wouldGrant.map((w: { appProfile: { name: string } }) => w.appProfile.name);
    expect(names).toContain('Alarm Manager - Supervisor');
    const grantBy = res.body.wouldGrant.find(
      (w: { appProfile: { name: string } }) => w.appProfile.name === 'Alarm Manager - Supervisor',
    );
    expect(grantBy.businessProfiles.map((b: { name: string }) => b.name)).toContain('NOC Operators');
    // Provider-only business profiles using it are not named to customer.admin.
    expect(res.text).not.toContain('Provider Administrators');
    await expectReadable(res.body, CUSTOMER);
  });

  it('not granted: the business profile has no application profile for the application', async () => {
    const bp = store().businessProfiles.findByName('Planning Analysts')!;
    const user = [...store().users.values()].find((u) => u.businessProfileUuid === bp.uuid)!;
    const res = await check(user, supervisor(), PROVIDER);
    expect(res.body.verdict).toBe('notGranted');
    expect(res.body.missing).toEqual({ kind: 'noAppProfile', businessProfile: { uuid: bp.uuid, name: bp.name } });
  });

  it('not granted: the user has no business profile', async () => {
    const { user } = operatorUser();
    user.businessProfileUuid = null;
    store().insertUser(user);
    const res = await check(user, supervisor(), PROVIDER);
    expect(res.body).toMatchObject({
      verdict: 'notGranted',
      businessProfile: null,
      missing: { kind: 'noBusinessProfile' },
    });
    expect(res.body.wouldGrant.length).toBeGreaterThan(0);
  });

  it('granted by the profiles but without effect: the user is inactive', async () => {
    const { user } = operatorUser();
    const operator = alarm().roles.find((r) => r.name === 'ALARM_OPERATOR')!;
    expect((await check(user, operator, PROVIDER)).body.verdict).toBe('granted');
    user.active = false;
    store().insertUser(user);
    const res = await check(user, operator, PROVIDER);
    expect(res.body.verdict).toBe('grantedWithoutEffect');
    expect(res.body.user.active).toBe(false);
    expect(res.body.paths).toHaveLength(1);
  });

  it('checks an element as a role', async () => {
    const { ap, user } = operatorUser();
    const element = alarm().elements.find((e) => ap.elements.includes(e.uuid))!;
    const res = await check(user, element, PROVIDER, 'element');
    expect(res.body).toMatchObject({ verdict: 'granted', row: { kind: 'element', name: element.name } });
  });

  it('refuses a question without a row, with both, and answers 404 for an unknown user or application', async () => {
    const { user } = operatorUser();
    const none = await t.call('GET', `${API}/access/check?user=${user.uuid}&application=${alarm().uuid}`, {
      as: PROVIDER,
    });
    expect(none.status).toBe(400);
    const both = await t.call(
      'GET',
      `${API}/access/check?user=${user.uuid}&application=${alarm().uuid}&role=${supervisor().uuid}&element=${supervisor().uuid}`,
      { as: PROVIDER },
    );
    expect(both.status).toBe(400);
    expect((await check({ ...user, uuid: UNKNOWN_UUID }, supervisor(), PROVIDER)).status).toBe(404);
    expect(
      (
        await t.call(
          'GET',
          `${API}/access/check?user=${user.uuid}&application=${UNKNOWN_UUID}&role=${supervisor().uuid}`,
          { as: PROVIDER },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call(
          'GET',
          `${API}/access/check?user=${user.uuid}&application=${alarm().uuid}&role=${supervisor().uuid}`,
        )
      ).status,
    ).toBe(401);
  });
});

// ------------------------------------------------------------------- holders

describe('who has it', () => {
  const operator = () => alarm().roles.find((r) => r.name === 'ALARM_OPERATOR')!;
  /** The users holding ALARM_OPERATOR, straight from the records. */
  const expectedHolders = () =>
    [...store().users.values()].filter((u) => {
      const bp = u.businessProfileUuid ? store().businessProfiles.get(u.businessProfileUuid) : undefined;
      return bp?.appProfiles.some((id) => store().appProfiles.get(id)!.roles.includes(operator().uuid));
    });

  it('lists every holder with its path, sorted by username, active and inactive counted apart', async () => {
    const res = await holders(operator(), PROVIDER, '&size=500');
    expect(res.status).toBe(200);
    const all = expectedHolders();
    expect(res.body.active).toBe(all.filter((u) => u.active).length);
    expect(res.body.inactive).toBe(all.filter((u) => !u.active).length);
    expect(res.body.total).toBe(all.length);
    const usernames = res.body.holders.map((h: { user: { username: string } }) => h.user.username);
    expect(usernames).toEqual([...store().usersSorted()].filter((u) => all.includes(u)).map((u) => u.username));
    for (const h of res.body.holders as {
      user: { uuid: string };
      path: { businessProfile: { uuid: string }; appProfile: { uuid: string } };
    }[]) {
      const u = store().users.get(h.user.uuid)!;
      expect(h.path.businessProfile.uuid).toBe(u.businessProfileUuid);
      expect(store().appProfiles.get(h.path.appProfile.uuid)!.roles).toContain(operator().uuid);
    }
  });

  it('filters by status and text, and pages', async () => {
    const all = expectedHolders();
    const inactive = await holders(operator(), PROVIDER, '&status=inactive&size=500');
    expect(inactive.body.holders.every((h: { user: { active: boolean } }) => !h.user.active)).toBe(true);
    expect(inactive.body.total).toBe(all.filter((u) => !u.active).length);

    const one = all[0]!;
    const byName = await holders(operator(), PROVIDER, `&q=${encodeURIComponent(one.username.toUpperCase())}`);
    expect(byName.body.holders.map((h: { user: { username: string } }) => h.user.username)).toContain(one.username);
    const byProfile = await holders(operator(), PROVIDER, `&q=${encodeURIComponent('tenant business profile a')}`);
    expect(byProfile.body.holders.map((h: { user: { username: string } }) => h.user.username)).toEqual(['tenant.a']);

    const first = await holders(operator(), PROVIDER, '&size=2&page=1');
    const second = await holders(operator(), PROVIDER, '&size=2&page=2');
    expect(first.body).toMatchObject({ page: 1, size: 2, total: all.length });
    expect(second.body.holders[0].user.username).not.toBe(first.body.holders[1].user.username);
    const full = await holders(operator(), PROVIDER, '&size=4');
    expect([...first.body.holders, ...second.body.holders]).toEqual(full.body.holders);
  });

  it('shows a role added to an application profile for the users of every business profile using it', async () => {
    const ap = store().appProfiles.findByName('Alarm Manager - Operator')!;
    const before = await holders(supervisor(), PROVIDER, '&size=500');
    const view = (await t.call('GET', `${API}/profile/app/get/${ap.uuid}`, { as: PROVIDER })).body;
    const saved = await t.call('POST', `${API}/profile/app/update`, {
      as: PROVIDER,
      body: {
        ...view,
        roles: [...view.roles, { uuid: supervisor().uuid }].map((r: { uuid: string }) => ({ uuid: r.uuid })),
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const after = await holders(supervisor(), PROVIDER, '&size=500');
    const users = [...store().users.values()].filter((u) => {
      const bp = u.businessProfileUuid ? store().businessProfiles.get(u.businessProfileUuid) : undefined;
      return bp?.appProfiles.includes(ap.uuid);
    });
    expect(users.length).toBeGreaterThan(0);
    expect(after.body.total).toBe(before.body.total + users.length);
    for (const u of users) {
      const h = after.body.holders.find((x: { user: { uuid: string } }) => x.user.uuid === u.uuid);
      expect(h.path.appProfile).toEqual({ uuid: ap.uuid, name: ap.name });
    }
  });

  it('keeps username order through writes: a new user takes its place, a saved one shows as saved', async () => {
    const names = async (q = '') =>
      ((await holders(operator(), PROVIDER, `&size=500${q}`)).body.holders as { user: { username: string } }[]).map(
        (h) => h.user.username,
      );
    const before = await names();
    const created = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      body: {
        user: {
          ...userBody(store(), fx.A.user),
          uuid: undefined,
          username: 'aaa.first',
          email: 'aaa.first@example.com',
        },
      },
    });
    expect(created.status, created.text).toBe(200);
    expect(await names()).toEqual(['aaa.first', ...before]);
    const saved = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      body: { user: userBody(store(), store().findUserByUsername(before[0] as string)!, { lastName: 'Resaved' }) },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await names('&q=resaved')).toEqual([before[0]]);
    expect(await names()).toEqual(['aaa.first', ...before]);
  });

  it('exports the holders as CSV, formula-safe', async () => {
    const user = fx.A.user;
    user.firstName = '=HYPERLINK("http://evil.example","x")';
    user.lastName = '@SUM(1+1)';
    store().insertUser(user);
    const res = await t.call('GET', `${API}/app/${alarm().uuid}/holders/export?role=${rows.A.uuid}`, { as: PROVIDER });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain(
      'attachment; filename="Alarm_Manager-TENANT_ROLE_A-holders.csv"',
    );
    const [row] = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      username: 'tenant.a',
      firstName: `'=HYPERLINK("http://evil.example","x")`,
      lastName: "'@SUM(1+1)",
      businessProfile: fx.A.bp.name,
      appProfile: fx.A.ap.name,
      application: 'Alarm Manager',
      role: 'TENANT_ROLE_A',
    });
  });
});
