// Bulk-valuation benchmark (scripts/bench.ts contract): the screen's path for a book of 20
// structured deposits (package from the row, status from stored fixings, market at maturity,
// price) against the peer: the engine alone pricing the same 20 products from ready requests
// (priceStructuredSync). The ratio is what the screen adds around the engine. Same process,
// interleaved rounds, CPU time of this process (the machine is shared).
import type { Observation } from '../../kit/market-data/series';
import { priceStructuredSync, syncRunner } from '../../pricing-core/engines/structured';
import { valueProduct, type BulkMarket } from '../structuredProducts/bulk';
import { marketAt, prepareProduct, requestFor } from '../structuredProducts/pricing';
import { marketPlan } from '../structuredProducts/market';
import { bookWords } from '../structuredProducts/i18n';
import { rowPackage, sampleBook } from './model';
import { cpuRate, machine, median } from '../../../scripts/bench-kit';

const PATHS = 8192;
const valuationDate = '2026-11-20';

// Weekday fixings for a year and a half, a deterministic wiggle around 7.10.
const fixings: Record<string, number> = {};
const dates: string[] = [];
for (let d = Date.parse('2025-06-02T00:00:00Z'), i = 0; d <= Date.parse(`${valuationDate}T00:00:00Z`); d += 86_400_000, i++) {
  const day = new Date(d).getUTCDay();
  if (day === 0 || day === 6) continue;
  const iso = new Date(d).toISOString().slice(0, 10);
  fixings[iso] = 7.1 + 0.08 * Math.sin(i / 23) + 0.03 * Math.sin(i / 5);
  dates.push(iso);
}
const obs = (id: string, value: number): Observation => ({ id, value, date: valuationDate, asOf: valuationDate, source: 'bench', sourceKind: 'sample' });
const values = new Map<string, Observation>([
  ['fx.USDCNY', obs('fx.USDCNY', fixings[valuationDate])],
  ...['1M', '3M', '6M', '1Y', '2Y'].map((t, i) => [`vol.USDCNY.${t}.ATM`, obs(`vol.USDCNY.${t}.ATM`, 4 + 0.2 * i)] as const),
  ...['1M', '3M', '6M', '1Y', '2Y'].map((t, i) => [`depo.CNY.${t}`, obs(`depo.CNY.${t}`, 1.5 + 0.05 * i)] as const),
  ...['1M', '3M', '6M', '1Y', '2Y'].map((t, i) => [`depo.USD.${t}`, obs(`depo.USD.${t}`, 4.2 - 0.1 * i)] as const),
]);
const bm: BulkMarket = { valuationDate, values, fixings: new Map([['fx.USDCNY', fixings]]) };
const book = sampleBook(dates, valuationDate).map((r) => rowPackage(r, new Map())!);

// Peer input: the ready engine requests of the same products (market and fixings resolved once, outside the timing).
const ready = book.map((ast) => {
  const plan = marketPlan(ast);
  if ('error' in plan) throw new Error('plan');
  const p = prepareProduct(ast, { valuationDate, fixings }, values.get('fx.USDCNY')!.value);
  const m = marketAt(plan, values, Math.max(p.maturityT, 1 / 365));
  return requestFor(ast, { valuationDate, fixings }, m.inputs as never, { paths: PATHS, seed: 1 });
});

let sink = 0;
async function ours(): Promise<number> {
  for (const ast of book) {
    const o = await valueProduct(ast, bm, { mc: { paths: PATHS, seed: 1 }, runner: syncRunner, words: (p) => bookWords(p as never) });
    if (o.error) throw new Error(o.error.en);
    sink += o.npv ?? 0;
  }
  return book.length;
}
function peer(): number {
  for (const r of ready) sink += priceStructuredSync(r).npv;
  return ready.length;
}

// cpuRate wants a synchronous run; valueProduct with the sync runner settles in microtasks, so time it by hand.
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
async function oursRate(minMs: number): Promise<number> {
  let n = 0;
  const t0 = cpuMs();
  do n += await ours(); while (cpuMs() - t0 < minMs);
  return (n / (cpuMs() - t0)) * 1000;
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const o: number[] = [], p: number[] = [], r: number[] = [];
await ours();
peer();
for (let i = 0; i < rounds; i++) {
  const a = cpuRate(peer, 1500);
  const b = await oursRate(1500);
  p.push(a); o.push(b); r.push(b / a);
  console.error(`round ${i + 1}: peer ${a.toFixed(2)} /s, ours ${b.toFixed(2)} /s`);
}

console.log('<!-- bench:begin -->');
console.log(`## Structured bulk valuation (src/tools/structuredTransactionValuation/valuation.bench.ts)

A book of 20 structured deposits on USD/CNY (the screen's sample book: 10 snowballs, shark-fins,
range accruals, tiered and dual-currency deposits, seasoned from stored fixings), ${PATHS.toLocaleString('en-US')}
paths each, on this thread. Ours: the screen's path per deal (package from the row, status from the
fixings, market at maturity, price). Peer: the engine alone on ready requests
(\`priceStructuredSync\`). CPU time of this process, median of ${rounds} interleaved rounds; ${machine()}.

| measure | deals per CPU second |
|---|---|
| peer: engine on ready requests | ${median(p).toFixed(2)} |
| ours: bulk-valuation path | ${median(o).toFixed(2)} |
| ratio ours / peer | ${median(r).toFixed(2)} |
`);
console.log('<!-- bench:end -->');
if (sink === 42) console.error('');
