// A password check with failed attempts throttled (./sign-in-throttle.ts),
// shared by the console's sign-in and the Enterprise SSO stand-in (each with
// its own counters, as two systems would keep them).
import type { AuthAccount, AuthStore } from './contract.ts';
import { MAX_PASSWORD_LENGTH, verifyPassword } from './password.ts';
import { type LoginLimits, SignInThrottle, type ThrottleStatus } from './sign-in-throttle.ts';

export { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './sign-in-throttle.ts';

export type PasswordRefusal = { ok: false; status: 400 | 401 | 429; message: string; retryAfter?: number };
export type PasswordCheck = { ok: true; account: AuthAccount } | PasswordRefusal;

export class PasswordGate {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly store: Pick<AuthStore, 'findAccountByUsername'>,
    limits: LoginLimits,
    now: () => number,
  ) {
    this.throttle = new SignInThrottle(limits, now);
  }

  /**
   * The active account these credentials prove. The attempt counts as failed
   * before the hash is computed, so parallel guesses cannot slip past the
   * throttle, and is taken back when it succeeds (which makes the address
   * known-good for the user). Unknown user, wrong password and inactive
   * account give the same answer.
   */
  async check(address: string, username: unknown, password: unknown): Promise<PasswordCheck> {
    if (typeof username !== 'string' || typeof password !== 'string' || username === '' || password === '') {
      return { ok: false, status: 400, message: 'Username and password are required.' };
    }
    if (password.length > MAX_PASSWORD_LENGTH || username.length > 255) {
      return { ok: false, status: 400, message: 'The username or password is too long.' };
    }
    const userKey = username.toLowerCase();
    const wait = this.throttle.retryAfterSeconds(userKey, address);
    if (wait > 0) {
      return { ok: false, status: 429, retryAfter: wait, message: 'Too many failed sign-ins; try again later.' };
    }
    const attempt = this.throttle.begin(userKey, address);
    const account = this.store.findAccountByUsername(username);
    const passwordOk = await verifyPassword(password, account?.passwordHash ?? null);
    if (!account || !passwordOk || !account.active) {
      return { ok: false, status: 401, message: 'The username or password is incorrect.' };
    }
    attempt.succeeded();
    return { ok: true, account };
  }

  /** The user's failed sign-ins as the admin console shows them. */
  status(username: string): ThrottleStatus {
    return this.throttle.status(username.toLowerCase());
  }

  /** An administrator's Unlock: the user's failed sign-ins are forgotten. */
  unlock(username: string): void {
    this.throttle.unlock(username.toLowerCase());
  }

  clear(): void {
    this.throttle.clear();
  }
}
