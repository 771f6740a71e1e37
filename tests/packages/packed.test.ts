// The two packages as another team gets them: `npm run pack` writes the
// tarballs, each is installed in an empty folder with nothing else, on Node 24
// (where the install compiles nothing) and on this machine's Node 20 (where
// the install script builds the SQLite binding), and used as the package's
// README says: the command to its ready line, a fixture user signed in to the
// team's client with code + PKCE, the token's holdings, a reset, a stop; the
// same through `startDevBackend`; the conformance check against it; the typed
// API compiled; the README's Vitest and Playwright setups run as written, the
// latter with the README's example application signing alice in through a browser.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNode24 } from '../../scripts/node24.mjs';
import { FIXTURES_YAML, readmeBlock, root, signInToClient } from './team.ts';

const work = mkdtempSync(path.join(tmpdir(), 'userprofile-packages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NPM_CLI = realpathSync(
  path.join(path.dirname(realpathSync(process.execPath)), '../lib/node_modules/npm/bin/npm-cli.js'),
);
const ALICE = { username: 'alice', password: 'Alice-Passw0rd!' };
const HOLDS = { 'Snmp Manager Dev': { roles: ['SNMP_OPERATOR'] } };

let tarballs: string[] = [];
/** Node 24's installed folder, which the checks that need one Node only use after. */
let node24Folder: { node: string; folder: string } | undefined;
beforeAll(() => {
  const packed = spawnSync(process.execPath, ['scripts/pack.mjs', '--skip-console', '--out', work], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(packed.status, packed.stderr).toBe(0);
  // Each tarball's path on a line of its own, nothing else on stdout.
  tarballs = packed.stdout.trimEnd().split('\n');
  // Named by each package's own version (npm pack's rule), as the changelog lists them.
  const version = (name: string) =>
    (JSON.parse(readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8')) as { version: string })
      .version;
  expect(tarballs).toEqual([
    path.join(work, `userprofile-dev-backend-${version('dev-backend')}.tgz`),
    path.join(work, `userprofile-contract-${version('contract')}.tgz`),
  ]);
  for (const tarball of tarballs) expect(existsSync(tarball)).toBe(true);
});

/** Runs `command` in `cwd` with `node` on PATH first, to its end. */
function runSync(node: string, cwd: string, command: string, args: string[]) {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${path.dirname(node)}:${process.env.PATH}`, npm_config_yes: 'true' },
  });
}

/** Starts a long-running command; resolves with its first line matching `line`. */
function startUntil(node: string, cwd: string, command: string, args: string[], line: RegExp) {
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      PATH: `${path.dirname(node)}:${process.env.PATH}`,
      PORT: '',
      DATA_DIR: '',
      PUBLIC_ORIGIN: '',
    },
  });
  let out = '';
  child.stderr.on('data', (d) => {
    out += d;
  });
  const found = new Promise<RegExpExecArray>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (text) => {
      out += `${text}\n`;
      const match = line.exec(text);
      if (match) resolve(match);
    });
    child.on('close', (code) => reject(new Error(`exited ${code} before ${line}:\n${out}`)));
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, found, closed, output: () => out };
}

/**
 * Stops a command started through npx, as a CI job's end does: npx itself ends at once on SIGTERM
 * without passing it on, and the backend must follow it. Answers whether the backend is gone.
 */
async function stopThroughNpx(child: ChildProcess, closed: Promise<number | null>, origin: string): Promise<boolean> {
  child.kill('SIGTERM');
  await closed;
  for (const until = Date.now() + 5_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    if (
      !(await fetch(`${origin}/__mock/ready`).then(
        () => true,
        () => false,
      ))
    )
      return true;
  }
  return false;
}

describe.each([
  ['Node 24', () => ensureNode24(), false],
  ['Node 20 (this machine)', () => process.execPath, true],
])('installed on %s', (_label, nodeOf, buildsBinding) => {
  let node: string;
  let folder: string;

  beforeAll(() => {
    node = nodeOf();
    folder = mkdtempSync(path.join(work, 'team-'));
    if (!buildsBinding) node24Folder = { node, folder };
    writeFileSync(path.join(folder, 'package.json'), '{ "private": true, "type": "module" }\n');
    writeFileSync(path.join(folder, 'fixtures.yaml'), FIXTURES_YAML);
    const installed = runSync(node, folder, node, [NPM_CLI, 'install', '--no-audit', '--no-fund', ...tarballs]);
    expect(installed.status, `${installed.stdout}${installed.stderr}`).toBe(0);
  });

  it(buildsBinding ? 'builds the SQLite binding, Node 20 having no node:sqlite' : 'compiles nothing', () => {
    const binding = path.join(folder, 'node_modules/@userprofile/dev-backend/sqlite-binding');
    if (buildsBinding)
      expect(existsSync(path.join(binding, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(
        true,
      );
    else expect(existsSync(binding)).toBe(false);
    // Nothing but the two packages: every dependency is inside them.
    const lock = JSON.parse(readFileSync(path.join(folder, 'package-lock.json'), 'utf8')) as { packages: object };
    expect(Object.keys(lock.packages).sort()).toEqual([
      '',
      'node_modules/@userprofile/contract',
      'node_modules/@userprofile/dev-backend',
    ]);
  });

  it('the command: --port 0 to its ready line, a fixture user signed in with their holdings, reset, stop', async () => {
    const started = performance.now();
    const run = startUntil(
      node,
      folder,
      'npx',
      [
        'userprofile-dev-backend',
        '--port',
        '0',
        '--data-dir',
        ':memory:',
        '--fixtures',
        'fixtures.yaml',
        '--seed-users',
        '20',
      ],
      /^ready (http:\/\/127\.0\.0\.1:\d+)\/userprofile\/$/,
    );
    const [, origin = ''] = await run.found;
    const readyMs = performance.now() - started;
    expect((await fetch(`${origin}/__mock/ready`)).status).toBe(200);
    const console = await fetch(`${origin}/userprofile/`, { headers: { accept: 'text/html' } });
    expect(await console.text()).toContain('<div id="root">');

    const claims = await signInToClient(origin, ALICE);
    expect(claims).toMatchObject({ preferred_username: 'alice', aud: 'snmp-manager-local', resource_access: HOLDS });

    // A fault armed, then a reset: the faults are gone and the fixture user signs in again.
    await fetch(`${origin}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', path: '/userprofile/api/v1/me', status: 503 }),
    });
    expect((await fetch(`${origin}/__mock/reset`, { method: 'POST' })).status).toBe(200);
    expect(await (await fetch(`${origin}/__mock/faults`)).json()).toEqual([]);
    expect((await signInToClient(origin, ALICE)).resource_access).toEqual(HOLDS);

    expect(await stopThroughNpx(run.child, run.closed, origin)).toBe(true);
    expect(readyMs).toBeLessThan(20_000);
  });

  it("startDevBackend in the team's own process: typed options, reset, faults, outbox, stop", async () => {
    writeFileSync(
      path.join(folder, 'api.mjs'),
      `import { createInterface } from 'node:readline';
import { startDevBackend } from '@userprofile/dev-backend';
const backend = await startDevBackend({ fixtures: 'fixtures.yaml', seedUsers: 20 });
console.log(JSON.stringify({ url: backend.url, origin: backend.origin, port: backend.port }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'fault') console.log(JSON.stringify(backend.faults.add({ method: 'GET', path: '/userprofile/api/v1/me', status: 503 })));
  if (line === 'reset') { await backend.reset(); console.log(JSON.stringify({ faults: backend.faults.list(), outbox: backend.outbox() })); }
  if (line === 'stop') { await backend.stop(); console.log('stopped'); }
}
`,
    );
    const run = startUntil(node, folder, node, ['api.mjs'], /^\{.*"url".*\}$/);
    const said = async (command: string) => {
      const next = new Promise<string>((resolve) =>
        createInterface({ input: run.child.stdout as NodeJS.ReadableStream }).once('line', resolve),
      );
      run.child.stdin?.write(`${command}\n`);
      return next;
    };
    const { url, origin, port } = JSON.parse((await run.found)[0]) as { url: string; origin: string; port: number };
    expect(url).toBe(`${origin}/userprofile/`);
    expect(origin).toBe(`http://127.0.0.1:${port}`);
    expect(await (await fetch(`${origin}/__mock/ready`)).json()).toEqual({ ready: true });
    expect((await signInToClient(origin, ALICE)).resource_access).toEqual(HOLDS);

    expect(JSON.parse(await said('fault'))).toMatchObject({ method: 'GET', status: 503, times: 1 });
    expect((await fetch(`${origin}/userprofile/api/v1/me`)).status).toBe(503);
    expect(JSON.parse(await said('reset'))).toEqual({ faults: [], outbox: [] });
    expect(await said('stop')).toBe('stopped');
    await expect(fetch(`${origin}/__mock/ready`)).rejects.toThrow();
    run.child.stdin?.end();
    expect(await run.closed).toBe(0);
  });
});

// Once is enough for these: they do not depend on the Node the package runs on.
describe('installed on Node 24, used further', () => {
  let node: string;
  let folder: string;
  beforeAll(() => {
    if (!node24Folder) throw new Error('the Node 24 install did not run');
    ({ node, folder } = node24Folder);
  });

  it('the conformance check scores the installed dev backend 100%', async () => {
    const run = startUntil(
      node,
      folder,
      'npx',
      ['userprofile-dev-backend', '--port', '0', '--data-dir', ':memory:', '--seed-users', '20', '--quiet'],
      /^ready (http:\/\/127\.0\.0\.1:\d+)\/userprofile\/$/,
    );
    const [, origin = ''] = await run.found;
    const check = spawn('npx', ['userprofile-contract', '--target', origin, '--username', 'provider.admin', '-q'], {
      cwd: folder,
      env: { ...process.env, PATH: `${path.dirname(node)}:${process.env.PATH}`, CONTRACT_PASSWORD: 'Passw0rd!' },
    });
    let out = '';
    check.stdout.on('data', (d) => {
      out += d;
    });
    const code = await new Promise((resolve) => check.on('close', resolve));
    expect(out).toMatch(/100(\.0)?%/);
    expect(code, out).toBe(0);
    expect(await stopThroughNpx(run.child, run.closed, origin)).toBe(true);
  });

  it('its types: a consumer compiles, a wrong option does not', () => {
    writeFileSync(
      path.join(folder, 'consumer.ts'),
      `import { type DevBackend, DevBackendStartError, startDevBackend } from '@userprofile/dev-backend';
export async function use(): Promise<string> {
  const backend: DevBackend = await startDevBackend({ port: 0, dataDir: ':memory:', fixtures: { seed: 'none' }, seedUsers: 5 });
  const fault = backend.faults.add({ method: 'GET', path: '/x', status: 503 });
  const mails: string[] = backend.outbox().map((mail) => mail.subject);
  await backend.reset();
  await backend.stop();
  const reason: 'options' | 'port' | 'data' | 'fixtures' = new DevBackendStartError('x', 'port').reason;
  return \`\${backend.url} \${fault.id} \${mails.length} \${reason}\`;
}
// @ts-expect-error: not an option
startDevBackend({ prot: 3000 });
`,
    );
    const tsc = runSync(node, folder, node, [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--lib',
      'es2023',
      '--skipLibCheck',
      'consumer.ts',
    ]);
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  });

  it("the README's Vitest globalSetup runs as written", () => {
    for (const file of ['vitest.global-setup.ts', 'vitest.config.ts', 'backend.test.ts'])
      writeFileSync(path.join(folder, file), readmeBlock(`// ${file}\n`));
    symlinkSync(realpathSync(path.join(root, 'node_modules/vitest')), path.join(folder, 'node_modules/vitest'));
    const vitest = runSync(node, folder, node, [path.join(folder, 'node_modules/vitest/vitest.mjs'), 'run']);
    expect(vitest.status, `${vitest.stdout}${vitest.stderr}`).toBe(0);
    expect(vitest.stdout).toMatch(/1 passed/);
  });

  it("the README's Playwright globalSetup and example application: alice signs in through a browser", () => {
    for (const file of ['playwright.global-setup.ts', 'playwright.config.ts', 'signs-in.spec.ts'])
      writeFileSync(path.join(folder, file), readmeBlock(`// ${file}\n`));
    writeFileSync(path.join(folder, 'app.mjs'), readmeBlock('// app.mjs:'));
    mkdirSync(path.join(folder, 'node_modules/@playwright'), { recursive: true });
    symlinkSync(
      realpathSync(path.join(root, 'node_modules/@playwright/test')),
      path.join(folder, 'node_modules/@playwright/test'),
    );
    // This machine's Chromium (no browser can be downloaded here), and only the README's spec: the
    // rest of their config is theirs as written.
    writeFileSync(
      path.join(folder, 'here.config.ts'),
      `import base from './playwright.config.ts';
import { CHROMIUM_LAUNCH } from ${JSON.stringify(path.join(root, 'scripts/lib/chromium.mjs'))};
export default { ...base, testMatch: 'signs-in.spec.ts', use: { ...base.use, launchOptions: CHROMIUM_LAUNCH } };
`,
    );
    const playwright = runSync(node, folder, node, [
      path.join(folder, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--config',
      'here.config.ts',
      '--reporter',
      'line',
    ]);
    expect(playwright.status, `${playwright.stdout}${playwright.stderr}`).toBe(0);
    expect(playwright.stdout).toMatch(/1 passed/);
  });
});
