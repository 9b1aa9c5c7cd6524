// Rate of new sockets per client (token bucket): a host may open `burst` sockets at once,
// then `perSecond` more each second. The open-socket cap (per-address-limit.ts) bounds how
// many a host holds; this bounds how fast it can churn them (each upgrade costs CPU, and
// a reconnect loop would otherwise run unchecked below the cap).

interface Bucket {
  tokens: number;
  /** Clock reading (ms) when `tokens` was last brought up to date. */
  at: number;
}

export class ConnectionRateLimit {
  private readonly buckets = new Map<string, Bucket>();

  /**
   * `perSecond` refill and `burst` capacity per key; either 0 disables the limit.
   * `now` is a monotonic clock in ms (replaceable in tests).
   */
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.perSecond > 0 && this.burst > 0;
  }

  /** Number of keys tracked (buckets not yet full again). */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * Takes one token for a new socket from `key`. Returns 0 when allowed, otherwise the
   * whole seconds until a token is there (the Retry-After of the refusal).
   */
  take(key: string): number {
    if (!this.enabled) return 0;
    const t = this.now();
    const b = this.refill(this.buckets.get(key) ?? { tokens: this.burst, at: t }, t);
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
  }

  /** Forgets keys whose bucket is full again (they behave exactly like unknown keys). */
  sweep(): void {
    const t = this.now();
    for (const [key, b] of this.buckets) if (this.refill(b, t).tokens >= this.burst) this.buckets.delete(key);
  }

  private refill(b: Bucket, t: number): Bucket {
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    return b;
  }
}
