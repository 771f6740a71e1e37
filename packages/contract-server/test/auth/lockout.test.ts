// Failed sign-ins are throttled without becoming a weapon
// that locks the real user out (docs/oauth2-and-sign-in.md "Sign-in throttling").

import { describe, expect, it } from 'vitest';
import { authAppUnderTest } from '../harness.ts';
import { Browser, PASSWORD } from './harness.ts';

const SECOND = 1000;

describe('sign-in throttling', () => {
  // The reseed before each test also forgets failures and known-good addresses.
  const t = authAppUnderTest();

  const from = (address: string) => new Browser(t.app, address).open();

  /** Signs in once from `address`, which makes it known-good for the user. */
  async function knownGood(username: string, address: string): Promise<Browser> {
    const browser = await from(address);
    expect((await browser.login(username, PASSWORD)).statusCode).toBe(200);
    return browser;
  }

  it('five wrong passwords from one address do not stop the right password from a known-good address; a sixth guess waits', async () => {
    const user = await knownGood('customer.admin', '10.20.0.2');
    const attacker = await from('10.20.0.1');
    for (let i = 0; i < 5; i++) expect((await attacker.login('customer.admin', `guess-${i}`)).statusCode).toBe(401);

    const sixth = await attacker.login('customer.admin', 'guess-5');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(sixth.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

    expect((await user.login('customer.admin', PASSWORD)).statusCode).toBe(200);
  });

  // A neighbour behind the same address (one office, one NAT) fails five
  // times as the user; the user's own browser, which has signed in from there before, still gets in.
  it("a neighbour's failures from a shared address do not lock out a browser that signed in from it before", async () => {
    const user = await knownGood('customer.admin', '127.0.0.7');
    const neighbour = await from('127.0.0.7');
    for (let i = 0; i < 5; i++) expect((await neighbour.login('customer.admin', `guess-${i}`)).statusCode).toBe(401);
    expect((await neighbour.login('customer.admin', 'guess-5')).statusCode).toBe(429);

    expect((await user.login('customer.admin', PASSWORD)).statusCode).toBe(200);
    // The neighbour is still slowed, and a wrong password from the user's browser counts on its own.
    expect((await neighbour.login('customer.admin', 'guess-6')).statusCode).toBe(429);
    expect((await user.login('customer.admin', 'typo')).statusCode).toBe(401);
    expect((await user.login('customer.admin', PASSWORD)).statusCode).toBe(200);
  });

  it('each further failure of the pair doubles its wait; Retry-After is exact', async () => {
    const attacker = await from('10.21.0.1');
    for (let i = 0; i < 5; i++) await attacker.login('provider.admin', `guess-${i}`);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const refused = await attacker.login('provider.admin', 'another-guess');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // One second short of the wait is still refused; at the wait the next guess is heard (and fails).
      t.clock.advance((wait - 1) * SECOND);
      expect((await attacker.login('provider.admin', 'another-guess')).statusCode).toBe(429);
      t.clock.advance(SECOND);
      expect((await attacker.login('provider.admin', `late-guess-${i}`)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
  }, 60000);
});
