import { describe, expect, it, vi } from 'vitest';
import { clearAllCaches } from '../caches.ts';
import { createDataCache, createListCache, insertInOrder } from './cache.ts';

interface Row {
  uuid: string;
  name: string;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const byName = (a: Row, b: Row) => a.name.localeCompare(b.name);

describe('createDataCache', () => {
  it('loads once: callers share the request in flight, later callers read memory', async () => {
    const answer = deferred<number>();
    const fetch = vi.fn(() => answer.promise);
    const cache = createDataCache('numbers', fetch);
    const first = cache.load();
    const second = cache.load();
    expect(cache.store.getState().status).toBe('loading');
    answer.resolve(7);
    expect(await first).toBe(7);
    expect(await second).toBe(7);
    expect(await cache.load()).toBe(7);
    expect(fetch).toHaveBeenCalledTimes(1);
    await cache.load({ reload: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the failure for the screen, and a retry clears it', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error('HTTP 500')).mockResolvedValueOnce(3);
    const cache = createDataCache('numbers', fetch);
    await expect(cache.load()).rejects.toThrow('HTTP 500');
    expect(cache.store.getState()).toMatchObject({ status: 'error', data: null });
    expect((cache.store.getState().error as Error).message).toBe('HTTP 500');
    expect(await cache.load()).toBe(3);
    expect(cache.store.getState()).toEqual({ status: 'ready', data: 3, error: null });
  });

  it('is cleared at sign-out, and a load started before does not refill it', async () => {
    const answer = deferred<number>();
    const cache = createDataCache('numbers', () => answer.promise);
    const load = cache.load();
    clearAllCaches();
    answer.resolve(1);
    await load;
    expect(cache.store.getState()).toEqual({ status: 'idle', data: null, error: null });
  });
});

describe('createListCache', () => {
  const rows: Row[] = [
    { uuid: '1', name: 'alpha' },
    { uuid: '2', name: 'charlie' },
  ];

  it('upserts a saved row in name order and removes a deleted one', async () => {
    const cache = createListCache<Row>({ name: 'rows', fetch: async () => rows, key: (r) => r.uuid, order: byName });
    await cache.load();
    cache.upsert({ uuid: '3', name: 'bravo' });
    expect(cache.get()?.map((r) => r.name)).toEqual(['alpha', 'bravo', 'charlie']);
    cache.upsert({ uuid: '1', name: 'delta' });
    expect(cache.get()?.map((r) => r.name)).toEqual(['bravo', 'charlie', 'delta']);
    cache.remove('2');
    expect(cache.get()?.map((r) => r.uuid)).toEqual(['3', '1']);
  });

  it('leaves a list never loaded unloaded: its first load brings the change', () => {
    const cache = createListCache<Row>({ name: 'rows', fetch: async () => rows, key: (r) => r.uuid });
    cache.upsert({ uuid: '9', name: 'x' });
    expect(cache.get()).toBeNull();
  });

  it('replaces in place without an order', async () => {
    const cache = createListCache<Row>({ name: 'rows', fetch: async () => rows, key: (r) => r.uuid });
    await cache.load();
    cache.upsert({ uuid: '1', name: 'zulu' });
    cache.upsert({ uuid: '4', name: 'aaa' });
    expect(cache.get()?.map((r) => r.name)).toEqual(['zulu', 'charlie', 'aaa']);
  });
});

describe('insertInOrder', () => {
  it('puts a row after its equals', () => {
    expect(insertInOrder([1, 2, 2, 4], 2, (a, b) => a - b)).toEqual([1, 2, 2, 2, 4]);
    expect(insertInOrder([], 5, (a, b) => a - b)).toEqual([5]);
  });
});
