// The server tests hash passwords at N=2^12 instead of the server's 2^17 (a
// setup file of vitest.config.ts): one hash at 2^17 costs 0.75 CPU-seconds on
// this machine, and these files sign in about 230 times, which was 170 of the
// stage's 490 CPU-seconds. Every rule is the same at either cost; what is about
// the cost itself (hashing at 2^17, the time a failed sign-in takes, what is
// refused before any hashing) runs at the real one, under atProductionHashCost().
import { afterAll, beforeAll } from 'vitest';
import { setPasswordHashNForTests } from '../src/auth/password.ts';

export const TEST_HASH_N = 2 ** 12;

setPasswordHashNForTests(TEST_HASH_N);

/**
 * The tests of the enclosing describe block hash and verify at the server's
 * own cost, N=2^17. Call it before the block builds its app, so the seeded
 * password is hashed at that cost too.
 */
export function atProductionHashCost(): void {
  beforeAll(() => setPasswordHashNForTests(undefined));
  afterAll(() => setPasswordHashNForTests(TEST_HASH_N));
}
