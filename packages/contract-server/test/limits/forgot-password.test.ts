// Forgot-password is bounded (anyone can call it, for anyone): limited per username and per address
// like sign-in, and an anonymous request never voids a link that still works
// nor sends a mail every time (docs/oauth2-and-sign-in.md "Password reset").
import { describe, expect, it } from 'vitest';
import { API, appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, type Response } from '../helpers.ts';
import { userBody } from '../tenant/fixtures.ts';

const t = appUnderTest();

const forgot = (username: string) => t.call('POST', `${API}/password/forgot`, { body: { username } });
const mailsTo = (username: string) => t.store.outbox.filter((m) => m.username === username && m.link);
const tokenOf = (link: string) => link.split('/password/new/')[1] as string;
const verify = (link: string) => t.call('GET', `${API}/password/token/verify/${tokenOf(link)}`);

async function times(n: number, call: (i: number) => Promise<Response>): Promise<Response[]> {
  const out: Response[] = [];
  for (let i = 0; i < n; i++) out.push(await call(i));
  return out;
}

describe('forgot-password', () => {
  it('25 anonymous calls for one user send one e-mail, keep its link working, and are refused after 5', async () => {
    const answers = await times(25, () => forgot(CUSTOMER));
    expect(answers.map((r) => r.status)).toEqual([...Array(5).fill(200), ...Array(20).fill(429)]);
    const refused = answers[5] as Response;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toBe('Too many password reset requests; try again later.');
    const mails = mailsTo(CUSTOMER);
    expect(mails).toHaveLength(1);
    const check = await verify((mails[0] as { link: string }).link);
    expect(check.status).toBe(200);
    expect(check.body).toBe(CUSTOMER);
  });

  it("a burst for one user from one address does not keep the user's own request from another address out", async () => {
    const xsrf = t.app.auth.xsrfToken();
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/password/forgot`,
        remoteAddress,
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        payload: { username: CUSTOMER },
      });
    const attacker = [];
    for (let i = 0; i < 8; i++) attacker.push((await from('203.0.113.66')).statusCode);
    expect(attacker).toEqual([...Array(5).fill(200), ...Array(3).fill(429)]);
    expect((await from('198.51.100.7')).statusCode).toBe(200);
    // Still one mail: the user's link was not voided, nor mailed again within 5 minutes.
    expect(mailsTo(CUSTOMER)).toHaveLength(1);
  });

  it('an unknown username gets the very same answers, call by call', async () => {
    const known = (await times(8, () => forgot(CUSTOMER))).map((r) => [r.status, r.body]);
    await t.app.inject({ method: 'POST', url: '/__mock/reset' });
    const unknown = (await times(8, () => forgot('nobody.at.all'))).map((r) => [r.status, r.body]);
    expect(unknown).toEqual(known);
  });

  it('one address gets 20 calls in 15 minutes, whatever the usernames; the limit ends by itself', async () => {
    const answers = await times(21, (i) => forgot(`someone.${i}`));
    expect(answers.slice(0, 20).every((r) => r.status === 200)).toBe(true);
    expect(answers[20]?.status).toBe(429);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await forgot('someone.new')).status).toBe(200);
  });

  it('after 5 minutes the same link is sent again, not a new one', async () => {
    await forgot(CUSTOMER);
    t.clock.advance(5 * 60 * 1000 + 1000);
    await forgot(CUSTOMER);
    const mails = mailsTo(CUSTOMER);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.link).toBe(mails[0]?.link);
    expect((await verify(mails[0]?.link as string)).status).toBe(200);
  });

  it("an administrator's reset e-mail sends a new link and voids the earlier one", async () => {
    await forgot(CUSTOMER);
    const user = t.store.findUserByUsername(CUSTOMER)!;
    const sent = await t.call('POST', `${API}/password/reset`, { as: PROVIDER, body: userBody(t.store, user) });
    expect(sent.status).toBe(200);
    const [older, newer] = mailsTo(CUSTOMER);
    expect(newer?.link).not.toBe(older?.link);
    expect((await verify(older?.link as string)).status).toBe(404);
    expect((await verify(newer?.link as string)).status).toBe(200);
  });
});
