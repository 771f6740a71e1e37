import { describe, expect, it } from 'vitest';
import type { AccessHolder, AccessHolders } from './api.ts';
import { matchHolders, toHolderSet } from './holder-set.ts';

const holder = (username: string, first: string, last: string, active: boolean, bp: string, ap: string) =>
  ({
    user: { uuid: `u-${username}`, username, firstName: first, lastName: last, active },
    path: { businessProfile: { uuid: `b-${bp}`, name: bp }, appProfile: { uuid: `a-${ap}`, name: ap } },
  }) as AccessHolder;

const holders = [
  holder('alice', 'Alice', 'Smith', true, 'NOC Operators', 'Alarm Ops'),
  holder('bob', 'Bob', 'Marsh', false, 'NOC Operators', 'Alarm Ops'),
  holder('carol', 'Carol', 'Jones', true, 'Planning', 'PM Analysts'),
];
const frame = { withheld: 0, total: 3, active: 2, inactive: 1 } as AccessHolders;

describe("Who Has It's filter in the browser: the server's rule", () => {
  const set = toHolderSet(frame, holders);
  const names = (q: string, status: 'all' | 'active' | 'inactive' = 'all') =>
    matchHolders(set, q, status).holders.map((h) => h.user.username);

  it('matches the username, first or last name, or the path, in any case, trimmed', () => {
    expect(names('')).toEqual(['alice', 'bob', 'carol']);
    expect(names('  MARSH ')).toEqual(['bob']);
    expect(names('pm anal')).toEqual(['carol']);
    expect(names('noc')).toEqual(['alice', 'bob']);
    // Never across two names.
    expect(names('smith\nnoc')).toEqual([]);
  });

  it('counts the text matches per state; the status narrows the rows only', () => {
    const m = matchHolders(set, 'noc', 'active');
    expect(m.holders.map((h) => h.user.username)).toEqual(['alice']);
    expect([m.active, m.inactive]).toEqual([1, 1]);
  });
});
