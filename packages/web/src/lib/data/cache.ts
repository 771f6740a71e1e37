// The in-memory caches of spec §4 ("Lists are cached in memory and updated
// after saves"). A cache is loaded once, shares one request among every
// screen that asks while it is in flight, keeps the failure of its last load
// (screens show it with Retry), is updated by saves and deletes, and is
// cleared at sign-out (lib/caches.ts). No React here: screens read a cache
// through useCache (./use-cache.ts); actions call it directly.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { registerCache } from '../caches.ts';

export type CacheStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CacheState<T> {
  status: CacheStatus;
  /** The last loaded value (kept while a reload runs); null before the first load. */
  data: T | null;
  /** The failure of the last load; null once a load succeeds. */
  error: unknown;
}

export interface DataCache<T> {
  /** What the cache holds, for messages: 'business profiles'. */
  readonly name: string;
  readonly store: StoreApi<CacheState<T>>;
  /** The cached value, or null when not loaded. */
  get(): T | null;
  /**
   * The value, from memory or from the server. Callers asking while a load
   * runs share it; `reload` asks the server again even when loaded.
   */
  load(options?: { reload?: boolean }): Promise<T>;
  /** Replaces the value (a save that answers the whole value). */
  set(data: T): void;
  /** Changes a loaded value; a value never loaded stays unloaded (its first load brings the change). */
  update(change: (data: T) => T): void;
  /** Forgets the value (sign-out, or a change the cache cannot apply itself, such as an import). */
  clear(): void;
}

const initial = <T>(): CacheState<T> => ({ status: 'idle', data: null, error: null });

export function createDataCache<T>(name: string, fetch: () => Promise<T>): DataCache<T> {
  const store = createStore<CacheState<T>>(() => initial<T>());
  let inFlight: Promise<T> | null = null;
  // A load started before clear() must not fill the cache after it (sign-out while loading).
  let generation = 0;

  const cache: DataCache<T> = {
    name,
    store,
    get: () => store.getState().data,
    load(options = {}) {
      const { status, data } = store.getState();
      if (status === 'ready' && data !== null && !options.reload) return Promise.resolve(data);
      if (inFlight) return inFlight;
      const started = generation;
      store.setState({ status: 'loading', error: null });
      const load = fetch().then(
        (value) => {
          if (started === generation) store.setState({ status: 'ready', data: value, error: null });
          return value;
        },
        (error: unknown) => {
          if (started === generation) store.setState({ status: 'error', error });
          throw error;
        },
      );
      inFlight = load;
      const settle = () => {
        if (inFlight === load) inFlight = null;
      };
      load.then(settle, settle);
      return load;
    },
    set(data) {
      store.setState({ status: 'ready', data, error: null });
    },
    update(change) {
      const { data } = store.getState();
      if (data !== null) store.setState({ data: change(data) });
    },
    clear() {
      generation++;
      inFlight = null;
      store.setState(initial<T>(), true);
    },
  };
  registerCache(() => cache.clear());
  return cache;
}

export interface ListCache<T> extends DataCache<T[]> {
  /** After a save: the row replaces the one with its key (moving to its place in `order`), or joins the list. */
  upsert(row: T): void;
  /** After a delete: the row with this key leaves the list. */
  remove(key: string): void;
}

export interface ListCacheOptions<T> {
  name: string;
  fetch: () => Promise<T[]>;
  /** The row's identity (its uuid). */
  key: (row: T) => string;
  /** Where a new row goes; without it, at the end. */
  order?: (a: T, b: T) => number;
}

/** A row inserted into a list kept in `order` (after its equals), or appended without one. */
export function insertInOrder<T>(rows: readonly T[], row: T, order?: (a: T, b: T) => number): T[] {
  const out = [...rows];
  if (!order) {
    out.push(row);
    return out;
  }
  let lo = 0;
  let hi = out.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (order(out[mid] as T, row) <= 0) lo = mid + 1;
    else hi = mid;
  }
  out.splice(lo, 0, row);
  return out;
}

export function createListCache<T>({ name, fetch, key, order }: ListCacheOptions<T>): ListCache<T> {
  const cache = createDataCache<T[]>(name, fetch);
  return {
    ...cache,
    upsert(row) {
      const id = key(row);
      cache.update((rows) => {
        const at = rows.findIndex((r) => key(r) === id);
        if (at >= 0 && !order) return rows.map((r, i) => (i === at ? row : r));
        // A renamed row may move: it leaves its place and joins again in order.
        return insertInOrder(
          rows.filter((r) => key(r) !== id),
          row,
          order,
        );
      });
    },
    remove(id) {
      cache.update((rows) => rows.filter((r) => key(r) !== id));
    },
  };
}
