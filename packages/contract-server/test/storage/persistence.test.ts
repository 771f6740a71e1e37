// The dev backend keeps its data (SQLite in DATA_DIR): each test has its own temporary
// DATA_DIR (a file database, since restarts and locks are the point), removed
// afterwards. Other test files use a private database in memory.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DATABASE_FILE } from '../../src/storage/database.ts';
import type { StorageOptions } from '../../src/storage/start.ts';
import { CONSOLE_CLIENT, signInToken } from '../auth/harness.ts';
import { API } from '../harness.ts';
import { CUSTOMER, PROVIDER, setup, type TestApp } from '../helpers.ts';
import { signIn, signInWithCode, startServer } from './server-process.ts';

let dir: string;
const open: TestApp[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'userprofile-data-'));
});
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(storage: Partial<StorageOptions> = {}): Promise<TestApp> {
  const t = await setup({ storage: { dataDir: dir, ...storage } });
  open.push(t);
  return t;
}

async function stop(t: TestApp): Promise<void> {
  open.splice(open.indexOf(t), 1);
  await t.close();
}

/** Every record of a store, in an order that does not depend on how the store was filled. */
function state(t: TestApp): unknown {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sorted(v)]))
        : value;
  return sorted(JSON.parse(t.store.dump()));
}

/** A new user saved through the API, as the console saves one. */
async function createUser(t: TestApp, username: string) {
  const source = (await t.call('GET', `${API}/user/username/${CUSTOMER}`, { as: PROVIDER })).body;
  const { uuid: _, ...form } = source;
  const res = await t.call('POST', `${API}/user/update`, {
    as: PROVIDER,
    body: { user: { ...form, username, email: `${username}@example.com` } },
  });
  expect(res.status).toBe(200);
  return res.body as { uuid: string; username: string };
}

describe('a DATA_DIR', () => {
  it('keeps a saved user, an inactivation and the outbox across a restart', async () => {
    const first = await start();
    const user = await createUser(first, 'kept.user');
    const customer = (await first.call('GET', `${API}/user/username/${CUSTOMER}`, { as: PROVIDER })).body;
    expect((await first.call('POST', `${API}/user/inactivate`, { as: PROVIDER, body: customer })).status).toBe(200);
    const reset = await first.call('POST', `${API}/user/sendPasswordReset`, {
      as: PROVIDER,
      body: { uuid: user.uuid },
      allowUndocumented: true,
    });
    const dump = state(first);
    await stop(first);

    const second = await start();
    expect(second.app.storage?.started).toMatch(/^loaded \d+ users/);
    expect((await second.call('GET', `${API}/user/${user.uuid}`, { as: PROVIDER })).body.username).toBe('kept.user');
    expect(second.store.users.get(customer.uuid)?.active).toBe(false);
    expect(state(second)).toEqual(dump);
    if (reset.status === 200) expect(second.store.outbox.length).toBeGreaterThan(0);
  });

  it('keeps every user an import created, beyond those the history records', async () => {
    // A history of 10: the import's first 40 users are saved though no history entry names them.
    const first = await setup({ storage: { dataDir: dir }, historyLimit: 10 });
    open.push(first);
    const rows = ['username,email,firstName,lastName,active,businessProfile,visibilityProfile,minimumRole'];
    for (let i = 0; i < 50; i++)
      rows.push(
        `bulk.user${i},bulk.user${i}@example.com,Bulk,User ${i},true,Planning Analysts,National Visibility,ADMIN`,
      );
    const res = await first.upload(PROVIDER, `${rows.join('\r\n')}\r\n`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 50 });
    const dump = state(first);
    await stop(first);
    const second = await start();
    expect(second.store.findUserByUsername('bulk.user0')?.lastName).toBe('User 0');
    expect(state(second)).toEqual(dump);
  });

  it('keeps a sign-in across a restart: the token and its session still work', async () => {
    // Without the tests' shared signing key: the restarted server must sign with the key it stored.
    const first = await buildApp({ webDist: null, storage: { dataDir: dir } });
    const { token } = await signInToken(first);
    await first.close();
    const second = await buildApp({ webDist: null, storage: { dataDir: dir } });
    try {
      const res = await second.inject({
        method: 'GET',
        url: `${API}/me`,
        headers: { authorization: `Bearer ${token}`, algorithm: 'RSA256' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().username).toBe(PROVIDER);
    } finally {
      await second.close();
    }
  });

  it('keeps a sign-out across a restart: the token it ended stays refused', async () => {
    const first = await buildApp({ webDist: null, storage: { dataDir: dir } });
    const { token } = await signInToken(first);
    const bearer = { authorization: `Bearer ${token}`, algorithm: 'RSA256' };
    const out = await first.inject({ method: 'GET', url: `${API}/auth/logout`, headers: bearer });
    expect(out.statusCode).toBe(200);
    expect((await first.inject({ method: 'GET', url: `${API}/me`, headers: bearer })).statusCode).toBe(401);
    await first.close();
    const second = await buildApp({ webDist: null, storage: { dataDir: dir } });
    try {
      expect((await second.inject({ method: 'GET', url: `${API}/me`, headers: bearer })).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('goes back to the seed at POST /__mock/reset and at --fresh, and stays there', async () => {
    const first = await start();
    const seeded = state(first);
    await createUser(first, 'gone.after.reset');
    expect((await first.app.inject({ method: 'POST', url: '/__mock/reset' })).statusCode).toBe(200);
    await stop(first);
    const second = await start();
    expect(state(second)).toEqual(seeded);
    await createUser(second, 'gone.after.fresh');
    await stop(second);
    const third = await start({ fresh: true });
    expect(third.app.storage?.started).toBe('seeded');
    await stop(third);
    const fourth = await start();
    expect(state(fourth)).toEqual(seeded);
  });

  it('exports a snapshot that SEED_FROM loads into the same state', async () => {
    const first = await start();
    await createUser(first, 'in.the.snapshot');
    const res = await first.app.inject({ method: 'GET', url: '/__mock/snapshot' });
    expect(res.statusCode).toBe(200);
    const snapshot = res.json();
    expect(snapshot).toMatchObject({ format: 'userprofile-dev-backend-snapshot', version: 2 });
    const dump = state(first);
    await stop(first);

    const file = path.join(dir, 'team.json');
    writeFileSync(file, res.body);
    const otherDir = mkdtempSync(path.join(tmpdir(), 'userprofile-data-'));
    try {
      const second = await setup({ storage: { dataDir: otherDir, seedFrom: file } });
      open.push(second);
      expect(second.app.storage?.started).toBe(`seeded from ${file}`);
      expect(state(second)).toEqual(dump);
      const again = (await second.app.inject({ method: 'GET', url: '/__mock/snapshot' })).json();
      expect({ ...again, exportedAt: null }).toEqual({ ...snapshot, exportedAt: null });
      await stop(second);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('refuses a file that is not its database, naming it, and leaves it untouched', async () => {
    const file = path.join(dir, DATABASE_FILE);
    const garbage = Buffer.from('not a database, but someone’s notes\n'.repeat(200));
    writeFileSync(file, garbage);
    await expect(setup({ storage: { dataDir: dir } })).rejects.toThrow(`${file} is not a database of this dev backend`);
    expect(readFileSync(file).equals(garbage)).toBe(true);
  });

  it('answers 503 to a write the database refuses (read-only), and changes nothing', async () => {
    const t = await start();
    const source = (await t.call('GET', `${API}/user/username/${CUSTOMER}`, { as: PROVIDER })).body;
    const { uuid: _, ...form } = source;
    const before = state(t);
    t.app.storage?.persistence.db.refuseWrites();
    const res = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      body: { user: { ...form, username: 'no.room', email: 'no.room@example.com', firstName: 'X'.repeat(200) } },
    });
    expect(res.status, res.text).toBe(503);
    expect(res.body.message).toMatch(/could not save this change.*Nothing was changed/);
    expect(state(t)).toEqual(before);
    expect((await t.call('GET', `${API}/user/username/no.room`, { as: PROVIDER })).status).toBe(404);
  });
});

describe('npm start killed with SIGKILL', () => {
  it('keeps every write it answered, and the sign-in, when killed in the middle of a burst', async () => {
    const first = await startServer(dir);
    expect(first.output()).toContain('(seeded)');
    const headers = await signIn(first.origin, PROVIDER);
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`${first.origin}${API}${url}`, { ...init, headers: { ...headers, 'content-type': 'application/json' } });
    const source = (await (await api(`/user/username/${CUSTOMER}`)).json()) as Record<string, unknown>;
    const { uuid: _, ...form } = source;
    const acknowledged: string[] = [];
    let killed = false;
    // Eight writers in parallel; the server is killed once 30 writes were answered, others in flight.
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const username = `burst.${w}.${i}`;
        const res = await api('/user/update', {
          method: 'POST',
          body: JSON.stringify({ user: { ...form, username, email: `${username}@example.com` } }),
        }).catch(() => null);
        // Before the kill every write is answered 200; anything else is a failure of the test's set-up, not a burst.
        if (res && res.status !== 200 && !killed)
          throw new Error(`POST /user/update: ${res.status} ${await res.text()}`);
        if (res?.status === 200) acknowledged.push(username);
        if (acknowledged.length >= 30 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(writer));
    expect(await first.exited).toBeNull();

    const second = await startServer(dir);
    try {
      expect(second.output()).toMatch(/loaded \d+ users/);
      // The sign-in made before the kill still works: same signing key, same session.
      const found = await Promise.all(
        acknowledged.map((u) => fetch(`${second.origin}${API}/user/username/${u}`, { headers }).then((r) => r.status)),
      );
      const lost = acknowledged.filter((_, i) => found[i] !== 200);
      expect(found[0]).toBe(200);
      expect(lost).toEqual([]);
      // Each acknowledged creation's history entry landed with it.
      const last = acknowledged.at(-1) as string;
      const { uuid } = (await (await fetch(`${second.origin}${API}/user/username/${last}`, { headers })).json()) as {
        uuid: string;
      };
      const history = (await (await fetch(`${second.origin}${API}/history/user/${uuid}`, { headers })).json()) as {
        entries: { action: string }[];
      };
      expect(history.entries.map((e) => e.action)).toEqual(['create']);
      expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    } finally {
      second.child.kill('SIGKILL');
      await second.exited;
    }
  }, 120_000);

  it('keeps a sign-out, a spent code and the revocation its replay makes, each when killed right after it', async () => {
    const me = (origin: string, headers: Record<string, string>) =>
      fetch(`${origin}${API}/me`, { headers }).then((r) => r.status);
    const first = await startServer(dir);
    const kept = await signInWithCode(first.origin, PROVIDER);
    const ended = await signInWithCode(first.origin, CUSTOMER);
    // The document's sign-out is a GET: the auth core, not the request's method, says it changed something.
    expect((await fetch(`${first.origin}${API}/auth/logout`, { headers: ended.headers })).status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(dir);
    let third: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      expect(await me(second.origin, kept.headers)).toBe(200);
      expect(await me(second.origin, ended.headers)).toBe(401);
      // The restored session lists the client it signed in to (its set of clients was kept as {} before).
      const user = await fetch(`${second.origin}${API}/user/username/${PROVIDER}`, { headers: kept.headers });
      const { uuid } = (await user.json()) as { uuid: string };
      const signIns = await fetch(`${second.origin}${API}/user/${uuid}/signIns`, { headers: kept.headers });
      expect(signIns.status, await signIns.clone().text()).toBe(200);
      const { sessions } = (await signIns.json()) as { sessions: { clients: { clientId: string }[] }[] };
      expect(sessions.map((s) => s.clients.map((c) => c.clientId))).toEqual([[CONSOLE_CLIENT.uuid]]);
      // The code the sign-in spent is still spent: tried again, it is refused, and the token it gave is revoked.
      const replay = await fetch(`${second.origin}${API}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          client_id: CONSOLE_CLIENT.uuid,
          code: kept.code,
          code_verifier: kept.verifier,
        }),
      });
      expect(replay.status).toBe(400);
      expect(((await replay.json()) as { error_description: string }).error_description).toBe(
        'the authorization code has already been used',
      );
      expect(await me(second.origin, kept.headers)).toBe(401);
      second.child.kill('SIGKILL');
      await second.exited;
      // The revocation was saved before the refusal left.
      third = await startServer(dir);
      expect(await me(third.origin, kept.headers)).toBe(401);
    } finally {
      second.child.kill('SIGKILL');
      await second.exited;
      third?.child.kill('SIGKILL');
      await third?.exited;
    }
  }, 120_000);

  it('refuses a second server on the same DATA_DIR, naming the folder', async () => {
    const first = await startServer(dir);
    try {
      const second = await startServer(dir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`Another server is using the data folder ${dir}`);
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
  }, 120_000);
});
