/**
 * The rate limit AWS describes as "N transactions per second, with a burst limit of B": a bucket
 * that holds at most `burst` tokens and gains `ratePerSecond` tokens a second, continuously. Each
 * admitted request takes one token; a request that finds less than one is refused and takes none.
 *
 * Over any window of `T` seconds it admits at most `burst + ratePerSecond × T` requests, and at
 * most `ratePerSecond` a second sustained. A full bucket absorbs a short bunching of requests (a
 * caller's clock or network jitter), which a plain count per one-second window would refuse.
 *
 * @packageDocumentation
 */

export class TokenBucket {
  private tokens: number;
  private lastRefillAtMs: number | undefined;

  /**
   * @param ratePerSecond - Tokens gained per second (> 0).
   * @param burst - Most tokens held (≥ 1); the bucket starts full.
   */
  constructor(
    readonly ratePerSecond: number,
    readonly burst: number,
  ) {
    this.tokens = burst;
  }

  /** Takes one token at `atMs` if there is one; answers whether it did. */
  take(atMs: number): boolean {
    if (this.lastRefillAtMs !== undefined && atMs > this.lastRefillAtMs) {
      const gained = ((atMs - this.lastRefillAtMs) * this.ratePerSecond) / 1000;
      this.tokens = Math.min(this.burst, this.tokens + gained);
    }
    if (this.lastRefillAtMs === undefined || atMs > this.lastRefillAtMs) this.lastRefillAtMs = atMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
