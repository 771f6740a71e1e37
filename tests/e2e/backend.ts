// A dev backend of the end-to-end tests' own: the dev-backend command in a process of
// its own, on a port it takes free and a DATA_DIR of its own, serving the
// built console (packages/web/dist) as `npm start` does. Each Playwright worker
// runs one (fixtures.ts), and a test that kills its server starts another.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

export interface BackendOptions {
  /** DATA_DIR; default a new temporary folder, removed at stop(). */
  dataDir?: string;
  /** Start from the seed (--fresh), whatever DATA_DIR holds. */
  fresh?: boolean;
  /** The port to listen on (a restart keeps its origin); default a free one. */
  port?: number;
  /** More environment for the server (a project's `backendEnv`): EXTENSIONS, SEED_USERS, ... */
  env?: Record<string, string>;
  /**
   * The host to listen on, which the origin names; default 127.0.0.1. `localhost` gives an origin
   * with a host name, a secure context where browsers run WebAuthn (they refuse it on an IP address).
   */
  host?: string;
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

/**
 * Starts a dev backend through the command other teams install (`userprofile-dev-backend`, here from
 * its source); resolves once it has printed its `ready URL` line. Without a port it takes a free one
 * itself (--port 0) and the ready line says which.
 */
export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const own = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'userprofile-e2e-'));
  const started = await startOnce(options.port ?? 0, dataDir, {
    ...options,
    env: { ...options.env, E2E_TEMPORARY_DATA_DIR: own ? '1' : '' },
  });
  if (!started.ok) {
    if (own) rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The dev backend did not start (exit ${started.code}):\n${started.output()}`);
  }
  const { child, closed, output, origin } = started;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await closed;
  };
  return {
    origin,
    dataDir,
    output,
    kill: () => end('SIGKILL'),
    stop: async () => {
      await end('SIGTERM');
      if (own) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Started =
  | { ok: true; child: ChildProcess; closed: Promise<unknown>; output: () => string; origin: string }
  | { ok: false; code: number | null; output: () => string };

/** The line the command prints once it answers: `ready http://127.0.0.1:PORT/userprofile/`. */
const READY_LINE = /^ready (http:\/\/[^/\s]+)\/userprofile\/$/m;

async function startOnce(port: number, dataDir: string, options: BackendOptions): Promise<Started> {
  // tsx as a loader, not its CLI (which runs the server in a child process a signal would not reach);
  // exit-with-parent.mjs ends it when this process goes, however it goes (its stdin is our pipe).
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './tests/e2e/exit-with-parent.mjs',
      'packages/dev-backend/src/cli.ts',
      '--port',
      String(port),
      '--host',
      options.host ?? '127.0.0.1',
      ...(options.fresh ? ['--fresh'] : []),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        SEED_USERS: process.env.SEED_USERS ?? '300',
        ...options.env,
        // The origin is the one it listens on, read from its ready line.
        PUBLIC_ORIGIN: '',
        DATA_DIR: dataDir,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let ready: (origin: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    ready = resolve;
  });
  const take = (d: Buffer) => {
    out += d;
    const origin = READY_LINE.exec(out)?.[1];
    if (origin) ready(origin);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  // 'close', not 'exit': it comes once the pipes are drained, so the output is whole.
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const output = () => out;
  const result = await Promise.race([listening, closed.then((code) => ({ code }))]);
  if (typeof result === 'string') return { ok: true, child, closed, output, origin: result };
  return { ok: false, code: result.code, output };
}
