// Token buckets: what keeps one client from filling the journal. A real panel presses a few buttons a second; a
// burst covers a dealer's quick double press and a seat module reporting several seats at once.

export interface Rate {
  /** Tokens added per second. */
  perSecond: number;
  /** Bucket size: how many may come at once after a quiet spell. */
  burst: number;
}

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: Rate,
    now: number,
  ) {
    this.tokens = rate.burst;
    this.last = now;
  }

  /** Takes one token if there is one. */
  take(now: number): boolean {
    const elapsed = Math.max(0, now - this.last) / 1000;
    this.last = Math.max(this.last, now);
    this.tokens = Math.min(this.rate.burst, this.tokens + elapsed * this.rate.perSecond);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Full again: nothing taken for longer than refilling takes. */
  full(now: number): boolean {
    return this.tokens + (Math.max(0, now - this.last) / 1000) * this.rate.perSecond >= this.rate.burst;
  }
}

/** One bucket per key (an MQTT client id); full buckets are forgotten so that many short-lived clients cost nothing. */
export class KeyedLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number,
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string): boolean {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.sweep(now);
      bucket = new TokenBucket(this.rate, now);
      this.buckets.set(key, bucket);
    }
    return bucket.take(now);
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.full(now)) this.buckets.delete(key);
    // Still full of busy clients: the oldest go (Map keeps insertion order).
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}
