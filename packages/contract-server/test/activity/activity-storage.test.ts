// The activity log as storage keeps it, proven by what an administrator
// would notice (GET /activity, its export and retention, or the table
// itself). An event is saved in the transaction of the change it records,
// so a write the database refuses leaves neither, and a `kill -9` right
// after an answer loses none; an import's or a bulk action's per-user events
// are staged with its batch and land (or not) with it, so a large write that
// fails leaves no events and a landed one keeps them across a restart; the
// log is purged by number and by age; a reader's export and live page never
// hold an event of another company; sign-outs and Enterprise SSO sign-ins
// are events too. Three cases guard paths that once lost data or limits: a
// reload after a large write's piece was refused, a landed batch's events
// counted toward the limit, and the limits of a freshly seeded server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppOptions } from '../../src/app.ts';
import type { StorageDatabase } from '../../src/storage/database.ts';
import { Browser, ssoCode } from '../auth/harness.ts';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PASSWORD, PROVIDER, SCO, setup, type TestApp } from '../helpers.ts';
import { signIn, startServer } from '../storage/server-process.ts';
import { userBody } from '../tenant/fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the document by the harness
type Json = any;

const db = (t: TestApp): StorageDatabase => {
  const storage = t.app.storage;
  if (!storage) throw new Error('no storage');
  return storage.persistence.db;
};

/** One page of the log as `as` reads it (a bearer token of its own when `token` is given). */
async function activity(
  t: TestApp,
  as: string,
  q = '',
  extra: Record<string, string> = {},
  token?: string,
): Promise<Json> {
  const params = new URLSearchParams({ q, ...extra });
  const res = await t.call('GET', `${API}/activity?${params}`, token ? { headers: auth(token) } : { as });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Every event the query selects, as the NDJSON export gives them to `as`. */
async function exported(t: TestApp, as: string, q = ''): Promise<Json[]> {
  // Read as text: the export is lines of JSON, not one document.
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}/activity/export?format=ndjson&q=${encodeURIComponent(q)}`,
    headers: auth(await t.tokenFor(as)),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  return res.body
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const user = (t: TestApp, username: string) => {
  const found = t.store.findUserByUsername(username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
};

/** An active user of the company of `admin` that is not an administrator. */
function colleagueOf(t: TestApp, admin: string): string {
  const company = user(t, admin).companyUuid;
  const found = [...t.store.users.values()].find(
    (u) => u.companyUuid === company && !u.username.endsWith('.admin') && u.minimumRole === 'SCO_ADMIN' && u.active,
  );
  if (!found) throw new Error(`no colleague of ${admin}`);
  return found.username;
}

function saveUser(t: TestApp, as: string, username: string, change: Record<string, unknown>, token?: string) {
  return t.call('POST', `${API}/user/update`, {
    ...(token ? { headers: auth(token) } : { as }),
    body: { user: userBody(t.store, user(t, username), change) },
  });
}

/** A CSV of `n` new users named prefix0 … prefix(n-1) (the columns of an export), and `extra` rows. */
function csv(n: number, prefix: string, extra: string[] = []): string {
  const rows = ['username,email,firstName,lastName,active,businessProfile,visibilityProfile,minimumRole'];
  for (let i = 0; i < n; i++)
    rows.push(
      `${prefix}${i},${prefix}${i}@example.com,Bulk,User ${i},true,Planning Analysts,National Visibility,ADMIN`,
    );
  return `${[...rows, ...extra].join('\r\n')}\r\n`;
}

/** The database takes writes again, as a disk that has room again (db.refuseWrites undone). */
function allowWrites(database: StorageDatabase): void {
  (database as unknown as { db: { exec(sql: string): void } }).db.exec('PRAGMA query_only = OFF');
}

/** The database takes a large write's first piece, then refuses every write (a disk filling up mid-way). */
function refuseAfterFirstPiece(database: StorageDatabase): { pieces: () => number } {
  const stage = database.stage.bind(database);
  let pieces = 0;
  database.stage = (...args) => {
    pieces++;
    stage(...args);
    if (pieces === 1) database.refuseWrites();
  };
  return { pieces: () => pieces };
}

/** Users in pieces of 200 are staged by a large write: this many make two pieces. */
const STAGED = 250;

/** An import's or a bulk action's events by correlation: its summary, and its per-user events. */
async function correlated(t: TestApp, correlation: string) {
  const events = await exported(t, PROVIDER, `correlation:${correlation}`);
  return {
    summaries: events.filter((e) => e.target === null),
    perUser: events.filter((e) => e.target?.kind === 'user'),
    all: events,
  };
}

describe('an event and its change are one transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup({ seedUsers: 20 });
  });
  afterAll(() => t?.close());

  it('a save the database refuses answers 503 and leaves neither the change nor an event, not even a refusal', async () => {
    const name = colleagueOf(t, CUSTOMER);
    const uuid = user(t, name).uuid;
    await t.tokenFor(PROVIDER);
    expect((await saveUser(t, PROVIDER, name, { lastName: 'Saved' })).status).toBe(200);
    const listed = (await activity(t, PROVIDER, `target:${uuid}`)).events;
    expect(listed.map((e: Json) => e.action)).toEqual(['update']);
    const count = db(t).activity.count();

    db(t).refuseWrites();
    const res = await saveUser(t, PROVIDER, name, { lastName: 'Not-Saved' });
    expect(res.status, res.text).toBe(503);
    expect(res.body.message).toMatch(/could not save this change/);

    expect(db(t).activity.count()).toBe(count);
    expect(user(t, name).lastName).toBe('Saved');
    const after = await activity(t, PROVIDER, `target:${uuid}`);
    expect(after.events.map((e: Json) => e.id)).toEqual(listed.map((e: Json) => e.id));
    expect((await activity(t, PROVIDER, 'outcome:refused')).events).toEqual([]);

    // Writes are taken again (the disk has room again): the next save lands alone, with nothing
    // of the refused one carried along (neither its change nor a "refused" event made of its 503).
    allowWrites(db(t));
    expect((await saveUser(t, PROVIDER, name, { firstName: 'Later' })).status).toBe(200);
    expect(db(t).activity.count()).toBe(count + 1);
    const events = (await activity(t, PROVIDER, `target:${uuid}`)).events;
    expect(events.map((e: Json) => [e.action, e.outcome])).toEqual([
      ['update', 'succeeded'],
      ['update', 'succeeded'],
    ]);
    expect(JSON.stringify(events)).not.toContain('Not-Saved');
    expect((await activity(t, PROVIDER, 'outcome:refused')).events).toEqual([]);
  });
});

describe('the server process killed with SIGKILL right after answering', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'userprofile-activity-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loses neither the change nor the failed sign-in it answered', async () => {
    const first = await startServer(dir);
    let second: TestApp | null = null;
    try {
      const headers = await signIn(first.origin, PROVIDER);
      const api = (url: string, init: RequestInit = {}) =>
        fetch(`${first.origin}${API}${url}`, { ...init, headers: { ...headers, 'content-type': 'application/json' } });
      const customer = (await (await api(`/user/username/${CUSTOMER}`)).json()) as Json;
      const saved = await api('/user/update', {
        method: 'POST',
        body: JSON.stringify({ user: { ...customer, lastName: 'Before-The-Kill' } }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      // A failed sign-in at the sign-in page, with the cross-site request token its page hands out.
      const config = await fetch(`${first.origin}${API}/auth/frontendconfig`);
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(config.headers.getSetCookie().join('; '))?.[1] as string;
      const failed = await fetch(`${first.origin}/userprofile/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
        body: new URLSearchParams({ username: CUSTOMER, password: `${PASSWORD}-wrong` }).toString(),
      });
      expect(failed.status).toBe(401);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();

      // Started again on the folder (in this process: what it loads is the point, not how it starts).
      second = await setup({ storage: { dataDir: dir } });
      expect(second.app.storage?.started).toMatch(/^loaded \d+ users/);
      const events = (await activity(second, PROVIDER, `target:${customer.uuid}`)).events;
      expect(events.map((e: Json) => [e.action, e.outcome])).toEqual([
        ['signIn', 'failed'],
        ['update', 'succeeded'],
      ]);
      expect(events[1]).toMatchObject({ actor: { username: PROVIDER }, changesKept: true });
      expect(events[1].changes).toContainEqual(expect.objectContaining({ to: 'Before-The-Kill' }));
      expect(events[0]).toMatchObject({ actor: null, reason: 'Wrong password', channel: 'signInPage' });
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
      await second?.close();
    }
  }, 60_000);
});

describe('a large write (an import, a bulk action) staged in pieces', () => {
  let dir: string;
  const open: TestApp[] = [];
  const start = async () => {
    const t = await setup({ seedUsers: 20, storage: { dataDir: dir } });
    open.push(t);
    return t;
  };
  const stop = async (t: TestApp) => {
    open.splice(open.indexOf(t), 1);
    await t.close();
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'userprofile-activity-'));
  });
  afterEach(async () => {
    for (const t of open.splice(0)) await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists one summary with its counts and one event per user sharing its correlation, after the answer and after a restart', async () => {
    const first = await start();
    const imported = await first.upload(PROVIDER, csv(STAGED, 'staged.user'));
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ created: STAGED });
    const [summary] = (await activity(first, PROVIDER, 'action:import', { limit: '1' })).events;
    expect(summary).toMatchObject({
      action: 'import',
      outcome: 'succeeded',
      channel: 'import',
      target: null,
      counts: { created: STAGED, updated: 0 },
    });
    const importEvents = await correlated(first, summary.correlation);
    expect(importEvents.summaries).toHaveLength(1);
    expect(importEvents.perUser).toHaveLength(STAGED);
    expect(new Set(importEvents.perUser.map((e: Json) => e.target.name))).toEqual(
      new Set(Array.from({ length: STAGED }, (_, i) => `staged.user${i}`)),
    );
    expect(importEvents.perUser.every((e: Json) => e.action === 'import' && e.channel === 'import')).toBe(true);

    const uuids = Array.from({ length: STAGED }, (_, i) => user(first, `staged.user${i}`).uuid);
    const off = await first.call('POST', `${API}/user/bulk`, { as: PROVIDER, body: { action: 'deactivate', uuids } });
    expect(off.status, off.text).toBe(200);
    const offEvents = await correlated(first, off.body.correlation);
    expect(offEvents.summaries).toHaveLength(1);
    expect(offEvents.summaries[0]).toMatchObject({
      action: 'bulk',
      channel: 'bulk',
      counts: { selected: STAGED, done: STAGED, unchanged: 0, refused: 0 },
    });
    expect(offEvents.perUser).toHaveLength(STAGED);
    expect(offEvents.perUser.every((e: Json) => e.action === 'inactivate' && e.channel === 'bulk')).toBe(true);

    // Stopped right after the answer: the landed batch may still be moving into the records.
    const on = await first.call('POST', `${API}/user/bulk`, { as: PROVIDER, body: { action: 'activate', uuids } });
    expect(on.status, on.text).toBe(200);
    await stop(first);

    const second = await start();
    expect(db(second).pendingRows()).toBe(0);
    for (const [correlation, action] of [
      [summary.correlation, 'import'],
      [off.body.correlation, 'inactivate'],
      [on.body.correlation, 'activate'],
    ]) {
      const events = await correlated(second, correlation);
      expect(events.summaries, action).toHaveLength(1);
      expect(events.perUser.filter((e: Json) => e.action === action)).toHaveLength(STAGED);
    }
    expect(second.store.findUserByUsername('staged.user249')?.active).toBe(true);
  });

  it('leaves no per-user or summary event when it fails: a bad row, or the database refusing a piece mid-way', async () => {
    const t = await start();
    const { live } = await activity(t, PROVIDER);
    const count = db(t).activity.count();
    const bad = await t.upload(
      PROVIDER,
      csv(STAGED, 'failed.user', [
        'failed.bad,failed.bad@example.com,Bad,Row,true,No Such Profile,National Visibility,ADMIN',
      ]),
    );
    expect(bad.status, bad.text).toBe(400);
    // Only the refusal itself, with its reason: nothing of what the file would have done.
    const since = (await activity(t, PROVIDER, '', { after: live })).events;
    expect(since.map((e: Json) => [e.action, e.outcome])).toEqual([['import', 'refused']]);
    expect(since[0].reason).toBe('1 row of the file is not valid; nothing was imported');
    expect((await correlated(t, since[0].correlation)).all).toHaveLength(1);
    expect(db(t).activity.count()).toBe(count + 1);
    const afterBad = (await activity(t, PROVIDER)).live;

    // The first piece is staged, then the database refuses the next one.
    const staging = refuseAfterFirstPiece(db(t));
    const refused = await t.upload(PROVIDER, csv(STAGED, 'refused.user'));
    expect(refused.status, refused.text).toBe(503);
    expect(staging.pieces()).toBe(2);
    expect(t.store.findUserByUsername('refused.user0')).toBeUndefined();
    expect((await activity(t, PROVIDER, '', { after: afterBad })).events).toEqual([]);
    expect(await exported(t, PROVIDER, 'refused.user0')).toEqual([]);
    await stop(t);

    // A start drops what never landed: the event count is back to what it was before the write.
    const again = await start();
    expect(db(again).activity.count()).toBe(count + 1);
    expect(await exported(again, PROVIDER, 'action:import outcome:succeeded')).toEqual([]);
    expect(await exported(again, PROVIDER, 'refused.user0')).toEqual([]);
  });

  // The piece staged before the refusal stays in the database (its drop is refused too): the reload
  // after the next refused save must cope with a batch it cannot drop, and ids must go on past it.
  it('after a piece refused mid-way, the next refused save is a 503 and a later save is kept', async () => {
    const t = await start();
    await t.tokenFor(PROVIDER);
    refuseAfterFirstPiece(db(t));
    expect((await t.upload(PROVIDER, csv(STAGED, 'stuck.user'))).status).toBe(503);
    const name = colleagueOf(t, CUSTOMER);
    const save = (change: Record<string, unknown>) =>
      t.call('POST', `${API}/user/update`, {
        as: PROVIDER,
        body: { user: userBody(t.store, user(t, name), change) },
        allowUndocumented: true,
      });
    expect((await save({ lastName: 'While-Refused' })).status).toBe(503);
    expect(user(t, name).lastName).not.toBe('While-Refused');
    allowWrites(db(t));
    const recovered = await save({ firstName: 'Recovered' });
    expect(recovered.status, recovered.text).toBe(200);
    await stop(t);
    const again = await start();
    expect(user(again, name).firstName).toBe('Recovered');
  });
});

describe('retention', () => {
  let dir: string;
  const open: TestApp[] = [];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'userprofile-activity-'));
  });
  afterEach(async () => {
    for (const t of open.splice(0)) await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A server on a DATA_DIR it seeded before: the store it serves is the one loaded at start. */
  async function loaded(options: AppOptions): Promise<TestApp> {
    await (await setup({ seedUsers: 20, ...options, storage: { dataDir: dir } })).close();
    const t = await setup({ seedUsers: 20, ...options, storage: { dataDir: dir } });
    open.push(t);
    return t;
  }

  it('by number: the newest events are kept, and the retention reports the purge', async () => {
    const t = await loaded({ activityMaxEvents: 5 });
    const name = colleagueOf(t, CUSTOMER);
    for (let i = 0; i < 10; i++) expect((await saveUser(t, PROVIDER, name, { lastName: `Kept${i}` })).status).toBe(200);
    // Each write purges in the same transaction as it adds: at most the limit, plus one write's events.
    expect(db(t).activity.count()).toBeLessThanOrEqual(5 + 1);
    const events = (await activity(t, PROVIDER, '', { limit: '200' })).events;
    expect(events.length).toBeLessThanOrEqual(5 + 1);
    expect(events[0].changes).toContainEqual(expect.objectContaining({ to: 'Kept9' }));
    expect(JSON.stringify(events)).not.toMatch(/"to":"Kept[0-3]"/);
    const retention = await t.call('GET', `${API}/activity/retention`, { as: PROVIDER });
    expect(retention.status).toBe(200);
    expect(retention.body).toMatchObject({ maxEvents: 5, maxAgeDays: 90 });
    expect(retention.body.purged).toBeGreaterThan(0);
    expect(Date.parse(retention.body.lastPurge)).toBe(t.clock.now);
  });

  it('by age: events older than the retention go at the next write once the clock has moved past it', async () => {
    const t = await loaded({ activityRetentionDays: 1 });
    const name = colleagueOf(t, CUSTOMER);
    for (let i = 0; i < 3; i++) expect((await saveUser(t, PROVIDER, name, { lastName: `Old${i}` })).status).toBe(200);
    const oldTime = t.clock.now;
    expect((await activity(t, PROVIDER)).events).toHaveLength(3);

    t.clock.advance(86_400_000 + 120_000);
    // The tokens issued before the move have expired by now.
    const token = await t.app.auth.issueTokenFor(PROVIDER);
    expect((await saveUser(t, PROVIDER, name, { lastName: 'New' }, token)).status).toBe(200);
    const events = (await activity(t, PROVIDER, '', {}, token)).events;
    expect(events.map((e: Json) => e.action)).toEqual(['update']);
    expect(Date.parse(events[0].at)).toBe(t.clock.now);
    const retention = await t.call('GET', `${API}/activity/retention`, { headers: auth(token) });
    expect(retention.body).toMatchObject({ maxAgeDays: 1, purged: 3 });
    expect(Date.parse(retention.body.oldest)).toBeGreaterThan(oldTime);
    expect(Date.parse(retention.body.lastPurge)).toBe(t.clock.now);
  });

  // A large write's per-user events are staged with its batch, apart from the write's own save:
  // they count toward the limit once the batch lands, not only after a restart.
  it('by number, after a large write: its per-user events count toward the limit', async () => {
    const t = await loaded({ activityMaxEvents: 5 });
    expect((await t.upload(PROVIDER, csv(STAGED, 'counted.user'))).status).toBe(200);
    const name = colleagueOf(t, CUSTOMER);
    for (let i = 0; i < 3; i++) expect((await saveUser(t, PROVIDER, name, { lastName: `After${i}` })).status).toBe(200);
    expect(db(t).pendingRows()).toBe(0);
    expect(db(t).activity.count()).toBeLessThanOrEqual(5 + 1);
  });

  // A seeded store (a new DATA_DIR, the database in memory, a reset) keeps the limits it was given.
  it('a freshly seeded server keeps the limits it was given', async () => {
    const t = await setup({ seedUsers: 20, activityMaxEvents: 5, activityRetentionDays: 1 });
    open.push(t);
    const retention = await t.call('GET', `${API}/activity/retention`, { as: PROVIDER });
    expect(retention.body).toMatchObject({ maxEvents: 5, maxAgeDays: 1 });
  });
});

describe('what each reader gets', () => {
  const t = appUnderTest({ seedUsers: 20 });

  /** The company of an event's target as it is now (null: none, or a record every company shares). */
  function companyOf(target: Json): string | null {
    if (!target?.uuid) return null;
    const s = t.store;
    const r =
      s.users.get(target.uuid) ??
      s.appProfiles.get(target.uuid) ??
      s.businessProfiles.get(target.uuid) ??
      s.visibilityProfiles.get(target.uuid);
    return r?.companyUuid ?? null;
  }

  it('the export of sco.admin and of customer.admin holds no event about another company', async () => {
    const inCustomer = colleagueOf(t, CUSTOMER);
    const inSco = colleagueOf(t, SCO);
    for (const [as, name] of [
      [PROVIDER, inCustomer],
      [PROVIDER, inSco],
      [CUSTOMER, inCustomer],
      [SCO, inSco],
    ] as const)
      expect((await saveUser(t, as, name, { lastName: `By ${as}` })).status).toBe(200);
    // A bulk action of the provider across both companies: its per-user events are each company's.
    const bulk = await t.call('POST', `${API}/user/bulk`, {
      as: PROVIDER,
      body: { action: 'deactivate', uuids: [user(t, inCustomer).uuid, user(t, inSco).uuid] },
    });
    expect(bulk.status, bulk.text).toBe(200);

    for (const reader of [SCO, CUSTOMER]) {
      const company = user(t, reader).companyUuid;
      const events = await exported(t, reader);
      expect(events.length).toBeGreaterThan(0);
      const foreign = events.filter((e) => companyOf(e.target) !== null && companyOf(e.target) !== company);
      expect(foreign, reader).toEqual([]);
      const own = reader === SCO ? inSco : inCustomer;
      const other = reader === SCO ? inCustomer : inSco;
      expect(events.some((e) => e.target?.name === own)).toBe(true);
      expect(events.some((e) => e.target?.name === other)).toBe(false);
      // The provider's bulk summary counts users of both companies: it is the provider's alone.
      expect(events.some((e) => e.action === 'bulk')).toBe(false);
    }
  });

  it('a live page of customer.admin does not bring an event made in sco.admin’s company', async () => {
    const { live } = await activity(t, CUSTOMER);
    const inSco = colleagueOf(t, SCO);
    const inCustomer = colleagueOf(t, CUSTOMER);
    expect((await saveUser(t, PROVIDER, inSco, { lastName: 'Live-Sco' })).status).toBe(200);
    expect((await saveUser(t, SCO, inSco, { firstName: 'Live-Sco-2' })).status).toBe(200);
    const none = await activity(t, CUSTOMER, '', { after: live });
    expect(none.events).toEqual([]);
    expect((await saveUser(t, PROVIDER, inCustomer, { lastName: 'Live-Customer' })).status).toBe(200);
    const since = await activity(t, CUSTOMER, '', { after: none.live });
    expect(since.events.map((e: Json) => e.target?.name)).toEqual([inCustomer]);
  });

  it('a sign-out is an event of that user', async () => {
    const token = await t.app.auth.issueTokenFor(CUSTOMER);
    const out = await t.call('GET', `${API}/auth/logout`, { headers: auth(token) });
    expect(out.status, out.text).toBe(200);
    const events = (await activity(t, PROVIDER, 'action:signOut')).events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'signOut',
      outcome: 'succeeded',
      channel: 'console',
      actor: { username: CUSTOMER },
      target: { kind: 'user', uuid: user(t, CUSTOMER).uuid, name: CUSTOMER },
    });
    // The customer reads its own sign-out too.
    expect((await activity(t, CUSTOMER, 'action:signOut')).events).toHaveLength(1);
  });

  it('an Enterprise SSO sign-in is an event of that user, with the SSO as its reason', async () => {
    const browser = await new Browser(t.app, '10.77.0.1').open();
    const sso = await ssoCode(t.app, browser, CUSTOMER);
    const token = await browser.propelToken({ code: sso.code, code_verifier: sso.code_verifier, state: sso.state });
    expect(token.statusCode, token.body).toBe(200);
    const events = (await activity(t, PROVIDER, 'action:signIn')).events;
    expect(events[0]).toMatchObject({
      action: 'signIn',
      outcome: 'succeeded',
      actor: { username: CUSTOMER },
      target: { kind: 'user', name: CUSTOMER },
      reason: 'Enterprise SSO',
      address: '10.77.0.1',
    });
  });
});
