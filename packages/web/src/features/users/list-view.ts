// What the Users list shows (spec §2): five case-insensitive substring
// filters, a column sort (numeric-aware, case-insensitive, missing last) and
// one page of rows. Built for 100000 rows: each column's texts are read and
// lower-cased once per list, a sort reuses the column's precomputed order
// (./sort-order.ts), and typing that narrows a filter only scans the rows
// the previous text matched.
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import { compareValues, type SortDirection } from '@userprofile/shared/list';
import type { ListView, ListViewSchema } from '../../lib/list-view.ts';
import { directedOrder, type SortOrder } from './sort-order.ts';

export type User = components['schemas']['User'];

export const FILTER_COLUMNS = ['username', 'name', 'email', 'profile', 'visibility'] as const;
export type FilterColumn = (typeof FILTER_COLUMNS)[number];
export type UserColumn = FilterColumn | 'status';
export const SORT_COLUMNS: readonly UserColumn[] = [...FILTER_COLUMNS, 'status'];

export type Filters = Record<FilterColumn, string>;
export type ListStatus = 'active' | 'inactive';

export interface ListSort {
  column: UserColumn;
  direction: SortDirection;
}

/** The list's view: filters, toggle, sort and page (in the address, and the last one under `searchCriteria`). */
export interface SearchCriteria {
  status: ListStatus;
  filters: Filters;
  sort: ListSort | null;
  page: number;
  /** Rows a page (one of PAGE_SIZES). */
  size: number;
}

/** The filters that hold text, as a query in column order (`username=e&email=x`; '' for none). */
export function filterQuery(filters: Filters): string {
  return new URLSearchParams(FILTER_COLUMNS.filter((c) => filters[c] !== '').map((c) => [c, filters[c]])).toString();
}

export const emptyFilters = (): Filters => ({ username: '', name: '', email: '', profile: '', visibility: '' });

export const defaultCriteria = (): SearchCriteria => ({
  status: 'active',
  filters: emptyFilters(),
  sort: null,
  page: DEFAULT_PAGE,
  size: DEFAULT_PAGE_SIZE,
});

/** The Users list's view in the address and under the `searchCriteria` key (lib/list-view.ts). */
export const USERS_VIEW: ListViewSchema = {
  name: 'users',
  filters: FILTER_COLUMNS,
  sortable: (column) => SORT_COLUMNS.includes(column as UserColumn),
  defaultSort: null,
  toggles: { status: ['active', 'inactive'] },
};

/** The criteria of a view (its parts already checked by parseView). */
export function toCriteria(view: ListView): SearchCriteria {
  const filters = emptyFilters();
  for (const column of FILTER_COLUMNS) filters[column] = view.filters[column] ?? '';
  return {
    status: view.toggles.status === 'inactive' ? 'inactive' : 'active',
    filters,
    sort: view.sort as ListSort | null,
    page: view.page,
    size: view.size,
  };
}

export function toView(criteria: SearchCriteria): ListView {
  return {
    filters: criteria.filters,
    sort: criteria.sort,
    page: criteria.page,
    size: criteria.size,
    toggles: { status: criteria.status },
  };
}

/** A click on a column header: ascending first, then toggles the direction. */
export function nextSort(current: ListSort | null, column: UserColumn): ListSort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/** The text of a cell ('' when missing), as shown and as sorted. */
export function columnText(user: User, column: UserColumn): string {
  switch (column) {
    case 'username':
      return user.username;
    case 'name':
      return [user.firstName, user.lastName].filter(Boolean).join(' ');
    case 'email':
      return user.email ?? '';
    case 'profile':
      return user.businessProfile?.name ?? '';
    case 'visibility':
      return user.visibilityProfile?.name ?? '';
    case 'status':
      return user.active ? 'Active' : 'Inactive';
  }
}

/** The per-list precomputation: column texts, lower-cased texts, and the last filter result. */
export class ListIndex {
  private readonly texts = new Map<UserColumn, string[]>();
  private readonly lowered = new Map<FilterColumn, string[]>();
  private readonly directed = new Map<string, Uint32Array>();
  private last: { base: string; filters: Filters; matches: Uint32Array } | null = null;

  constructor(readonly rows: readonly User[]) {}

  text(column: UserColumn): string[] {
    let texts = this.texts.get(column);
    if (!texts) {
      texts = this.rows.map((row) => columnText(row, column));
      this.texts.set(column, texts);
    }
    return texts;
  }

  /** Lower-cases one column ahead of the first keystroke in its filter. */
  prepareFilter(column: FilterColumn): void {
    this.lower(column);
  }

  private lower(column: FilterColumn): string[] {
    let lowered = this.lowered.get(column);
    if (!lowered) {
      lowered = this.text(column).map((t) => t.toLowerCase());
      this.lowered.set(column, lowered);
    }
    return lowered;
  }

  /** Row indices in the order of `sort` (list order without one). */
  private baseOrder(sort: ListSort | null, order: SortOrder | null): { key: string; rows: Uint32Array | null } {
    if (!sort || !order) return { key: 'list', rows: null };
    const key = `${sort.column}:${sort.direction}`;
    let rows = this.directed.get(key);
    if (!rows) {
      const texts = this.text(sort.column);
      rows = directedOrder(order, sort.direction, (row) => texts[row] === '');
      this.directed.set(key, rows);
    }
    return { key, rows };
  }

  /**
   * The matching row indices, in sort order. `order` is the precomputed
   * order of the sort column (null until it is ready: list order then).
   */
  query(filters: Filters, sort: ListSort | null, order: SortOrder | null): Uint32Array {
    const base = this.baseOrder(sort, order);
    const active = FILTER_COLUMNS.filter((c) => filters[c] !== '').map((c) => ({
      keys: this.lower(c),
      text: filters[c].toLowerCase(),
    }));
    // Narrowing (every filter text contains its previous text): only the previous matches can match.
    const previous = this.last;
    const narrowing =
      previous !== null &&
      previous.base === base.key &&
      FILTER_COLUMNS.every((c) => filters[c].toLowerCase().includes(previous.filters[c].toLowerCase()));
    const source: ArrayLike<number> | null = active.length > 0 && narrowing ? previous.matches : base.rows;
    const n = source ? source.length : this.rows.length;
    const out = new Uint32Array(n);
    let count = 0;
    if (active.length === 0) {
      for (let k = 0; k < n; k++) out[k] = source ? (source[k] as number) : k;
      count = n;
    } else if (active.length === 1) {
      // The common case (typing in one filter), kept to one tight loop.
      const { keys, text } = active[0] as { keys: string[]; text: string };
      if (source) {
        for (let k = 0; k < n; k++) {
          const row = source[k] as number;
          if ((keys[row] as string).includes(text)) out[count++] = row;
        }
      } else {
        for (let row = 0; row < n; row++) if ((keys[row] as string).includes(text)) out[count++] = row;
      }
    } else {
      for (let k = 0; k < n; k++) {
        const row = source ? (source[k] as number) : k;
        if (active.every((f) => (f.keys[row] as string).includes(f.text))) out[count++] = row;
      }
    }
    const matches = count === n ? out : out.slice(0, count);
    this.last = { base: base.key, filters: { ...filters }, matches };
    return matches;
  }
}

const indexes = new WeakMap<readonly User[], ListIndex>();

/** The index of a list, made once per list (a changed list is a new array). */
export function indexFor(rows: readonly User[]): ListIndex {
  let index = indexes.get(rows);
  if (!index) {
    index = new ListIndex(rows);
    indexes.set(rows, index);
  }
  return index;
}

export const PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The rows of one page of the matches. */
export function pageRows(rows: readonly User[], matches: Uint32Array, page: number, pageSize = PAGE_SIZE): User[] {
  const start = (page - 1) * pageSize;
  const end = Math.min(matches.length, start + pageSize);
  const out: User[] = [];
  for (let k = Math.max(0, start); k < end; k++) out.push(rows[matches[k] as number] as User);
  return out;
}

// --- The cached lists (spec §4) ---------------------------------------------------

const byUsername = (a: User, b: User) => compareValues(a.username, b.username);

/** `list` with `user` in username order (replacing the row with the same uuid). */
export function withUser(list: readonly User[], user: User): User[] {
  const rest = list.filter((u) => u.uuid !== user.uuid);
  let lo = 0;
  let hi = rest.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byUsername(rest[mid] as User, user) <= 0) lo = mid + 1;
    else hi = mid;
  }
  rest.splice(lo, 0, user);
  return rest;
}

export function withoutUser(list: readonly User[], uuid: string): User[] {
  return list.filter((u) => u.uuid !== uuid);
}
