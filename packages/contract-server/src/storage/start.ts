// Storage at start and at a reset: an empty DATA_DIR (or --fresh) is seeded
// (SEED_USERS..., or SEED_FROM's snapshot), a used one is loaded; and the
// request handlers made durable: a handler's writes are in the database
// before its answer leaves.
import path from 'node:path';
import type { Store } from '../store/store.ts';
import { StorageWriteError } from './database.ts';
import { Persistence } from './persist.ts';
import { readSnapshotFile, type Snapshot, snapshotOf } from './snapshot.ts';

export interface StorageOptions {
  /** DATA_DIR; null: a private database in memory, gone with the process (tests). */
  dataDir: string | null;
  /** --fresh: back to the seed, whatever DATA_DIR holds. */
  fresh?: boolean;
  /** SEED_FROM: a snapshot file an empty DATA_DIR (and a reset) starts from instead of the seed. */
  seedFrom?: string | null;
}

export interface StorageHooks {
  seed: () => Promise<Store>;
  blank: () => Store;
  /** Wires a store into the app (each new one: start, reset, reload after a failed write). */
  prepare: (store: Store) => Store;
}

export interface Storage {
  store: Store;
  persistence: Persistence;
  /** What the start did, for the log: 'seeded', 'seeded from FILE', or 'loaded N users ...'. */
  started: string;
  /** Back to the seed (or SEED_FROM's snapshot), kept. */
  reset(): Promise<Store>;
  /** The whole stored state (snapshot.ts). */
  snapshot(): Snapshot;
  /** Route handlers whose writes are saved before they answer. */
  durable<T extends object>(handlers: T): T;
}

type Handler = (this: unknown, ...args: unknown[]) => unknown;

export async function startStorage(options: StorageOptions, hooks: StorageHooks): Promise<Storage> {
  const persistence = new Persistence({ dataDir: options.dataDir, blank: hooks.blank });
  const seedFrom = options.seedFrom ? path.resolve(options.seedFrom) : null;
  // Read before anything is stored: a bad file is refused with the DATA_DIR left as it was.
  const snapshotRows = () => (seedFrom ? readSnapshotFile(seedFrom) : null);

  /** The stored state; entries past the history's retention were not read, and are deleted now. */
  function loaded(): Store {
    const store = persistence.load();
    persistence.db.dropHistoryBefore(store.history.cutoff());
    persistence.purgeActivity();
    return hooks.prepare(store);
  }

  async function seed(): Promise<Store> {
    const snapshot = snapshotRows();
    if (snapshot) {
      persistence.db.write(snapshot.rows, { seededFrom: seedFrom as string, savedAt: new Date().toISOString() }, true, {
        add: snapshot.history,
        keepFrom: [],
      });
      return loaded();
    }
    const store = await hooks.seed();
    persistence.saveAll(store, { seededFrom: 'seed' });
    return hooks.prepare(store);
  }

  let store: Store;
  let started: string;
  try {
    if (options.fresh || persistence.db.isEmpty()) {
      store = await seed();
      started = seedFrom ? `seeded from ${seedFrom}` : 'seeded';
    } else {
      const t0 = performance.now();
      store = loaded();
      started = `loaded ${store.users.size} users, ${store.applications.size} applications, ${store.clients.size} clients in ${Math.round(performance.now() - t0)} ms`;
    }
  } catch (error) {
    persistence.close();
    throw error;
  }

  return {
    store,
    persistence,
    started,
    reset: seed,
    snapshot: () => {
      persistence.flush(true);
      persistence.settleLanded();
      return snapshotOf(persistence.db.rows(), persistence.db.historyEntries(''));
    },
    durable<T extends object>(handlers: T): T {
      const wrapped: Record<string, Handler> = {};
      for (const [operationId, handler] of Object.entries(handlers) as [string, Handler][]) {
        wrapped[operationId] = async function (this: unknown, ...args: unknown[]) {
          const failures = persistence.failures;
          // A handler's synchronous part (most write all there) is saved at once, before
          // another request can run; what it writes after an await, once it settles. The
          // sign-in state is saved with it when the auth core said it changed (a sign-out
          // or the SSO exchange, GETs of the document, must survive a crash too).
          const result = handler.apply(this, args);
          persistence.flush();
          const value = await result;
          persistence.flush();
          // A write refused meanwhile took back what this request wrote too (memory was reloaded).
          if (persistence.failures !== failures)
            throw new StorageWriteError(
              'The dev backend could not save changes while this request ran; nothing of it was kept. Try again.',
            );
          return value;
        };
      }
      return wrapped as T;
    },
  };
}
