// The rules of src/auth/sign-in-throttle.ts on a clock of their own, without
// password hashing (the sign-in itself: ./lockout.test.ts and ./login.test.ts).

import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS, SignInThrottle } from '../../src/auth/sign-in-throttle.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function throttle(limits = DEFAULT_LOGIN_LIMITS) {
  const clock = { now: 1_700_000_000_000 };
  const t = new SignInThrottle(limits, () => clock.now);
  return {
    t,
    advance: (ms: number) => {
      clock.now += ms;
    },
    now: () => clock.now,
    /** A failed attempt, made only when the throttle lets it through (as the gate does). */
    fail(username: string, address: string): number {
      const wait = t.retryAfterSeconds(username, address);
      if (wait === 0) t.begin(username, address);
      return wait;
    },
    succeed(username: string, address: string): number {
      const wait = t.retryAfterSeconds(username, address);
      if (wait === 0) t.begin(username, address).succeeded();
      return wait;
    },
  };
}

describe('sign-in throttle', () => {
  it('has the documented figures', () => {
    expect(DEFAULT_LOGIN_LIMITS).toEqual({
      freeFailures: 5,
      firstDelaySeconds: 1,
      maxDelaySeconds: 900,
      resetSeconds: 12 * 60 * 60,
      perAccount: 20,
      perAddressUsernames: 20,
      windowSeconds: 900,
      knownAddresses: 10,
      knownForDays: 90,
    });
  });

  it('a pair gets five failures free, then waits 1 s, 2 s, 4 s ... up to 15 minutes', () => {
    const s = throttle();
    for (let i = 0; i < 5; i++) expect(s.fail('alice', '10.0.0.1')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const wait = s.fail('alice', '10.0.0.1');
      waits.push(wait);
      s.advance(wait * SECOND);
      expect(s.fail('alice', '10.0.0.1')).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
  });

  it('the wait counts from the last failure; a refused attempt does not extend it', () => {
    const s = throttle();
    for (let i = 0; i < 8; i++) {
      s.fail('alice', '10.0.0.1');
      s.advance(s.t.retryAfterSeconds('alice', '10.0.0.1') * SECOND);
    }
    s.fail('alice', '10.0.0.1'); // ninth failure: the next waits 16 s
    expect(s.t.retryAfterSeconds('alice', '10.0.0.1')).toBe(16);
    s.advance(10 * SECOND);
    expect(s.fail('alice', '10.0.0.1')).toBe(6);
    expect(s.t.retryAfterSeconds('alice', '10.0.0.1')).toBe(6);
  });

  it("slows only the guesser's address: other addresses, known or not, are not affected by a pair", () => {
    const s = throttle();
    for (let i = 0; i < 12; i++) {
      s.fail('alice', '10.0.0.1');
      s.advance(s.t.retryAfterSeconds('alice', '10.0.0.1') * SECOND);
    }
    s.fail('alice', '10.0.0.1');
    expect(s.t.retryAfterSeconds('alice', '10.0.0.1')).toBeGreaterThan(0);
    expect(s.t.retryAfterSeconds('alice', '10.0.0.2')).toBe(0);
    expect(s.succeed('alice', '10.0.0.2')).toBe(0);
  });

  it('a success ends the failures in a row of its pair, and the address becomes known-good', () => {
    const s = throttle();
    for (let i = 0; i < 5; i++) s.fail('alice', '10.0.0.1');
    s.advance(SECOND);
    expect(s.succeed('alice', '10.0.0.1')).toBe(0);
    for (let i = 0; i < 5; i++) expect(s.fail('alice', '10.0.0.1')).toBe(0);
    expect(s.fail('alice', '10.0.0.1')).toBe(1);
  });

  it('failures are forgotten twelve hours after the last one', () => {
    const s = throttle();
    for (let i = 0; i < 5; i++) s.fail('alice', '10.0.0.1');
    s.advance(12 * 60 * MINUTE + SECOND);
    for (let i = 0; i < 5; i++) expect(s.fail('alice', '10.0.0.1')).toBe(0);
  });

  it('a guess spread over many addresses: after twenty failures unknown addresses wait, growing; a known-good one never', () => {
    const s = throttle();
    s.succeed('alice', '192.168.1.5');
    for (let i = 0; i < 20; i++) expect(s.fail('alice', `10.1.0.${i}`)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 11; i++) {
      const wait = s.fail('alice', `10.2.0.${i}`);
      waits.push(wait);
      s.advance(wait * SECOND);
      expect(s.fail('alice', `10.2.0.${i}`)).toBe(0);
      expect(s.t.retryAfterSeconds('alice', '192.168.1.5')).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    expect(s.t.status('alice')).toMatchObject({ throttled: true, failures: 31 });
    // The real user signs in from home: the attack's count starts again.
    expect(s.succeed('alice', '192.168.1.5')).toBe(0);
    expect(s.t.retryAfterSeconds('alice', '10.9.9.9')).toBe(0);
  });

  it('a known-good address is forgotten after 90 days, and at most the ten most recent are kept', () => {
    const s = throttle();
    s.succeed('alice', '192.168.1.5');
    for (let i = 0; i < 20; i++) s.fail('alice', `10.1.0.${i}`);
    expect(s.t.retryAfterSeconds('alice', '192.168.1.5')).toBe(0);
    s.advance(90 * 24 * 60 * MINUTE);
    for (let i = 0; i < 20; i++) s.fail('alice', `10.3.0.${i}`);
    expect(s.t.retryAfterSeconds('alice', '192.168.1.5')).toBeGreaterThan(0);

    const t = throttle();
    for (let i = 0; i <= 10; i++) t.succeed('bob', `192.168.2.${i}`);
    for (let i = 0; i < 20; i++) t.fail('bob', `10.1.0.${i}`);
    expect(t.t.retryAfterSeconds('bob', '192.168.2.0')).toBeGreaterThan(0);
    expect(t.t.retryAfterSeconds('bob', '192.168.2.1')).toBe(0);
  });

  it('twenty failures of a few people behind one address do not make it wait for anyone else', () => {
    const s = throttle();
    for (const user of ['alice', 'bob', 'carol', 'dave']) for (let i = 0; i < 5; i++) s.fail(user, '10.4.0.1');
    expect(s.t.retryAfterSeconds('erin', '10.4.0.1')).toBe(0);
    expect(s.t.retryAfterSeconds('alice', '10.4.0.2')).toBe(0);
  });

  it('password spraying: twenty usernames failing from one address make it wait for users that do not know it, for the window', () => {
    const s = throttle();
    s.succeed('alice', '10.5.0.1');
    for (let i = 0; i < 19; i++) s.fail(`user.${i}`, '10.5.0.1');
    expect(s.t.retryAfterSeconds('bob', '10.5.0.1')).toBe(0);
    s.advance(MINUTE);
    s.fail('user.19', '10.5.0.1');
    expect(s.t.retryAfterSeconds('bob', '10.5.0.1')).toBe(14 * 60);
    expect(s.t.retryAfterSeconds('bob', '10.5.0.2')).toBe(0);
    expect(s.t.retryAfterSeconds('alice', '10.5.0.1')).toBe(0);
    // The first nineteen leave the window 15 minutes after they were made.
    s.advance(14 * 60 * SECOND - SECOND);
    expect(s.t.retryAfterSeconds('bob', '10.5.0.1')).toBe(1);
    s.advance(SECOND);
    expect(s.t.retryAfterSeconds('bob', '10.5.0.1')).toBe(0);
  });

  it('status: throttled once a pair is past its free failures, with its address and wait; unlock forgets it all', () => {
    const s = throttle();
    expect(s.t.status('alice')).toEqual({
      throttled: false,
      failures: 0,
      lastFailureAt: null,
      accountWideUntil: null,
      addresses: [],
    });
    for (let i = 0; i < 4; i++) s.fail('alice', '10.6.0.1');
    expect(s.t.status('alice')).toMatchObject({ throttled: false, failures: 4, lastFailureAt: s.now() });
    s.fail('alice', '10.6.0.1');
    s.fail('alice', '10.6.0.2');
    expect(s.t.status('alice')).toEqual({
      throttled: true,
      failures: 6,
      lastFailureAt: s.now(),
      accountWideUntil: null,
      addresses: [{ address: '10.6.0.1', failures: 5, waitUntil: s.now() + SECOND }],
    });
    s.t.unlock('alice');
    expect(s.t.status('alice')).toMatchObject({ throttled: false, failures: 0, addresses: [] });
    expect(s.t.retryAfterSeconds('alice', '10.6.0.1')).toBe(0);
  });

  it('unlock lifts the account-wide wait and takes the user out of every address count', () => {
    const s = throttle();
    for (let i = 0; i < 20; i++) s.fail('alice', `10.7.0.${i}`);
    for (let i = 0; i < 19; i++) s.fail(`user.${i}`, '10.7.1.1');
    s.advance(SECOND);
    expect(s.fail('alice', '10.7.1.1')).toBe(0);
    expect(s.t.status('alice').accountWideUntil).toBe(s.now() + 2 * SECOND);
    expect(s.t.retryAfterSeconds('bob', '10.7.1.1')).toBeGreaterThan(0);
    s.t.unlock('alice');
    expect(s.t.retryAfterSeconds('alice', '10.7.9.9')).toBe(0);
    expect(s.t.retryAfterSeconds('bob', '10.7.1.1')).toBe(0);
  });
});
