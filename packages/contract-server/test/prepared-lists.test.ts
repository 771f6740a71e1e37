// The users list a reader asks for first after signing in is made before they
// ask: right after a start (the provider's, the largest) and at each sign-in to
// the console (the signed-in reader's). What it answers stays what a list made
// on demand answers.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { userListAnswers } from '../src/routes/users.ts';
import { API, appUnderTest } from './harness.ts';
import { CUSTOMER, callerIn } from './helpers.ts';

const t = appUnderTest({ seedUsers: 150 });

describe('prepared users lists', () => {
  it('prepare makes the active list and its gzip copy, and the next answer is that very one', async () => {
    const lists = userListAnswers();
    const who = callerIn(t.store, CUSTOMER);
    lists.prepare(t.store, who);
    const prepared = lists.answer(t.store, who, true);
    const entry = await prepared;
    await expect.poll(() => entry.gzipped !== undefined).toBe(true);
    // Asked again: the same kept answer, its gzip copy at hand.
    expect(lists.answer(t.store, who, true)).toBe(prepared);
    const plain = Buffer.concat(Array.isArray(entry.json) ? entry.json : [entry.json as Buffer]);
    const gzipped = Buffer.concat(entry.gzipped as Buffer[]);
    expect(gunzipSync(gzipped).equals(plain)).toBe(true);
    const served = await t.app.inject({
      method: 'GET',
      url: `${API}/user/list/active`,
      headers: { authorization: `Bearer ${await t.tokenFor(CUSTOMER)}` },
    });
    expect(served.rawPayload.equals(plain)).toBe(true);
  });
});
