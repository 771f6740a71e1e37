// The command as a developer of another team meets it: every refusal is one
// line naming what, with exit code 2 (usage) or 1 (anything else), and
// nothing written; a start prints `ready URL` last, and /__mock/ready agrees.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(root, 'packages/dev-backend/src/cli.ts');
// By path: the command runs in a folder of its own, where `--import tsx` would not resolve.
const TSX = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const work = mkdtempSync(path.join(tmpdir(), 'dev-backend-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs the command to its end (or, once it prints its ready line, stops it with SIGTERM). */
function run(args: string[], env: Record<string, string> = {}): Promise<Run & { ready?: string }> {
  const child = spawn(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd: work,
    // Nothing of the test runner's own environment decides where it listens or keeps data.
    env: { ...process.env, PORT: '', DATA_DIR: '', PUBLIC_ORIGIN: '', SEED_USERS: '5', ...env },
  });
  let out = '';
  let err = '';
  let ready: string | undefined;
  child.stdout.on('data', (d) => {
    out += d;
    const url = /^ready (\S+)$/m.exec(out)?.[1];
    if (url && !ready) {
      ready = url;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err, ready })));
}

const oneLine = (text: string) => text.trimEnd().split('\n');

describe('usage errors: one line, exit 2, nothing written', () => {
  const dataDir = path.join(work, 'never-made');
  it.each([
    [['--prot', '3000'], "userprofile-dev-backend: Unknown option '--prot' (see --help)"],
    [
      ['--port', 'abc'],
      'userprofile-dev-backend: --port must be a whole number from 0 to 65535, got "abc" (see --help)',
    ],
    [
      ['--port', '70000'],
      'userprofile-dev-backend: --port must be a whole number from 0 to 65535, got "70000" (see --help)',
    ],
    [['--extensions', 'maybe'], 'userprofile-dev-backend: --extensions takes on or off, got "maybe" (see --help)'],
    [
      ['--seed-users=-4'],
      'userprofile-dev-backend: --seed-users must be a whole number from 0 to 1000000, got "-4" (see --help)',
    ],
    [['--backend', 'ftp://x'], 'userprofile-dev-backend: --backend must be an http(s) URL, got "ftp://x" (see --help)'],
    [['stray'], "userprofile-dev-backend: Unexpected argument 'stray' (see --help)"],
  ])('%j', async (args, line) => {
    const { code, out, err } = await run([...args, '--data-dir', dataDir]);
    expect(oneLine(err)).toEqual([line]);
    expect(out).toBe('');
    expect(code).toBe(2);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('cannot start: one line, exit 1, nothing written', () => {
  it('the port in use', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const dataDir = path.join(work, 'port-in-use');
    try {
      const { code, err } = await run(['--port', String(port), '--data-dir', dataDir]);
      expect(oneLine(err)).toEqual([
        `userprofile-dev-backend: cannot start: port ${port} on 127.0.0.1 is in use; stop what listens there, or choose another with --port (0 takes a free one)`,
      ]);
      expect(code).toBe(1);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      holder.close();
    }
  });

  it('a shared data folder others can write (sticky, as /tmp)', async () => {
    const dataDir = path.join(work, 'shared-folder');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o1777);
    const { code, err } = await run(['--port', '0', '--data-dir', dataDir]);
    expect(oneLine(err)).toEqual([
      `userprofile-dev-backend: cannot start: The data folder ${dataDir} can be written by other accounts (mode 1777): give the server a DATA_DIR of its own.`,
    ]);
    expect(code).toBe(1);
    expect(existsSync(path.join(dataDir, 'userprofile.db'))).toBe(false);
  });

  it('a data folder holding something else than its database', async () => {
    const dataDir = path.join(work, 'not-a-database');
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(path.join(dataDir, 'userprofile.db'), 'these are my notes, not a database\n'.repeat(200), {
      mode: 0o600,
    });
    const { code, err } = await run(['--port', '0', '--data-dir', dataDir]);
    expect(oneLine(err)).toHaveLength(1);
    expect(err).toMatch(
      /^userprofile-dev-backend: cannot start: \S+userprofile\.db is not a database of this dev backend .* It was left untouched/,
    );
    expect(code).toBe(1);
    expect(readFileSync(path.join(dataDir, 'userprofile.db'), 'utf8')).toBe(
      'these are my notes, not a database\n'.repeat(200),
    );
  });

  const fixture = (name: string, text: string) => {
    const file = path.join(work, name);
    writeFileSync(file, text);
    return file;
  };
  it.each([
    [
      'a YAML syntax error',
      'bad-syntax.yaml',
      'users:\n  - username: alice\n    password: [unclosed\n',
      /^bad-syntax\.yaml:\d+: /,
    ],
    [
      'a held application nobody has',
      'unknown-app.yaml',
      'users:\n  - username: alice\n    password: Alice-Passw0rd!\n    holds:\n      Snmp Manger Dev: [SNMP_OPERATOR]\n',
      /^unknown-app\.yaml:5: .*Snmp Manger Dev/,
    ],
    [
      'an unknown key',
      'unknown-key.json',
      '{\n  "seed": "default",\n  "userz": []\n}\n',
      /^unknown-key\.json:3: .*userz/,
    ],
  ])('fixtures with %s', async (_what, name, text, reason) => {
    const dataDir = path.join(work, `fixtures-${name}`);
    const { code, err, out } = await run(['--port', '0', '--data-dir', dataDir, '--fixtures', fixture(name, text)]);
    expect(oneLine(err)).toHaveLength(1);
    const [, said] = /^userprofile-dev-backend: cannot start: (?:.*\/)?(.*)$/.exec(err.trimEnd()) ?? [];
    expect(said).toMatch(reason);
    expect(out).toBe('');
    expect(code).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a fixtures file that is not there', async () => {
    const { code, err } = await run(['--port', '0', '--data-dir', ':memory:', '--fixtures', 'missing.yaml']);
    expect(oneLine(err)).toHaveLength(1);
    expect(err).toMatch(/^userprofile-dev-backend: cannot start: .*missing\.yaml/);
    expect(code).toBe(1);
  });
});

describe('help, version, and the ready signal', () => {
  it('--help names every flag and the exit codes, exit 0', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--data-dir',
      ':memory:',
      '--fixtures',
      '--seed-users',
      '--extensions',
      '--backend',
      '--quiet',
      '--version',
    ])
      expect(out).toContain(flag);
    expect(out).toMatch(/Exit status: 0 .* 1 .* 2 bad usage/s);
  });

  it('--version names the package, the document and the fixtures format', async () => {
    const { code, out } = await run(['--version']);
    expect(code).toBe(0);
    expect(out).toMatch(
      /^userprofile-dev-backend \d+\.\d+\.\d+ \(OpenAPI document \d+\.\d+\.\d+, fixtures format 1\)\n$/,
    );
  });

  it('--port 0 --quiet prints only the ready line, on a free port, and stops with exit 0 on SIGTERM', async () => {
    const { code, out, err, ready } = await run(['--port', '0', '--data-dir', ':memory:', '--quiet']);
    expect(ready).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/userprofile\/$/);
    expect(out).toBe(`ready ${ready}\n`);
    expect(err).toBe('');
    expect(code).toBe(0);
  });
});
