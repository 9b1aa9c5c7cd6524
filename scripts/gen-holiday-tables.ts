// Evaluates the rule calendars (src/pricing-core/dates/calendars/rules/rule-specs.ts, rules of
// the date-holidays package) and the CNY/HKD projections (projection-specs.ts) year by year
// and writes the compact tables the runtime reads:
//   npx tsx scripts/gen-holiday-tables.ts
// Run it after upgrading date-holidays or changing a spec; rules/tables.test.ts fails while
// the committed table differs from what the package computes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderProjectionTables, renderRuleTables } from '../src/pricing-core/dates/calendars/rules/render-tables';

function write(file: string, text: string): void {
  const out = fileURLToPath(new URL(`../src/pricing-core/dates/calendars/rules/${file}`, import.meta.url));
  let old = '';
  try { old = readFileSync(out, 'utf8'); } catch { /* first run */ }
  if (old === text) {
    console.log(`unchanged: ${out}`);
  } else {
    writeFileSync(out, text);
    console.log(`wrote ${out} (${text.length} bytes)`);
  }
}

write('tables.generated.ts', renderRuleTables());
// CNY and HKD for years without an official notice (opt-in projection, projection-specs.ts).
write('projections.generated.ts', renderProjectionTables());
