// A password check with failed attempts limited per username and per
// address, shared by the console's sign-in and the Enterprise SSO stand-in
// (each with its own counters, as two systems would keep them).
import type { AuthAccount, AuthStore } from './contract.ts';
import { MAX_PASSWORD_LENGTH, verifyPassword } from './password.ts';
import { FailureLimiter } from './rate-limit.ts';

export interface LoginLimits {
  /** Failed sign-ins allowed per username inside the window. */
  perUsername: number;
  /** Failed sign-ins allowed per client address inside the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUsername: 5, perAddress: 20, windowSeconds: 15 * 60 };

export type PasswordRefusal = { ok: false; status: 400 | 401 | 429; message: string; retryAfter?: number };
export type PasswordCheck = { ok: true; account: AuthAccount } | PasswordRefusal;

export class PasswordGate {
  private readonly byUsername: FailureLimiter;
  private readonly byAddress: FailureLimiter;

  constructor(
    private readonly store: Pick<AuthStore, 'findAccountByUsername'>,
    limits: LoginLimits,
    now: () => number,
  ) {
    this.byUsername = new FailureLimiter(limits.perUsername, limits.windowSeconds * 1000, now);
    this.byAddress = new FailureLimiter(limits.perAddress, limits.windowSeconds * 1000, now);
  }

  /**
   * The active account these credentials prove. The attempt counts as failed
   * before the hash is computed, so parallel guesses cannot slip past the
   * limit, and is taken back when it succeeds. Unknown user, wrong password
   * and inactive account give the same answer.
   */
  async check(address: string, username: unknown, password: unknown): Promise<PasswordCheck> {
    if (typeof username !== 'string' || typeof password !== 'string' || username === '' || password === '') {
      return { ok: false, status: 400, message: 'Username and password are required.' };
    }
    if (password.length > MAX_PASSWORD_LENGTH || username.length > 255) {
      return { ok: false, status: 400, message: 'The username or password is too long.' };
    }
    const userKey = username.toLowerCase();
    const wait = Math.max(this.byUsername.retryAfterSeconds(userKey), this.byAddress.retryAfterSeconds(address));
    if (wait > 0) {
      return { ok: false, status: 429, retryAfter: wait, message: 'Too many failed sign-ins; try again later.' };
    }
    const forgiveUser = this.byUsername.fail(userKey);
    const forgiveAddress = this.byAddress.fail(address);
    const account = this.store.findAccountByUsername(username);
    const passwordOk = await verifyPassword(password, account?.passwordHash ?? null);
    if (!account || !passwordOk || !account.active) {
      return { ok: false, status: 401, message: 'The username or password is incorrect.' };
    }
    forgiveUser();
    forgiveAddress();
    this.byUsername.reset(userKey);
    return { ok: true, account };
  }

  clear(): void {
    this.byUsername.clear();
    this.byAddress.clear();
  }
}
