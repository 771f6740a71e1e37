// store/user-order.ts: the users in username order, all and by status, kept
// as records are replaced (a save, an activate or inactivate), must always be
// what a stable sort of the users map and a filter give afresh, ties of the
// comparator (tie7, tie007, Tie7) included.
import { compareValues } from '@userprofile/shared/list';
import { describe, expect, it } from 'vitest';
import { canSee, seesEverything } from '../../src/store/access.ts';
import type { UserRecord } from '../../src/store/types.ts';
import { UserOrder } from '../../src/store/user-order.ts';

/** A small deterministic random (mulberry32), so a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = [
  'tie7',
  'tie007',
  'Tie7',
  'tie07',
  'alice',
  'Alice2',
  'alice10',
  'bob',
  'zed',
  'émile',
  'Zoë',
  'user9',
  'user10',
];

function record(uuid: string, username: string, active: boolean): UserRecord {
  return { uuid, username, active, minimumRole: 'SCO_ADMIN', companyUuid: null } as unknown as UserRecord;
}

function afresh(users: Map<string, UserRecord>) {
  const all = [...users.values()].sort((a, b) => compareValues(a.username, b.username));
  return { all, active: all.filter((u) => u.active), inactive: all.filter((u) => !u.active) };
}

describe('the username order kept as users change', () => {
  it('stays the order made afresh through saves, status changes, new users and renames', () => {
    const next = random(7);
    const users = new Map<string, UserRecord>();
    const order = new UserOrder(() => users.values());
    let made = 0;
    const add = () => {
      const uuid = `u${made++}`;
      const name = `${NAMES[Math.floor(next() * NAMES.length)]}${next() < 0.5 ? '' : Math.floor(next() * 30)}`;
      users.set(uuid, record(uuid, name, next() < 0.8));
      order.invalidate();
    };
    for (let i = 0; i < 300; i++) add();
    for (let step = 0; step < 3000; step++) {
      const pick = [...users.values()][Math.floor(next() * users.size)] as UserRecord;
      const roll = next();
      if (roll < 0.02) add();
      else if (roll < 0.03) {
        users.set(pick.uuid, { ...pick, username: `${pick.username}x` });
        order.invalidate();
      } else {
        // A save or a status change: a new record of the same username, in the old one's place in the map.
        const changed = { ...pick, active: roll < 0.6 ? !pick.active : pick.active };
        users.set(pick.uuid, changed);
        order.replace(pick, changed);
      }
      if (step % 50 === 0 || step > 2950) {
        const expected = afresh(users);
        expect(order.sorted(), `step ${step}`).toEqual(expected.all);
        expect(order.withStatus(true), `step ${step}: active`).toEqual(expected.active);
        expect(order.withStatus(false), `step ${step}: inactive`).toEqual(expected.inactive);
      }
    }
  });

  it('answers an ERRIGAL_ADMIN without asking each record: it sees every one', () => {
    const caller = { role: 'ERRIGAL_ADMIN', companyUuid: 'c1', layoutCodes: [] } as never;
    expect(seesEverything(caller)).toBe(true);
    for (const minimumRole of ['SCO_ADMIN', 'ADMIN', 'ERRIGAL_ADMIN', 'UNKNOWN'])
      for (const companyUuid of [null, '', 'c1', 'c2'])
        expect(canSee(caller, { minimumRole, companyUuid } as never), `${minimumRole} ${companyUuid}`).toBe(true);
    for (const role of ['ADMIN', 'SCO_ADMIN'])
      expect(seesEverything({ role, companyUuid: 'c1', layoutCodes: [] } as never)).toBe(false);
  });
});
