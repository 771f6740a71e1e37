// The activity log as its readers get it: each kind of event recorded with
// who, what, where and why; each reader sees the events on records it could
// see when they happened, and its own, and nothing else (not in pages, not in
// counts, not in exports); secrets never appear; the text query, the pages
// and the live view; the retention.
import { historyTexts } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PASSWORD, PROVIDER, SCO } from '../helpers.ts';
import { businessProfileBody, userBody } from '../tenant/fixtures.ts';

const t = appUnderTest({ seedUsers: 20 });

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the document by the harness
type Json = any;

async function activity(as: string, q = '', extra: Record<string, string> = {}): Promise<Json> {
  const params = new URLSearchParams({ q, ...extra });
  const res = await t.call('GET', `${API}/activity?${params}`, { as });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const user = (username: string) => t.store.findUserByUsername(username)!;

/** The sign-in form, as the console's sign-in page posts it. */
const login = (username: string, password: string) =>
  t.call('POST', '/userprofile/login', {
    raw: {
      payload: new URLSearchParams({ username, password }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    },
  });

async function saveUser(as: string, username: string, change: Record<string, unknown>) {
  const u = user(username);
  return t.call('POST', `${API}/user/update`, { as, body: { user: userBody(t.store, u, change) } });
}

/** A user of the company of `admin` that is not an administrator. */
function colleagueOf(admin: string): string {
  const company = user(admin).companyUuid;
  const found = [...t.store.users.values()].find(
    (u) => u.companyUuid === company && !u.username.endsWith('.admin') && u.minimumRole === 'SCO_ADMIN',
  );
  if (!found) throw new Error(`no colleague of ${admin}`);
  return found.username;
}

describe('what is recorded', () => {
  it('a change, with who (username and role then), the call, the channel and the diff', async () => {
    const name = colleagueOf(CUSTOMER);
    const res = await saveUser(CUSTOMER, name, { lastName: 'Changed' });
    expect(res.status, res.text).toBe(200);
    const page = await activity(CUSTOMER, `target:${user(name).uuid}`);
    const e = page.events[0];
    expect(e).toMatchObject({
      action: 'update',
      outcome: 'succeeded',
      channel: 'console',
      actor: { username: CUSTOMER, role: 'ADMIN' },
      target: { kind: 'user', uuid: user(name).uuid, name },
      call: 'POST /api/v1/user/update',
      changesKept: true,
    });
    expect(e.changes).toContainEqual(expect.objectContaining({ label: 'Last Name', to: 'Changed' }));
    expect(e.id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('a refused write, with its reason; a failed write leaves no change event', async () => {
    const other = colleagueOf(SCO);
    const res = await saveUser(CUSTOMER, other, { lastName: 'Nope' });
    expect(res.status).toBe(404);
    // 404 is not a refusal (the record is not the caller's to know): nothing is recorded.
    expect((await activity(PROVIDER, `target:${user(other).uuid}`)).events).toEqual([]);
    const provider = user(PROVIDER);
    const refused = await saveUser(CUSTOMER, PROVIDER, { lastName: 'X' });
    expect(refused.status).toBe(404);
    const own = colleagueOf(CUSTOMER);
    const stale = await t.call('POST', `${API}/user/update`, {
      as: CUSTOMER,
      body: { user: userBody(t.store, user(own), { lastName: 'Stale' }) },
      headers: { 'If-Match': '"stale"' },
    });
    expect([412, 428, 200]).toContain(stale.status);
    const sco = await t.call('POST', `${API}/profile/business/update`, {
      as: SCO,
      body: { name: 'Refused profile', minimumRole: { name: 'SCO_ADMIN' }, appProfiles: [] },
    });
    expect(sco.status).toBe(403);
    const page = await activity(SCO, 'outcome:refused');
    expect(page.events[0]).toMatchObject({
      action: 'create',
      outcome: 'refused',
      actor: { username: SCO },
      target: { kind: 'businessProfile', name: 'Refused profile' },
    });
    expect(page.events[0].reason).toMatch(/role/i);
    expect(provider).toBeTruthy();
  });

  it('sign-ins: succeeded, failed with the reason, refused while throttled; the actor of a failure is unknown', async () => {
    const name = colleagueOf(CUSTOMER);
    const bad = await login(name, 'wrong');
    expect(bad.status).toBe(401);
    const good = await login(CUSTOMER, PASSWORD);
    expect(good.status).toBe(200);
    const page = await activity(CUSTOMER, 'action:signIn');
    const failed = page.events.find((e: Json) => e.outcome === 'failed');
    expect(failed).toMatchObject({
      actor: null,
      target: { kind: 'user', name },
      reason: 'Wrong password',
      channel: 'signInPage',
    });
    const ok = page.events.find((e: Json) => e.outcome === 'succeeded' && e.target.name === CUSTOMER);
    expect(ok).toMatchObject({ actor: { username: CUSTOMER }, reason: 'Password' });
    // An unknown username is the provider's to read only.
    await login('nobody.at.all', 'x');
    expect((await activity(CUSTOMER, 'nobody.at.all')).events).toEqual([]);
    const unknown = (await activity(PROVIDER, 'nobody.at.all')).events[0];
    expect(unknown).toMatchObject({
      outcome: 'failed',
      reason: 'No account has this username',
      target: { uuid: null },
    });
  });

  it('a bulk action: one event with its counts and a correlation its per-user events share', async () => {
    const a = user(colleagueOf(CUSTOMER));
    const res = await t.call('POST', `${API}/user/bulk`, {
      as: CUSTOMER,
      body: { action: 'deactivate', uuids: [a.uuid] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.correlation).toMatch(/^[0-9a-f-]{36}$/);
    const page = await activity(CUSTOMER, `correlation:${res.body.correlation}`);
    expect(page.events.map((e: Json) => e.action).sort()).toEqual(['bulk', 'inactivate']);
    const bulk = page.events.find((e: Json) => e.action === 'bulk');
    expect(bulk).toMatchObject({ channel: 'bulk', counts: { selected: 1, done: 1, unchanged: 0, refused: 0 } });
    expect(page.events.find((e: Json) => e.action === 'inactivate')).toMatchObject({ channel: 'bulk' });
  });

  it('unlock, sign out everywhere and a password reset mail are events of their own', async () => {
    const a = user(colleagueOf(CUSTOMER));
    expect((await t.call('POST', `${API}/user/${a.uuid}/unlock`, { as: CUSTOMER })).status).toBe(200);
    expect((await t.call('POST', `${API}/user/${a.uuid}/logoutAll`, { as: CUSTOMER })).status).toBe(200);
    const mail = await t.call('POST', `${API}/password/reset`, { as: CUSTOMER, body: userBody(t.store, a, {}) });
    expect(mail.status, mail.text).toBe(200);
    const page = await activity(CUSTOMER, `target:${a.uuid}`);
    expect(page.events.map((e: Json) => e.action)).toEqual(['passwordResetMail', 'signOutEverywhere', 'unlock']);
  });

  it('syncs, a completed password reset, a forgot-password request and a client secret change', async () => {
    const inv = t.store.applications.findByName('Inventory')!;
    const app = (await t.call('GET', `${API}/app/${inv.uuid}`, { as: PROVIDER })).body;
    expect((await t.call('POST', `${API}/app/sync`, { as: PROVIDER, body: app })).status).toBe(200);
    expect((await t.call('GET', `${API}/visibility/sync/carrier`, { as: PROVIDER })).status).toBe(200);
    const syncs = (await activity(PROVIDER, 'action:sync')).events;
    expect(syncs.find((e: Json) => e.target?.kind === 'visibility')).toMatchObject({
      channel: 'sync',
      target: { name: 'carrier' },
      counts: { elements: expect.any(Number) },
    });
    // The application's run, and the change it made to the application (its new rows) as a history event.
    expect(syncs.filter((e: Json) => e.target?.uuid === inv.uuid).map((e: Json) => e.reason ?? 'change')).toEqual(
      expect.arrayContaining(['Application synced', 'change']),
    );

    const a = user(colleagueOf(CUSTOMER));
    expect((await t.call('POST', `${API}/password/forgot`, { body: { username: a.username } })).status).toBe(200);
    const link = t.store.outbox.at(-1)!.link as string;
    const token = (link.split('/').pop() as string).replaceAll('~', '.');
    const body = { token, password: 'Fresh-Passw0rd-1', rePassword: 'Fresh-Passw0rd-1' };
    expect((await t.call('POST', `${API}/password/update`, { body })).status).toBe(204);
    const mine = (await activity(CUSTOMER, `target:${a.uuid}`)).events;
    expect(mine.map((e: Json) => [e.action, e.outcome, e.channel])).toEqual([
      ['passwordReset', 'succeeded', 'signInPage'],
      ['passwordResetMail', 'succeeded', 'signInPage'],
    ]);
    expect(mine[0].actor).toMatchObject({ username: a.username });
    expect(mine[0].changes).toEqual([expect.objectContaining({ secret: true })]);
    await t.call('POST', `${API}/password/forgot`, { body: { username: 'no.such.person' } });
    expect((await activity(PROVIDER, 'no.such.person')).events[0]).toMatchObject({
      action: 'passwordResetMail',
      outcome: 'failed',
      reason: 'No account has this username: nothing was sent',
    });

    const client = (await t.call('GET', `${API}/authClient/list`, { as: PROVIDER })).body[0];
    const full = (await t.call('GET', `${API}/authClient/get/${client.uuid}`, { as: PROVIDER })).body;
    const secret = 'A-new-secret-nobody-may-read-0123456789';
    const saved = await t.call('POST', `${API}/authClient/update`, {
      as: PROVIDER,
      body: { ...full, clientSecret: secret },
    });
    expect(saved.status, saved.text).toBe(200);
    const change = (await activity(PROVIDER, `target:${client.uuid}`)).events[0];
    expect(change).toMatchObject({ action: 'update', target: { kind: 'authClient' } });
    expect(change.changes).toContainEqual(expect.objectContaining({ secret: true }));
    expect(JSON.stringify(change)).not.toContain(secret);
    // OAuth2 clients are the provider's: a customer admin reads nothing of them.
    expect((await activity(CUSTOMER, `target:${client.uuid}`)).events).toEqual([]);
  });

  it('a create, a name clash (409) and a delete are recorded with the outcome', async () => {
    // A copy of a business profile of the customer admin's company, under a new name.
    const company = user(CUSTOMER).companyUuid;
    const model = [...t.store.businessProfiles.values()].find((p) => p.companyUuid === company)!;
    const { uuid: _uuid, ...copy } = businessProfileBody(t.store, model, { name: 'Night shift' });
    const created = await t.call('POST', `${API}/profile/business/update`, { as: CUSTOMER, body: copy });
    expect(created.status, created.text).toBe(200);
    const clash = await t.call('POST', `${API}/profile/business/update`, { as: CUSTOMER, body: copy });
    expect(clash.status).toBe(409);
    expect((await t.call('DELETE', `${API}/profile/business/${created.body.uuid}`, { as: CUSTOMER })).status).toBe(204);
    const events = (await activity(CUSTOMER, 'kind:businessProfile "night shift"')).events;
    expect(events.map((e: Json) => [e.action, e.outcome])).toEqual([
      ['delete', 'succeeded'],
      ['create', 'refused'],
      ['create', 'succeeded'],
    ]);
    expect(events[1].reason).toMatch(/Night shift|name/i);
  });

  it('never records a secret', async () => {
    const a = user(colleagueOf(CUSTOMER));
    await saveUser(CUSTOMER, a.username, { lastName: 'Secretive' });
    const rows = t.app.storage!.persistence.db.activity;
    const all = [
      ...rows.all(
        {
          actors: [],
          targets: [],
          kinds: [],
          actions: [],
          outcomes: [],
          channels: [],
          correlations: [],
          since: null,
          until: null,
          words: [],
        },
        { all: true },
      ),
    ].flat();
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/scrypt|passwordHash|Passw0rd/);
  });
});

describe('who sees what', () => {
  it('a change in another company is neither listed nor counted; the actor is withheld where it cannot be opened', async () => {
    const before = await activity(SCO);
    const res = await saveUser(CUSTOMER, colleagueOf(CUSTOMER), { lastName: 'Elsewhere' });
    expect(res.status).toBe(200);
    const after = await activity(SCO);
    expect(after.events.map((e: Json) => e.id)).toEqual(before.events.map((e: Json) => e.id));
    expect(after.searchedTo).toBe(before.searchedTo);
    // The provider sees it; the provider's own change on the customer's user reads "another administrator" there.
    await saveUser(PROVIDER, colleagueOf(CUSTOMER), { lastName: 'ByProvider' });
    const customer = await activity(CUSTOMER, 'action:update');
    expect(customer.events[0].actor).toEqual({ withheld: true, name: historyTexts.otherAdministrator });
  });

  it('the export holds exactly what the pages list, formula-safe', async () => {
    const a = user(colleagueOf(CUSTOMER));
    await saveUser(CUSTOMER, a.username, { lastName: '=HYPERLINK("x")' });
    const listed = (await activity(CUSTOMER, '', { limit: '200' })).events;
    const nd = await t.call('GET', `${API}/activity/export?format=ndjson`, { as: CUSTOMER });
    expect(nd.status).toBe(200);
    const lines = nd.text
      .trim()
      .split('\n')
      .map((l: string) => JSON.parse(l));
    expect(lines.map((e: Json) => e.id)).toEqual(listed.map((e: Json) => e.id));
    const csv = await t.call('GET', `${API}/activity/export?format=csv&q=${encodeURIComponent(`target:${a.uuid}`)}`, {
      as: CUSTOMER,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    expect(csv.text.split('\r\n')[0]).toMatch(/^time,actor,actorRole,action/);
    expect(csv.text).not.toMatch(/,=HYPERLINK/);
  });
});

describe('query and pages', () => {
  it('a wrong term is a 400 naming query.q', async () => {
    const res = await t.call('GET', `${API}/activity?q=${encodeURIComponent('outcome:maybe')}`, { as: PROVIDER });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'query.q' });
    expect(res.body.message).toMatch(/outcome/);
  });

  it('keyset pages go back without repeating or skipping; live gives what came since', async () => {
    for (let i = 0; i < 5; i++) await saveUser(PROVIDER, colleagueOf(CUSTOMER), { lastName: `Page${i}` });
    const first = await activity(PROVIDER, 'action:update', { limit: '2' });
    const second = await activity(PROVIDER, 'action:update', { limit: '2', before: first.next });
    expect(first.events).toHaveLength(2);
    expect(second.events).toHaveLength(2);
    const all = (await activity(PROVIDER, 'action:update', { limit: '4' })).events.map((e: Json) => e.id);
    expect([...first.events, ...second.events].map((e: Json) => e.id)).toEqual(all);
    const live = first.live;
    expect((await activity(PROVIDER, '', { after: live })).events).toEqual([]);
    await saveUser(PROVIDER, colleagueOf(CUSTOMER), { lastName: 'Live' });
    const since = await activity(PROVIDER, '', { after: live });
    expect(since.events.map((e: Json) => e.action)).toEqual(['update']);
    expect((await activity(PROVIDER, '', { after: since.live })).events).toEqual([]);
  });

  it('a forged cursor is refused', async () => {
    const res = await t.call(
      'GET',
      `${API}/activity?before=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      {
        as: PROVIDER,
      },
    );
    expect(res.status).toBe(400);
  });

  it('the retention says what is kept', async () => {
    await saveUser(PROVIDER, colleagueOf(CUSTOMER), { lastName: 'Kept' });
    const res = await t.call('GET', `${API}/activity/retention`, { as: SCO });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ maxEvents: 2_000_000, maxAgeDays: 90, lastPurge: null, purged: 0 });
    expect(Date.parse(res.body.oldest)).toBeGreaterThan(0);
  });
});
