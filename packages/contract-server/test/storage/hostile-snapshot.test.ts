// A snapshot from elsewhere (SEED_FROM) is checked
// whole before anything of it is written, and refused in one line that names
// the file and the first bad record: unknown record kinds (`__proto__`,
// `constructor`), mistyped records, a password hash that chooses its own
// scrypt cost, a file too big to read.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/auth/password.ts';
import { MAX_SNAPSHOT_BYTES } from '../../src/storage/snapshot.ts';
import { API } from '../harness.ts';
import { PROVIDER, setup, type TestApp } from '../helpers.ts';
import { startServer } from './server-process.ts';

/** A cost no sign-in should ever pay: p=2000 is minutes of scrypt. */
const COSTLY = `scrypt$16384$8$2000$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;

let snapshot: { records: Record<string, Record<string, unknown>[]>; state: Record<string, unknown> };
let text: string;
let dir: string;
const open: TestApp[] = [];

beforeAll(async () => {
  const t = await setup({ seedUsers: 20 });
  text = (await t.app.inject({ method: 'GET', url: '/__mock/snapshot' })).body;
  snapshot = JSON.parse(text);
  await t.close();
});
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'userprofile-snapshot-'));
});
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `body` as a snapshot file and starts a server on an empty DATA_DIR from it. */
async function startFrom(body: string) {
  const file = path.join(dir, 'team.json');
  writeFileSync(file, body);
  const dataDir = path.join(dir, 'data');
  const start = setup({ storage: { dataDir, seedFrom: file } }).then((t) => {
    open.push(t);
    return t;
  });
  return { file, start };
}

/** The snapshot with one change made to a copy of it. */
function changed(change: (doc: typeof snapshot) => void): string {
  const doc = structuredClone(snapshot);
  change(doc);
  return JSON.stringify(doc);
}

async function refusal(body: string): Promise<{ file: string; message: string }> {
  const { file, start } = await startFrom(body);
  const error = await start.then(
    () => null,
    (e: Error) => e,
  );
  expect(error, 'the snapshot was loaded').not.toBeNull();
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  expect(message).toContain(`SEED_FROM ${file}`);
  return { file, message };
}

describe('a snapshot with a record kind this server does not keep', () => {
  for (const kind of ['__proto__', 'constructor', 'toString', 'users']) {
    it(`is refused, naming it: ${kind}`, async () => {
      const body = text.replace('"records":{', `"records":{"${kind}":[{"uuid":"x"}],`);
      const { message } = await refusal(body);
      expect(message).toContain(`records.${JSON.stringify(kind)} is not a record kind this server keeps`);
    });
  }
  it('is refused for a piece of state it does not keep', async () => {
    const { message } = await refusal(text.replace('"state":{', '"state":{"__proto__":{"polluted":true},'));
    expect(message).toContain('state."__proto__" is not a piece of state this server keeps');
  });
});

describe('a snapshot with a mistyped record', () => {
  const cases: [string, (doc: typeof snapshot) => void, string][] = [
    [
      'a user whose first name is a number',
      (d) => Object.assign(d.records.user?.[3] ?? {}, { firstName: 42 }),
      'records."user"[3]: field "firstName" must be string',
    ],
    [
      'a user with no elements',
      (d) => delete d.records.user?.[0]?.elements,
      'records."user"[0]: the record must have required property \'elements\'',
    ],
    [
      'an application whose roles are text',
      (d) => Object.assign(d.records.application?.[1] ?? {}, { roles: 'x' }),
      'records."application"[1]: field "roles" must be array',
    ],
    [
      'a business profile with an unknown role',
      (d) => Object.assign(d.records.businessProfile?.[0] ?? {}, { minimumRole: 'ROOT' }),
      'records."businessProfile"[0]: field "minimumRole" must be equal to one of the allowed values',
    ],
    [
      'a record list that is not a list',
      (d) => Object.assign(d.records, { location: {} }),
      'records."location" is not a list',
    ],
    [
      'two users of one username',
      (d) =>
        Object.assign(d.records.user?.[2] ?? {}, { username: String(d.records.user?.[1]?.username).toUpperCase() }),
      'records."user"[2]: username',
    ],
    [
      'an outbox that is not a list',
      (d) => Object.assign(d.state, { outbox: 'x' }),
      'state."outbox": the record must be array',
    ],
  ];
  for (const [what, change, expected] of cases) {
    it(`is refused, naming the record: ${what}`, async () => {
      const { message } = await refusal(changed(change));
      expect(message).toContain(expected);
    });
  }
});

describe('a password hash that chooses its own cost', () => {
  it('is refused in a snapshot, naming the user record', async () => {
    const { message } = await refusal(
      changed((d) => Object.assign(d.records.user?.[5] ?? {}, { passwordHash: COSTLY })),
    );
    expect(message).toContain('records."user"[5]: a password hash outside this server\'s policy');
    expect(message).toContain('scrypt$16384$8$2000');
  });

  it('in an earlier password too', async () => {
    const { message } = await refusal(
      changed((d) => Object.assign(d.records.user?.[0] ?? {}, { passwordHistory: [COSTLY] })),
    );
    expect(message).toContain('records."user"[0]: a password hash outside');
  });

  it('is never run at a sign-in: it fails in the time of one ordinary hash, as a wrong password does', async () => {
    const own = await hashPassword('Passw0rd!');
    let started = performance.now();
    expect(await verifyPassword('Passw0rd!', own)).toBe(true);
    const ordinary = performance.now() - started;
    started = performance.now();
    expect(await verifyPassword('Passw0rd!', COSTLY)).toBe(false);
    expect(performance.now() - started).toBeLessThan(3 * ordinary + 500);
  }, 60_000);

  it('a snapshot of this server loads, and its seeded accounts still sign in', async () => {
    const { start } = await startFrom(text);
    const t = await start;
    expect((await t.call('GET', `${API}/app/list`, { as: PROVIDER })).status).toBe(200);
  });
});

describe('a snapshot file too big, or missing', () => {
  it('is refused before it is read, naming the file and its size', async () => {
    const file = path.join(dir, 'huge.json');
    writeFileSync(file, '');
    truncateSync(file, MAX_SNAPSHOT_BYTES + 2 ** 20);
    const error = await setup({ storage: { dataDir: path.join(dir, 'data'), seedFrom: file } }).catch((e: Error) => e);
    expect(String(error)).toContain(`SEED_FROM ${file} is 257 MiB; a snapshot may be at most 256 MiB`);
  });

  it('a missing file is named', async () => {
    const file = path.join(dir, 'nowhere.json');
    const error = await setup({ storage: { dataDir: path.join(dir, 'data'), seedFrom: file } }).catch((e: Error) => e);
    expect(String(error)).toContain(`SEED_FROM ${file} cannot be read`);
  });
});

describe('npm start with a hostile SEED_FROM', () => {
  const saved = process.env.SEED_FROM;
  afterAll(() => {
    if (saved === undefined) delete process.env.SEED_FROM;
    else process.env.SEED_FROM = saved;
  });

  it('refuses in one line, with no stack trace', async () => {
    const file = path.join(dir, 'team.json');
    writeFileSync(file, text.replace('"records":{', '"records":{"__proto__":[{"uuid":"x"}],'));
    process.env.SEED_FROM = file;
    const server = await startServer(path.join(dir, 'data'));
    delete process.env.SEED_FROM;
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      `userprofile-dev-backend: cannot start: SEED_FROM ${file}: records."__proto__" is not a record kind this server keeps`,
    ]);
  });
});
