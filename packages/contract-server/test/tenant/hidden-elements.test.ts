// A user's GET leaves out element values whose application row the reader may
// not see; the console saves what it got. Such a save must
// keep those values, not drop them: bad input loses nothing, and an admin's
// unchanged Update User is not input at all. A rule is not lifted because a
// value is hidden, though: it is refused for every role alike.
import { userMessages } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import { canSee } from '../../src/store/access.ts';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, callerIn, SCO } from '../helpers.ts';

const t = appUnderTest({ seedUsers: 120 });
const store = () => t.store;

const callerOf = (username: string) => callerIn(store(), username);

describe('a save of the GET a reader got keeps the element values hidden from it', () => {
  for (const as of [SCO, CUSTOMER]) {
    it(`${as}: Update User with the user as its GET answered changes none of the user's element values`, async () => {
      const caller = callerOf(as);
      const rows = new Map([...store().applications.values()].flatMap((a) => a.elements).map((r) => [r.uuid, r]));
      const list = (await t.call('GET', `${API}/user/list/active`, { as })).body as { uuid: string }[];
      let saved = 0;
      let withHidden = 0;
      for (const { uuid } of list) {
        const user = store().users.get(uuid)!;
        const got = (await t.call('GET', `${API}/user/${uuid}`, { as })).body as { readOnlyReason?: string };
        if (got.readOnlyReason) continue;
        const before = JSON.stringify([...user.elements].sort((a, b) => a.uuid.localeCompare(b.uuid)));
        if (user.elements.some((e) => !canSee(caller, rows.get(e.uuid)!))) withHidden++;
        const res = await t.call('POST', `${API}/user/update`, { as, body: { user: got } });
        expect(res.status, res.text).toBe(200);
        const after = store().users.get(uuid)!;
        expect(JSON.stringify([...after.elements].sort((a, b) => a.uuid.localeCompare(b.uuid))), user.username).toBe(
          before,
        );
        saved++;
      }
      expect(saved).toBeGreaterThan(5);
      if (as === SCO) expect(withHidden, 'users of sco.admin holding a value hidden from it').toBeGreaterThan(0);
    }, 60_000);
  }
});

describe('the default tree rule holds for every role', () => {
  it('sco.admin cannot create a user with a business profile whose default-tree rows are all hidden from it, and is told why', async () => {
    const caller = callerOf(SCO);
    const rows = [...store().applications.values()].flatMap((a) => a.elements);
    const hiddenTree = rows.filter((r) => r.category === 'NOVA_NOVA_TREE' && !canSee(caller, r)).map((r) => r.uuid);
    const offersHiddenTree = (bp: { uuid: string }) =>
      [...store().elementsOffered(bp.uuid).keys()].some((u) => hiddenTree.includes(u));
    const profiles = (await t.call('GET', `${API}/profile/business/list`, { as: SCO })).body as {
      uuid: string;
      name: string;
    }[];
    const bp = profiles.find(offersHiddenTree);
    expect(bp, 'a business profile sco.admin may assign that offers default trees hidden from it').toBeDefined();
    const template = (await t.call('GET', `${API}/user/username/${SCO}`, { as: SCO })).body as Record<string, unknown>;
    const { uuid: _, readOnlyReason: __, ...form } = template;
    const res = await t.call('POST', `${API}/user/update`, {
      as: SCO,
      body: {
        user: {
          ...form,
          username: 'sco.hidden.tree',
          email: 'sco.hidden.tree@example.com',
          businessProfile: { uuid: bp!.uuid, name: bp!.name },
          elements: [],
        },
      },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toContainEqual({
      field: 'body.user.defaultTreeMustBeAssigned',
      reason: userMessages.defaultTreeHidden,
    });
    expect(store().findUserByUsername('sco.hidden.tree')).toBeUndefined();
  });
});
