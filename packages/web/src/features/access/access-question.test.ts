import { describe, expect, it } from 'vitest';
import { toAccessCheck, toAccessHolders } from '../../lib/paths.ts';
import { parseHolderFilters, parseQuestion, rowFromValue, rowOf, rowValue } from './access-question.ts';

const U = '3f2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f';
const A = '0a2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f';
const R = '1b2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f';

describe('the Check Access question in the URL', () => {
  it('round-trips through the link builder', () => {
    const link = toAccessCheck({ user: U, application: A, element: R });
    expect(link).toBe(`/access/check?user=${U}&application=${A}&element=${R}`);
    expect(parseQuestion(link.slice(link.indexOf('?')))).toEqual({
      user: U,
      application: A,
      role: undefined,
      element: R,
    });
  });

  it('drops what is not a uuid, and keeps one row (the role) when both are given', () => {
    expect(parseQuestion(`?user=../x&application=${A}&role=${R}&element=${U}`)).toEqual({
      user: undefined,
      application: A,
      role: R,
      element: undefined,
    });
    expect(toAccessCheck()).toBe('/access/check');
  });

  it('maps a row to a picker value and back', () => {
    expect(rowFromValue(rowValue({ role: R }))).toEqual({ role: R });
    expect(rowFromValue(rowValue({ element: R }))).toEqual({ element: R });
    expect(rowFromValue('other:x')).toBeNull();
    expect(rowOf({})).toBeNull();
  });
});

describe('the Who Has It filters in the URL', () => {
  it('round-trips, leaving the defaults out', () => {
    const link = toAccessHolders(A, { role: R }, { status: 'inactive', q: 'Gold', page: 3 });
    expect(link).toBe(`/application/holders/${A}?role=${R}&status=inactive&q=Gold&page=3`);
    expect(parseHolderFilters(link.slice(link.indexOf('?')))).toEqual({ status: 'inactive', q: 'Gold', page: 3 });
    expect(toAccessHolders(A, { role: R }, { status: 'all', q: '', page: 1 })).toBe(
      `/application/holders/${A}?role=${R}`,
    );
  });

  it('reads a bad status or page as the default', () => {
    expect(parseHolderFilters('?status=gone&page=-2')).toEqual({ status: 'all', q: '', page: 1 });
  });
});
