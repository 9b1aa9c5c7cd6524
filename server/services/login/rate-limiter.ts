// Sliding-window attempt counters kept in the database, so every gateway instance sharing
// it enforces the same limits. Check and record are separate steps: two racing requests
// may both pass one check, which is acceptable for throttling.
import type { Database } from '../../contracts';

export interface LimitRule {
  windowMs: number;
  max: number;
}

/** The limits in force (docs/api/login.md lists them). */
export const LIMITS = {
  /** One code per minute and ten a day for a phone number. */
  smsPerPhone: [
    { windowMs: 60_000, max: 1 },
    { windowMs: 86_400_000, max: 10 },
  ],
  smsPerAddress: [{ windowMs: 3_600_000, max: 30 }],
  /** Five wrong passwords for a user name lock it for the rest of a 15-minute window. */
  failuresPerUser: [{ windowMs: 15 * 60_000, max: 5 }],
  failuresPerAddress: [{ windowMs: 15 * 60_000, max: 30 }],
} satisfies Record<string, LimitRule[]>;

const RETENTION_MS = 2 * 86_400_000;
const PRUNE_EVERY = 500;

export class RateLimiter {
  private hits = 0;

  constructor(
    private readonly db: Pick<Database, 'query'>,
    private readonly now: () => number,
  ) {}

  /** Seconds until `bucket` may act again under every rule, or null when it may act now. */
  async retryAfterSec(bucket: string, rules: readonly LimitRule[]): Promise<number | null> {
    const now = this.now();
    const longest = Math.max(...rules.map((r) => r.windowMs));
    const most = Math.max(...rules.map((r) => r.max));
    const { rows } = await this.db.query<{ at: number }>(
      'SELECT at FROM rate_events WHERE bucket = $1 AND at > $2 ORDER BY at DESC LIMIT $3',
      [bucket, now - longest, most],
    );
    let retryAt = 0;
    for (const rule of rules) {
      const inWindow = rows.filter((r) => r.at > now - rule.windowMs);
      // The max-th most recent event has to leave the window before another is allowed.
      if (inWindow.length >= rule.max) retryAt = Math.max(retryAt, inWindow[rule.max - 1].at + rule.windowMs);
    }
    return retryAt > now ? Math.max(1, Math.ceil((retryAt - now) / 1000)) : null;
  }

  async hit(bucket: string): Promise<void> {
    const now = this.now();
    await this.db.query('INSERT INTO rate_events (bucket, at) VALUES ($1, $2)', [bucket, now]);
    if (++this.hits % PRUNE_EVERY === 0) {
      await this.db.query('DELETE FROM rate_events WHERE at < $1', [now - RETENTION_MS]);
    }
  }

  async clear(bucket: string): Promise<void> {
    await this.db.query('DELETE FROM rate_events WHERE bucket = $1', [bucket]);
  }
}
