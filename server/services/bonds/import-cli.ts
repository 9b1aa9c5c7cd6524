// Operator importer into the shared bond set: `npx tsx server/services/bonds/import-cli.ts
// <file.csv|file.json> [--dry-run]` with DATA_DIR / DATABASE_URL as for the server (stop an
// embedded-database server first: one process per data dir). All or nothing; every bad line
// is printed with its number, field and message.
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../config';
import { openDatabase } from '../../storage/index';
import { BondFailure, importBonds } from './service';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) { console.error('usage: import-cli.ts <file.csv|file.json> [--dry-run]'); process.exit(2); }
  const format = file.toLowerCase().endsWith('.json') ? 'json' : 'csv';
  const config = loadConfig();
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const r = await importBonds(db, null, readFileSync(file, 'utf8'), format, Date.now(), args.includes('--dry-run'));
    console.log(args.includes('--dry-run') ? `${r.valid} bonds valid; nothing written (dry run)` : `${r.imported} bonds imported into the shared set (${r.created} new, ${r.updated} replaced)`);
  } catch (e) {
    if (!(e instanceof BondFailure)) throw e;
    console.error(e.message);
    for (const x of (e.extra.errors as { line: number; field: string | null; message: string }[])) console.error(`line ${x.line}${x.field ? ` [${x.field}]` : ''}: ${x.message}`);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
