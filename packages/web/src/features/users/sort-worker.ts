// Computes a column's sort order off the main thread (see ./sort-order.ts).
import { computeSortOrder } from './sort-order.ts';

export interface SortRequest {
  id: number;
  values: unknown[];
}

self.onmessage = (event: MessageEvent<SortRequest>) => {
  const { id, values } = event.data;
  const { order, rank } = computeSortOrder(values);
  (self as unknown as Worker).postMessage({ id, order, rank }, [order.buffer, rank.buffer]);
};
