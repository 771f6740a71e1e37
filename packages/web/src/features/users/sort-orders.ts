// Precomputed sort orders per list and column (./sort-order.ts), computed in
// a worker one column at a time so the page stays responsive while 100000
// rows are ordered. Without Worker support the order is computed in place.
import { useEffect, useState } from 'react';
import type { ListIndex, UserColumn } from './list-view.ts';
import { computeSortOrder, type SortOrder } from './sort-order.ts';
import type { SortRequest } from './sort-worker.ts';

type Entry = SortOrder | Promise<SortOrder>;
const orders = new WeakMap<ListIndex, Map<UserColumn, Entry>>();

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, (order: SortOrder) => void>();
// Jobs run one after the other: each posts its column's texts (a structured
// clone) only when the worker is free, so the main thread never pays for
// all columns at once.
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Worker | null {
  if (worker) return worker;
  if (typeof Worker === 'undefined') return null;
  worker = new Worker(new URL('./sort-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<{ id: number } & SortOrder>) => {
    const { id, order, rank } = event.data;
    pending.get(id)?.({ order, rank });
    pending.delete(id);
  };
  return worker;
}

function compute(texts: string[]): Promise<SortOrder> {
  const w = getWorker();
  if (!w) return Promise.resolve(computeSortOrder(texts));
  const job = queue.then(
    () =>
      new Promise<SortOrder>((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        w.postMessage({ id, values: texts } satisfies SortRequest);
      }),
  );
  queue = job;
  return job;
}

/** The order of `column` in `index`, starting its computation when needed. */
export function sortOrder(index: ListIndex, column: UserColumn): Entry {
  let byColumn = orders.get(index);
  if (!byColumn) {
    byColumn = new Map();
    orders.set(index, byColumn);
  }
  let entry = byColumn.get(column);
  if (!entry) {
    const texts = index.text(column);
    // Small lists sort at once; large ones in the worker.
    const computed = texts.length <= 2000 ? computeSortOrder(texts) : compute(texts);
    const map = byColumn;
    if (computed instanceof Promise) void computed.then((order) => map.set(column, order));
    entry = computed;
    byColumn.set(column, entry);
  }
  return entry;
}

/** Performance mark: every column order of a freshly loaded list is ready (scripts/bench-users.mjs). */
export const MARK_SORT_READY = 'users:sort-orders-ready';

/** Starts every sortable column's order, so a later click finds it ready. */
export function prepareSortOrders(index: ListIndex, columns: readonly UserColumn[]): void {
  const entries = columns.map((column) => sortOrder(index, column));
  void Promise.all(entries).then(() => performance.mark(MARK_SORT_READY));
}

/** The order of the sort column, or null while it is computed (the hook re-renders when it is ready). */
export function useSortOrder(index: ListIndex | null, column: UserColumn | null): SortOrder | null {
  const entry = index && column ? sortOrder(index, column) : null;
  const [, setReady] = useState(0);
  useEffect(() => {
    if (entry instanceof Promise) {
      let live = true;
      void entry.then(() => live && setReady((n) => n + 1));
      return () => {
        live = false;
      };
    }
  }, [entry]);
  return entry instanceof Promise || entry === null ? null : entry;
}
