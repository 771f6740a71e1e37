// Role and scoping rules of spec §6 / docs/roles-and-scoping.md, enforced by the
// server whatever the console hides: each of the three seeded roles,
// anonymous callers and expired tokens.
import { describe, expect, it } from 'vitest';
import { canSee } from '../src/store/access.ts';
import type { UserRecord } from '../src/store/types.ts';
import { API, appUnderTest } from './harness.ts';
import { CUSTOMER, PROVIDER, SCO, type TestApp, UNKNOWN_UUID } from './helpers.ts';
import { operations } from './openapi.ts';

const t = appUnderTest({ seedUsers: 120 });

const account = (username: string) => t.store.findUserByUsername(username)!;
const callerOf = (username: string) => {
  const a = t.store.findAccountByUsername(username)!;
  return { userUuid: a.uuid, role: a.roles[0] ?? null, companyUuid: a.companyUuid, layoutCodes: a.layoutCodes };
};
const bpNamed = (name: string) => t.store.businessProfiles.findByName(name)!;
const companyOf = (username: string) => t.store.companies.get(account(username).companyUuid!)!;
const userView = async (as: string, uuid: string) => (await t.call('GET', `${API}/user/${uuid}`, { as })).body;

function profileBody(extra: Record<string, unknown> = {}) {
  const ap = t.store.appProfiles.findByName('Alarm Manager - Operator')!;
  return {
    name: 'Regional Night Shift',
    description: 'night shift',
    minimumRole: { name: 'ADMIN' },
    appProfiles: [{ uuid: ap.uuid, name: ap.name, application: { uuid: ap.applicationUuid } }],
    ...extra,
  };
}

describe('what each role sees', () => {
  it('provider.admin (ERRIGAL_ADMIN) sees every user and every profile', async () => {
    const active = (await t.call('GET', `${API}/user/list/active`, { as: PROVIDER })).body;
    expect(active).toHaveLength([...t.store.users.values()].filter((u) => u.active).length);
    const bps = (await t.call('GET', `${API}/profile/business/list`, { as: PROVIDER })).body;
    expect(bps).toHaveLength(t.store.businessProfiles.size);
  });

  for (const username of [CUSTOMER, SCO]) {
    it(`${username} sees exactly the records its role and company allow, in lists and by uuid`, async () => {
      const caller = callerOf(username);
      const users = [...t.store.users.values()];
      const active = (await t.call('GET', `${API}/user/list/active`, { as: username })).body as { uuid: string }[];
      const expected = users.filter((u) => u.active && canSee(caller, u));
      expect(active.map((u) => u.uuid).sort()).toEqual(expected.map((u) => u.uuid).sort());
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(users.filter((u) => u.active).length);
      // Another company's user, and the provider's own account: 404 by uuid.
      const hidden = users.find((u) => !canSee(caller, u)) as UserRecord;
      expect((await t.call('GET', `${API}/user/${hidden.uuid}`, { as: username })).status).toBe(404);
      expect((await t.call('GET', `${API}/user/${account(PROVIDER).uuid}`, { as: username })).status).toBe(404);
      expect((await t.call('GET', `${API}/user/username/${PROVIDER}`, { as: username })).status).toBe(404);
      const bps = (await t.call('GET', `${API}/profile/business/list`, { as: username })).body as { name: string }[];
      expect(bps.map((b) => b.name)).not.toContain('Provider Administrators');
      for (const b of bps) expect(canSee(caller, bpNamed(b.name))).toBe(true);
      expect(
        (
          await t.call('GET', `${API}/profile/business/get/${bpNamed('Provider Administrators').uuid}`, {
            as: username,
          })
        ).status,
      ).toBe(404);
      const companies = (await t.call('GET', `${API}/errigalCustomerCompany/list`, { as: username })).body;
      expect(companies).toEqual([{ uuid: caller.companyUuid, name: companyOf(username).name }]);
    });
  }

  it('application connection settings show to ERRIGAL_ADMIN only, its passwords to nobody', async () => {
    const snmp = t.store.applications.findByName('Snmp Manager')!;
    const provider = (await t.call('GET', `${API}/app/${snmp.uuid}`, { as: PROVIDER })).body;
    const customer = (await t.call('GET', `${API}/app/${snmp.uuid}`, { as: CUSTOMER })).body;
    expect(provider.dataUsername).toBe(snmp.dataUsername);
    expect(provider).not.toHaveProperty('dataPassword');
    expect(provider).not.toHaveProperty('apiPassword');
    expect(customer).not.toHaveProperty('dataUsername');
    expect(customer).not.toHaveProperty('dataPassword');
    expect(customer).not.toHaveProperty('apiPassword');
    // Rows for ERRIGAL_ADMIN only are left out for others.
    expect(customer.roles.map((r: { name: string }) => r.name)).not.toContain('SNMP_ADMIN');
  });
});

describe('route rules', () => {
  const app = () => t.store.applications.findByName('Inventory')!;
  const restricted: {
    name: string;
    minimum: 'ADMIN' | 'ERRIGAL_ADMIN';
    call: (as: string) => ReturnType<TestApp['call']>;
  }[] = [
    {
      name: 'OAuth2 client list',
      minimum: 'ERRIGAL_ADMIN',
      call: (as) => t.call('GET', `${API}/authClient/list`, { as }),
    },
    {
      name: 'OAuth2 client save',
      minimum: 'ERRIGAL_ADMIN',
      call: (as) =>
        t.call('POST', `${API}/authClient/update`, {
          as,
          body: {
            name: 'Rogue',
            description: 'Rogue',
            allowedRedirectTarget: 'https://rogue.example.com/cb',
            clientSecret: 'x'.repeat(32),
          },
        }),
    },
    {
      name: 'application delete',
      minimum: 'ERRIGAL_ADMIN',
      call: (as) => t.call('DELETE', `${API}/app/${app().uuid}`, { as }),
    },
    {
      name: 'application save',
      minimum: 'ERRIGAL_ADMIN',
      call: async (as) => {
        const body = (await t.call('GET', `${API}/app/${app().uuid}`, { as: PROVIDER })).body;
        return t.call('POST', `${API}/app/update`, { as, body: { ...body, dataUrl: 'jdbc:evil' } });
      },
    },
    {
      name: 'application sync',
      minimum: 'ADMIN',
      call: async (as) =>
        t.call('POST', `${API}/app/sync`, {
          as,
          body: { uuid: app().uuid, name: 'Inventory', roles: [], elements: [] },
        }),
    },
    { name: 'sync all applications', minimum: 'ADMIN', call: (as) => t.call('POST', `${API}/app/syncAll`, { as }) },
    {
      name: 'visibility sync',
      minimum: 'ADMIN',
      call: (as) => t.call('GET', `${API}/visibility/sync/carrier`, { as }),
    },
    {
      name: 'business profile save',
      minimum: 'ADMIN',
      call: (as) => t.call('POST', `${API}/profile/business/update`, { as, body: profileBody() }),
    },
    {
      name: 'visibility profile delete',
      minimum: 'ADMIN',
      call: (as) =>
        t.call(
          'DELETE',
          `${API}/profile/visibility/${t.store.visibilityProfiles.findByName(`${companyOf(SCO).name} Visibility`)!.uuid}`,
          { as },
        ),
    },
  ];
  const rank = { ERRIGAL_ADMIN: 3, ADMIN: 2, SCO_ADMIN: 1 } as const;
  const roles = [
    [PROVIDER, 'ERRIGAL_ADMIN'],
    [CUSTOMER, 'ADMIN'],
    [SCO, 'SCO_ADMIN'],
  ] as const;
  for (const r of restricted) {
    for (const [username, role] of roles) {
      const allowed = rank[role] >= rank[r.minimum];
      it(`${r.name}: ${username} ${allowed ? 'may' : 'gets 403, and nothing changes'}`, async () => {
        const before = t.store.dump();
        const res = await r.call(username);
        if (allowed) expect(res.status, res.text).not.toBe(403);
        else {
          expect(res.status, res.text).toBe(403);
          expect(t.store.dump()).toBe(before);
        }
      });
    }
  }

  it('an account with no console role gets 403 everywhere but /me (and the header info)', async () => {
    const plain = [...t.store.users.values()].find(
      (u) => u.active && u.businessProfileUuid && t.store.rolesGrantedBy(u.businessProfileUuid).length === 0,
    )!;
    expect((await t.call('GET', `${API}/me`, { as: plain.username })).status).toBe(200);
    for (const url of [
      '/user/list/active',
      '/user/config',
      '/location/list',
      '/cluster/list',
      '/errigalCustomerCompany/list',
      '/profile/business/list',
      '/app/list',
      '/visibility/set',
    ]) {
      expect((await t.call('GET', `${API}${url}`, { as: plain.username })).status, url).toBe(403);
    }
  });

  it('the dependants calls need ADMIN: a SCO admin gets 403', async () => {
    const bp = bpNamed(`${companyOf(SCO).name} SCO Administrators`);
    expect((await t.call('GET', `${API}/profile/business/${bp.uuid}/users`, { as: SCO })).status).toBe(403);
    expect((await t.call('GET', `${API}/profile/business/${bp.uuid}/users`, { as: PROVIDER })).status).toBe(200);
  });

  it('every secured operation answers 401 to an anonymous caller and to an expired token', async () => {
    const token = await t.tokenFor(CUSTOMER);
    t.clock.advance(2 * 60 * 60 * 1000);
    try {
      for (const op of operations.filter((o) => o.security.length > 0)) {
        const url = op.path
          .replace('{kind}', 'carrier')
          .replace('{username}', 'nobody')
          .replace(/\{[^}]+\}/g, UNKNOWN_UUID);
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
        const anonymous = await t.call(op.method, url, { body });
        expect(anonymous.status, `${op.operationId} anonymous`).toBe(401);
        const expired = await t.call(op.method, url, { body, headers: { authorization: `Bearer ${token}` } });
        expect(expired.status, `${op.operationId} expired`).toBe(401);
      }
    } finally {
      t.clock.advance(-2 * 60 * 60 * 1000);
    }
  });
});

describe('scoped writes', () => {
  it("a customer admin's new profile is written in the admin's company; naming another company is 403", async () => {
    const other = [...t.store.companies.values()].find((c) => c.uuid !== account(CUSTOMER).companyUuid)!;
    const before = t.store.dump();
    const elsewhere = await t.call('POST', `${API}/profile/business/update`, {
      as: CUSTOMER,
      body: profileBody({ errigalCustomerCompany: { uuid: other.uuid } }),
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe('You may only write records of your own company');
    expect(t.store.dump()).toBe(before);
    const res = await t.call('POST', `${API}/profile/business/update`, { as: CUSTOMER, body: profileBody() });
    expect(res.status).toBe(200);
    expect(res.body.errigalCustomerCompany.uuid).toBe(account(CUSTOMER).companyUuid);
  });

  it('a minimum role above the caller’s own is refused (403)', async () => {
    const res = await t.call('POST', `${API}/profile/business/update`, {
      as: CUSTOMER,
      body: profileBody({ minimumRole: { name: 'ERRIGAL_ADMIN' } }),
    });
    expect(res.status).toBe(403);
  });

  it('a customer admin cannot build a business profile that grants ERRIGAL_ADMIN', async () => {
    const up = t.store.appProfiles.findByName('User Profile - Provider Admin')!;
    const res = await t.call('POST', `${API}/profile/business/update`, {
      as: CUSTOMER,
      body: profileBody({ appProfiles: [{ uuid: up.uuid, name: up.name, application: { uuid: up.applicationUuid } }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'body.appProfiles.0' });
  });

  for (const username of [CUSTOMER, SCO]) {
    it(`${username} cannot raise its own role, through the API or a CSV import`, async () => {
      const before = t.store.dump();
      const self = await userView(username, account(username).uuid);
      const provider = bpNamed('Provider Administrators');
      const api = await t.call('POST', `${API}/user/update`, {
        as: username,
        body: { user: { ...self, businessProfile: { uuid: provider.uuid, name: provider.name } } },
      });
      expect(api.status).toBe(400);
      expect(api.body.errors).toContainEqual({
        field: 'body.user.businessProfile',
        reason: 'No such business profile',
      });
      const csv = `username,email,firstName,lastName,active,businessProfile,visibilityProfile,minimumRole,NOVA_NOVA_TREE\r\n${username},${username}@example.com,Me,Myself,true,Provider Administrators,National Visibility,ERRIGAL_ADMIN,National Tree\r\n`;
      const imported = await t.upload(username, csv);
      expect(imported.status).toBe(400);
      expect(imported.body.errors.map((e: { field: string }) => e.field)).toContain('businessProfile');
      expect(t.store.dump()).toBe(before);
    });
  }

  it('a SCO admin creates users only at its own level and company', async () => {
    const bp = bpNamed(`${companyOf(SCO).name} NOC Operators`);
    const vp = t.store.visibilityProfiles.findByName(`${companyOf(SCO).name} Visibility`)!;
    const tree = [...t.store.elementsOffered(bp.uuid).values()].find((e) => e.category === 'NOVA_NOVA_TREE')!;
    const user = {
      username: 'sco.created',
      email: 'sco.created@example.com',
      firstName: 'Sco',
      lastName: 'Created',
      active: true,
      businessProfile: { uuid: bp.uuid, name: bp.name },
      visibilityProfile: { uuid: vp.uuid, name: vp.name },
      minimumRole: { name: 'ADMIN' },
      elements: [{ uuid: tree.uuid, name: tree.name, category: tree.category, actualValue: tree.name }],
    };
    const above = await t.call('POST', `${API}/user/update`, { as: SCO, body: { user } });
    expect(above.status).toBe(400);
    expect(above.body.errors).toContainEqual({
      field: 'body.user.minimumRole',
      reason: 'You may not set a minimum role above your own',
    });
    const ok = await t.call('POST', `${API}/user/update`, {
      as: SCO,
      body: { user: { ...user, minimumRole: { name: 'SCO_ADMIN' } } },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.errigalCustomerCompany.uuid).toBe(account(SCO).companyUuid);
    // And the customer admin of another company does not see that user.
    expect((await t.call('GET', `${API}/user/${ok.body.uuid}`, { as: CUSTOMER })).status).toBe(404);
  });
});
