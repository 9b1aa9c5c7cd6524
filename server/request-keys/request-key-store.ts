// Exactly-once execution of requests that change stored data (PROTOCOL.md section 3, request
// keys). A request is claimed in `request_keys` (one row per user and requestId) before its
// work runs, and the row then keeps its reply. A repeat finds the row, on any instance and
// after a restart, and gets the stored reply instead of a second execution; a repeat that
// arrives while the first still runs waits for it (in-process: the same promise; on another
// instance: polling the row). The claim is a lease renewed while the work runs, so when an
// instance dies mid-request another takes the key over once the lease lapses. Rows live 24 h
// (the protocol's window) and are swept, so the table stays bounded.
import { createHash, randomBytes } from 'node:crypto';
import { ServiceError, type Database, type RequestKey, type RequestKeys } from '../contracts';
import { type Logger, silentLogger } from '../gateway/log';
import { requestKeysTotal } from '../observability/metrics';

export const REQUEST_KEY_TTL_MS = 24 * 3_600_000;
/** Reply code of a key reused for a different request (the gateway's "bad request"). */
export const KEY_REUSED_CODE = '1002';

export interface RequestKeyStoreOptions {
  /** Clock of keys' ages and leases (tests pass their own). */
  now?: () => number;
  /** How long a key answers repeats. Default 24 h (PROTOCOL.md). */
  ttlMs?: number;
  /** A claim not renewed for this long may be taken over by a repeat. Default 30 s. */
  leaseMs?: number;
  /** How long a repeat waits for a claim held by another instance before failing. Default 60 s. */
  maxWaitMs?: number;
  /** Sweep of expired keys every this many ms; 0 = no timer (call sweep()). Default 10 min. */
  sweepEveryMs?: number;
  log?: Logger;
  /** Told of each outcome, for metrics. */
  onOutcome?: (outcome: 'executed' | 'replayed' | 'reused') => void;
}

interface Row {
  fingerprint: string;
  state: 'running' | 'done';
  reply: string | null;
}

type Result = { reply: Record<string, unknown>; replayed: boolean };

/** What a key is bound to: server, method and content of the request. */
export function requestFingerprint(serverName: string, method: string, content: string): string {
  return createHash('sha256').update(serverName).update('\0').update(method).update('\0').update(content).digest('base64url').slice(0, 32);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function reused(): ServiceError {
  return new ServiceError(KEY_REUSED_CODE, 'requestId was already used for a different request');
}

export class RequestKeyStore implements RequestKeys {
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly leaseMs: number;
  private readonly maxWaitMs: number;
  private readonly log: Logger;
  /** Keys being resolved in this process: a local repeat joins the first. */
  private readonly inflight = new Map<string, { fingerprint: string; done: Promise<Result> }>();
  /** Owner tokens of claims whose work runs here (their leases are renewed). */
  private readonly running = new Set<string>();
  private readonly instance = randomBytes(6).toString('hex');
  private claims = 0;
  private readonly timers: NodeJS.Timeout[] = [];

  private constructor(
    private readonly db: Database,
    private opts: RequestKeyStoreOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.ttlMs = opts.ttlMs ?? REQUEST_KEY_TTL_MS;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.maxWaitMs = opts.maxWaitMs ?? 60_000;
    this.log = opts.log ?? silentLogger;
    this.opts = { onOutcome: (o) => requestKeysTotal.inc({ outcome: o }), ...opts };
  }

  /**
   * The store over a migrated database. On the embedded database only this process can hold
   * the data dir, so every claim still marked running was left by a process that died: their
   * leases end now rather than in 30 s.
   */
  static async open(db: Database, opts: RequestKeyStoreOptions = {}): Promise<RequestKeyStore> {
    const store = new RequestKeyStore(db, opts);
    if (db.kind === 'pglite') await db.query(`UPDATE request_keys SET lease_until = 0 WHERE state = 'running'`);
    // The database may be down at start (the server starts without it): the next sweep catches up.
    await store.sweep().catch((e) => store.log.warn('request key sweep failed', { err: String(e) }));
    const every = opts.sweepEveryMs ?? 600_000;
    if (every > 0) store.timers.push(setInterval(() => void store.sweep().catch((e) => store.log.warn('request key sweep failed', { err: String(e) })), every));
    store.timers.push(setInterval(() => void store.renew(), Math.max(10, Math.floor(store.leaseMs / 3))));
    for (const t of store.timers) t.unref();
    return store;
  }

  async once(key: RequestKey, work: () => Promise<Record<string, unknown>>): Promise<Result> {
    const local = `${key.user}\0${key.requestId}`;
    const first = this.inflight.get(local);
    if (first) {
      if (first.fingerprint !== key.fingerprint) {
        this.opts.onOutcome?.('reused');
        throw reused();
      }
      this.opts.onOutcome?.('replayed');
      return { reply: (await first.done).reply, replayed: true };
    }
    const done = this.resolve(key, work);
    this.inflight.set(local, { fingerprint: key.fingerprint, done });
    try {
      const r = await done;
      this.opts.onOutcome?.(r.replayed ? 'replayed' : 'executed');
      return r;
    } catch (e) {
      if (e instanceof ServiceError && e.code === KEY_REUSED_CODE) this.opts.onOutcome?.('reused');
      throw e;
    } finally {
      this.inflight.delete(local);
    }
  }

  /** Deletes keys past the retention (running ones only once their lease has lapsed too). */
  async sweep(): Promise<number> {
    const now = this.now();
    const { rows } = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM request_keys WHERE created_at < $1 AND (state = 'done' OR lease_until < $2) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [now - this.ttlMs, now],
    );
    return Number(rows[0]?.n ?? 0);
  }

  close(): void {
    for (const t of this.timers.splice(0)) clearInterval(t);
  }

  private async resolve(key: RequestKey, work: () => Promise<Record<string, unknown>>): Promise<Result> {
    const giveUp = performance.now() + this.maxWaitMs;
    let pause = 25;
    for (;;) {
      const token = await this.claim(key);
      if (token) return { reply: await this.run(key, token, work), replayed: false };
      const row = await this.read(key);
      if (row) {
        if (row.fingerprint !== key.fingerprint) throw reused();
        if (row.state === 'done') return { reply: JSON.parse(row.reply ?? '{}'), replayed: true };
      }
      // Running elsewhere (or swept just now): wait, then claim again (a lapsed lease is taken over).
      if (performance.now() > giveUp) throw new Error(`request key still running elsewhere after ${this.maxWaitMs} ms`);
      await sleep(pause);
      pause = Math.min(pause * 2, 500);
    }
  }

  /**
   * Inserts the claim, or takes over a row that has expired (any request) or whose lease
   * lapsed (the same request). Resolves to the claim's owner token, or null if the key is held.
   */
  private async claim(key: RequestKey): Promise<string | null> {
    const now = this.now();
    const token = `${this.instance}:${++this.claims}`;
    const { rows } = await this.db.query<{ owner: string }>(
      `INSERT INTO request_keys (user_key, request_id, fingerprint, state, reply, owner, lease_until, created_at)
       VALUES ($1, $2, $3, 'running', NULL, $4, $5, $6)
       ON CONFLICT (user_key, request_id) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, state = 'running', reply = NULL, owner = EXCLUDED.owner,
             lease_until = EXCLUDED.lease_until, created_at = EXCLUDED.created_at
         WHERE request_keys.created_at < $7
            OR (request_keys.state = 'running' AND request_keys.lease_until < $6 AND request_keys.fingerprint = EXCLUDED.fingerprint)
       RETURNING owner`,
      [key.user, key.requestId, key.fingerprint, token, now + this.leaseMs, now, now - this.ttlMs],
    );
    return rows[0]?.owner === token ? token : null;
  }

  private async read(key: RequestKey): Promise<Row | null> {
    const { rows } = await this.db.query<Row>('SELECT fingerprint, state, reply FROM request_keys WHERE user_key = $1 AND request_id = $2', [key.user, key.requestId]);
    return rows[0] ?? null;
  }

  private async run(key: RequestKey, token: string, work: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
    this.running.add(token);
    let reply: Record<string, unknown>;
    try {
      reply = await work();
    } catch (e) {
      // No reply to keep (the caller maps handler failures to replies, so this is rare):
      // free the key so that a repeat runs the request.
      this.running.delete(token);
      await this.db.query('DELETE FROM request_keys WHERE user_key = $1 AND request_id = $2 AND owner = $3', [key.user, key.requestId, token]).catch(() => {});
      throw e;
    }
    try {
      await this.db.query(`UPDATE request_keys SET state = 'done', reply = $4, lease_until = 0 WHERE user_key = $1 AND request_id = $2 AND owner = $3`, [
        key.user,
        key.requestId,
        token,
        JSON.stringify(reply),
      ]);
    } catch (e) {
      // The work is done but its key could not be completed: the claim's lease lapses in
      // `leaseMs` and a later repeat would run the request again. Logged for operators.
      this.log.error('request key not completed', { user: key.user, requestId: key.requestId, err: String(e) });
    } finally {
      this.running.delete(token);
    }
    return reply;
  }

  private async renew(): Promise<void> {
    if (this.running.size === 0) return;
    const until = this.now() + this.leaseMs;
    for (const token of [...this.running]) {
      await this.db.query(`UPDATE request_keys SET lease_until = $1 WHERE owner = $2 AND state = 'running'`, [until, token]).catch((e) => this.log.warn('request key lease not renewed', { err: String(e) }));
    }
  }
}
