import { describe, expect, it } from 'vitest';
import { type ListColumn, nextSort, queryList } from './use-client-list.ts';

interface Row {
  name: string;
  description?: string | null;
  roles: string[];
}

const rows: Row[] = [
  { name: 'Item 10', description: 'b', roles: ['Viewer'] },
  { name: 'item 2', description: null, roles: ['Admin', 'Operator'] },
  { name: 'Item 1', description: 'a', roles: [] },
];

const columns: ListColumn<Row>[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'description', label: 'Description', value: (r) => r.description },
  { key: 'roles', label: 'Roles', value: (r) => r.roles.join(', '), filterValue: (r) => r.roles, sort: false },
];

const query = (over: Partial<Parameters<typeof queryList>[2]> = {}) => ({
  filters: {},
  sort: null,
  page: 1,
  pageSize: 10,
  ...over,
});

describe('queryList', () => {
  it('filters case-insensitively by substring, every filter at once, arrays by any item', () => {
    expect(queryList(rows, columns, query({ filters: { name: 'ITEM 1' } })).matches.map((r) => r.name)).toEqual([
      'Item 10',
      'Item 1',
    ]);
    expect(queryList(rows, columns, query({ filters: { roles: 'oper' } })).matches.map((r) => r.name)).toEqual([
      'item 2',
    ]);
    expect(queryList(rows, columns, query({ filters: { name: 'item', description: 'A' } })).matches).toHaveLength(1);
  });

  it('sorts numeric-aware and case-insensitive, missing values last in both directions', () => {
    const asc = queryList(rows, columns, query({ sort: { column: 'name', direction: 'asc' } }));
    expect(asc.matches.map((r) => r.name)).toEqual(['Item 1', 'item 2', 'Item 10']);
    const desc = queryList(rows, columns, query({ sort: { column: 'description', direction: 'desc' } }));
    expect(desc.matches.map((r) => r.description ?? null)).toEqual(['b', 'a', null]);
  });

  it('pages 10 at a time from page 1 and corrects a page out of bounds', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ name: `n${i}`, roles: [] }));
    const first = queryList(many, columns, query());
    expect(first).toMatchObject({ page: 1, pages: 3 });
    expect(first.rows).toHaveLength(10);
    const beyond = queryList(many, columns, query({ page: 9 }));
    expect(beyond.page).toBe(3);
    expect(beyond.rows.map((r) => r.name)).toEqual(['n20', 'n21', 'n22', 'n23', 'n24']);
    expect(queryList([], columns, query({ page: 4 })).page).toBe(1);
  });

  it('sorts ascending on a first click, then toggles', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'roles')).toEqual({ column: 'roles', direction: 'asc' });
  });
});
