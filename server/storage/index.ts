// Storage entry point: one SQL surface (server/contracts.ts Database) over the embedded
// PGlite or a PostgreSQL pool, with the schema migrated before it is handed out.
import type { Database } from '../contracts';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export interface OpenDatabaseOptions {
  /** Folder of the embedded database (created if missing); used when no databaseUrl. */
  dataDir: string;
  /** postgres://... to use a real PostgreSQL server instead of the embedded one. */
  databaseUrl?: string;
  /** PostgreSQL only: schema to work in (must exist). */
  schema?: string;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const db = opts.databaseUrl
    ? await openPostgresDatabase({ databaseUrl: opts.databaseUrl, schema: opts.schema })
    : await openPgliteDatabase(opts.dataDir);
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

export { migrate } from './migrate';
export type { Migration } from './migrations/index';
