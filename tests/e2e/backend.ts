// A dev backend of the end-to-end tests' own: src/server.ts in a process of
// its own, on a port the OS says is free and a DATA_DIR of its own, serving the
// built console (packages/web/dist) as `npm start` does. Each Playwright worker
// runs one (fixtures.ts), and a test that kills its server starts another.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

import { freePort } from '../../packages/contract-server/test/free-port.ts';

// A port nothing listens on now (the OS picks it): the server tests' helper, one copy.
export { freePort };

export interface BackendOptions {
  /** DATA_DIR; default a new temporary folder, removed at stop(). */
  dataDir?: string;
  /** Start from the seed (--fresh), whatever DATA_DIR holds. */
  fresh?: boolean;
  /** The port to listen on (a restart keeps its origin); default a free one. */
  port?: number;
  /** More environment for the server (a project's `backendEnv`): EXTENSIONS, SEED_USERS, ... */
  env?: Record<string, string>;
}

export interface Backend {
  /** http://127.0.0.1:PORT */
  origin: string;
  dataDir: string;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Ends it with SIGTERM and removes a temporary DATA_DIR. */
  stop: () => Promise<void>;
  /** Ends it with SIGKILL (nothing flushed, nothing removed), as a crash would. */
  kill: () => Promise<void>;
}

/** Starts a dev backend; resolves once it listens and has printed its start block. */
export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const own = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'userprofile-e2e-'));
  // The free port may be taken by another process before the server binds it: then again on another.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const started = await startOnce(port, dataDir, {
      ...options,
      env: { ...options.env, E2E_TEMPORARY_DATA_DIR: own ? '1' : '' },
    });
    if (started.ok) {
      const { child, closed, output } = started;
      const end = async (signal: NodeJS.Signals) => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await closed;
      };
      return {
        origin: `http://127.0.0.1:${port}`,
        dataDir,
        output,
        kill: () => end('SIGKILL'),
        stop: async () => {
          await end('SIGTERM');
          if (own) rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }
    if (attempt === 3 || options.port !== undefined || !started.output().includes('EADDRINUSE')) {
      if (own) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The dev backend did not start (exit ${started.code}):\n${started.output()}`);
    }
  }
}

type Started =
  | { ok: true; child: ChildProcess; closed: Promise<unknown>; output: () => string }
  | { ok: false; code: number | null; output: () => string };

async function startOnce(port: number, dataDir: string, options: BackendOptions): Promise<Started> {
  const origin = `http://127.0.0.1:${port}`;
  // tsx as a loader, not its CLI (which runs the server in a child process a signal would not reach);
  // exit-with-parent.mjs ends it when this process goes, however it goes (its stdin is our pipe).
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './tests/e2e/exit-with-parent.mjs',
      'packages/contract-server/src/server.ts',
      ...(options.fresh ? ['--fresh'] : []),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        SEED_USERS: process.env.SEED_USERS ?? '300',
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: origin,
        DATA_DIR: dataDir,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let printed: () => void = () => {};
  const ready = new Promise<true>((resolve) => {
    printed = () => resolve(true);
  });
  const take = (d: Buffer) => {
    out += d;
    // The start block ends with the mock control API's line (src/server.ts), whether that API is on or
    // off; in proxy mode (USERPROFILE_BACKEND) with the proxy's.
    if (/(Mock control API|Proxy mode)[^\n]*\n/.test(out)) printed();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  // 'close', not 'exit': it comes once the pipes are drained, so the output is whole.
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const output = () => out;
  const result = await Promise.race([ready, closed]);
  if (result === true) return { ok: true, child, closed, output };
  return { ok: false, code: result, output };
}
