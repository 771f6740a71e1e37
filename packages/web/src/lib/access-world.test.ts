import { checkRow, effectiveApplications, hiddenProfileReason } from '@userprofile/shared/access/walk';
import { describe, expect, it } from 'vitest';
import { accessWorldOf, type ReaderLists, userProfileIn } from './access-world.ts';

const admin = { name: 'ADMIN' as const };
const role = { uuid: 'r1', name: 'ALARM_OPERATOR', externalRole: false, minimumRole: admin };
const lists: ReaderLists = {
  apps: [{ uuid: 'app', name: 'Alarm Manager', roles: [role], elements: [] }],
  appProfiles: [
    {
      uuid: 'ap',
      name: 'Alarm Manager - Operator',
      application: { uuid: 'app', name: 'Alarm Manager' },
      minimumRole: admin,
      roles: [{ uuid: 'r1' }],
      elements: [],
    },
  ],
  businessProfiles: [
    {
      uuid: 'bp',
      name: 'NOC Operators',
      minimumRole: admin,
      appProfiles: [{ uuid: 'ap', name: 'Alarm Manager - Operator', application: { uuid: 'app' } }],
    },
  ],
};
const user = (extra: object) => ({
  uuid: 'u',
  username: 'ann',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Doe',
  active: true,
  ...extra,
});
const held = { kind: 'role' as const, uuid: 'r1', name: 'ALARM_OPERATOR', category: '', externalRole: false };

describe("the console's access world (spec calls only)", () => {
  it('walks the reader’s lists from a user to the role, with its path', () => {
    const world = accessWorldOf(lists);
    const u = user({ businessProfile: { uuid: 'bp', name: 'NOC Operators' } });
    const bp = userProfileIn(world, u);
    expect(checkRow(world, u, bp, world.application('app')!, held).paths).toEqual([
      {
        businessProfile: { uuid: 'bp', name: 'NOC Operators' },
        appProfile: { uuid: 'ap', name: 'Alarm Manager - Operator' },
      },
    ]);
  });

  it('reads a profile named on a user but absent from the reader’s list, or withheld by the user’s GET, as hidden', () => {
    const world = accessWorldOf(lists);
    expect(userProfileIn(world, user({ businessProfile: { uuid: 'elsewhere', name: 'x' } }))).toBe('hidden');
    expect(
      userProfileIn(world, user({ businessProfile: null, readOnlyReason: hiddenProfileReason("User 'ann'") })),
    ).toBe('hidden');
    expect(userProfileIn(world, user({ businessProfile: null }))).toBeUndefined();
  });

  it('without the profile lists (SCO_ADMIN) knows the user’s application profiles from the user’s GET, part hidden', () => {
    const u = user({
      businessProfile: {
        uuid: 'bp',
        name: 'NOC Operators',
        appProfiles: [{ uuid: 'ap', name: 'Alarm Manager - Operator', application: { uuid: 'app' }, elements: [] }],
      },
    });
    const world = accessWorldOf({ apps: lists.apps, appProfiles: null, businessProfiles: null }, u);
    const [app] = effectiveApplications(world, { elements: [] }, world.businessProfile('bp') as never);
    expect(app).toMatchObject({ name: 'Alarm Manager', roles: [], partHidden: true });
  });
});
