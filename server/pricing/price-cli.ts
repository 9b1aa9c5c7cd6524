// `npm run --silent price`: JSON Lines on stdin, one result per line on stdout, same order
// (../../shared/PRICING-CLI.md). A line that is not JSON, or cannot be priced, yields
// `{"error": "..."}`; the other lines are still priced. A blank line is a bad line too, so
// the n-th output line always answers the n-th input line.
import { createInterface } from 'node:readline';
import { priceOne } from '../../src/pricing-core/api/price-request';

export function priceLine(line: string): string {
  if (line.trim() === '') return JSON.stringify({ error: 'empty line' });
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: 'line is not valid JSON' });
  }
  return JSON.stringify(priceOne(req), (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v));
}

async function main(): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const out: string[] = [];
  for await (const line of rl) {
    out.push(priceLine(line));
    if (out.length >= 256) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; }
  }
  if (out.length) process.stdout.write(out.join('\n') + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => { console.error(e); process.exit(1); });
}
