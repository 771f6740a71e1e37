// Deactivation, password reset and sign-out revoke for good: an
// access token and a sign-in session cookie that stopped working never work
// again, whatever happens to the account afterwards (re-activation included),
// whichever write deactivated it (activate/inactivate, a user save, an import).
import { describe, expect, it } from 'vitest';
import { authorizeRequest, type Browser, me, signInToken } from '../auth/harness.ts';
import { API, authAppUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER } from '../helpers.ts';
import { userBody, userCsv } from './fixtures.ts';

const t = authAppUnderTest();

const customer = () => t.store.findUserByUsername(CUSTOMER)!;
const asProvider = (method: string, url: string, body?: unknown) =>
  t.helper.call(method, `${API}${url}`, { as: PROVIDER, body });

/** The customer admin's token and its browser's session still work (true) or not (false). */
async function alive(token: string, browser: Browser): Promise<{ token: boolean; session: boolean }> {
  const api = await me(t.app, token);
  const session = await browser.request({
    method: 'POST',
    url: `${API}/auth/session`,
    payload: { authorizeRequest: authorizeRequest() },
  });
  return { token: api.statusCode === 200, session: session.statusCode === 200 };
}

const deactivations: [string, (active: boolean) => Promise<unknown>][] = [
  [
    'POST /user/inactivate, then /user/activate',
    (active) => asProvider('POST', active ? '/user/activate' : '/user/inactivate', userBody(t.store, customer())),
  ],
  [
    'POST /user/update with active false, then true',
    (active) => asProvider('POST', '/user/update', { user: userBody(t.store, customer(), { active }) }),
  ],
  [
    'POST /user/bulk deactivate, then activate',
    (active) =>
      asProvider('POST', '/user/bulk', { action: active ? 'activate' : 'deactivate', uuids: [customer().uuid] }),
  ],
  [
    'a CSV import with active false, then true',
    (active) => t.helper.upload(PROVIDER, userCsv(t.store, customer(), { active })),
  ],
];

describe('re-activation does not revive earlier tokens or sessions', () => {
  for (const [name, setActive] of deactivations) {
    it(name, async () => {
      const { token, browser } = await signInToken(t.app, CUSTOMER);
      expect(await alive(token, browser)).toEqual({ token: true, session: true });
      await setActive(false);
      expect(customer().active).toBe(false);
      expect(await alive(token, browser)).toEqual({ token: false, session: false });
      await setActive(true);
      expect(customer().active).toBe(true);
      expect(await alive(token, browser)).toEqual({ token: false, session: false });
      // A new sign-in works as usual.
      const again = await signInToken(t.app, CUSTOMER);
      expect(await alive(again.token, again.browser)).toEqual({ token: true, session: true });
    });
  }
});

describe('sign-out and password reset revoke for good too', () => {
  it('a token and session ended by sign-out stay dead through a deactivation and re-activation', async () => {
    const { token, browser } = await signInToken(t.app, CUSTOMER);
    const out = await browser.request({
      method: 'GET',
      url: `${API}/auth/logout`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    await deactivations[0]![1](false);
    await deactivations[0]![1](true);
    expect(await alive(token, browser)).toEqual({ token: false, session: false });
  });

  it('a password reset ends every earlier token and session, also after a deactivation cycle', async () => {
    const { token, browser } = await signInToken(t.app, CUSTOMER);
    await t.helper.call('POST', `${API}/password/forgot`, { body: { username: CUSTOMER } });
    const link = t.store.outbox.at(-1)!.link!;
    const reset = await t.helper.call('POST', `${API}/password/update`, {
      body: { token: link.split('/').at(-1)!, password: 'N3w-Passw0rd!', rePassword: 'N3w-Passw0rd!' },
    });
    expect(reset.status, reset.text).toBe(204);
    expect(await alive(token, browser)).toEqual({ token: false, session: false });
    await deactivations[0]![1](false);
    await deactivations[0]![1](true);
    expect(await alive(token, browser)).toEqual({ token: false, session: false });
  });
});
