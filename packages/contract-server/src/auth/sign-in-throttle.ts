// Throttling of failed sign-ins that an attacker cannot turn into a lockout
// of the real user (docs/oauth2-and-sign-in.md "Sign-in throttling"). Three counters,
// none of which stops a user at an address they have signed in from before:
//
// 1. per (username, address) pair: a few failures in a row are free, then
//    each further attempt from that pair waits, the wait doubling at each
//    failure up to a cap. Only the guesser's own address is slowed.
// 2. per username, all addresses together (a guess spread over many
//    addresses): the same growing waits beyond a larger number of failures,
//    applied to addresses the user has not signed in from before.
// 3. per address, across usernames (password spraying): beyond a number of
//    distinct usernames failing from one address in the window, that address
//    waits, except for users who have signed in from it before, so one
//    office behind one address is not locked out as a whole.
//
// The state is kept in memory, bounded, and swept as it ages.

export interface LoginLimits {
  /** Failures in a row a (username, address) pair makes before its attempts wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to maxDelaySeconds. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures are forgotten this long after the last one (or at the next success). */
  resetSeconds: number;
  /** Failures in a row of one username from all addresses together before unknown addresses wait. */
  perAccount: number;
  /** Distinct usernames failing from one address in the window, beyond which the address waits. */
  perAddressUsernames: number;
  windowSeconds: number;
  /** Addresses remembered per user as known-good (the most recent successful sign-ins) and for how long. */
  knownAddresses: number;
  knownForDays: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  resetSeconds: 12 * 60 * 60,
  perAccount: 20,
  perAddressUsernames: 20,
  windowSeconds: 15 * 60,
  knownAddresses: 10,
  knownForDays: 90,
};

/** Entries kept at most per table (usernames, addresses); beyond it the least recently touched go first. */
const MAX_ENTRIES = 100_000;
/** Addresses kept at most per username in the pair table (a guess spread over a botnet). */
const MAX_PAIRS_PER_USER = 1_000;
const SWEEP_EVERY_MS = 60_000;

/** Failures in a row (of a pair, or of a username from anywhere) and when the last happened. */
interface Failures {
  failures: number;
  lastAt: number;
}

/** A (username, address) pair past its free failures, as the admin console shows it. */
export interface ThrottledAddress {
  address: string;
  failures: number;
  /** When its next attempt may be made (ms); in the past when it may try now, but slowed again at its next failure. */
  waitUntil: number;
}

export interface ThrottleStatus {
  /** Whether sign-ins of this user are being slowed anywhere. */
  throttled: boolean;
  /** Failed sign-ins of this user in a row, all addresses together (forgotten after resetSeconds). */
  failures: number;
  lastFailureAt: number | null;
  /** Addresses the user has not signed in from before wait until then (ms), or null. */
  accountWideUntil: number | null;
  addresses: ThrottledAddress[];
}

export class SignInThrottle {
  /** username → address → its failures in a row. */
  private readonly pairs = new Map<string, Map<string, Failures>>();
  /** username → its failures in a row from all addresses. */
  private readonly byAccount = new Map<string, Failures>();
  /** address → username → its last failure from there. */
  private readonly byAddress = new Map<string, Map<string, number>>();
  /** username → address → its last successful sign-in from there. */
  private readonly known = new Map<string, Map<string, number>>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number,
  ) {}

  /** Seconds this attempt must wait; 0 when it may be made now. `username` is lower-cased by the caller. */
  retryAfterSeconds(username: string, address: string): number {
    const now = this.now();
    let until = this.until(this.pairs.get(username)?.get(address), this.limits.freeFailures);
    if (!this.isKnown(username, address, now)) {
      until = Math.max(until, this.until(this.byAccount.get(username), this.limits.perAccount));
      until = Math.max(until, this.addressUntil(address, now));
    }
    return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
  }

  /**
   * Counts an attempt as failed (before the password is checked, so parallel
   * guesses cannot slip past); returns what to call when it succeeded instead.
   */
  begin(username: string, address: string): { succeeded(): void } {
    this.sweep();
    const at = this.now();
    const pairs = this.pairs.get(username) ?? new Map<string, Failures>();
    const pair = pairs.get(address);
    pairs.delete(address);
    pairs.set(address, this.oneMore(pair, at));
    for (const oldest of pairs.keys()) {
      if (pairs.size <= MAX_PAIRS_PER_USER) break;
      pairs.delete(oldest);
    }
    this.pairs.delete(username);
    this.pairs.set(username, pairs);
    const account = this.byAccount.get(username);
    this.byAccount.delete(username);
    this.byAccount.set(username, this.oneMore(account, at));
    const users = this.byAddress.get(address) ?? new Map<string, number>();
    const previous = users.get(username);
    users.set(username, at);
    this.byAddress.delete(address);
    this.byAddress.set(address, users);
    this.bound();
    return {
      succeeded: () => {
        // The real user is in: the failures in a row before it end here.
        this.pairs.get(username)?.delete(address);
        this.byAccount.delete(username);
        const atAddress = this.byAddress.get(address);
        if (atAddress?.get(username) === at) {
          if (previous === undefined) atAddress.delete(username);
          else atAddress.set(username, previous);
        }
        this.remember(username, address);
      },
    };
  }

  /** What the admin console shows of a user's failed sign-ins. */
  status(username: string): ThrottleStatus {
    const now = this.now();
    const addresses: ThrottledAddress[] = [];
    for (const [address, pair] of this.pairs.get(username) ?? []) {
      if (!this.live(pair, now) || pair.failures < this.limits.freeFailures) continue;
      addresses.push({ address, failures: pair.failures, waitUntil: this.until(pair, this.limits.freeFailures) });
    }
    addresses.sort((a, b) => b.waitUntil - a.waitUntil);
    const account = this.byAccount.get(username);
    const live = account && this.live(account, now) ? account : undefined;
    const accountWide = live !== undefined && live.failures >= this.limits.perAccount;
    return {
      throttled: accountWide || addresses.length > 0,
      failures: live?.failures ?? 0,
      lastFailureAt: live?.lastAt ?? null,
      accountWideUntil: accountWide ? this.until(live, this.limits.perAccount) : null,
      addresses,
    };
  }

  /** Unlock: forgets the user's failures everywhere; its known-good addresses stay. */
  unlock(username: string): void {
    this.pairs.delete(username);
    this.byAccount.delete(username);
    for (const users of this.byAddress.values()) users.delete(username);
  }

  clear(): void {
    this.pairs.clear();
    this.byAccount.clear();
    this.byAddress.clear();
    this.known.clear();
  }

  /**
   * Whether `key` (an address, or a browser's key) made a successful sign-in of
   * the user lately: its attempts are slowed only by their own failures.
   */
  knows(username: string, key: string): boolean {
    return this.isKnown(username, key, this.now());
  }

  /** Makes `key` known-good for the user (a browser that has just signed in). */
  trust(username: string, key: string): void {
    this.remember(username, key);
  }

  private remember(username: string, address: string): void {
    const addresses = this.known.get(username) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, this.now());
    for (const oldest of addresses.keys()) {
      if (addresses.size <= this.limits.knownAddresses) break;
      addresses.delete(oldest);
    }
    this.known.delete(username);
    this.known.set(username, addresses);
    this.bound();
  }

  private isKnown(username: string, address: string, now: number): boolean {
    const at = this.known.get(username)?.get(address);
    return at !== undefined && now - at < this.limits.knownForDays * 86_400_000;
  }

  private live(f: Failures, now: number): boolean {
    return now - f.lastAt <= this.limits.resetSeconds * 1000;
  }

  private oneMore(f: Failures | undefined, at: number): Failures {
    return { failures: f && this.live(f, at) ? f.failures + 1 : 1, lastAt: at };
  }

  /** When the next attempt may be made (ms): the last failure plus the wait the count beyond `free` has earned. */
  private until(f: Failures | undefined, free: number): number {
    if (!f || !this.live(f, this.now())) return 0;
    const beyond = f.failures - free;
    if (beyond < 0) return 0;
    const delay = Math.min(this.limits.firstDelaySeconds * 2 ** beyond, this.limits.maxDelaySeconds);
    return f.lastAt + delay * 1000;
  }

  /** Until when the address waits for users that do not know it: it must drop below the spraying limit. */
  private addressUntil(address: string, now: number): number {
    const users = this.byAddress.get(address);
    if (!users || users.size < this.limits.perAddressUsernames) return 0;
    const since = now - this.windowMs;
    const times = [...users.values()].filter((t) => t > since).sort((a, b) => a - b);
    if (times.length < this.limits.perAddressUsernames) return 0;
    return (times[times.length - this.limits.perAddressUsernames] as number) + this.windowMs;
  }

  private get windowMs(): number {
    return this.limits.windowSeconds * 1000;
  }

  /** Forgets what can no longer matter (a full pass at most once a minute). */
  private sweep(): void {
    const now = this.now();
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    const since = now - this.windowMs;
    for (const [username, pairs] of this.pairs) {
      for (const [address, pair] of pairs) if (!this.live(pair, now)) pairs.delete(address);
      if (pairs.size === 0) this.pairs.delete(username);
    }
    for (const [username, account] of this.byAccount) if (!this.live(account, now)) this.byAccount.delete(username);
    for (const [address, users] of this.byAddress) {
      for (const [username, at] of users) if (at <= since) users.delete(username);
      if (users.size === 0) this.byAddress.delete(address);
    }
    const knownSince = now - this.limits.knownForDays * 86_400_000;
    for (const [username, addresses] of this.known) {
      for (const [address, at] of addresses) if (at <= knownSince) addresses.delete(address);
      if (addresses.size === 0) this.known.delete(username);
    }
  }

  /** At most MAX_ENTRIES per table: the least recently touched go first (maps keep insertion order). */
  private bound(): void {
    for (const table of [this.pairs, this.byAccount, this.byAddress, this.known] as Map<string, unknown>[]) {
      for (const key of table.keys()) {
        if (table.size <= MAX_ENTRIES) break;
        table.delete(key);
      }
    }
  }
}
