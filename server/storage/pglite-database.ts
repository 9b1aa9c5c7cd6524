// Embedded backend: PGlite persisted in a directory on disk.
//
// Durability: PGlite runs PostgreSQL with synchronous_commit=on, and its Node filesystem
// passes every write straight to the host with writeSync, so a commit's WAL is in the
// kernel before the query resolves: acknowledged writes survive the process being killed
// (proved by kill9.test.ts). PGlite also starts PostgreSQL with fsync off and its Node
// filesystem has no fsync, so an OS crash or power loss can lose recent commits; use
// DATABASE_URL (real PostgreSQL) where that matters. relaxedDurability stays false.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../contracts';
import { lockDataDir } from './data-dir-lock';

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir, relaxedDurability: false });
  } catch (e) {
    lock.release();
    throw e;
  }
  let closed = false;
  return {
    kind: 'pglite',
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
