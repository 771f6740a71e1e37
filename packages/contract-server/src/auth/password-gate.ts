// A password check with failed attempts throttled (./sign-in-throttle.ts),
// shared by the console's sign-in and the Enterprise SSO stand-in (each with
// its own counters, as two systems would keep them).
import { createHash, randomBytes } from 'node:crypto';
import type { AuthAccount, AuthStore } from './contract.ts';
import { MAX_PASSWORD_LENGTH, verifyPassword } from './password.ts';
import { type LoginLimits, SignInThrottle, type ThrottleStatus } from './sign-in-throttle.ts';

export { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './sign-in-throttle.ts';

export type PasswordRefusal = {
  ok: false;
  status: 400 | 401 | 429;
  message: string;
  retryAfter?: number;
  /** What really happened, for the activity log only (the answer says the same for all three). */
  logReason?: string;
  /** The account the username names, if any (the activity log's target). */
  accountUuid?: string;
};
/** `browser`: the value of the browser's sign-in cookie to set (a browser that signed in is known from then on). */
export type PasswordCheck = { ok: true; account: AuthAccount; browser: string } | PasswordRefusal;

/** A browser cookie value this gate gave out (random, 144 bits). */
const BROWSER_ID = /^[A-Za-z0-9_-]{24}$/;

/** The throttle's key of a browser: a hash, so the admin console's list never shows the cookie itself. */
const browserKey = (id: string) => `browser ${createHash('sha256').update(id).digest('hex').slice(0, 16)}`;

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
  async check(address: string, username: unknown, password: unknown, browser?: string): Promise<PasswordCheck> {
    if (typeof username !== 'string' || typeof password !== 'string' || username === '' || password === '') {
      return { ok: false, status: 400, message: 'Username and password are required.' };
    }
    if (password.length > MAX_PASSWORD_LENGTH || username.length > 255) {
      return { ok: false, status: 400, message: 'The username or password is too long.' };
    }
    const userKey = username.toLowerCase();
    // A browser that has signed in as this user before is counted on its own, not with its address:
    // a neighbour behind the same address (an office, a NAT) cannot lock it out.
    const known =
      browser !== undefined && BROWSER_ID.test(browser) && this.throttle.knows(userKey, browserKey(browser));
    const key = known ? browserKey(browser as string) : address;
    const wait = this.throttle.retryAfterSeconds(userKey, key);
    if (wait > 0) {
      return {
        ok: false,
        status: 429,
        retryAfter: wait,
        message: 'Too many failed sign-ins; try again later.',
        logReason: `Too many failed sign-ins: refused for ${wait} s`,
      };
    }
    const attempt = this.throttle.begin(userKey, key);
    const account = this.store.findAccountByUsername(username);
    const passwordOk = await verifyPassword(password, account?.passwordHash ?? null);
    if (!account || !passwordOk || !account.active) {
      return {
        ok: false,
        status: 401,
        message: 'The username or password is incorrect.',
        logReason: !account
          ? 'No account has this username'
          : !passwordOk
            ? 'Wrong password'
            : 'The account is inactive',
        ...(account ? { accountUuid: account.uuid } : {}),
      };
    }
    attempt.succeeded();
    const id = browser !== undefined && BROWSER_ID.test(browser) ? browser : randomBytes(18).toString('base64url');
    // succeeded() made `key` known-good; the address and the browser both are.
    if (known) this.throttle.trust(userKey, address);
    else this.throttle.trust(userKey, browserKey(id));
    return { ok: true, account, browser: id };
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
