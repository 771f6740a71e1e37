import { describe, expect, it } from 'vitest';
import { FIND_LIMIT, findOptions } from './find-picker.tsx';

const options = Array.from({ length: 200 }, (_, i) => ({
  value: String(i),
  label: `user.${i}`,
  detail: i === 7 ? 'Ada Lovelace' : `Person ${i}`,
}));

describe('findOptions (type to find)', () => {
  it('finds by label or detail, case-insensitive', () => {
    expect(findOptions(options, 'LOVELACE').map((o) => o.value)).toEqual(['7']);
    expect(findOptions(options, ' user.19 ').map((o) => o.value)).toEqual([
      '19',
      '190',
      '191',
      '192',
      '193',
      '194',
      '195',
      '196',
      '197',
      '198',
      '199',
    ]);
  });

  it('shows at most the limit, in the given order', () => {
    const found = findOptions(options, '');
    expect(found).toHaveLength(FIND_LIMIT);
    expect(found[0]?.value).toBe('0');
    expect(findOptions(options, 'nobody')).toEqual([]);
  });
});
