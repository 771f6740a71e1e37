// A list filtered, sorted and paged in the browser (spec §2 lists, §5
// "Filters", §9 paging): case-insensitive substring filters, a column sort
// that is numeric-aware with missing values last, and the shared paging state
// (page 1, 10 per page, corrected when out of bounds). The work is done by the
// shared list helpers (packages/shared/src/list.ts); `queryList` is the pure
// core, `useClientList` keeps the state of one screen.
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@userprofile/shared/constants';
import { clampPage, filterRows, pageCount, pageSlice, type SortDirection, sortBy } from '@userprofile/shared/list';
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface ListColumn<T> {
  /** The column's id (filters and sort are keyed by it). */
  key: string;
  label: string;
  /** The value shown and sorted (text or number; '' / null / undefined is missing). */
  value: (row: T) => unknown;
  /** What the filter matches, when it differs from `value` (an array matches when one item does). */
  filterValue?: (row: T) => unknown;
  /** Offers a filter box (default true). */
  filter?: boolean;
  /** Sortable on click (default true). */
  sort?: boolean;
}

export interface ListSort {
  column: string;
  direction: SortDirection;
}

export interface ListQuery {
  filters: Readonly<Record<string, string>>;
  sort: ListSort | null;
  page: number;
  pageSize: number;
}

export interface ListResult<T> {
  /** Every row matching the filters, in sort order. */
  matches: readonly T[];
  /** The rows of the current page. */
  rows: T[];
  /** The page shown: the asked page corrected into 1..pages. */
  page: number;
  pages: number;
}

/** A click on a column header: ascending first, then the other direction. */
export function nextSort(current: ListSort | null, column: string): ListSort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/** The pure core: filter, sort, then one page. */
export function queryList<T>(rows: readonly T[], columns: readonly ListColumn<T>[], query: ListQuery): ListResult<T> {
  const filtered = filterRows(
    rows,
    columns
      .filter((c) => c.filter !== false)
      .map((c) => ({ column: c.filterValue ?? c.value, text: query.filters[c.key] })),
  );
  const sortColumn = query.sort ? columns.find((c) => c.key === query.sort?.column) : undefined;
  const matches = sortColumn && query.sort ? sortBy(filtered, sortColumn.value, query.sort.direction) : filtered;
  const pages = pageCount(matches.length, query.pageSize);
  const page = clampPage(query.page, pages);
  return { matches, rows: pageSlice(matches, page, query.pageSize), page, pages };
}

export interface ClientList<T> extends ListResult<T> {
  filters: Readonly<Record<string, string>>;
  setFilter: (column: string, text: string) => void;
  sort: ListSort | null;
  toggleSort: (column: string) => void;
  setPage: (page: number) => void;
  pageSize: number;
}

export function useClientList<T>(
  rows: readonly T[] | null,
  columns: readonly ListColumn<T>[],
  options: { pageSize?: number; initialSort?: ListSort | null } = {},
): ClientList<T> {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sort, setSort] = useState<ListSort | null>(options.initialSort ?? null);
  const [page, setPage] = useState(DEFAULT_PAGE);

  const result = useMemo(
    () => queryList(rows ?? [], columns, { filters, sort, page, pageSize }),
    [rows, columns, filters, sort, page, pageSize],
  );

  // Page-bounds correction (spec §9): the paging state follows the page shown.
  useEffect(() => {
    if (rows && result.page !== page) setPage(result.page);
  }, [rows, result.page, page]);

  const setFilter = useCallback((column: string, text: string) => {
    setFilters((f) => ({ ...f, [column]: text }));
    setPage(DEFAULT_PAGE);
  }, []);
  const toggleSort = useCallback((column: string) => {
    setSort((s) => nextSort(s, column));
    setPage(DEFAULT_PAGE);
  }, []);

  return { ...result, filters, setFilter, sort, toggleSort, setPage, pageSize };
}
