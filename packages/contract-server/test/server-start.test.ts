// Issue 10: `npm start` (src/server.ts) warns when it listens beyond this
// machine, and prints the token that lets other machines use the mock control
// API; on loopback it stays quiet.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** Starts the server with `env`; resolves with what it printed once it is listening. */
function start(env: Record<string, string>, ready = /Mock control API/): Promise<{ out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    dataDir = mkdtempSync(path.join(tmpdir(), 'userprofile-start-'));
    child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'packages/contract-server/src/server.ts'],
      {
        cwd: root,
        // A data folder of its own: never the repository's .data/, nor the one of a server still stopping.
        env: {
          ...process.env,
          PORT: port,
          SEED_USERS: '1',
          MOCK_TOKEN: '',
          MOCK_API: '',
          DATA_DIR: dataDir,
          ...env,
        },
      },
    );
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => {
      out += d;
      // The last line it prints at start is the mock control API's (or the warning after it, on stderr).
      if (ready.test(out)) setTimeout(() => resolve({ out, err }), 300);
    });
    child.stderr?.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
}

it('warns when it listens beyond loopback, and prints the mock control token', async () => {
  const { out, err } = await start({ HOST: '0.0.0.0', MOCK_TOKEN: 'printed-token-0123' });
  expect(err).toMatch(/WARNING: listening on 0\.0\.0\.0:\d+, beyond this machine/);
  expect(out).toContain('x-mock-token: printed-token-0123');
}, 60_000);

it('says nothing of the kind on loopback', async () => {
  const { err } = await start({ HOST: '127.0.0.1' });
  expect(err).not.toContain('WARNING');
}, 60_000);

it('in proxy mode, prints the redirect URI the backend must allow for the console to sign in (issue 32 item 7)', async () => {
  const { out } = await start(
    { HOST: '127.0.0.1', PUBLIC_ORIGIN: 'http://127.0.0.1:9999', USERPROFILE_BACKEND: 'http://127.0.0.1:1' },
    /Proxy mode/,
  );
  expect(out).toContain('http://127.0.0.1:9999/userprofile/selfcallback');
}, 60_000);
