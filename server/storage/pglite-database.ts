// Embedded backend: PGlite persisted in a directory on disk.
//
// Durability: relaxedDurability stays false, synchronous_commit is on, every write goes
// to the host file with writeSync, and (durable-nodefs.ts) fsync is switched back on and
// actually reaches the disk: a commit is flushed before its query resolves. kill9.test.ts
// proves acknowledged writes survive SIGKILL; storage.test.ts checks the fsync settings.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../contracts';
import { lockDataDir } from './data-dir-lock';
import { DurableNodeFS, durableStartParams } from './durable-nodefs';

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  let pg: PGlite;
  try {
    const fsys = new DurableNodeFS(dataDir);
    pg = await PGlite.create({ fs: fsys, relaxedDurability: false, startParams: durableStartParams() });
    if (!fsys.installed) {
      await pg.close();
      throw new Error('PGlite fsync hook not installed: refusing to run without durable commits');
    }
  } catch (e) {
    lock.release();
    throw e;
  }
  let closed = false;
  return {
    kind: 'pglite',
    // In-process: there is no server to lose.
    available: () => !closed,
    whenAvailable: () => (closed ? Promise.reject(new Error('database closed')) : Promise.resolve()),
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pg.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    async transaction<R>(fn: (tx: Pick<Database, 'query'>) => Promise<R>): Promise<R> {
      // PGlite serialises everything behind the transaction, so the callback must use tx only.
      return pg.transaction(async (t) =>
        fn({
          async query<T>(sql: string, params?: unknown[]) {
            const r = await t.query<T>(sql, params as unknown[] | undefined);
            return { rows: r.rows };
          },
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        lock.release();
      }
    },
  };
}
