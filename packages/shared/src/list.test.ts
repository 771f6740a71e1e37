import { describe, expect, it } from 'vitest';
import {
  categoryToTabLabel,
  clampPage,
  compareValues,
  filterRows,
  matchesFilter,
  pageCount,
  pageSlice,
  paginationWindow,
  sortBy,
} from './list.ts';

interface Row {
  id: number;
  name?: string | null;
  count?: number | null;
  profile?: { name: string } | null;
  roles?: string[];
}

const names = (rows: readonly Row[]) => rows.map((r) => r.name);

describe('compareValues: the column comparator', () => {
  it('sorts text case-insensitively', () => {
    expect(['bravo', 'Alpha', 'charlie', 'ALPHA2'].sort(compareValues)).toEqual([
      'Alpha',
      'ALPHA2',
      'bravo',
      'charlie',
    ]);
  });

  it('sorts numbers inside text by value', () => {
    expect(['user10', 'user9', 'User100', 'user1'].sort(compareValues)).toEqual([
      'user1',
      'user9',
      'user10',
      'User100',
    ]);
  });

  it('sorts numbers by value', () => {
    expect([10, 9, 100, -1, 0.5].sort(compareValues)).toEqual([-1, 0.5, 9, 10, 100]);
  });

  it('puts missing values (null, undefined, empty) last', () => {
    expect(compareValues(null, 'a')).toBeGreaterThan(0);
    expect(compareValues('a', undefined)).toBeLessThan(0);
    expect(compareValues('', 'a')).toBeGreaterThan(0);
    expect(compareValues(null, '')).toBe(0);
    expect(compareValues(Number.NaN, 1)).toBeGreaterThan(0);
  });

  it('treats values differing only in case as equal', () => {
    expect(compareValues('Smith', 'smith')).toBe(0);
  });
});

describe('sortBy', () => {
  const rows: Row[] = [
    { id: 1, name: 'node10', count: 3 },
    { id: 2, name: null, count: null },
    { id: 3, name: 'Node2', count: 10 },
    { id: 4, name: 'alpha', count: 3 },
    { id: 5, name: '', count: 1 },
    { id: 6, name: 'NODE2', count: 3 },
  ];

  it('sorts ascending by a property, missing values last', () => {
    expect(names(sortBy(rows, 'name'))).toEqual(['alpha', 'Node2', 'NODE2', 'node10', null, '']);
  });

  it('sorts descending with missing values still last', () => {
    expect(names(sortBy(rows, 'name', 'desc'))).toEqual(['node10', 'Node2', 'NODE2', 'alpha', null, '']);
    expect(sortBy(rows, 'count', 'desc').map((r) => r.id)).toEqual([3, 1, 4, 6, 5, 2]);
  });

  it('is stable: equal values keep their order in both directions', () => {
    expect(sortBy(rows, 'count').map((r) => r.id)).toEqual([5, 1, 4, 6, 3, 2]);
    expect(sortBy(rows, 'name', 'desc').map((r) => r.id)).toEqual([1, 3, 6, 4, 2, 5]);
  });

  it('sorts by an accessor and leaves the input alone', () => {
    const withProfiles: Row[] = [
      { id: 1, profile: { name: 'Ops' } },
      { id: 2, profile: null },
      { id: 3, profile: { name: 'admin' } },
    ];
    expect(sortBy(withProfiles, (r) => r.profile?.name).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(withProfiles.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('sorts 100000 rows', () => {
    const big: Row[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: i,
      name: i % 97 === 0 ? null : `user${(i * 7919) % 100_000}`,
    }));
    const sorted = sortBy(big, 'name');
    expect(sorted).toHaveLength(100_000);
    const missing = big.filter((r) => r.name === null).length;
    expect(sorted.slice(-missing).every((r) => r.name === null)).toBe(true);
    let outOfOrder = 0;
    for (let i = 1; i < sorted.length; i++) {
      if (compareValues(sorted[i - 1]?.name, sorted[i]?.name) > 0) outOfOrder++;
    }
    expect(outOfOrder).toBe(0);
    expect(sorted[0]?.name).toBe('user1');
  });
});

describe('matchesFilter and filterRows', () => {
  it('matches a case-insensitive substring', () => {
    expect(matchesFilter('Jane.Doe', 'e.d')).toBe(true);
    expect(matchesFilter('Jane.Doe', 'JANE')).toBe(true);
    expect(matchesFilter('Jane.Doe', 'john')).toBe(false);
    expect(matchesFilter(42, '4')).toBe(true);
  });

  it('matches everything with an empty filter, and a missing value with nothing else', () => {
    expect(matchesFilter(null, '')).toBe(true);
    expect(matchesFilter('x', undefined)).toBe(true);
    expect(matchesFilter(null, 'a')).toBe(false);
    expect(matchesFilter(undefined, 'a')).toBe(false);
  });

  it('keeps the filter as typed (spaces count)', () => {
    expect(matchesFilter('Jane Doe', 'e d')).toBe(true);
    expect(matchesFilter('Jane', ' jane')).toBe(false);
  });

  it('matches a list when one of its items does', () => {
    expect(matchesFilter(['Reader', 'Writer'], 'writ')).toBe(true);
    expect(matchesFilter(['Reader', 'Writer'], 'admin')).toBe(false);
  });

  it('keeps the rows matching every filter, in order', () => {
    const rows: Row[] = [
      { id: 1, name: 'Alice', profile: { name: 'Ops' }, roles: ['READ'] },
      { id: 2, name: 'alan', profile: { name: 'Sales' }, roles: ['READ', 'WRITE'] },
      { id: 3, name: 'Bob', profile: null, roles: [] },
      { id: 4, name: 'Malachi', profile: { name: 'ops east' }, roles: ['write'] },
    ];
    const byName = filterRows(rows, [{ column: 'name', text: 'AL' }]);
    expect(byName.map((r) => r.id)).toEqual([1, 2, 4]);
    const both = filterRows(rows, [
      { column: 'name', text: 'al' },
      { column: (r) => r.profile?.name, text: 'ops' },
    ]);
    expect(both.map((r) => r.id)).toEqual([1, 4]);
    expect(filterRows(rows, [{ column: 'roles', text: 'Write' }]).map((r) => r.id)).toEqual([2, 4]);
    expect(filterRows(rows, [{ column: 'name', text: '' }])).toHaveLength(4);
  });
});

describe('pagination', () => {
  it('shows every page when there are at most 7', () => {
    expect(paginationWindow(1, 3)).toEqual({ pages: [1, 2, 3], hasPrevious: false, hasNext: true });
    expect(paginationWindow(7, 7)).toEqual({ pages: [1, 2, 3, 4, 5, 6, 7], hasPrevious: true, hasNext: false });
  });

  it('shows 7 links centred on the current page', () => {
    expect(paginationWindow(10, 20).pages).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(paginationWindow(10, 20)).toMatchObject({ hasPrevious: true, hasNext: true });
  });

  it('keeps the window inside the pages near either end', () => {
    expect(paginationWindow(1, 20).pages).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationWindow(3, 20).pages).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationWindow(5, 20).pages).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(paginationWindow(19, 20).pages).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(paginationWindow(20, 20)).toEqual({
      pages: [14, 15, 16, 17, 18, 19, 20],
      hasPrevious: true,
      hasNext: false,
    });
  });

  it('corrects a current page out of bounds', () => {
    expect(paginationWindow(99, 10)).toEqual({ pages: [4, 5, 6, 7, 8, 9, 10], hasPrevious: true, hasNext: false });
    expect(paginationWindow(0, 10).pages).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing when there are no pages, and honours another link count', () => {
    expect(paginationWindow(1, 0)).toEqual({ pages: [], hasPrevious: false, hasNext: false });
    expect(paginationWindow(10, 20, 5).pages).toEqual([8, 9, 10, 11, 12]);
  });

  it('clamps a page to the pages that exist', () => {
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(-2, 3)).toBe(1);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(4, 0)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });

  it('counts and slices pages', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    const rows = Array.from({ length: 25 }, (_, i) => i);
    expect(pageSlice(rows, 3, 10)).toEqual([20, 21, 22, 23, 24]);
    expect(pageSlice(rows, 1, 10)).toHaveLength(10);
  });
});

describe('categoryToTabLabel', () => {
  it('turns a category into capitalised plural words', () => {
    expect(categoryToTabLabel('NOVA_NOVA_TREE')).toBe('Nova Nova Trees');
    expect(categoryToTabLabel('REGION')).toBe('Regions');
    expect(categoryToTabLabel('network_group')).toBe('Network Groups');
  });

  it('applies the English plural endings', () => {
    expect(categoryToTabLabel('CITY')).toBe('Cities');
    expect(categoryToTabLabel('GATEWAY')).toBe('Gateways');
    expect(categoryToTabLabel('ALARM_CLASS')).toBe('Alarm Classes');
    expect(categoryToTabLabel('MAILBOX')).toBe('Mailboxes');
    expect(categoryToTabLabel('BRANCH')).toBe('Branches');
    expect(categoryToTabLabel('MESH')).toBe('Meshes');
  });

  it('ignores repeated underscores and empty input', () => {
    expect(categoryToTabLabel('_SITE__GROUP_')).toBe('Site Groups');
    expect(categoryToTabLabel('')).toBe('');
  });
});
