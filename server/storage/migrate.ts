// Applies ./migrations in one transaction under an advisory lock, so two processes
// starting together against the same PostgreSQL schema serialise instead of racing.
import type { Database } from '../contracts';
import { migrations as defaultMigrations, type Migration } from './migrations/index';

/** The lock key is derived from the schema so parallel test schemas do not wait on each other. */
const LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('desk-migrations:' || current_schema()))`;

export async function migrate(db: Database, migrations: readonly Migration[] = defaultMigrations): Promise<number[]> {
  assertOrdered(migrations);
  return db.transaction(async (tx) => {
    await tx.query(LOCK_SQL);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM schema_migrations');
    const done = new Set(rows.map((r) => Number(r.id)));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [m.id, m.name, Date.now()]);
      applied.push(m.id);
    }
    return applied;
  });
}

function assertOrdered(migrations: readonly Migration[]): void {
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].id <= migrations[i - 1].id) throw new Error(`migration ids must increase: ${migrations[i].id}`);
  }
}

/**
 * One statement per query: PGlite's parameterised protocol refuses multi-statement text.
 * Migrations therefore end each statement with `;` at the end of a line.
 */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
