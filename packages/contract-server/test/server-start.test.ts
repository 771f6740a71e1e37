// `npm start` (packages/dev-backend/src/cli.ts) warns when it listens beyond
// this machine, since whoever reaches the port can sign in with the seeded
// accounts' published password, and prints the token that lets other machines
// use the mock control API; on loopback it stays quiet.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

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

/**
 * Starts the server with `env` on a free port, stops it (SIGTERM) once it has printed its start block,
 * and resolves with everything it printed: the output is read once the process has closed its pipes,
 * so a line printed after the block (the warning, on stderr) is not missed, nor its absence guessed.
 */
async function start(
  env: Record<string, string>,
  lastLine = /Mock control API[^\n]*\n/,
): Promise<{ out: string; err: string }> {
  const port = String(await freePort());
  dataDir = mkdtempSync(path.join(tmpdir(), 'userprofile-start-'));
  // tsx as a loader, not its CLI: the SIGTERM reaches the server itself.
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/dev-backend/src/cli.ts'], {
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
  });
  child = server;
  let out = '';
  let err = '';
  const closed = new Promise<number | null>((resolve) => server.on('close', resolve));
  server.stdout.on('data', (d) => {
    out += d;
    // The last line of the start block on stdout is the mock control API's (in proxy mode, the sign-in line).
    if (lastLine.test(out)) server.kill('SIGTERM');
  });
  server.stderr.on('data', (d) => {
    err += d;
  });
  const code = await closed;
  if (!lastLine.test(out)) throw new Error(`server exited with ${code} before it listened: ${out}${err}`);
  return { out, err };
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

it('in proxy mode, prints the redirect URI the backend must allow for the console to sign in', async () => {
  const { out } = await start(
    { HOST: '127.0.0.1', PUBLIC_ORIGIN: 'http://127.0.0.1:9999', USERPROFILE_BACKEND: 'http://127.0.0.1:1' },
    /Sign-in: [^\n]*\n/,
  );
  expect(out).toContain('http://127.0.0.1:9999/userprofile/selfcallback');
}, 60_000);
