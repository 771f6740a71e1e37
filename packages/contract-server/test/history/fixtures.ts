// What the record history tests share: reading a record's history, calling the
// API as an administrator, records to change, and request bodies.
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { API } from '../harness.ts';
import { CUSTOMER, PROVIDER, type Response, SCO, type TestApp } from '../helpers.ts';

// Re-exported: the history tests import it with their fixtures.
export { API };
// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the document, then read freely
export type Json = Record<string, any>;

/** A short random suffix for unique names. */
export const tag = () => randomBytes(3).toString('hex');

/** A new role or element row of an application. */
export function appRow(name: string, category: string, { externalRole = false, minimumRole = 'ADMIN' } = {}) {
  return { uuid: randomUUID(), name, externalRole, category, minimumRole: { name: minimumRole } };
}

/** A new application with both passwords, two roles and one element. */
export function appBody(name: string, passwords = { dataPassword: 'Data-Secret-1', apiPassword: 'Api-Secret-1' }) {
  return {
    name,
    dataUrl: 'jdbc:postgresql://db.example.net/faults',
    dataDriverName: 'org.postgresql.Driver',
    dataUsername: 'faults',
    apiHost: 'https://faults.example.net',
    apiAuthType: 'HTTP_BASIC',
    apiUsername: 'faults-api',
    ...passwords,
    roles: [appRow('FAULT_VIEWER', 'ROLE'), appRow('FAULT_EDITOR', 'ROLE', { externalRole: true })],
    elements: [appRow('Fibre Cuts', 'FAULT_VIEW')],
  };
}

export function historyCalls(t: TestApp) {
  /** GET /history/{kind}/{uuid}, any status. */
  const history = (kind: string, uuid: string, as = PROVIDER, query = ''): Promise<Response> =>
    t.call('GET', `${API}/history/${kind}/${uuid}${query}`, { as, allowUndocumented: true });

  /** A call that must succeed; answers its body. */
  async function ok(method: string, url: string, body?: unknown, as = PROVIDER): Promise<Json> {
    const res = await t.call(method, `${API}${url}`, { as, body });
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  }

  const account = (username: string) => {
    const u = t.store.findUserByUsername(username)!;
    return { uuid: u.uuid, username: u.username };
  };

  return {
    history,
    ok,
    get: (url: string, as = PROVIDER) => ok('GET', url, undefined, as),

    /** The newest entry of a record, read by the provider admin. */
    async latest(kind: string, uuid: string): Promise<Json> {
      const res = await history(kind, uuid);
      expect(res.status, res.text).toBe(200);
      return res.body.entries[0];
    },

    /** What every entry of a change the provider admin made through `call` says besides its diff. */
    madeBy: (action: string, call: string, username = PROVIDER) => ({
      id: expect.stringMatching(/^\d+$/),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor: account(username),
      action,
      call,
    }),

    /** A seeded user (not one of the three accounts) with element values and a visibility profile. */
    plainUser() {
      return [...t.store.users.values()].find(
        (u) =>
          u.businessProfileUuid && u.visibilityProfileUuid && u.elements.length > 0 && !u.username.includes('admin'),
      )!;
    },

    /** A business profile no seeded account signs in through, with two application profiles or more. */
    plainBusinessProfile() {
      const accounts = new Set(
        [PROVIDER, CUSTOMER, SCO].map((n) => t.store.findUserByUsername(n)!.businessProfileUuid),
      );
      return [...t.store.businessProfiles.values()].find((bp) => !accounts.has(bp.uuid) && bp.appProfiles.length > 1)!;
    },

    /** The user's password set through a reset link an administrator sent (the reset e-mail, then the new password). */
    async newPasswordByLink(username: string, password: string): Promise<void> {
      const user = t.store.findUserByUsername(username)!;
      await ok('POST', '/password/reset', await ok('GET', `/user/${user.uuid}`));
      const mails = (await t.app.inject({ method: 'GET', url: '/__mock/outbox' })).json() as { link: string | null }[];
      const token = mails.at(-1)!.link!.split('/password/new/')[1]!;
      const res = await t.call('POST', `${API}/password/update`, { body: { token, password, rePassword: password } });
      expect(res.status, res.text).toBe(204);
    },
  };
}
