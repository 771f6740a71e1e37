import { bulkReasons } from '@userprofile/shared/bulk-reasons';
import { describe, expect, it } from 'vitest';
import { checkSelection } from './bulk-plan.ts';
import type { User } from './list-view.ts';

const user = (uuid: string, extra: Partial<User> = {}): User =>
  ({
    uuid,
    username: uuid,
    email: `${uuid}@example.com`,
    firstName: uuid,
    lastName: uuid,
    active: true,
    businessProfile: { uuid: 'bp', name: 'NOC Operators' },
    visibilityProfile: { uuid: 'vp', name: 'All Sites' },
    ...extra,
  }) as User;

describe('checkSelection: the refusals counted before the confirmation, in the words of either backend', () => {
  const users = new Map(
    [user('a'), user('b', { businessProfile: null }), user('c', { businessProfile: null }), user('me')].map((u) => [
      u.uuid,
      u,
    ]),
  );

  it('assigning a visibility profile: the users without a business profile, by the spec’s words', () => {
    const check = checkSelection('assignVisibilityProfile', ['a', 'b', 'c'], users, 'vp2', 'me');
    expect(check.refused).toEqual([{ reason: bulkReasons.noBusinessProfile, uuids: ['b', 'c'] }]);
  });

  it('deactivating: the signed-in administrator’s own account', () => {
    const check = checkSelection('deactivate', ['a', 'me'], users, null, 'me');
    expect(check.refused).toEqual([{ reason: bulkReasons.ownAccount, uuids: ['me'] }]);
  });
});
