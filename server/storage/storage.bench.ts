// Embedded PGlite vs PostgreSQL over loopback, same SQL, interleaved in rounds:
// a committed single-row insert (the durability path) and a primary-key lookup (the
// session check every authorised frame makes). Prints its section for docs/BENCHMARKS.md.
import type { Database } from '../contracts';
import { openTestDatabase, type TestDatabase } from './test-backends';
import { median } from '../../scripts/bench-kit';

const ROUNDS = 5;
const PER_ROUND = 100;

async function timeEach(db: Database, op: (i: number) => Promise<unknown>, base: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < PER_ROUND; i++) {
    const t0 = process.hrtime.bigint();
    await op(base + i);
    out.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  return out;
}


const dbs: Record<string, TestDatabase> = {
  pglite: await openTestDatabase('pglite'),
  postgres: await openTestDatabase('postgres'),
};
const samples: Record<string, { insert: number[]; lookup: number[] }> = { pglite: { insert: [], lookup: [] }, postgres: { insert: [], lookup: [] } };
try {
  for (const { db } of Object.values(dbs)) await db.query('CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, { db }] of Object.entries(dbs)) {
      const base = r * PER_ROUND;
      samples[name].insert.push(...(await timeEach(db, (i) => db.query('INSERT INTO bench_rows VALUES ($1, $2)', [i, `v${i}`]), base)));
      samples[name].lookup.push(...(await timeEach(db, (i) => db.query('SELECT v FROM bench_rows WHERE id = $1', [i]), base)));
    }
    console.log(`round ${r + 1}/${ROUNDS}`);
  }
} finally {
  for (const t of Object.values(dbs)) await t.dispose();
}

const row = (label: string, key: 'insert' | 'lookup') => {
  const p = median(samples.pglite[key]);
  const q = median(samples.postgres[key]);
  return `| ${label} | ${p.toFixed(0)} µs | ${q.toFixed(0)} µs | ${(p / q).toFixed(2)} |`;
};

console.log(`<!-- bench:begin -->
### server/storage: PGlite vs PostgreSQL

Median latency of one statement from Node, ${ROUNDS} interleaved rounds of ${PER_ROUND} per backend.
PostgreSQL is the local server over loopback TCP; PGlite runs in-process. Both commit with
fsync on (PGlite through server/storage/durable-nodefs.ts, see server/storage/README.md).

| operation | PGlite | PostgreSQL | ratio PGlite / PostgreSQL |
|---|---|---|---|
${row('committed single-row INSERT (autocommit)', 'insert')}
${row('primary-key SELECT (session check shape)', 'lookup')}
<!-- bench:end -->`);
