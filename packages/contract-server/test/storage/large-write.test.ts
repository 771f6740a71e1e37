// A write of many users (an import) is staged in the database piece by piece
// while it runs and landed by one small row in its own transaction; its rows
// then move into the records a piece at a time (docs/storage.md
// "A large write"). Each test has its own DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageDatabase } from '../../src/storage/database.ts';
import { API } from '../harness.ts';
import { PROVIDER, setup, type TestApp } from '../helpers.ts';

let dir: string;
const open: TestApp[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'userprofile-large-'));
});
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<TestApp> {
  const t = await setup({ storage: { dataDir: dir } });
  open.push(t);
  return t;
}

async function stop(t: TestApp): Promise<void> {
  open.splice(open.indexOf(t), 1);
  await t.close();
}

const db = (t: TestApp) => {
  const storage = t.app.storage;
  if (!storage) throw new Error('no storage');
  return storage.persistence.db;
};

/** A CSV of `n` new users named prefix0 … prefix(n-1). */
function csv(n: number, prefix = 'bulk.user', lastName = (i: number) => `User ${i}`): string {
  const rows = ['username,email,firstName,lastName,active,businessProfile,visibilityProfile,minimumRole'];
  for (let i = 0; i < n; i++)
    rows.push(
      `${prefix}${i},${prefix}${i}@example.com,Bulk,${lastName(i)},true,Planning Analysts,National Visibility,ADMIN`,
    );
  return `${rows.join('\r\n')}\r\n`;
}

async function historyOf(t: TestApp, username: string) {
  const uuid = t.store.findUserByUsername(username)?.uuid;
  const res = await t.call('GET', `${API}/history/user/${uuid}`, { as: PROVIDER });
  expect(res.status, res.text).toBe(200);
  return res.body.entries as { action: string }[];
}

describe('a large write (an import of thousands of users)', () => {
  it('is kept whole, history and all, when the server stops right after answering', async () => {
    const first = await start();
    const res = await first.upload(PROVIDER, csv(3000));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created: 3000 });
    await stop(first);

    const second = await start();
    expect(db(second).pendingRows()).toBe(0);
    for (const i of [0, 1499, 2999])
      expect(second.store.findUserByUsername(`bulk.user${i}`)?.lastName).toBe(`User ${i}`);
    expect([...second.store.users.values()].filter((u) => u.username.startsWith('bulk.user'))).toHaveLength(3000);
    expect((await historyOf(second, 'bulk.user2999')).map((e) => e.action)).toEqual(['import']);
  });

  it('keeps a change made to one of its users right after it', async () => {
    const first = await start();
    expect((await first.upload(PROVIDER, csv(3000))).status).toBe(200);
    // 'bulk.user1' + 0: the row of bulk.user10.
    const edit = await first.upload(
      PROVIDER,
      csv(1, 'bulk.user1', () => 'Edited-After-Import'),
    );
    expect(edit.body).toMatchObject({ updated: 1 });
    await expect.poll(() => db(first).pendingRows(), { timeout: 20_000 }).toBe(0);
    await stop(first);

    const second = await start();
    expect(second.store.findUserByUsername('bulk.user10')?.lastName).toBe('Edited-After-Import');
    expect(second.store.findUserByUsername('bulk.user11')?.lastName).toBe('User 11');
    expect((await historyOf(second, 'bulk.user10')).map((e) => e.action)).toEqual(['import', 'import']);
  });

  it('changes nothing, now or after a restart, when the database refuses a piece', async () => {
    const first = await start();
    const before = first.store.users.size;
    db(first).refuseWrites();
    const res = await first.upload(PROVIDER, csv(1000));
    expect(res.status, res.text).toBe(503);
    expect(res.body.message).toMatch(/could not save this change/);
    expect(first.store.users.size).toBe(before);
    expect(first.store.findUserByUsername('bulk.user0')).toBeUndefined();
    await stop(first);

    const second = await start();
    expect(second.store.users.size).toBe(before);
    expect(second.store.findUserByUsername('bulk.user999')).toBeUndefined();
  });
});

describe('the staged batches in the database', () => {
  const row = (id: string, body: string) => ({ kind: 'user', id, body });
  const body = (t: StorageDatabase, id: string) => [...t.rows()].find((r) => r.kind === 'user' && r.id === id)?.body;

  it('a landed batch is the records: moved at the next open when it was not moved before', () => {
    const a = StorageDatabase.open(dir);
    a.write([row('u1', '"old"')]);
    const batch = a.nextBatch();
    a.stage(batch, [row('u1', '"staged"'), row('u2', '"new"')], []);
    a.write([], {}, false, undefined, undefined, [batch]);
    a.close();
    const b = StorageDatabase.open(dir);
    expect(b.pendingRows()).toBe(2);
    b.settleBatches();
    expect([body(b, 'u1'), body(b, 'u2'), b.pendingRows()]).toEqual(['"staged"', '"new"', 0]);
    b.close();
  });

  it('a batch that never landed is dropped at the next open', () => {
    const a = StorageDatabase.open(dir);
    a.write([row('u1', '"old"')]);
    a.stage(a.nextBatch(), [row('u1', '"staged"'), row('u2', '"new"')], []);
    a.close();
    const b = StorageDatabase.open(dir);
    b.settleBatches();
    expect([body(b, 'u1'), body(b, 'u2'), b.pendingRows()]).toEqual(['"old"', undefined, 0]);
    b.close();
  });

  it('a record written after its batch landed is not undone by the move', () => {
    const a = StorageDatabase.open(dir);
    const batch = a.nextBatch();
    a.stage(batch, [row('u1', '"imported"'), row('u2', '"imported"')], []);
    a.write([], {}, false, undefined, undefined, [batch]);
    a.write([row('u1', '"edited later"')]);
    while (a.moveLanded(1));
    expect([body(a, 'u1'), body(a, 'u2'), a.pendingRows()]).toEqual(['"edited later"', '"imported"', 0]);
    a.close();
  });

  it('a record written in the landing write itself wins over its staged row', () => {
    const a = StorageDatabase.open(dir);
    const batch = a.nextBatch();
    a.stage(batch, [row('u1', '"staged"')], []);
    a.write([row('u1', '"written with the landing"')], {}, false, undefined, undefined, [batch]);
    a.settleBatches();
    expect(body(a, 'u1')).toBe('"written with the landing"');
    a.close();
  });
});
