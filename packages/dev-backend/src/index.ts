// @userprofile/dev-backend: the suite's dev backend in a test runner's own
// process. `startDevBackend()` resolves once the backend is ready (the
// document, the data, the signing key and the console loaded), on a free port
// and keeping nothing unless told otherwise.
import type { Control } from '@userprofile/contract-server/mock/plugin';
import { DevBackendStartError } from './errors.ts';
import { start } from './start.ts';
import type { DevBackend, DevBackendFault, DevBackendMail, DevBackendOptions } from './types.ts';

export type * from './types.ts';
export { DevBackendStartError };

/**
 * Starts a dev backend in this process: by default on a free port of 127.0.0.1, on a private SQLite
 * database in memory (nothing written; `dataDir` keeps the data in a folder), on the default seed. Rejects with a DevBackendStartError (a bad option, the port in use, a data folder
 * it cannot use, a fixtures file it refuses) with nothing written.
 */
export async function startDevBackend(options: DevBackendOptions = {}): Promise<DevBackend> {
  const { app: _app, ...backend } = await start(options, { port: 0, dataDir: ':memory:' });
  return backend;
}

// The public types import nothing; these fail to compile when the server's own drift from them.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameMail: Same<ReturnType<Control['outbox']>[number], DevBackendMail> = true;
const sameFault: Same<ReturnType<Control['faults']['add']>, DevBackendFault> = true;
void sameMail;
void sameFault;
