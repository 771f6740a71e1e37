// The list helpers of spec §2: column sort, case-insensitive substring
// filters, the pagination window and the category tab label. Lists can hold
// 100000 rows, so sort reads each row's value once (n accessor calls, not
// n log n) and compares without allocating; filters lower-case the filter
// text once per call.

import { PAGE_LINKS } from './constants.ts';

export type SortDirection = 'asc' | 'desc';

/** A column: a property name of the row, or a function reading the value from the row. */
export type Column<T> = keyof T | ((row: T) => unknown);

// One collator for every comparison: numeric-aware ('item 2' < 'item 10'),
// case- and accent-insensitive. A fixed locale so browser and server agree.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function isMissing(value: unknown): boolean {
  return value == null || value === '' || (typeof value === 'number' && Number.isNaN(value));
}

function comparePresent(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return collator.compare(String(a), String(b));
}

/**
 * The column comparator, ascending: numbers by value, everything else as text
 * (numeric-aware, case-insensitive). A missing value (null, undefined, '')
 * sorts after every present one.
 */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = isMissing(a);
  const bMissing = isMissing(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  return comparePresent(a, b);
}

function reader<T>(column: Column<T>): (row: T) => unknown {
  return typeof column === 'function' ? column : (row: T) => row[column];
}

/**
 * A sorted copy of `rows` by one column. Stable: rows with equal values keep
 * their order. Missing values sort last in both directions.
 */
export function sortBy<T>(rows: readonly T[], column: Column<T>, direction: SortDirection = 'asc'): T[] {
  const read = reader(column);
  const keys = rows.map(read);
  const order = Array.from(keys, (_, index) => index);
  const sign = direction === 'desc' ? -1 : 1;
  order.sort((i, j) => {
    const a = keys[i];
    const b = keys[j];
    const aMissing = isMissing(a);
    const bMissing = isMissing(b);
    let result: number;
    if (aMissing || bMissing) result = aMissing === bMissing ? 0 : aMissing ? 1 : -1;
    else result = sign * comparePresent(a, b);
    return result === 0 ? i - j : result;
  });
  return order.map((index) => rows[index] as T);
}

function lowerText(value: unknown): string {
  return isMissing(value) ? '' : String(value).toLowerCase();
}

function matchesLowered(value: unknown, loweredFilter: string): boolean {
  if (Array.isArray(value)) return value.some((item) => matchesLowered(item, loweredFilter));
  return lowerText(value).includes(loweredFilter);
}

/**
 * Case-insensitive substring match. An empty filter matches everything; an
 * array value matches when one of its items does. The filter is used as
 * typed (only the visibility element tabs trim theirs, spec §2).
 */
export function matchesFilter(value: unknown, filter: string | null | undefined): boolean {
  if (!filter) return true;
  return matchesLowered(value, filter.toLowerCase());
}

export interface RowFilter<T> {
  column: Column<T>;
  text: string | null | undefined;
}

/** The rows matching every non-empty filter, in their order. */
export function filterRows<T>(rows: readonly T[], filters: readonly RowFilter<T>[]): readonly T[] {
  const active = filters
    .filter((f) => !!f.text)
    .map((f) => ({ read: reader(f.column), text: (f.text as string).toLowerCase() }));
  if (active.length === 0) return rows;
  return rows.filter((row) => active.every((f) => matchesLowered(f.read(row), f.text)));
}

// --- Pagination (spec §2, §9) --------------------------------------------------

export interface PaginationWindow {
  /** The page numbers to link, in order: at most `maxLinks`, around the current page. */
  pages: number[];
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Number of pages for `totalItems` rows, `pageSize` per page (0 when there are none). */
export function pageCount(totalItems: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(Math.max(0, totalItems) / pageSize) : 0;
}

/** Page-bounds correction: the nearest page in 1..totalPages (page 1 when there are none). */
export function clampPage(page: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages));
  const whole = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(1, whole), last);
}

/** The rows of one page (pages count from 1). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/**
 * The page links to show: at most `maxLinks`, the current page centred where
 * possible and the window kept within 1..totalPages, plus whether Previous
 * and Next apply. A current page out of bounds is corrected first.
 */
export function paginationWindow(current: number, totalPages: number, maxLinks: number = PAGE_LINKS): PaginationWindow {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0 || maxLinks < 1) return { pages: [], hasPrevious: false, hasNext: false };
  const page = clampPage(current, total);
  const size = Math.min(maxLinks, total);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), total - size + 1);
  const pages = Array.from({ length: size }, (_, i) => start + i);
  return { pages, hasPrevious: page > 1, hasNext: page < total };
}

// --- Category tabs (spec §2) ---------------------------------------------------

function pluralise(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

/** An element category as a tab label: 'NOVA_NOVA_TREE' → 'Nova Nova Trees' (capitalised words, last one plural). */
export function categoryToTabLabel(category: string): string {
  const words = category
    .split('_')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  const last = words.pop();
  if (last === undefined) return '';
  words.push(pluralise(last));
  return words.join(' ');
}
