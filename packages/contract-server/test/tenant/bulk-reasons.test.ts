// POST /user/bulk: a refused user's reason names what is missing or not
// allowed, in the words the console's derived path gives on a backend
// without the bulk call (@userprofile/shared/bulk-reasons), never a form
// field's bare message.
import { bulkReasons } from '@userprofile/shared/bulk-reasons';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER } from '../helpers.ts';
import { addFixtures, type Column, type Fixture } from './fixtures.ts';

const t = appUnderTest({ seedUsers: 20 });
let fx: Record<Column, Fixture>;
beforeEach(() => {
  fx = addFixtures(t.store);
});

const bulk = (as: string, body: unknown) => t.call('POST', `${API}/user/bulk`, { as, body });
const user = (uuid: string) => t.store.users.get(uuid)!;
const byName = (username: string) => [...t.store.users.values()].find((u) => u.username === username)!;

/** A bulk action on one user, whose one result is a refusal for `reason`. */
async function expectRefused(as: string, body: { action: string; value?: string }, uuid: string, reason: string) {
  const res = await bulk(as, { ...body, uuids: [uuid] });
  expect(res.body.results).toEqual([{ uuid, result: 'refused', reason }]);
}

describe('POST /user/bulk: the reasons of a refusal', () => {
  it('assigning a visibility profile to a user without a business profile: the spec’s words for it, not "This field is required"', async () => {
    user(fx.A.user.uuid).businessProfileUuid = null;
    const res = await bulk(PROVIDER, {
      action: 'assignVisibilityProfile',
      uuids: [fx.A.user.uuid, fx.B.user.uuid],
      value: fx.none.vp.uuid,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual([
      { uuid: fx.A.user.uuid, result: 'refused', reason: 'User does not have a Profile assigned' },
      { uuid: fx.B.user.uuid, result: 'done' },
    ]);
    expect(user(fx.A.user.uuid).visibilityProfileUuid).toBe(fx.A.vp.uuid);
  });

  it('assigning a business profile to a user without a visibility profile names the visibility profile', async () => {
    user(fx.A.user.uuid).visibilityProfileUuid = null;
    await expectRefused(
      PROVIDER,
      { action: 'assignBusinessProfile', value: fx.none.bp.uuid },
      fx.A.user.uuid,
      'User does not have a Visibility Profile assigned',
    );
  });

  it('the signed-in administrator’s own account is not deactivated, nor given another business profile, in bulk', async () => {
    const me = byName(PROVIDER);
    for (const [action, value] of [
      ['deactivate', null],
      ['assignBusinessProfile', fx.none.bp.uuid],
    ] as const) {
      const res = await bulk(PROVIDER, { action, uuids: [me.uuid, fx.A.user.uuid], ...(value ? { value } : {}) });
      expect(res.body.results[0], action).toEqual({ uuid: me.uuid, result: 'refused', reason: bulkReasons.ownAccount });
      expect(res.body.results[1].result, action).toBe('done');
    }
    expect(byName(PROVIDER).active).toBe(true);
    expect(byName(PROVIDER).businessProfileUuid).toBe(me.businessProfileUuid);
  });

  it('a save’s field error names its field', async () => {
    user(fx.A.user.uuid).email = '';
    await expectRefused(
      PROVIDER,
      { action: 'assignVisibilityProfile', value: fx.none.vp.uuid },
      fx.A.user.uuid,
      'Email: This field is required. (Max 255 Characters)',
    );
  });

  it('a user of no company, for a customer admin: the shared words of the user write rule', async () => {
    await expectRefused(
      CUSTOMER,
      { action: 'deactivate' },
      fx.none.user.uuid,
      bulkReasons.sharedByEveryCompany(`User '${fx.none.user.username}'`),
    );
  });
});
