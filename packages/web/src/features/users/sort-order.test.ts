import { compareValues, sortBy } from '@userprofile/shared/list';
import { describe, expect, it } from 'vitest';
import { computeSortOrder, directedOrder } from './sort-order.ts';

// A deterministic mix of names with numbers, case differences, duplicates and blanks.
function sample(n: number): string[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const words = ['alpha', 'Beta', 'gamma', 'DELTA', 'user', 'User'];
  return Array.from({ length: n }, () => {
    const r = next();
    if (r % 13 === 0) return '';
    return `${words[r % words.length]}${r % 3 === 0 ? '' : String(next() % 120)}`;
  });
}

describe('computeSortOrder', () => {
  it('orders rows as the shared column sort does, ascending and descending', () => {
    const values = sample(2000);
    const order = computeSortOrder(values);
    const rows = values.map((value, index) => ({ value, index }));
    const missing = (row: number) => values[row] === '';
    expect([...directedOrder(order, 'asc', missing)]).toEqual(sortBy(rows, 'value', 'asc').map((r) => r.index));
    expect([...directedOrder(order, 'desc', missing)]).toEqual(sortBy(rows, 'value', 'desc').map((r) => r.index));
  });
  it('gives equal values one rank', () => {
    const values = ['b', 'A', 'a', 'item 10', 'item 2', ''];
    const { rank } = computeSortOrder(values);
    expect(rank[1]).toBe(rank[2]);
    expect(compareValues(values[4], values[3])).toBeLessThan(0);
    expect(rank[4]).toBeLessThan(rank[3] as number);
    expect(rank[5]).toBe(Math.max(...rank));
  });
});
