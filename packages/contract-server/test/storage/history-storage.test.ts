// The record history in the database: kept across restarts, written
// in the same transaction as the write it records, bounded per company and by
// time (HISTORY_RETENTION_DAYS). Each test has its own temporary DATA_DIR,
// removed afterwards; the kill -9 case is in persistence.test.ts's burst.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppOptions } from '../../src/app.ts';
import { DATABASE_FILE } from '../../src/storage/database.ts';
import type { UserRecord } from '../../src/store/types.ts';
import { API } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO, setup, type TestApp } from '../helpers.ts';
import { addFixtures, userBody } from '../tenant/fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
let dir: string;
const open: TestApp[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'userprofile-history-'));
});
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: AppOptions = {}): Promise<TestApp> {
  const t = await setup({ seedUsers: 20, ...options, storage: { dataDir: dir, ...options.storage } });
  open.push(t);
  return t;
}

async function stop(t: TestApp): Promise<void> {
  open.splice(open.indexOf(t), 1);
  await t.close();
}

/** A token issued now by the app's clock (the tests move it by days, past a cached token's life). */
const fresh = async (t: TestApp, as: string) => ({ authorization: `Bearer ${await t.app.auth.issueTokenFor(as)}` });

/** Saves a change of a user through the API, as `as`. */
async function save(t: TestApp, as: string, uuid: string, change: Partial<UserRecord>): Promise<void> {
  const res = await t.call('POST', `${API}/user/update`, {
    as,
    headers: await fresh(t, as),
    body: { user: userBody(t.store, t.store.users.get(uuid)!, change) },
  });
  expect(res.status, res.text).toBe(200);
}

/** The last names a record's history shows, newest first, as `as` reads it. */
async function lastNames(
  t: TestApp,
  uuid: string,
  as = PROVIDER,
  reader?: { authorization: string },
): Promise<unknown[]> {
  const res = await t.call('GET', `${API}/history/user/${uuid}`, { as, headers: reader ?? (await fresh(t, as)) });
  expect(res.status, res.text).toBe(200);
  return res.body.entries.map(
    (e: { changes: { field: string; to: unknown }[] }) => e.changes.find((c) => c.field === 'lastName')?.to,
  );
}

const customer = (t: TestApp) => t.store.findUserByUsername(CUSTOMER)!;

/** Runs SQL on a stopped server's database file, with the binding the server uses (database.ts). */
function onTheFile(sql: string): void {
  type Db = { exec(sql: string): void; close(): void };
  const builtin = process.getBuiltinModule?.('node:sqlite') as { DatabaseSync: new (f: string) => Db } | undefined;
  const file = path.join(dir, DATABASE_FILE);
  const db = builtin
    ? new builtin.DatabaseSync(file)
    : new (createRequire(import.meta.url)('better-sqlite3') as new (f: string) => Db)(file);
  db.exec(sql);
  db.close();
}

describe('the record history in a DATA_DIR', () => {
  it('is kept across a restart: the same entries, ids and all', async () => {
    const first = await start();
    const uuid = customer(first).uuid;
    await save(first, PROVIDER, uuid, { lastName: 'First' });
    await save(first, PROVIDER, uuid, { lastName: 'Second' });
    const before = (await first.call('GET', `${API}/history/user/${uuid}`, { as: PROVIDER })).body;
    expect(before.entries).toHaveLength(2);
    await stop(first);

    const second = await start();
    const after = (await second.call('GET', `${API}/history/user/${uuid}`, { as: PROVIDER })).body;
    expect(after).toEqual(before);
    // New entries follow the kept ones.
    await save(second, PROVIDER, uuid, { lastName: 'Third' });
    expect(await lastNames(second, uuid)).toEqual(['Third', 'Second', 'First']);
  });

  it('keeps one company’s entries however much another company writes, across a restart', async () => {
    const first = await start({ historyLimit: 3 });
    const f = addFixtures(first.store);
    await save(first, SCO, f.B.user.uuid, { lastName: 'Kept-In-B' });
    await save(first, PROVIDER, f.none.user.uuid, { lastName: 'Kept-Provider-Level' });
    for (let i = 1; i <= 6; i++) await save(first, CUSTOMER, f.A.user.uuid, { lastName: `A-${i}` });
    await stop(first);

    const second = await start({ historyLimit: 3 });
    expect(await lastNames(second, f.A.user.uuid)).toEqual(['A-6', 'A-5', 'A-4']);
    expect(await lastNames(second, f.B.user.uuid, SCO)).toEqual(['Kept-In-B']);
    expect(await lastNames(second, f.none.user.uuid)).toEqual(['Kept-Provider-Level']);
    // The database holds what the bounds keep, no more: 3 of A, 1 of B, 1 of none.
    expect(second.app.storage?.persistence.db.historyCount()).toBe(5);
  });

  it('drops entries older than HISTORY_RETENTION_DAYS, at a write and at start', async () => {
    const first = await start({ historyRetentionDays: 30 });
    const uuid = customer(first).uuid;
    await save(first, PROVIDER, uuid, { lastName: 'Old' });
    first.clock.advance(20 * DAY);
    await save(first, PROVIDER, uuid, { lastName: 'Middle' });
    first.clock.advance(11 * DAY);
    // 31 days after the first entry: it is past the retention, the second is not.
    expect(await lastNames(first, uuid)).toEqual(['Middle']);
    await save(first, PROVIDER, uuid, { lastName: 'New' });
    expect(first.app.storage?.persistence.db.historyCount()).toBe(2);
    const now = first.clock.now;
    await stop(first);

    const second = await start({ historyRetentionDays: 30, now: () => now + 25 * DAY });
    expect(await lastNames(second, uuid)).toEqual(['New']);
    expect(second.app.storage?.persistence.db.historyCount()).toBe(1);
  });

  it('records nothing of a write the database refused (503), in memory or after a restart', async () => {
    const first = await start();
    const uuid = customer(first).uuid;
    await save(first, PROVIDER, uuid, { lastName: 'Saved' });
    // Issued while the database still takes writes: a sign-in it refuses is not kept either.
    const reader = await fresh(first, PROVIDER);
    first.app.storage?.persistence.db.refuseWrites();
    const res = await first.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      body: { user: userBody(first.store, first.store.users.get(uuid)!, { lastName: 'Refused' }) },
    });
    expect(res.status, res.text).toBe(503);
    expect(await lastNames(first, uuid, PROVIDER, reader)).toEqual(['Saved']);
    await stop(first);
    const second = await start();
    expect(await lastNames(second, uuid)).toEqual(['Saved']);
  });

  it('is emptied by a reset, and travels in a snapshot that SEED_FROM restores', async () => {
    const first = await start();
    const uuid = customer(first).uuid;
    await save(first, PROVIDER, uuid, { lastName: 'In-The-Snapshot' });
    const snapshot = await first.app.inject({ method: 'GET', url: '/__mock/snapshot' });
    expect(snapshot.json()).toMatchObject({ version: 2, history: [expect.objectContaining({ uuid })] });
    expect((await first.app.inject({ method: 'POST', url: '/__mock/reset' })).statusCode).toBe(200);
    expect(await lastNames(first, uuid)).toEqual([]);
    await stop(first);

    const file = path.join(dir, 'team.json');
    writeFileSync(file, snapshot.body);
    const otherDir = mkdtempSync(path.join(tmpdir(), 'userprofile-history-'));
    try {
      const second = await setup({ seedUsers: 20, storage: { dataDir: otherDir, seedFrom: file } });
      open.push(second);
      expect(await lastNames(second, uuid)).toEqual(['In-The-Snapshot']);
      await stop(second);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('migrates a database of schema version 1 (no history kept): its records load, and history starts', async () => {
    const first = await start();
    const user = customer(first);
    await save(first, PROVIDER, user.uuid, { lastName: 'Before-The-Migration' });
    await stop(first);
    onTheFile(
      'DROP TABLE history; DROP TABLE pending; DROP TABLE batches; DROP TABLE activity; PRAGMA user_version = 1',
    );

    const second = await start();
    expect(second.store.users.get(user.uuid)?.lastName).toBe('Before-The-Migration');
    expect(await lastNames(second, user.uuid)).toEqual([]);
    await save(second, PROVIDER, user.uuid, { lastName: 'After' });
    await stop(second);
    const third = await start();
    expect(await lastNames(third, user.uuid)).toEqual(['After']);
  });

  it('migrates a database of schema version 2 (no staged writes): its records and history load', async () => {
    const first = await start();
    const user = customer(first);
    await save(first, PROVIDER, user.uuid, { lastName: 'Version-2' });
    await stop(first);
    onTheFile(
      'DROP TABLE pending; DROP TABLE batches; DROP TABLE activity; DROP INDEX history_batch; ALTER TABLE history DROP COLUMN batch; PRAGMA user_version = 2',
    );

    const second = await start();
    expect(await lastNames(second, user.uuid)).toEqual(['Version-2']);
    await save(second, PROVIDER, user.uuid, { lastName: 'Version-3' });
    await stop(second);
    const third = await start();
    expect(await lastNames(third, user.uuid)).toEqual(['Version-3', 'Version-2']);
  });

  it('migrates a database of schema version 3 (no activity log): its history loads, and the log starts', async () => {
    const first = await start();
    const user = customer(first);
    await save(first, PROVIDER, user.uuid, { lastName: 'Version-3' });
    await stop(first);
    onTheFile('DROP TABLE activity; PRAGMA user_version = 3');

    const second = await start();
    expect(await lastNames(second, user.uuid)).toEqual(['Version-3']);
    expect(second.app.storage!.persistence.db.activity.count()).toBe(0);
    await save(second, PROVIDER, user.uuid, { lastName: 'Version-4' });
    await stop(second);
    const third = await start();
    expect(third.app.storage!.persistence.db.activity.count()).toBe(1);
  });

  it('loads a snapshot of version 1 (before the history was kept) with an empty history', async () => {
    const first = await start();
    const uuid = customer(first).uuid;
    await save(first, PROVIDER, uuid, { lastName: 'From-Version-1' });
    const { history: _, ...snapshot } = (await first.app.inject({ method: 'GET', url: '/__mock/snapshot' })).json();
    await stop(first);
    const file = path.join(dir, 'old.json');
    writeFileSync(file, JSON.stringify({ ...snapshot, version: 1 }));
    const otherDir = mkdtempSync(path.join(tmpdir(), 'userprofile-history-'));
    try {
      const second = await setup({ seedUsers: 20, storage: { dataDir: otherDir, seedFrom: file } });
      open.push(second);
      expect(second.store.users.get(uuid)?.lastName).toBe('From-Version-1');
      expect(await lastNames(second, uuid)).toEqual([]);
      await stop(second);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
