/**
 * Counts failed sign-in attempts per key in a sliding window. A key with `limit`
 * failures inside the window is refused until the oldest of them leaves it, so a
 * lockout always ends by itself (an administrator is never locked out for good).
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Seconds to wait before the key may try again; 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] as number;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Records an attempt as failed; returns a function that takes it back (the attempt succeeded). */
  fail(key: string): () => void {
    this.sweep();
    const at = this.now();
    const recent = this.recent(key);
    recent.push(at);
    this.failures.set(key, recent);
    return () => {
      const list = this.failures.get(key);
      const i = list?.indexOf(at) ?? -1;
      if (list && i >= 0) list.splice(i, 1);
    };
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  clear(): void {
    this.failures.clear();
  }

  /** Forgets keys whose every attempt has left the window (a full pass at most once a minute). */
  private sweep(): void {
    const now = this.now();
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    const since = now - this.windowMs;
    for (const [key, list] of this.failures) if ((list.at(-1) ?? since) <= since) this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}
