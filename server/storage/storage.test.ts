// The shared SQL surface, migrations and isolation, on both backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../contracts';
import { migrate, openDatabase } from './index';
import { fsyncCount } from './durable-nodefs';
import { splitStatements } from './migrate';
import { migrations } from './migrations/index';
import { BACKENDS, TEST_DATABASE_URL, createTestSchema, dropTestSchema, openTestDatabase, type TestDatabase } from './test-backends';

describe.each(BACKENDS)('storage on %s', (kind) => {
  let t: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    db = t.db;
  });
  afterAll(async () => t?.dispose());

  it('reports its kind and has applied every migration once', async () => {
    expect(db.kind).toBe(kind);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
  });

  it('runs with fsync on; embedded commits reach fsync before they resolve', async () => {
    const setting = async (name: string) => Object.values((await db.query(`SHOW ${name}`)).rows[0])[0];
    expect(await setting('fsync')).toBe('on');
    expect(await setting('synchronous_commit')).toBe('on');
    if (kind === 'pglite') {
      expect(await setting('wal_sync_method')).toBe('fsync');
      await db.query('CREATE TABLE fsync_probe (a INT)');
      const before = fsyncCount();
      await db.query('INSERT INTO fsync_probe VALUES (1)');
      expect(fsyncCount()).toBeGreaterThan(before);
      const afterWrite = fsyncCount();
      await db.query('SELECT * FROM fsync_probe');
      expect(fsyncCount()).toBe(afterWrite); // reads flush nothing
    }
  });

  it('re-running the migrations applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('returns BIGINT as number and BYTEA as bytes', async () => {
    const { rows } = await db.query<{ n: number; b: Uint8Array }>('SELECT $1::bigint AS n, $2::bytea AS b', [
      1_700_000_000_123,
      Buffer.from([0, 1, 255]),
    ]);
    expect(rows[0].n).toBe(1_700_000_000_123);
    expect(Array.from(rows[0].b)).toEqual([0, 1, 255]);
  });

  it('commits a transaction and rolls one back when its callback throws', async () => {
    await db.query('CREATE TABLE tx_probe (v TEXT)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES ($1)', ['kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES ($1)', ['dropped']);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ v: string }>('SELECT v FROM tx_probe');
    expect(rows.map((r) => r.v)).toEqual(['kept']);
  });

  it('embedded: refuses a second opener of the data dir; postgres: a second pool shares the schema', async () => {
    if (kind === 'pglite') {
      await expect(openDatabase({ dataDir: t.location })).rejects.toThrow(/already open/);
    } else {
      const second = await openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, schema: t.location });
      try {
        const { rows } = await second.query('SELECT id FROM schema_migrations');
        expect(rows.length).toBe(migrations.length);
      } finally {
        await second.close();
      }
    }
  });

  it('applies a new migration and records it', async () => {
    const extra = [...migrations, { id: 999, name: 'probe', sql: 'CREATE TABLE m_probe (a INT);\nCREATE TABLE m_probe2 (b INT);' }];
    expect(await migrate(db, extra)).toEqual([999]);
    expect(await migrate(db, extra)).toEqual([]);
    await db.query('INSERT INTO m_probe2 (b) VALUES (1)');
  });

  it('rolls back a failing migration as a whole', async () => {
    const bad = [...migrations, { id: 1000, name: 'bad', sql: 'CREATE TABLE half_done (a INT);\nSELECT no_such_function();' }];
    await expect(migrate(db, bad)).rejects.toThrow();
    const { rows } = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`);
    expect(rows).toEqual([]);
  });
});

describe('migrations', () => {
  it('splits statements at a semicolon ending a line', () => {
    expect(splitStatements('CREATE TABLE a (x TEXT DEFAULT \';\');\n  CREATE INDEX i ON a (x);\n')).toEqual([
      "CREATE TABLE a (x TEXT DEFAULT ';')",
      'CREATE INDEX i ON a (x)',
    ]);
  });

  it('two processes migrating one fresh PostgreSQL schema together apply each migration once', async () => {
    const schema = await createTestSchema();
    const [a, b] = await Promise.all([
      openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, schema }),
      openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, schema }),
    ]);
    try {
      const extra = [...migrations, { id: 500, name: 'race', sql: 'CREATE TABLE race_probe (a INT)' }];
      const applied = await Promise.all([migrate(a, extra), migrate(b, extra)]);
      expect(applied.flat()).toEqual([500]);
      const { rows } = await a.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((r) => r.id)).toEqual([...migrations.map((m) => m.id), 500]);
    } finally {
      await a.close();
      await b.close();
      await dropTestSchema(schema);
    }
  });
});
