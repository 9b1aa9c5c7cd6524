// Reference screens benchmark (scripts/bench.ts contract): what the holiday query and the bank
// quote screens recompute on every keystroke or pushed quote, beside a peer in the same run,
// interleaved in rounds (CPU time of this process):
//  - the month view of a query (the month's days, the year's named days, business days per
//    month, sources) vs the calendars module's own year summary (calendarSummary, one
//    isBusinessDay per day) plus holidaysIn for the same year: the floor of any year view;
//  - the same for the USD/CNY joint view (value days) vs the floor on both calendars;
//  - bank quotes: rows, best bank per currency and the comparison from 144 figures vs one
//    plain pass over the same Map (the floor of reading them at all).
import { machine, median, cpuRate } from '../../../scripts/bench-kit';
import { calendarSummary, holidaysIn } from '../../pricing-core/dates/calendars';
import type { Observation } from '../../kit/market-data/series';
import { monthView } from './model';
import { BANK_ORDER, bestByCurrency, compareBanks, CURRENCY_ORDER, quoteIds, quoteRows } from '../bankExchangeMa/model';

let sink = 0;

function compare(peer: () => void, ours: () => void, rounds = 7, ms = 250) {
  const r: Array<{ ours: number; peer: number }> = [];
  for (let i = 0; i < rounds; i++) {
    const p = cpuRate(() => { peer(); return 1; }, ms);
    const o = cpuRate(() => { ours(); return 1; }, ms);
    r.push({ ours: o, peer: p });
  }
  return { ours: median(r.map((x) => x.ours)), peer: median(r.map((x) => x.peer)), ratio: median(r.map((x) => x.ours / x.peer)) };
}

const rows: Array<[string, ReturnType<typeof compare>]> = [];

rows.push(['Holiday query, CNY October 2026 (month view) vs calendarSummary + holidaysIn of the year', compare(
  () => { sink += calendarSummary('CNY', '2026-01-01', '2026-12-31').businessDays + holidaysIn('CNY', '2026-01-01', '2026-12-31').length; },
  () => { sink += monthView({ currency: 'CNY', year: 2026, month: 10 }).businessDays; },
)]);
rows.push(['Joint view USD/CNY October 2026 vs the same floor on CNY and USD', compare(
  () => {
    for (const c of ['CNY', 'USD']) sink += calendarSummary(c, '2026-01-01', '2026-12-31').businessDays + holidaysIn(c, '2026-01-01', '2026-12-31').length;
  },
  () => { sink += monthView({ currency: 'CNY', year: 2026, month: 10, joint: 'USD' }).businessDays; },
)]);

const ids = quoteIds(BANK_ORDER, CURRENCY_ORDER);
const values = new Map<string, Observation>(ids.map((id, i) => [id, { id, value: 700 + (i % 17) * 0.01, date: '2026-11-20', asOf: '2026-11-20', source: 'sample', sourceKind: 'sample' }]));
rows.push([`Bank quotes: rows, best bank, comparison from ${ids.length} figures vs one pass over them`, compare(
  () => { for (const o of values.values()) sink += o.value; },
  () => {
    const r = quoteRows(values, BANK_ORDER, CURRENCY_ORDER);
    sink += bestByCurrency(r).length;
    const c = compareBanks(r, 'USD', 10_000, 'buyFx', 'spot');
    if (typeof c !== 'string') sink += c.saving;
  },
)]);

const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toPrecision(3));
console.log(`<!-- bench:begin -->
### Reference screens: holiday query and bank quotes (src/tools/calendarManament/reference-screens.bench.ts)

What the screens recompute on a keystroke or a pushed quote, beside a floor in the same process,
interleaved rounds of CPU time (${machine()}); operations per second are medians, the last column
the median per-round ratio ours/peer (below 1: ours does more than the floor, by that factor).

| Operation | Ours (ops/s) | Peer (ops/s) | Ours / peer |
|---|---:|---:|---:|
${rows.map(([n, r]) => `| ${n} | ${fmt(r.ours)} | ${fmt(r.peer)} | ${r.ratio.toFixed(2)}x |`).join('\n')}
<!-- bench:end -->`);
if (sink === 42) console.error('');
