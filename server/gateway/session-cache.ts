// Resolves session ids through the SessionAuthority with a short cache, so a busy socket
// does not hit the database on every frame. Logout pushes evict entries at once (gateway).
// While the database is unreachable an expired entry is still answered (the last known
// verdict), so signed-in users keep pricing and subscribing through an outage; a sid never
// seen before then gets the DatabaseUnavailableError (9503).
import { isDatabaseUnavailable, type SessionAuthority, type SessionUser } from '../contracts';

export interface SessionCacheOptions {
  /** How long a live session stays cached. */
  ttlMs?: number;
  /** How long an unknown sid stays cached as unknown (blunts sid guessing). */
  negativeTtlMs?: number;
  maxEntries?: number;
}

export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser | null; expires: number }>();
  private readonly pending = new Map<string, Promise<SessionUser | null>>();
  private readonly ttlMs: number;
  private readonly negativeTtlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly authority: SessionAuthority,
    opts: SessionCacheOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 5_000;
    this.negativeTtlMs = opts.negativeTtlMs ?? 1_000;
    this.maxEntries = opts.maxEntries ?? 50_000;
  }

  /** The live user for `sid`, or null. Concurrent lookups of one sid share one query. */
  async check(sid: string): Promise<SessionUser | null> {
    const hit = this.entries.get(sid);
    if (hit && hit.expires > Date.now()) return hit.user;
    const inflight = this.pending.get(sid);
    if (inflight) return inflight;
    const p = this.authority
      .checkSession(sid)
      .then(
        (user) => {
          this.remember(sid, user);
          return user;
        },
        (e: unknown) => {
          if (hit && isDatabaseUnavailable(e)) return hit.user;
          throw e;
        },
      )
      .finally(() => this.pending.delete(sid));
    this.pending.set(sid, p);
    return p;
  }

  /** Seeds the cache after a password login. */
  remember(sid: string, user: SessionUser | null): void {
    this.entries.delete(sid);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sid, { user, expires: Date.now() + (user ? this.ttlMs : this.negativeTtlMs) });
  }

  evict(sid: string): void {
    this.entries.delete(sid);
  }
}
