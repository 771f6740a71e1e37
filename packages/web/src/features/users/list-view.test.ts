import { describe, expect, it } from 'vitest';
import { formatView, parseView } from '../../lib/list-view.ts';
import {
  columnText,
  defaultCriteria,
  emptyFilters,
  ListIndex,
  nextSort,
  pageRows,
  toCriteria,
  toView,
  USERS_VIEW,
  type User,
  withoutUser,
  withUser,
} from './list-view.ts';
import { computeSortOrder } from './sort-order.ts';

let n = 0;
function user(username: string, extra: Partial<User> = {}): User {
  n++;
  return {
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    username,
    email: `${username}@example.com`,
    firstName: 'First',
    lastName: username.toUpperCase(),
    active: true,
    businessProfile: { uuid: '10000000-0000-4000-8000-000000000001', name: 'NOC Operators' },
    visibilityProfile: { uuid: '20000000-0000-4000-8000-000000000001', name: 'National' },
    ...extra,
  };
}

const names = (index: ListIndex, matches: Uint32Array) => [...matches].map((i) => index.rows[i]?.username);

describe('filters', () => {
  const rows = [user('alice'), user('Bob'), user('carol', { businessProfile: null }), user('ALBERT')];
  it('match case-insensitive substrings on every column, all filters together', () => {
    const index = new ListIndex(rows);
    expect(names(index, index.query({ ...emptyFilters(), username: 'AL' }, null, null))).toEqual(['alice', 'ALBERT']);
    expect(names(index, index.query({ ...emptyFilters(), username: 'al', name: 'albert' }, null, null))).toEqual([
      'ALBERT',
    ]);
    expect(names(index, index.query({ ...emptyFilters(), profile: 'noc' }, null, null))).toEqual([
      'alice',
      'Bob',
      'ALBERT',
    ]);
  });
  it('give the same answer when narrowing from a previous result and when widening again', () => {
    const index = new ListIndex(rows);
    index.query({ ...emptyFilters(), username: 'a' }, null, null);
    expect(names(index, index.query({ ...emptyFilters(), username: 'al' }, null, null))).toEqual(['alice', 'ALBERT']);
    expect(names(index, index.query({ ...emptyFilters(), username: 'ali' }, null, null))).toEqual(['alice']);
    expect(names(index, index.query({ ...emptyFilters(), username: 'o' }, null, null))).toEqual(['Bob', 'carol']);
    expect(names(index, index.query(emptyFilters(), null, null))).toHaveLength(4);
  });
});

describe('sort', () => {
  const rows = [user('user10'), user('User2'), user('user1'), user('x', { visibilityProfile: null }), user('b')];
  const index = new ListIndex(rows);
  it('is numeric-aware and case-insensitive, ascending then descending', () => {
    const order = computeSortOrder(index.text('username'));
    const asc = names(index, index.query(emptyFilters(), { column: 'username', direction: 'asc' }, order));
    expect(asc).toEqual(['b', 'user1', 'User2', 'user10', 'x']);
    const desc = names(index, index.query(emptyFilters(), { column: 'username', direction: 'desc' }, order));
    expect(desc).toEqual(['x', 'user10', 'User2', 'user1', 'b']);
  });
  it('puts a missing value last in both directions and keeps equal values in list order', () => {
    const order = computeSortOrder(index.text('visibility'));
    const asc = names(index, index.query(emptyFilters(), { column: 'visibility', direction: 'asc' }, order));
    expect(asc).toEqual(['user10', 'User2', 'user1', 'b', 'x']);
    const desc = names(index, index.query(emptyFilters(), { column: 'visibility', direction: 'desc' }, order));
    expect(desc).toEqual(['user10', 'User2', 'user1', 'b', 'x']);
  });
  it('filters within the sorted order', () => {
    const order = computeSortOrder(index.text('username'));
    const got = names(
      index,
      index.query({ ...emptyFilters(), username: 'user' }, { column: 'username', direction: 'desc' }, order),
    );
    expect(got).toEqual(['user10', 'User2', 'user1']);
  });
  it('toggles the direction on a second click of the same header', () => {
    expect(nextSort(null, 'email')).toEqual({ column: 'email', direction: 'asc' });
    expect(nextSort({ column: 'email', direction: 'asc' }, 'email')).toEqual({ column: 'email', direction: 'desc' });
    expect(nextSort({ column: 'email', direction: 'desc' }, 'name')).toEqual({ column: 'name', direction: 'asc' });
  });
});

describe('pages and cells', () => {
  it('slices one page of the matches', () => {
    const rows = Array.from({ length: 25 }, (_, i) => user(`u${i}`));
    const index = new ListIndex(rows);
    const all = index.query(emptyFilters(), null, null);
    expect(pageRows(rows, all, 3).map((u) => u.username)).toEqual(['u20', 'u21', 'u22', 'u23', 'u24']);
    expect(pageRows(rows, all, 1)).toHaveLength(10);
  });
  it('shows names and statuses as text, missing as empty', () => {
    const u = user('dave', { lastName: 'Jones', visibilityProfile: null, active: false });
    expect(columnText(u, 'name')).toBe('First Jones');
    expect(columnText(u, 'visibility')).toBe('');
    expect(columnText(u, 'status')).toBe('Inactive');
  });
});

describe('the view in the address', () => {
  it('keeps well-formed parts only', () => {
    expect(toCriteria(parseView('', USERS_VIEW))).toEqual(defaultCriteria());
    const parsed = toCriteria(
      parseView(
        `status=inactive&username=ab&email=&sort=sideways&page=4&__proto__=1&visibility=${'x'.repeat(10_000)}`,
        USERS_VIEW,
      ),
    );
    expect(parsed).toEqual({
      ...defaultCriteria(),
      status: 'inactive',
      filters: { ...emptyFilters(), username: 'ab', visibility: 'x'.repeat(255) },
      page: 4,
    });
    expect(toCriteria(parseView('sort=-profile&page=-1&status=both', USERS_VIEW))).toEqual({
      ...defaultCriteria(),
      sort: { column: 'profile', direction: 'desc' },
    });
  });

  it('writes only what differs from the bare list, and reads back what it wrote', () => {
    const criteria = {
      ...defaultCriteria(),
      status: 'inactive' as const,
      sort: { column: 'email' as const, direction: 'asc' as const },
      page: 3,
    };
    criteria.filters.name = 'Smith & Co';
    const query = formatView(toView(criteria), USERS_VIEW);
    expect(query).toBe('status=inactive&name=Smith+%26+Co&sort=email&page=3');
    expect(toCriteria(parseView(query, USERS_VIEW))).toEqual(criteria);
    expect(formatView(toView(defaultCriteria()), USERS_VIEW)).toBe('');
  });
});

describe('cached lists', () => {
  it('insert a user in username order, replacing the same uuid, and remove it', () => {
    const a = user('anna');
    const c = user('carl');
    const b = user('Bert');
    expect(withUser([a, c], b).map((u) => u.username)).toEqual(['anna', 'Bert', 'carl']);
    const renamed = { ...a, email: 'new@example.com' };
    expect(withUser([a, b, c], renamed)).toEqual([renamed, b, c]);
    expect(withoutUser([a, b, c], b.uuid)).toEqual([a, c]);
  });
});
