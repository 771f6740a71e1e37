// Starting the dev backend, for the command and for test runners alike: the
// port is bound first, so a port in use is refused before anything is written
// and a free port (`port: 0`) is known before the origin the provider signs
// with; until everything is loaded, that port answers 503 (GET /__mock/ready
// included) instead of refusing connections or answering from half a server.

import { existsSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type AppOptions, buildApp, httpServerOptions } from '@userprofile/contract-server/app';
import { FixturesError } from '@userprofile/contract-server/fixtures/types';
import { READY_PATH } from '@userprofile/contract-server/mock/ready';
import { StorageRefusedError } from '@userprofile/contract-server/storage/database';
import { BASE_PATH } from '@userprofile/shared/constants';
import { DevBackendStartError } from './errors.ts';
import { loadFixtures } from './fixtures.ts';
import type { DevBackend, DevBackendOptions } from './types.ts';

type FastifyInstance = Awaited<ReturnType<typeof buildApp>>;

/** A running backend, with the Fastify app for the command's start block. */
export interface Started extends DevBackend {
  app: FastifyInstance;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** The origin a browser on this machine uses: a wildcard address is reached as 127.0.0.1. */
function originOf(host: string, port: number): string {
  const name = WILDCARDS.has(host) ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** Answers every request with 503 until `open`, then hands each to Fastify. */
function gate() {
  let target: RequestListener | null = null;
  let open = false;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (open && target) return target(request, response);
    const body = request.url?.startsWith(READY_PATH)
      ? { ready: false, waiting: ['start'] }
      : {
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The dev backend is starting; try again in a moment.',
        };
    response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
    response.end(JSON.stringify(body));
  };
  return {
    handle,
    attach: (listener: RequestListener) => {
      target = listener;
    },
    open: () => {
      open = true;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const where = `port ${port} on ${host}`;
      const message =
        error.code === 'EADDRINUSE'
          ? `${where} is in use; stop what listens there, or choose another with --port (0 takes a free one)`
          : error.code === 'EACCES'
            ? `${where} needs privileges this account does not have; choose a port above 1023`
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? `cannot listen on ${host}: no such address on this machine`
              : `cannot listen on ${where}: ${error.message}`;
      reject(new DevBackendStartError(message, 'port'));
    };
    server.once('error', failed);
    server.listen({ port, host }, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/** Stops accepting, lets requests in flight finish (2 s at most), then closes the app and its data. */
async function close(server: Server, app: FastifyInstance | null): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2_000).unref();
  });
  await app?.close();
}

/**
 * Throws a refusal the caller can act on (a data folder or fixtures the backend will not use, found
 * while reading the fixtures or while seeding with them) as a DevBackendStartError; anything else as it is.
 */
function asStartError(error: unknown): never {
  if (error instanceof StorageRefusedError) throw new DevBackendStartError(error.message, 'data');
  if (error instanceof FixturesError) throw new DevBackendStartError(error.message, 'fixtures');
  throw error;
}

/** Checks what no later step would catch, before anything is bound or written. */
function checkOptions(options: DevBackendOptions): void {
  const { port, seedUsers } = options;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535))
    throw new DevBackendStartError(`port must be a whole number from 0 to 65535, got ${port}`, 'options');
  if (seedUsers !== undefined && !(Number.isInteger(seedUsers) && seedUsers >= 0 && seedUsers <= 1_000_000))
    throw new DevBackendStartError(`seedUsers must be a whole number from 0 to 1000000, got ${seedUsers}`, 'options');
  if (options.backend !== undefined && !/^https?:\/\/[^/]/.test(options.backend))
    throw new DevBackendStartError(`backend must be an http(s) URL, got ${JSON.stringify(options.backend)}`, 'options');
}

/** Starts a dev backend in this process; resolves once GET /__mock/ready answers 200. */
export async function start(options: DevBackendOptions, defaults: { port: number; dataDir: string }): Promise<Started> {
  checkOptions(options);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? defaults.port;
  const dataDir = options.dataDir ?? defaults.dataDir;
  // The whole file is checked before anything is bound or written.
  const fixtures =
    options.fixtures === undefined ? undefined : await loadFixtures(options.fixtures).catch(asStartError);

  const folder = dataDir === ':memory:' ? null : path.resolve(dataDir);
  const madeDataDir = folder && !existsSync(folder) ? folder : null;
  const door = gate();
  const server = createServer(httpServerOptions(), door.handle);
  await listen(server, port, host);
  const bound = (server.address() as AddressInfo).port;
  const origin = (options.publicOrigin ?? originOf(host, bound)).replace(/\/+$/, '');
  let app: FastifyInstance | null = null;
  try {
    const appOptions: AppOptions = {
      publicOrigin: origin,
      serverFactory: (handler) => {
        door.attach(handler as RequestListener);
        return server;
      },
      logger: options.logRequests === true,
      mock: options.mockApi === false ? false : { token: options.mockToken ?? null },
      ...(options.backend ? { backend: options.backend } : {}),
      ...(options.seedUsers !== undefined ? { seedUsers: options.seedUsers } : {}),
      ...(options.extensions !== undefined ? { extensions: options.extensions } : {}),
      ...(fixtures ? { fixtures } : {}),
      storage: {
        dataDir: folder,
        fresh: options.fresh === true,
        seedFrom: options.seedFrom ?? null,
      },
    };
    app = await buildApp(appOptions);
    await app.ready();
    await app.control?.ready();
  } catch (error) {
    await close(server, app).catch(() => undefined);
    // A folder this start made goes with it: a refused start leaves nothing behind.
    if (madeDataDir) rmSync(madeDataDir, { recursive: true, force: true });
    asStartError(error);
  }
  door.open();

  const running = app;
  const control = running.control;
  const offline = (what: string) => () => {
    throw new Error(`${what} is not available in proxy mode: the real backend holds the data`);
  };
  let stopped: Promise<void> | null = null;
  return {
    app: running,
    url: `${origin}${BASE_PATH}/`,
    origin,
    port: bound,
    reset: control ? () => control.reset() : offline('reset()'),
    outbox: control ? () => control.outbox().map((mail) => ({ ...mail })) : offline('outbox()'),
    faults: control
      ? {
          add: (fault) => control.faults.add(fault),
          list: () => control.faults.list(),
          clear: () => control.faults.clear(),
        }
      : { add: offline('faults.add()'), list: offline('faults.list()'), clear: offline('faults.clear()') },
    stop: () => {
      stopped ??= close(server, running);
      return stopped;
    },
  };
}
