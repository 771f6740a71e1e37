// A screen's view of a cache (./cache.ts): loads it on first use, and
// re-renders on its changes. `retry` asks the server again after a failure.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { CacheState, DataCache } from './cache.ts';

export interface CacheView<T> extends CacheState<T> {
  retry: () => void;
}

export function useCache<T>(cache: DataCache<T>): CacheView<T> {
  const state = useStore(cache.store);
  useEffect(() => {
    const { status } = cache.store.getState();
    if (status === 'idle' || status === 'error') {
      // The failure is in the store (state.error); the screen shows it.
      cache.load().catch(() => undefined);
    }
  }, [cache]);
  return { ...state, retry: () => void cache.load({ reload: true }).catch(() => undefined) };
}

/** Several loads as one: the data of each once all are loaded, the first failure, and a retry of the failed ones. */
export function combineLoads<T extends readonly unknown[]>(
  views: {
    readonly [K in keyof T]: CacheView<T[K]>;
  },
): { data: T | null; error: unknown; retry: () => void } {
  const list = views as readonly CacheView<unknown>[];
  const failed = list.filter((v) => v.status === 'error');
  const ready = list.every((v) => v.status === 'ready' && v.data !== null);
  return {
    data: ready ? (list.map((v) => v.data) as unknown as T) : null,
    error: failed[0]?.error ?? null,
    retry: () => {
      for (const v of failed) v.retry();
    },
  };
}
