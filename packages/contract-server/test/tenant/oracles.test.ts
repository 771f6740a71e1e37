// Names and usernames reveal nothing of what the caller cannot see (no answer
// is an oracle for another company's records). A profile name is unique per tenant: another company's or a
// provider-only profile's name gets exactly the answer a free name gets, in
// the impact previews and in the saves. Usernames are global sign-in names, so
// a clash with a user the caller cannot see is still refused, but only once
// the body is valid, with one message that names nothing of the other user,
// through the API and in a CSV import alike.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppProfileRecord, BusinessProfileRecord, VisibilityProfileRecord } from '../../src/store/types.ts';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO, UNKNOWN_UUID } from '../helpers.ts';
import {
  addFixtures,
  appProfileBody,
  businessProfileBody,
  type Column,
  type Fixture,
  userBody,
  userCsv,
  visibilityProfileBody,
} from './fixtures.ts';

const t = appUnderTest({ seedUsers: 20 });
const store = () => t.store;
let fx: Record<Column, Fixture>;
/** A provider-only copy of each shared fixture profile (minimum role ERRIGAL_ADMIN: no tenant admin sees it). */
let hidden: { ap: AppProfileRecord; bp: BusinessProfileRecord; vp: VisibilityProfileRecord };

beforeEach(() => {
  fx = addFixtures(store());
  const provider = { minimumRole: 'ERRIGAL_ADMIN' as const, companyUuid: null, description: 'provider only' };
  hidden = {
    ap: { ...fx.none.ap, ...provider, uuid: randomUUID(), name: 'Provider Only App Profile' },
    bp: { ...fx.none.bp, ...provider, uuid: randomUUID(), name: 'Provider Only Business Profile', appProfiles: [] },
    vp: { ...fx.none.vp, ...provider, uuid: randomUUID(), name: 'Provider Only Visibility' },
  };
  store().appProfiles.set(hidden.ap);
  store().businessProfiles.set(hidden.bp);
  store().visibilityProfiles.set(hidden.vp);
});

type Kind = 'app' | 'business' | 'visibility';
const KINDS: readonly Kind[] = ['app', 'business', 'visibility'];

/** A body for a profile of `kind` of customer.admin's company A, under `name`; no uuid: a new profile. */
function body(kind: Kind, name: string, uuid: string | null = null) {
  const made =
    kind === 'app'
      ? appProfileBody(store(), fx.A.ap, { name })
      : kind === 'business'
        ? businessProfileBody(store(), fx.A.bp, { name })
        : visibilityProfileBody(store(), fx.A.vp, { name });
  const { uuid: _own, ...rest } = made;
  return uuid ? { ...rest, uuid } : rest;
}
const ownRecord = (kind: Kind) => (kind === 'app' ? fx.A.ap : kind === 'business' ? fx.A.bp : fx.A.vp);
const hiddenNames = (kind: Kind) => {
  const key = kind === 'app' ? 'ap' : kind === 'business' ? 'bp' : 'vp';
  return { "company B's": fx.B[key].name, 'a provider-only': hidden[key].name };
};

/** The answer with the name (and new uuids) taken out, so a hidden name and a free one compare. */
function answer(res: { status: number; body: unknown }, name: string) {
  const text = JSON.stringify(res.body ?? null)
    .replaceAll(name, '<name>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
  return { status: res.status, body: JSON.parse(text) };
}

describe("customer.admin (company A) using the name of a profile it cannot see gets a free name's answer", () => {
  for (const kind of ['app', 'business'] as const) {
    it(`POST /profile/${kind}/impact for a new profile: the same answer, nothing written`, async () => {
      const before = store().dump();
      const free = answer(
        await t.call('POST', `${API}/profile/${kind}/impact`, { as: CUSTOMER, body: body(kind, 'Never Used Name') }),
        'Never Used Name',
      );
      expect(free.status).toBe(200);
      for (const [whose, name] of Object.entries(hiddenNames(kind))) {
        const res = await t.call('POST', `${API}/profile/${kind}/impact`, { as: CUSTOMER, body: body(kind, name) });
        expect(answer(res, name), `${whose} name`).toEqual(free);
      }
      expect(store().dump()).toBe(before);
    });
  }

  for (const kind of KINDS) {
    it(`POST /profile/${kind}/update creating a profile: created as with a free name`, async () => {
      const free = await t.call('POST', `${API}/profile/${kind}/update`, {
        as: CUSTOMER,
        body: body(kind, 'Never Used Name'),
      });
      expect(free.status, free.text).toBe(200);
      for (const [whose, name] of Object.entries(hiddenNames(kind))) {
        const res = await t.call('POST', `${API}/profile/${kind}/update`, { as: CUSTOMER, body: body(kind, name) });
        expect(answer(res, name), `${whose} name`).toEqual(answer(free, 'Never Used Name'));
      }
    });

    it(`POST /profile/${kind}/update renaming its own profile: renamed as to a free name`, async () => {
      const own = ownRecord(kind);
      for (const [whose, name] of Object.entries(hiddenNames(kind))) {
        const res = await t.call('POST', `${API}/profile/${kind}/update`, {
          as: CUSTOMER,
          body: body(kind, name, own.uuid),
        });
        expect(res.status, `${whose} name: ${res.text}`).toBe(200);
        expect(res.body.name).toBe(name);
      }
    });

    it(`a name it can see still clashes (409), and provider.admin is told of every clash in the tenant's scope`, async () => {
      const before = store().dump();
      const shared = kind === 'app' ? fx.none.ap : kind === 'business' ? fx.none.bp : fx.none.vp;
      const visible = await t.call('POST', `${API}/profile/${kind}/update`, {
        as: CUSTOMER,
        body: body(kind, shared.name.toUpperCase()),
      });
      expect(visible.status, visible.text).toBe(409);
      // provider.admin writing a company A record under the name of the shared one, which company A sees too.
      const provider = await t.call('POST', `${API}/profile/${kind}/update`, {
        as: PROVIDER,
        body: body(kind, shared.name, ownRecord(kind).uuid),
      });
      expect(provider.status, provider.text).toBe(409);
      expect(store().dump()).toBe(before);
    });
  }

  it('two tenants may each have a profile of the same name; each sees and edits its own', async () => {
    const created = await t.call('POST', `${API}/profile/business/update`, {
      as: CUSTOMER,
      body: body('business', fx.B.bp.name),
    });
    expect(created.status, created.text).toBe(200);
    const mine = (await t.call('GET', `${API}/profile/business/list`, { as: CUSTOMER })).body as { name: string }[];
    expect(mine.filter((p) => p.name === fx.B.bp.name)).toHaveLength(1);
    // The other company's profile is untouched and still saves under its name.
    const theirs = await t.call('POST', `${API}/profile/business/update`, {
      as: PROVIDER,
      body: businessProfileBody(store(), fx.B.bp, { description: 'still mine' }),
    });
    expect(theirs.status, theirs.text).toBe(200);
    expect(store().businessProfiles.get(fx.B.bp.uuid)!.description).toBe('still mine');
  });

  it("a CSV import names a profile the caller cannot see as it names a free one ('No businessProfile named …')", async () => {
    const free = await t.upload(
      CUSTOMER,
      userCsv(store(), fx.A.user, { username: 'csv.free' }).replace(fx.A.bp.name, 'Never Used Name'),
    );
    const reason = (name: string) => `No businessProfile named ${name}`;
    expect(free.body.errors).toEqual([
      { row: 1, line: 2, field: 'businessProfile', reason: reason('Never Used Name') },
    ]);
    for (const name of [fx.B.bp.name, hidden.bp.name]) {
      const res = await t.upload(
        CUSTOMER,
        userCsv(store(), fx.A.user, { username: 'csv.free' }).replace(fx.A.bp.name, name),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ row: 1, line: 2, field: 'businessProfile', reason: reason(name) }]);
    }
  });
});

describe('a new user named like a user the caller cannot see', () => {
  /** A new user of the caller's own fixture, under `username`. */
  const newUser = (own: Fixture, username: string, change = {}) => {
    const { uuid: _uuid, ...user } = userBody(store(), own.user, { username, email: `${username}@example.com` });
    return { user: { ...user, ...change } };
  };

  for (const [as, own, other] of [
    [CUSTOMER, 'A', 'B'],
    [SCO, 'B', 'A'],
  ] as const) {
    it(`${as}: an invalid body is 400 with the same errors whether the username is free or taken`, async () => {
      const before = store().dump();
      // Valid for the document, not for the store: the body reaches the store's checks.
      const invalid = { visibilityProfile: { uuid: UNKNOWN_UUID, name: 'Unknown' } };
      const free = await t.call('POST', `${API}/user/update`, { as, body: newUser(fx[own], 'never.used', invalid) });
      expect(free.status, free.text).toBe(400);
      for (const taken of [fx[other].user.username, fx.none.user.username, PROVIDER]) {
        const res = await t.call('POST', `${API}/user/update`, { as, body: newUser(fx[own], taken, invalid) });
        expect(answer(res, taken), taken).toEqual(answer(free, 'never.used'));
      }
      expect(store().dump()).toBe(before);
    });

    it(`${as}: a valid body is refused (409) with one message for every username it cannot see, naming nothing of it`, async () => {
      const before = store().dump();
      const answers = [];
      for (const taken of [fx[other].user.username, PROVIDER]) {
        const res = await t.call('POST', `${API}/user/update`, { as, body: newUser(fx[own], taken) });
        expect(res.status, res.text).toBe(409);
        expect(res.body.message).toBe(`The username ${taken} is already taken`);
        answers.push(answer(res, taken));
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(store().dump()).toBe(before);
    });

    // Uniqueness is checked only once the row is otherwise valid, as the single save does.
    it(`${as}: a one-row CSV import gives that reason alone, and an otherwise invalid row the same answer as for a free username`, async () => {
      const before = store().dump();
      const row = (username: string, change = {}) =>
        userCsv(store(), fx[own].user, { username, email: `${username}@example.com`, ...change });
      const free = await t.upload(as, row('never.used', { lastName: '' }));
      expect(free.status).toBe(400);
      for (const taken of [fx[other].user.username, PROVIDER]) {
        const valid = await t.upload(as, row(taken));
        expect(valid.status, valid.text).toBe(400);
        expect(valid.body.errors).toEqual([
          { row: 1, line: 2, field: 'username', reason: `The username ${taken} is already taken` },
        ]);
        const invalid = await t.upload(as, row(taken, { lastName: '' }));
        expect(answer(invalid, taken)).toEqual(answer(free, 'never.used'));
      }
      expect(store().dump()).toBe(before);
    });
  }
});
