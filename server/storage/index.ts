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
  /**
   * PostgreSQL only (the server): resolve at once, connect and migrate in the background,
   * retrying until the server answers (`db.available()` / `db.whenAvailable()`). Default
   * false (CLIs, tests): resolve once migrated, reject if the first connection fails.
   */
  waitForServer?: boolean;
  /** PostgreSQL outage and recovery messages. */
  log?: (msg: string) => void;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const db = openPostgresDatabase({
      databaseUrl: opts.databaseUrl,
      schema: opts.schema,
      prepare: (raw) => migrate(raw),
      retry: opts.waitForServer === true,
      log: opts.log,
    });
    if (!opts.waitForServer) await db.whenAvailable();
    return db;
  }
  const db = await openPgliteDatabase(opts.dataDir);
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
