// Server-side sessions: 32 random bytes as 64 hex characters, valid 30 days from login,
// revocable. Checks always read the table, so a revocation is seen by every gateway at once.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../contracts';
import { DAY_MS } from './dates';
import type { Queryable } from './users';

export const SESSION_TTL_MS = 30 * DAY_MS;
const SID_PATTERN = /^[0-9a-f]{64}$/;

export interface LiveSession {
  sid: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
}

export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  async create(q: Queryable, userId: number, address: string): Promise<string> {
    const sid = randomBytes(32).toString('hex');
    const now = this.now();
    await q.query('INSERT INTO sessions (sid, user_id, created_at, expires_at, remote_addr) VALUES ($1, $2, $3, $4, $5)', [
      sid,
      userId,
      now,
      now + SESSION_TTL_MS,
      address,
    ]);
    return sid;
  }

  /** The live session for `sid`, or null when unknown, revoked or expired. */
  async resolve(sid: unknown): Promise<LiveSession | null> {
    if (typeof sid !== 'string' || !SID_PATTERN.test(sid)) return null;
    const { rows } = await this.db.query<{ sid: string; user_id: number; created_at: number; expires_at: number }>(
      'SELECT sid, user_id, created_at, expires_at FROM sessions WHERE sid = $1 AND revoked = FALSE AND expires_at > $2',
      [sid, this.now()],
    );
    const r = rows[0];
    return r ? { sid: r.sid, userId: r.user_id, createdAt: r.created_at, expiresAt: r.expires_at } : null;
  }

  /** True when the session was live and is now revoked. */
  async revoke(sid: string): Promise<boolean> {
    if (!SID_PATTERN.test(sid)) return false;
    const { rows } = await this.db.query('UPDATE sessions SET revoked = TRUE WHERE sid = $1 AND revoked = FALSE AND expires_at > $2 RETURNING sid', [
      sid,
      this.now(),
    ]);
    return rows.length > 0;
  }

  /** Revokes every live session of the user; returns their ids (each gets a logout push). */
  async revokeAllOf(q: Queryable, userId: number): Promise<string[]> {
    const { rows } = await q.query<{ sid: string }>(
      'UPDATE sessions SET revoked = TRUE WHERE user_id = $1 AND revoked = FALSE AND expires_at > $2 RETURNING sid',
      [userId, this.now()],
    );
    return rows.map((r) => r.sid);
  }
}
