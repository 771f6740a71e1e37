// Sign-ins in the activity log, as the provider sees them: another
// application's sign-in through the provider's page is its own channel with
// its client id, a throttled attempt is refused with the wait, and the answer
// a guesser gets stays the same whatever the log records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '../../src/auth/password-gate.ts';
import { authorizeRequest, Browser, buildApp, DEMO_CLIENT, PASSWORD, type TestApp } from '../auth/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildApp({ loginLimits: { ...DEFAULT_LOGIN_LIMITS, perAddressUsernames: 3 } });
});
afterAll(() => t.helper.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the document by the harness
const events = async (q: string): Promise<any[]> => {
  const res = await t.helper.call('GET', `/userprofile/api/v1/activity?q=${encodeURIComponent(q)}`, {
    as: 'provider.admin',
  });
  expect(res.status, res.text).toBe(200);
  return res.body.events;
};

describe('sign-ins in the activity log', () => {
  it("another application's sign-in is its own channel, with its client", async () => {
    const browser = await new Browser(t.app, '10.9.0.1').open();
    const res = await browser.authorize({
      credentials: { username: 'customer.admin', password: PASSWORD },
      authorizeRequest: authorizeRequest({}, DEMO_CLIENT),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [e] = await events('action:signIn actor:customer.admin');
    expect(e).toMatchObject({
      outcome: 'succeeded',
      channel: 'otherApplication',
      clientId: DEMO_CLIENT.uuid,
      address: '10.9.0.1',
      target: { kind: 'user', name: 'customer.admin' },
    });
  });

  it('a throttled attempt is refused with the wait; the guesser reads the same answers', async () => {
    const attacker = await new Browser(t.app, '10.9.0.2').open();
    const answers = [];
    for (const name of ['sco.admin', 'nobody.one', 'nobody.two'])
      answers.push((await attacker.login(name, 'guess')).body);
    expect(new Set(answers).size).toBe(1);
    expect((await attacker.login('provider.admin', PASSWORD)).statusCode).toBe(429);
    const [refused] = await events('action:signIn outcome:refused');
    expect(refused).toMatchObject({ target: { name: 'provider.admin' }, actor: null, address: '10.9.0.2' });
    expect(refused.reason).toMatch(/^Too many failed sign-ins: refused for \d+ s$/);
    const failed = await events('action:signIn outcome:failed');
    expect(failed.map((e) => e.reason)).toEqual([
      'No account has this username',
      'No account has this username',
      'Wrong password',
    ]);
  });
});
