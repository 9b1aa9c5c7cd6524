// Test helper: a fresh, isolated database on either backend. PGlite gets a temp dir;
// PostgreSQL (DATABASE_URL_TEST) gets its own new schema, dropped on dispose, so parallel
// runs never see each other's rows. Used by the storage and login service tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../contracts';
import { openDatabase } from './index';
import { quoteIdent } from './postgres-database';
import { migrations } from './migrations/index';

export type BackendKind = Database['kind'];
export const BACKENDS: readonly BackendKind[] = ['pglite', 'postgres'];
export const TEST_DATABASE_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  db: Database;
  /** PGlite data dir or PostgreSQL schema name. */
  location: string;
  dispose(): Promise<void>;
}

/**
 * A PGlite directory is copied from a migrated template cached in the temp dir: initdb
 * takes seconds, a copy milliseconds.
 */
export async function openTestDatabase(kind: BackendKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-db-'));
    fs.cpSync(await pgliteTemplate(), dir, { recursive: true });
    const db = await openDatabase({ dataDir: dir });
    return {
      db,
      location: dir,
      async dispose() {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = await createTestSchema();
  const db = await openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, schema });
  return {
    db,
    location: schema,
    async dispose() {
      await db.close();
      await dropTestSchema(schema);
    },
  };
}

/** A migrated, closed PGlite data dir, built once per PGlite version and schema. */
export async function pgliteTemplate(): Promise<string> {
  const pgliteVersion = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ).version;
  const key = createHash('sha256')
    .update(pgliteVersion + JSON.stringify(migrations))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(os.tmpdir(), `desk-pglite-template-${key}`);
  if (fs.existsSync(dir)) return dir;
  const building = `${dir}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ dataDir: building });
  await db.close();
  try {
    fs.renameSync(building, dir); // atomic: a concurrent builder's copy wins or ours does
  } catch {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

export async function createTestSchema(): Promise<string> {
  const schema = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE SCHEMA ${quoteIdent(schema)}`);
  return schema;
}

export async function dropTestSchema(schema: string): Promise<void> {
  await adminQuery(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
