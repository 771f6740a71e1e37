// A list filtered, sorted and paged in the browser (spec §2 lists, §5
// "Filters", §9 paging): case-insensitive substring filters, a column sort
// that is numeric-aware with missing values last, and the shared paging state
// (page 1, 10 per page, corrected when out of bounds). The work is done by the
// shared list helpers (packages/shared/src/list.ts); `queryList` is the pure
// core, `useClientList` keeps the state of one screen.
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@userprofile/shared/constants';
import { clampPage, filterRows, pageCount, pageSlice, type SortDirection, sortBy } from '@userprofile/shared/list';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { filtersActive, type ListView, type ListViewSchema, openingView } from './list-view.ts';
import { useViewInUrl } from './use-view-in-url.ts';

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
  /** A filter rule of its own instead of the substring match (a business profile's app profile names). */
  match?: (row: T, text: string) => boolean;
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
  let filtered = filterRows(
    rows,
    columns
      .filter((c) => c.filter !== false && !c.match)
      .map((c) => ({ column: c.filterValue ?? c.value, text: query.filters[c.key] })),
  );
  for (const c of columns) {
    const text = query.filters[c.key];
    if (c.match && c.filter !== false && text) filtered = filtered.filter((row) => c.match?.(row, text));
  }
  const sortColumn = query.sort ? columns.find((c) => c.key === query.sort?.column) : undefined;
  const matches = sortColumn && query.sort ? sortBy(filtered, sortColumn.value, query.sort.direction) : filtered;
  const pages = pageCount(matches.length, query.pageSize);
  const page = clampPage(query.page, pages);
  return { matches, rows: pageSlice(matches, page, query.pageSize), page, pages };
}

export interface ClientList<T> extends ListResult<T> {
  filters: Readonly<Record<string, string>>;
  setFilter: (column: string, text: string) => void;
  /** Whether a filter holds text ("no match" then offers Clear filters). */
  filtered: boolean;
  clearFilters: () => void;
  sort: ListSort | null;
  toggleSort: (column: string) => void;
  setPage: (page: number) => void;
  pageSize: number;
  /** Another page size: the first page of it. */
  setPageSize: (size: number) => void;
  /** The list's toggles (Expand), by name. */
  toggles: Readonly<Record<string, string>>;
  setToggle: (name: string, value: string) => void;
}

/** A list whose view is in the address (lib/list-view.ts): its name among the kept views, and its toggles. */
export interface ListInUrl {
  name: string;
  toggles?: ListViewSchema['toggles'];
  /** Sortable columns beyond the given ones (columns known only once loaded). */
  sortable?: (column: string) => boolean;
}

export function useClientList<T>(
  rows: readonly T[] | null,
  columns: readonly ListColumn<T>[],
  options: { pageSize?: number; initialSort?: ListSort | null; url?: ListInUrl } = {},
): ClientList<T> {
  const { url, initialSort = null } = options;
  // The schema is made once: the view's parameters are fixed per list.
  const [schema] = useState<ListViewSchema | null>(() => {
    if (!url) return null;
    const known = new Set(columns.filter((c) => c.sort !== false).map((c) => c.key));
    return {
      name: url.name,
      filters: columns.filter((c) => c.filter !== false).map((c) => c.key),
      sortable: (column) => known.has(column) || (url.sortable?.(column) ?? false),
      defaultSort: initialSort,
      ...(url.toggles ? { toggles: url.toggles } : {}),
    };
  });
  const [view, setView] = useState<ListView>(() =>
    schema
      ? openingView(window.location.search, schema)
      : {
          filters: {},
          sort: initialSort,
          page: DEFAULT_PAGE,
          size: options.pageSize ?? DEFAULT_PAGE_SIZE,
          toggles: {},
        },
  );
  const { replaceNext } = useViewInUrl(schema, view, setView);
  const { filters, sort, page, size: pageSize } = view;

  const result = useMemo(
    () => queryList(rows ?? [], columns, { filters, sort, page, pageSize }),
    [rows, columns, filters, sort, page, pageSize],
  );

  // Page-bounds correction (spec §9): the paging state follows the page shown (not a step of its own in History).
  useEffect(() => {
    if (rows && result.page !== page) {
      replaceNext();
      setView((v) => ({ ...v, page: result.page }));
    }
  }, [rows, result.page, page, replaceNext]);

  const setFilter = useCallback((column: string, text: string) => {
    setView((v) => ({ ...v, filters: { ...v.filters, [column]: text }, page: DEFAULT_PAGE }));
  }, []);
  const clearFilters = useCallback(() => {
    setView((v) => ({
      ...v,
      filters: Object.fromEntries(Object.keys(v.filters).map((k) => [k, ''])),
      page: DEFAULT_PAGE,
    }));
  }, []);
  const toggleSort = useCallback((column: string) => {
    setView((v) => ({ ...v, sort: nextSort(v.sort, column), page: DEFAULT_PAGE }));
  }, []);
  const setPage = useCallback((next: number) => setView((v) => (v.page === next ? v : { ...v, page: next })), []);
  const setPageSize = useCallback(
    (next: number) => setView((v) => (v.size === next ? v : { ...v, size: next, page: DEFAULT_PAGE })),
    [],
  );
  const setToggle = useCallback(
    (name: string, value: string) => setView((v) => ({ ...v, toggles: { ...v.toggles, [name]: value } })),
    [],
  );

  return {
    ...result,
    filters,
    setFilter,
    filtered: filtersActive(view),
    clearFilters,
    sort,
    toggleSort,
    setPage,
    pageSize,
    setPageSize,
    toggles: view.toggles,
    setToggle,
  };
}
