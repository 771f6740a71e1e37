// POST /user/bulk: one action on many users, answered per user.
// Every rule of the single-user calls applies to each row; a customer admin's
// bulk action never reaches another company's user (nor a user shared by
// every company), while its own users are changed in the same call.
import { beforeEach, describe, expect, it } from 'vitest';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, UNKNOWN_UUID } from '../helpers.ts';
import { addFixtures, type Column, type Fixture } from './fixtures.ts';

const t = appUnderTest({ seedUsers: 20 });
let fx: Record<Column, Fixture>;
beforeEach(() => {
  fx = addFixtures(t.store);
});

const bulk = (as: string, body: unknown) => t.call('POST', `${API}/user/bulk`, { as, body });
const user = (uuid: string) => t.store.users.get(uuid)!;

describe('POST /user/bulk as a customer admin', () => {
  it('deactivates its own company’s user and refuses the others, each with its reason', async () => {
    const uuids = [fx.A.user.uuid, fx.B.user.uuid, fx.none.user.uuid];
    const res = await bulk(CUSTOMER, { action: 'deactivate', uuids });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      correlation: expect.any(String),
      done: 1,
      unchanged: 0,
      refused: 2,
      results: [
        { uuid: fx.A.user.uuid, result: 'done' },
        // Company B's user is invisible to it: the reason names nothing of it.
        { uuid: fx.B.user.uuid, result: 'refused', reason: 'No such user' },
        {
          uuid: fx.none.user.uuid,
          result: 'refused',
          reason: expect.stringMatching(/shared by every company/),
        },
      ],
    });
    expect(user(fx.A.user.uuid).active).toBe(false);
    expect(user(fx.B.user.uuid).active).toBe(true);
    expect(user(fx.none.user.uuid).active).toBe(true);
  });

  it('assigns a profile of its own to no other company’s user', async () => {
    const res = await bulk(CUSTOMER, {
      action: 'assignVisibilityProfile',
      uuids: [fx.B.user.uuid, fx.A.user.uuid],
      value: fx.none.vp.uuid,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: { result: string }) => r.result)).toEqual(['refused', 'done']);
    expect(user(fx.A.user.uuid).visibilityProfileUuid).toBe(fx.none.vp.uuid);
    expect(user(fx.B.user.uuid).visibilityProfileUuid).toBe(fx.B.vp.uuid);
  });

  it('sends password reset e-mails to its own users only', async () => {
    const before = t.store.outbox.length;
    const res = await bulk(CUSTOMER, { action: 'sendPasswordReset', uuids: [fx.A.user.uuid, fx.B.user.uuid] });
    expect(res.body).toMatchObject({ done: 1, refused: 1 });
    expect(t.store.outbox.slice(before).map((m) => m.to)).toEqual([fx.A.user.email]);
  });

  it('may not assign a profile it cannot see: 400, nothing changes', async () => {
    const before = t.store.dump();
    const res = await bulk(CUSTOMER, {
      action: 'assignBusinessProfile',
      uuids: [fx.A.user.uuid],
      value: fx.B.bp.uuid,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'body.value', reason: 'No such business profile' }]);
    expect(t.store.dump()).toBe(before);
  });
});

describe('POST /user/bulk: the rules of the single-user calls, per row', () => {
  it('activate refuses a user without a business profile, as the status toggle does', async () => {
    user(fx.A.user.uuid).businessProfileUuid = null;
    user(fx.A.user.uuid).active = false;
    user(fx.B.user.uuid).active = false;
    const res = await bulk(PROVIDER, { action: 'activate', uuids: [fx.A.user.uuid, fx.B.user.uuid] });
    expect(res.body.results).toEqual([
      { uuid: fx.A.user.uuid, result: 'refused', reason: 'User does not have a Profile assigned' },
      { uuid: fx.B.user.uuid, result: 'done' },
    ]);
  });

  it('deactivate takes access away from a user without a business profile too', async () => {
    user(fx.A.user.uuid).businessProfileUuid = null;
    const res = await bulk(PROVIDER, { action: 'deactivate', uuids: [fx.A.user.uuid, fx.B.user.uuid] });
    expect(res.body.results).toEqual([
      { uuid: fx.A.user.uuid, result: 'done' },
      { uuid: fx.B.user.uuid, result: 'done' },
    ]);
    expect(user(fx.A.user.uuid).active).toBe(false);
  });

  it('a user already so is unchanged; an unknown uuid is refused; a uuid asked twice is answered once', async () => {
    const uuids = [fx.A.user.uuid, UNKNOWN_UUID, fx.A.user.uuid];
    const res = await bulk(PROVIDER, { action: 'activate', uuids });
    expect(res.body).toEqual({
      correlation: expect.any(String),
      done: 0,
      unchanged: 1,
      refused: 1,
      results: [
        { uuid: fx.A.user.uuid, result: 'unchanged' },
        { uuid: UNKNOWN_UUID, result: 'refused', reason: 'No such user' },
      ],
    });
  });

  it('a business profile is assigned with the rules of a save, and each change is in the user’s history', async () => {
    const res = await bulk(PROVIDER, {
      action: 'assignBusinessProfile',
      uuids: [fx.A.user.uuid, fx.B.user.uuid],
      value: fx.none.bp.uuid,
    });
    expect(res.body).toMatchObject({ done: 2, refused: 0 });
    expect(user(fx.A.user.uuid).businessProfileUuid).toBe(fx.none.bp.uuid);
    const history = await t.call('GET', `${API}/history/user/${fx.B.user.uuid}`, { as: PROVIDER });
    expect(history.status, history.text).toBe(200);
    expect(history.body.entries[0]).toMatchObject({ action: 'update' });
  });

  it('deactivate records an inactivation in each user’s history', async () => {
    await bulk(PROVIDER, { action: 'deactivate', uuids: [fx.A.user.uuid] });
    const history = await t.call('GET', `${API}/history/user/${fx.A.user.uuid}`, { as: PROVIDER });
    expect(history.body.entries[0]).toMatchObject({ action: 'inactivate' });
  });

  it('refuses more than 20000 users in one call (the console sends pieces): 400', async () => {
    const uuids = Array.from({ length: 20001 }, () => crypto.randomUUID());
    const res = await bulk(PROVIDER, { action: 'activate', uuids });
    expect(res.status).toBe(400);
  });
});
