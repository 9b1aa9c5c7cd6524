// The browser's copy of the market data a tool used last (IndexedDB through idb), so tools
// open and price offline. Two stores: whole replies by request key, and the latest value of
// each series (what live subscriptions last showed). Works in pages and workers.
import { openDB, type IDBPDatabase } from 'idb';
import type { Observation } from './series';

export const CACHE_DB = 'desk-market-data';
const VERSION = 1;
/** Replies kept; the oldest beyond this are dropped. */
const MAX_REPLIES = 300;

export interface CachedReply<T = unknown> {
  key: string;
  body: T;
  /** Epoch ms the reply was saved. */
  savedAt: number;
}

export class MarketDataCache {
  private dbp: Promise<IDBPDatabase> | null = null;
  private puts = 0;

  constructor(private readonly name = CACHE_DB) {}

  /** Null where IndexedDB does not exist (some private modes, old runtimes). */
  static create(name?: string): MarketDataCache | null {
    return globalThis.indexedDB ? new MarketDataCache(name) : null;
  }

  private db(): Promise<IDBPDatabase> {
    this.dbp ??= openDB(this.name, VERSION, {
      upgrade(db) {
        const replies = db.createObjectStore('replies', { keyPath: 'key' });
        replies.createIndex('savedAt', 'savedAt');
        db.createObjectStore('latest', { keyPath: 'id' });
      },
    });
    return this.dbp;
  }

  async getReply<T>(key: string): Promise<CachedReply<T> | undefined> {
    try {
      return (await (await this.db()).get('replies', key)) as CachedReply<T> | undefined;
    } catch {
      return undefined; // a broken cache must never break a screen
    }
  }

  async putReply(key: string, body: unknown, now = Date.now()): Promise<void> {
    try {
      const db = await this.db();
      await db.put('replies', { key, body, savedAt: now } satisfies CachedReply);
      if (++this.puts % 20 === 0) await this.prune(db);
    } catch {
      // Quota or private mode: the cache is best effort.
    }
  }

  private async prune(db: IDBPDatabase): Promise<void> {
    const n = await db.count('replies');
    if (n <= MAX_REPLIES) return;
    const tx = db.transaction('replies', 'readwrite');
    let cursor = await tx.store.index('savedAt').openCursor();
    for (let drop = n - MAX_REPLIES; cursor && drop > 0; drop--) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  }

  async getLatest(ids: readonly string[]): Promise<Map<string, Observation>> {
    const out = new Map<string, Observation>();
    try {
      const db = await this.db();
      const tx = db.transaction('latest');
      const got = await Promise.all(ids.map((id) => tx.store.get(id) as Promise<Observation | undefined>));
      got.forEach((o, i) => o && out.set(ids[i], o));
    } catch {
      // empty
    }
    return out;
  }

  async putLatest(values: readonly Observation[]): Promise<void> {
    if (values.length === 0) return;
    try {
      const db = await this.db();
      const tx = db.transaction('latest', 'readwrite');
      await Promise.all([...values.map((v) => tx.store.put({ ...v, offline: undefined })), tx.done]);
    } catch {
      // best effort
    }
  }
}
