// The view of a list: its filters, sort, page and toggles (the
// users' Active/Inactive, a list's Expand) as the address's query, e.g.
// `?name=smith&sort=-email&page=3&size=50&status=inactive`, so a reload, Back and
// Forward and a copied address show the same view. Reading is defensive (the
// address is user-editable): unknown parameters and columns are dropped, a
// filter is cut to MAX_TEXT, a page is a positive integer (the list then
// corrects it into its pages). The last view of each list is kept under the
// `searchCriteria` storage key (spec §3), for a list opened bare from the side
// navigation.
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_TEXT } from '@userprofile/shared/constants';
import type { SortDirection } from '@userprofile/shared/list';
import { storage } from './storage.ts';

export interface ViewSort {
  column: string;
  direction: SortDirection;
}

export interface ListView {
  filters: Readonly<Record<string, string>>;
  sort: ViewSort | null;
  page: number;
  /** Rows a page (a list of 100,000 users wants more than spec §9's default 10). */
  size: number;
  toggles: Readonly<Record<string, string>>;
}

/** The page sizes a list offers, spec §9's default first. */
export const PAGE_SIZES: readonly number[] = [DEFAULT_PAGE_SIZE, 25, 50, 100];

export interface ListViewSchema {
  /** The list's name among the stored views. */
  name: string;
  /** Filter keys, in the order the query writes them. */
  filters: readonly string[];
  /** Whether a column may be sorted on. */
  sortable: (column: string) => boolean;
  /** The sort of the bare list. */
  defaultSort: ViewSort | null;
  /** Each toggle's values, the bare list's first. */
  toggles?: Readonly<Record<string, readonly [string, ...string[]]>>;
}

const SORT = 'sort';
const PAGE = 'page';
const SIZE = 'size';
/** A page beyond any list (a page of 10 rows of 100000 users is 10000): kept in bounds before the list corrects it. */
const MAX_PAGE = 1_000_000;

export function defaultView(schema: ListViewSchema): ListView {
  return {
    filters: Object.fromEntries(schema.filters.map((f) => [f, ''])),
    sort: schema.defaultSort,
    page: DEFAULT_PAGE,
    size: DEFAULT_PAGE_SIZE,
    toggles: Object.fromEntries(Object.entries(schema.toggles ?? {}).map(([k, values]) => [k, values[0]])),
  };
}

/** Whether the query names any part of the view (a bare address names none). */
export function namesView(query: string, schema: ListViewSchema): boolean {
  const params = new URLSearchParams(query);
  const keys = [SORT, PAGE, SIZE, ...schema.filters, ...Object.keys(schema.toggles ?? {})];
  return keys.some((k) => params.has(k));
}

/** The view a query asks for, its nonsense left out. */
export function parseView(query: string, schema: ListViewSchema): ListView {
  const params = new URLSearchParams(query);
  const view = defaultView(schema);
  const filters: Record<string, string> = { ...view.filters };
  for (const f of schema.filters) {
    const text = params.get(f);
    if (text !== null) filters[f] = text.slice(0, MAX_TEXT);
  }
  let sort = view.sort;
  const sortParam = params.get(SORT);
  if (sortParam !== null) {
    const direction: SortDirection = sortParam.startsWith('-') ? 'desc' : 'asc';
    const column = sortParam.replace(/^[-+]/, '');
    // An unknown column keeps the list's own order rather than failing.
    sort = column === '' ? null : schema.sortable(column) ? { column, direction } : view.sort;
  }
  let page = view.page;
  const pageParam = params.get(PAGE);
  if (pageParam !== null && /^\d{1,9}$/.test(pageParam)) page = Math.min(MAX_PAGE, Math.max(1, Number(pageParam)));
  const sizeParam = Number(params.get(SIZE));
  const size = PAGE_SIZES.includes(sizeParam) ? sizeParam : view.size;
  const toggles: Record<string, string> = { ...view.toggles };
  for (const [key, values] of Object.entries(schema.toggles ?? {})) {
    const value = params.get(key);
    if (value !== null && values.includes(value)) toggles[key] = value;
  }
  return { filters, sort, page, size, toggles };
}

/** The query of a view: only what differs from the bare list, in a fixed order ('' for the bare list). */
export function formatView(view: ListView, schema: ListViewSchema): string {
  const params = new URLSearchParams();
  const bare = defaultView(schema);
  for (const [key, values] of Object.entries(schema.toggles ?? {})) {
    const value = view.toggles[key];
    if (value !== undefined && value !== values[0]) params.set(key, value);
  }
  for (const f of schema.filters) {
    const text = view.filters[f] ?? '';
    if (text !== '') params.set(f, text);
  }
  const sort = view.sort;
  if (sort?.column !== bare.sort?.column || sort?.direction !== bare.sort?.direction) {
    params.set(SORT, sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.column}` : '');
  }
  if (view.page !== DEFAULT_PAGE) params.set(PAGE, String(view.page));
  if (view.size !== DEFAULT_PAGE_SIZE) params.set(SIZE, String(view.size));
  return params.toString();
}

/** Whether any filter holds text. */
export function filtersActive(view: Pick<ListView, 'filters'>): boolean {
  return Object.values(view.filters).some((text) => text !== '');
}

// --- The last view of each list (spec §3 `searchCriteria`) ------------------

type StoredViews = Record<string, string>;

function storedViews(): StoredViews {
  const raw = storage.getJson<unknown>('searchCriteria');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The list's last view (the bare list's when none was kept). */
export function lastView(schema: ListViewSchema): ListView {
  return parseView(storedViews()[schema.name] ?? '', schema);
}

export function keepView(schema: ListViewSchema, query: string): void {
  const views = storedViews();
  if (views[schema.name] === query) return;
  storage.setJson('searchCriteria', { ...views, [schema.name]: query });
}

/** The view a list opens with: the address's, or the last one when the address names none. */
export function openingView(query: string, schema: ListViewSchema): ListView {
  return namesView(query, schema) ? parseView(query, schema) : lastView(schema);
}

/**
 * How a change enters the browser history: typing in a filter replaces the
 * entry its first keystroke pushed, so Back steps over a typed word at once;
 * every other change (sort, page, toggle, Clear filters) pushes its own.
 */
export function typedFilter(before: ListView, after: ListView): string | null {
  const changed = Object.keys(after.filters).filter((f) => after.filters[f] !== before.filters[f]);
  if (changed.length !== 1) return null;
  const same =
    before.size === after.size &&
    before.sort?.column === after.sort?.column &&
    before.sort?.direction === after.sort?.direction &&
    Object.keys(after.toggles).every((t) => after.toggles[t] === before.toggles[t]);
  return same ? (changed[0] as string) : null;
}
