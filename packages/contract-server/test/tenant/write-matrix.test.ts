// The write rule of docs/roles-and-scoping.md ("Writes"), over every write call of
// spec §7 × each seeded role × a record of company A (customer.admin's),
// company B (sco.admin's) and none (provider level). A write is allowed when
// the caller may change the record (ERRIGAL_ADMIN: any; a tenant admin: its
// own company's), 403 when the record is visible but not the caller's to
// change, 404 when it is invisible; a refused write changes nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { roleRank } from '../../src/store/access.ts';
import type { ConsoleRole } from '../../src/store/types.ts';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, type Response, SCO } from '../helpers.ts';
import {
  accessOfAll,
  addAdminRoleUsers,
  addFixtures,
  appProfileBody,
  businessProfileBody,
  COLUMNS,
  type Column,
  type Fixture,
  userBody,
  userCsv,
  visibilityProfileBody,
} from './fixtures.ts';

const t = appUnderTest({ seedUsers: 20 });
let fx: Record<Column, Fixture>;
beforeEach(() => {
  fx = addFixtures(t.store);
});

const ROLES: readonly [string, ConsoleRole, Column | null][] = [
  [PROVIDER, 'ERRIGAL_ADMIN', null],
  [CUSTOMER, 'ADMIN', 'A'],
  [SCO, 'SCO_ADMIN', 'B'],
];

/** Who may call at all (docs/roles-and-scoping.md "Route rules"). */
const AREA_MINIMUM = { users: 'SCO_ADMIN', profiles: 'ADMIN', appSync: 'ADMIN', appWrite: 'ERRIGAL_ADMIN' } as const;

interface WriteCall {
  name: string;
  area: keyof typeof AREA_MINIMUM;
  /** The record lives in a column (scoped records) or has no company at all (applications, clients, sync). */
  scoped: boolean;
  /** Answer of an allowed call. */
  ok: number;
  /** Refusals of the import are row errors of the file (400), whatever the reason. */
  refusedAs?: number;
  /** Where a refusal is not an error answer (the bulk call's per-row results): the reason it gives. */
  refusal?: (res: Response) => string;
  prepare?: (f: Fixture) => void;
  run: (as: string, f: Fixture) => Promise<Response>;
  /** After an allowed call: what the call did. */
  done?: (f: Fixture, res: Response) => void;
}

const store = () => t.store;
const app = (name: string) => store().applications.findByName(name)!;
const client = () => [...store().clients.values()].find((c) => c.name !== 'User Profile Console')!;

const calls: WriteCall[] = [
  {
    name: 'POST /user/update (new e-mail)',
    area: 'users',
    scoped: true,
    ok: 200,
    run: (as, f) =>
      t.call('POST', `${API}/user/update`, {
        as,
        body: { user: userBody(store(), f.user, { email: 'changed@example.com' }) },
      }),
    done: (f) => expect(store().users.get(f.user.uuid)!.email).toBe('changed@example.com'),
  },
  {
    name: 'POST /user/{uuid}/unlock',
    area: 'users',
    scoped: true,
    ok: 200,
    run: (as, f) => t.call('POST', `${API}/user/${f.user.uuid}/unlock`, { as }),
  },
  {
    name: 'POST /user/{uuid}/logoutAll',
    area: 'users',
    scoped: true,
    ok: 200,
    run: (as, f) => t.call('POST', `${API}/user/${f.user.uuid}/logoutAll`, { as }),
  },
  {
    name: 'POST /user/{uuid}/sessions/{sessionId}/logout',
    area: 'users',
    scoped: true,
    ok: 200,
    run: (as, f) => t.call('POST', `${API}/user/${f.user.uuid}/sessions/no-such-session/logout`, { as }),
  },
  {
    name: 'POST /user/inactivate',
    area: 'users',
    scoped: true,
    ok: 200,
    run: (as, f) => t.call('POST', `${API}/user/inactivate`, { as, body: userBody(store(), f.user) }),
    done: (f) => expect(store().users.get(f.user.uuid)!.active).toBe(false),
  },
  {
    name: 'POST /user/activate',
    area: 'users',
    scoped: true,
    ok: 200,
    prepare: (f) => {
      f.user.active = false;
    },
    run: (as, f) => t.call('POST', `${API}/user/activate`, { as, body: userBody(store(), f.user) }),
    done: (f) => expect(store().users.get(f.user.uuid)!.active).toBe(true),
  },
  {
    name: 'POST /user/import (a row with a new e-mail)',
    area: 'users',
    scoped: true,
    ok: 200,
    refusedAs: 400,
    run: (as, f) => t.upload(as, userCsv(store(), f.user, { email: 'imported@example.com' })),
    done: (f, res) => {
      expect(res.body).toEqual({ created: 0, updated: 1 });
      expect(store().users.get(f.user.uuid)!.email).toBe('imported@example.com');
    },
  },
  {
    name: 'POST /user/bulk (deactivate one user)',
    area: 'users',
    scoped: true,
    ok: 200,
    refusedAs: 200,
    refusal: (res) => {
      expect(res.body).toMatchObject({ done: 0, refused: 1 });
      return res.body.results[0].reason;
    },
    run: (as, f) => t.call('POST', `${API}/user/bulk`, { as, body: { action: 'deactivate', uuids: [f.user.uuid] } }),
    done: (f, res) => {
      expect(res.body).toMatchObject({ done: 1, refused: 0 });
      expect(store().users.get(f.user.uuid)!.active).toBe(false);
    },
  },
  {
    name: 'POST /password/reset (from the user screen)',
    area: 'users',
    scoped: true,
    ok: 200,
    run: (as, f) => t.call('POST', `${API}/password/reset`, { as, body: userBody(store(), f.user) }),
    done: (f) => expect(store().outbox.at(-1)?.to).toBe(f.user.email),
  },
  {
    name: 'POST /profile/app/update',
    area: 'profiles',
    scoped: true,
    ok: 200,
    run: (as, f) =>
      t.call('POST', `${API}/profile/app/update`, {
        as,
        body: appProfileBody(store(), f.ap, { description: 'changed' }),
      }),
    done: (f) => expect(store().appProfiles.get(f.ap.uuid)!.description).toBe('changed'),
  },
  {
    name: 'DELETE /profile/app/{uuid}',
    area: 'profiles',
    scoped: true,
    ok: 204,
    run: (as, f) => t.call('DELETE', `${API}/profile/app/${f.ap.uuid}`, { as }),
    done: (f) => expect(store().appProfiles.get(f.ap.uuid)).toBeUndefined(),
  },
  {
    name: 'POST /profile/business/update',
    area: 'profiles',
    scoped: true,
    ok: 200,
    run: (as, f) =>
      t.call('POST', `${API}/profile/business/update`, {
        as,
        body: businessProfileBody(store(), f.bp, { description: 'changed' }),
      }),
    done: (f) => expect(store().businessProfiles.get(f.bp.uuid)!.description).toBe('changed'),
  },
  {
    name: 'DELETE /profile/business/{uuid}',
    area: 'profiles',
    scoped: true,
    ok: 204,
    run: (as, f) => t.call('DELETE', `${API}/profile/business/${f.bp.uuid}`, { as }),
    done: (f) => expect(store().businessProfiles.get(f.bp.uuid)).toBeUndefined(),
  },
  {
    name: 'POST /profile/visibility/update',
    area: 'profiles',
    scoped: true,
    ok: 200,
    run: (as, f) =>
      t.call('POST', `${API}/profile/visibility/update`, {
        as,
        body: visibilityProfileBody(store(), f.vp, { description: 'changed' }),
      }),
    done: (f) => expect(store().visibilityProfiles.get(f.vp.uuid)!.description).toBe('changed'),
  },
  {
    name: 'DELETE /profile/visibility/{uuid}',
    area: 'profiles',
    scoped: true,
    ok: 204,
    run: (as, f) => t.call('DELETE', `${API}/profile/visibility/${f.vp.uuid}`, { as }),
    done: (f) => expect(store().visibilityProfiles.get(f.vp.uuid)).toBeUndefined(),
  },
  {
    name: 'POST /app/update',
    area: 'appWrite',
    scoped: false,
    ok: 200,
    run: async (as) => {
      const body = (await t.call('GET', `${API}/app/${app('Inventory').uuid}`, { as: PROVIDER })).body;
      return t.call('POST', `${API}/app/update`, { as, body: { ...body, dataUrl: 'jdbc:postgresql://db/changed' } });
    },
    done: () => expect(app('Inventory').dataUrl).toBe('jdbc:postgresql://db/changed'),
  },
  {
    name: 'DELETE /app/{uuid}',
    area: 'appWrite',
    scoped: false,
    ok: 204,
    run: (as) => t.call('DELETE', `${API}/app/${app('Inventory').uuid}`, { as }),
    done: () => expect(store().applications.findByName('Inventory')).toBeUndefined(),
  },
  {
    name: 'POST /app/sync',
    area: 'appSync',
    scoped: false,
    ok: 200,
    run: (as) =>
      t.call('POST', `${API}/app/sync`, {
        as,
        body: { uuid: app('Inventory').uuid, name: 'Inventory', roles: [], elements: [] },
      }),
  },
  {
    name: 'POST /app/syncAll',
    area: 'appSync',
    scoped: false,
    ok: 200,
    run: (as) => t.call('POST', `${API}/app/syncAll`, { as }),
  },
  {
    name: 'GET /visibility/sync/{kind}',
    area: 'appSync',
    scoped: false,
    ok: 200,
    run: (as) => t.call('GET', `${API}/visibility/sync/carrier`, { as }),
  },
  {
    name: 'GET /visibility/sync/all',
    area: 'appSync',
    scoped: false,
    ok: 200,
    run: (as) => t.call('GET', `${API}/visibility/sync/all`, { as }),
  },
  {
    name: 'POST /authClient/update',
    area: 'appWrite',
    scoped: false,
    ok: 200,
    run: (as) => {
      const c = client();
      return t.call('POST', `${API}/authClient/update`, {
        as,
        body: {
          uuid: c.uuid,
          name: c.name,
          description: 'changed',
          allowedRedirectTarget: c.allowedRedirectTarget,
          clientSecret: c.clientSecret,
        },
      });
    },
    done: () => expect(client().description).toBe('changed'),
  },
];

/** The rule: 'ok', or the status of the refusal. */
function expected(call: WriteCall, role: ConsoleRole, own: Column | null, column: Column): 'ok' | 403 | 404 {
  if (roleRank(role) < roleRank(AREA_MINIMUM[call.area])) return 403;
  if (role === 'ERRIGAL_ADMIN' || !call.scoped) return 'ok';
  // Fixtures of A and B are SCO_ADMIN records of that company; provider-level ones are ADMIN.
  const visible = column === own || (column === 'none' && roleRank(role) >= roleRank('ADMIN'));
  if (!visible) return 404;
  return column === own ? 'ok' : 403;
}

describe('the write rule over every write call × role × where the record lives', () => {
  for (const call of calls) {
    describe(call.name, () => {
      for (const [username, role, own] of ROLES) {
        for (const column of call.scoped ? COLUMNS : (['none'] as const)) {
          const outcome = expected(call, role, own, column);
          const where = call.scoped ? `a record of ${column === 'none' ? 'no company' : `company ${column}`}` : 'it';
          it(`${username} (${role}) on ${where}: ${outcome === 'ok' ? 'allowed' : `${outcome}, nothing changes`}`, async () => {
            const f = fx[column];
            call.prepare?.(f);
            const before = store().dump();
            const access = accessOfAll(store());
            const res = await call.run(username, f);
            if (outcome === 'ok') {
              expect(res.status, res.text).toBe(call.ok);
              call.done?.(f, res);
              // A save never moves a record into another company.
              for (const r of [f.user, f.ap, f.bp, f.vp]) {
                const now =
                  store().users.get(r.uuid) ??
                  store().appProfiles.get(r.uuid) ??
                  store().businessProfiles.get(r.uuid) ??
                  store().visibilityProfiles.get(r.uuid);
                if (now) expect(now.companyUuid, r.uuid).toBe(f.companyUuid);
              }
              // Syncs bring the suite's own data in; they change nobody's roles or access.
              if (call.area === 'appSync') expect(accessOfAll(store())).toEqual(access);
            } else {
              expect(res.status, res.text).toBe(call.refusedAs ?? outcome);
              expect(call.refusal ? call.refusal(res) : res.body.message, res.text).toBeTruthy();
              expect(store().dump()).toBe(before);
            }
          });
        }
      }
    });
  }
});

// One rule for every write on a user (access.ts
// userWriteRefusal): a caller acts only on users whose effective role (what
// their business profile grants) is at or below its own, and whose profiles
// it can see. sco.admin sees both users of company B who hold ADMIN; neither
// is its to change, whatever the write.
describe('every write on a user who holds a role above the caller’s', () => {
  for (const call of calls.filter((c) => c.area === 'users')) {
    for (const key of ['hidden', 'seen'] as const) {
      describe(`${call.name}, on a company B user holding ADMIN through a profile sco.admin ${key === 'hidden' ? 'cannot see' : 'sees'}`, () => {
        for (const [username, , own] of ROLES) {
          const outcome = own === null ? 'ok' : own === 'B' ? 403 : 404;
          it(`${username}: ${outcome === 'ok' ? 'allowed' : `${outcome}, nothing changes`}`, async () => {
            const f = { ...fx.B, user: addAdminRoleUsers(store(), fx)[key] };
            call.prepare?.(f);
            const before = store().dump();
            const res = await call.run(username, f);
            if (outcome === 'ok') {
              expect(res.status, res.text).toBe(call.ok);
              call.done?.(f, res);
            } else {
              expect(res.status, res.text).toBe(call.refusedAs ?? outcome);
              if (outcome === 403) expect(res.text).toMatch(/role above your own|cannot see/);
              expect(store().dump()).toBe(before);
            }
          });
        }
      });
    }
  }
});

describe('a profile change is a write on each of its users', () => {
  it('customer.admin may not change a visibility profile of its company that a user holding ERRIGAL_ADMIN uses: 403, nothing changes', async () => {
    const up = store().applications.findByName('User Profile')!;
    const top = up.roles.find((r) => r.name === 'ERRIGAL_ADMIN')!;
    const scope = { minimumRole: 'ADMIN' as const, companyUuid: fx.A.companyUuid };
    const ap = {
      ...fx.A.ap,
      ...scope,
      uuid: crypto.randomUUID(),
      name: 'A Provider Role',
      applicationUuid: up.uuid,
      roles: [top.uuid],
    };
    const bp = { ...fx.A.bp, ...scope, uuid: crypto.randomUUID(), name: 'A Provider Admins', appProfiles: [ap.uuid] };
    store().appProfiles.set(ap);
    store().businessProfiles.set(bp);
    store().insertUser({
      ...fx.A.user,
      uuid: crypto.randomUUID(),
      username: 'tenant.a.top',
      businessProfileUuid: bp.uuid,
    });
    const before = store().dump();
    const res = await t.call('POST', `${API}/profile/visibility/update`, {
      as: CUSTOMER,
      body: visibilityProfileBody(store(), fx.A.vp, { description: 'changed' }),
    });
    expect(res.status, res.text).toBe(403);
    expect(res.body.message).toMatch(/used by 1 user you may not edit/);
    expect(store().dump()).toBe(before);
  });
});
