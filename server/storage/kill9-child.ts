// Child process of kill9.test.ts: writes rows as fast as it can and prints "ack <id>"
// only after the write's promise resolved. The parent kills it with SIGKILL mid-stream.
import { openDatabase } from './index';

const dataDir = process.argv[2];
const db = await openDatabase({ dataDir });
await db.query('CREATE TABLE IF NOT EXISTS durability_probe (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
process.stdout.write('ready\n');
for (let id = 1; ; id++) {
  if (id % 3 === 0) {
    // Every third write is a two-statement transaction; both rows are acknowledged together.
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO durability_probe (id, payload) VALUES ($1, $2)', [id, `tx-${id}`]);
      await tx.query('INSERT INTO durability_probe (id, payload) VALUES ($1, $2)', [-id, `tx-${id}`]);
    });
  } else {
    await db.query('INSERT INTO durability_probe (id, payload) VALUES ($1, $2)', [id, `row-${id}`]);
  }
  process.stdout.write(`ack ${id}\n`);
}
