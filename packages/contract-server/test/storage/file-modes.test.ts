// What DATA_DIR holds (password hashes, client secrets, the
// signing key) is the owner's alone, whatever the umask: the folder 0700,
// the database and its -wal / -shm files 0600. A database file that other
// accounts can write is refused at start, in one line, and left untouched
// (as OpenSSH and PostgreSQL refuse key and data files others can reach).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/storage/database.ts';
import { API } from '../harness.ts';
import { CUSTOMER, PROVIDER, setup } from '../helpers.ts';

let root: string;
let umask: number;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'userprofile-modes-'));
  // The usual umask: files 0644 and folders 0755 unless the server says otherwise.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

/** A write through the API, so the write-ahead log has something in it. */
async function write(t: Awaited<ReturnType<typeof setup>>) {
  const source = (await t.call('GET', `${API}/user/username/${CUSTOMER}`, { as: PROVIDER })).body;
  const { uuid: _, ...form } = source;
  const res = await t.call('POST', `${API}/user/update`, {
    as: PROVIDER,
    body: { user: { ...form, username: 'mode.check', email: 'mode.check@example.com' } },
  });
  expect(res.status).toBe(200);
}

describe('DATA_DIR and its files', () => {
  it('a new DATA_DIR is 0700 and every file in it 0600, -wal included', async () => {
    const dataDir = path.join(root, 'data');
    const t = await setup({ seedUsers: 20, storage: { dataDir } });
    try {
      await write(t);
      expect(mode(dataDir).toString(8)).toBe('700');
      const files = readdirSync(dataDir);
      expect(files).toContain(DATABASE_FILE);
      expect(files).toContain(`${DATABASE_FILE}-wal`);
      for (const file of files) expect(`${file} ${mode(path.join(dataDir, file)).toString(8)}`).toBe(`${file} 600`);
    } finally {
      await t.close();
    }
  });

  it('an existing DATA_DIR and database others can read are made owner-only', async () => {
    const dataDir = path.join(root, 'data');
    const first = await setup({ seedUsers: 20, storage: { dataDir } });
    await first.close();
    chmodSync(dataDir, 0o755);
    for (const file of readdirSync(dataDir)) chmodSync(path.join(dataDir, file), 0o644);
    const again = await setup({ seedUsers: 20, storage: { dataDir } });
    try {
      await write(again);
      expect(mode(dataDir).toString(8)).toBe('700');
      for (const file of readdirSync(dataDir))
        expect(`${file} ${mode(path.join(dataDir, file)).toString(8)}`).toBe(`${file} 600`);
    } finally {
      await again.close();
    }
  });

  for (const bits of [0o666, 0o620, 0o602]) {
    it(`refuses a database file others can write (${bits.toString(8)}), in one line, and leaves it as it was`, async () => {
      const dataDir = path.join(root, 'data');
      const first = await setup({ seedUsers: 20, storage: { dataDir } });
      await first.close();
      const file = path.join(dataDir, DATABASE_FILE);
      chmodSync(file, bits);
      const before = statSync(file);
      const error = await setup({ seedUsers: 20, storage: { dataDir } }).then(
        (t) => t.close().then(() => null),
        (e: Error) => e,
      );
      expect(error?.message).toContain(`${file} can be written by other accounts (mode ${bits.toString(8)})`);
      expect(error?.message).not.toContain('\n');
      expect(mode(file)).toBe(bits);
      expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    });
  }

  it('refuses a DATA_DIR that others can write and that is not its own to tighten (a shared folder like /tmp)', async () => {
    const shared = path.join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const error = await setup({ seedUsers: 20, storage: { dataDir: shared } }).then(
      (t) => t.close().then(() => null),
      (e: Error) => e,
    );
    expect(error?.message).toContain(`The data folder ${shared} can be written by other accounts (mode 1777)`);
    expect(mode(shared)).toBe(0o777);
    expect(existsSync(path.join(shared, DATABASE_FILE))).toBe(false);
  });
});
