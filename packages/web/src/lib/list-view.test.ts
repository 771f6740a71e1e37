import { describe, expect, it } from 'vitest';
import { defaultView, formatView, type ListViewSchema, namesView, parseView, typedFilter } from './list-view.ts';

const schema: ListViewSchema = {
  name: 'test',
  filters: ['name', 'description'],
  sortable: (c) => c === 'name' || c === 'description',
  defaultSort: { column: 'name', direction: 'asc' },
  toggles: { expanded: ['no', 'yes'] },
};

describe('the view in the address', () => {
  it('writes only what differs from the bare list, and reads back the same view', () => {
    const view = { ...defaultView(schema), filters: { name: 'a&b', description: '' }, page: 2 };
    expect(formatView(defaultView(schema), schema)).toBe('');
    const query = formatView(
      { ...view, sort: { column: 'description', direction: 'desc' }, toggles: { expanded: 'yes' } },
      schema,
    );
    expect(query).toBe('expanded=yes&name=a%26b&sort=-description&page=2');
    expect(parseView(query, schema)).toEqual({
      filters: { name: 'a&b', description: '' },
      sort: { column: 'description', direction: 'desc' },
      page: 2,
      size: 10,
      toggles: { expanded: 'yes' },
    });
    // No sort at all, against a default sort, is written as an empty sort.
    expect(parseView(formatView({ ...view, sort: null }, schema), schema).sort).toBeNull();
  });

  it('reads nonsense as a sensible view', () => {
    const view = parseView(`sort=-planet&page=abc&expanded=maybe&name=${'x'.repeat(10_000)}&other=1`, schema);
    expect(view).toEqual({ ...defaultView(schema), filters: { name: 'x'.repeat(255), description: '' } });
    expect(parseView('page=0', schema).page).toBe(1);
    expect(parseView('page=99999999999', schema).page).toBe(1);
    expect(parseView('page=9999', schema).page).toBe(9999);
  });

  it('keeps the page size in the address, one of the sizes offered', () => {
    const view = { ...defaultView(schema), page: 40, size: 50 };
    expect(formatView(view, schema)).toBe('page=40&size=50');
    expect(parseView('page=40&size=50', schema)).toEqual(view);
    expect(parseView('size=7', schema).size).toBe(10);
    expect(parseView('size=abc', schema).size).toBe(10);
    expect(namesView('size=25', schema)).toBe(true);
  });

  it('knows a bare address from one that names a view', () => {
    expect(namesView('', schema)).toBe(false);
    expect(namesView('utm=1', schema)).toBe(false);
    expect(namesView('page=2', schema)).toBe(true);
    expect(namesView('name=', schema)).toBe(true);
  });

  it('tells typing in one filter from other changes', () => {
    const bare = defaultView(schema);
    const typed = { ...bare, filters: { ...bare.filters, name: 'a' } };
    expect(typedFilter(bare, typed)).toBe('name');
    expect(typedFilter(typed, { ...typed, page: 3 })).toBeNull();
    expect(typedFilter(typed, { ...typed, filters: { name: '', description: 'b' } })).toBeNull();
    expect(
      typedFilter(typed, { ...typed, filters: { ...typed.filters, name: 'ab' }, toggles: { expanded: 'yes' } }),
    ).toBeNull();
  });
});
