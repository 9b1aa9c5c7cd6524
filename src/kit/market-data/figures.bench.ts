// The market screens' per-render history work, beside a peer in the same process:
// - alignHistory (series of days -> one uPlot time axis with gaps, or held levels for step
//   charts) vs uPlot.join, uPlot's own aligner, fed x already in seconds (its input format);
// - previousBefore (binary search for the previous figure, once per table row per push) vs
//   a linear scan from the end (findLastIndex), the obvious alternative.
// `npx tsx scripts/bench.ts src/kit/market-data/figures`.
import uPlot from 'uplot';
import { cpuRate, machine, median } from '../../../scripts/bench-kit';
import { fromISO, toISO, type CalendarDate } from '../../pricing-core/dates/date';
import type { HistorySeries } from './client';
import { alignHistory, previousBefore } from './figures';

/** `n` business-day figures ending 2026-11-20, series k skipping every (k+7)th day (holidays differ). */
function makeSeries(count: number, n: number): HistorySeries[] {
  const end = fromISO('2026-11-20');
  return Array.from({ length: count }, (_, k) => {
    const dates: number[] = [];
    for (let d = end; dates.length < n; d--) {
      const wd = (((d + 4) % 7) + 7) % 7;
      if (wd === 0 || wd === 6 || (d % (k + 7)) === 0) continue;
      dates.push(d);
    }
    dates.reverse();
    return { id: `s${k}`, dates: Int32Array.from(dates), values: Float64Array.from(dates, (d, i) => 7 + Math.sin(i / 30 + k) * 0.1 + d * 0), runs: [[0, 1]] };
  });
}

/** uPlot's input: one [x seconds, y] table per series (converted once, outside the timing). */
function uplotTables(series: HistorySeries[]): uPlot.AlignedData[] {
  return series.map((s) => [Float64Array.from(s.dates, (d) => d * 86400), Float64Array.from(s.values)] as unknown as uPlot.AlignedData);
}

const CASES = [
  { name: '/exchangeRate 1Y: 3 lines x 250 days', count: 3, n: 250 },
  { name: '/interestRate 3Y: 2 tenors x 750 days', count: 2, n: 750 },
  { name: 'All, 10 years: 8 lines x 2,600 days', count: 8, n: 2600 },
];

const rows: string[] = [];
for (const c of CASES) {
  const series = makeSeries(c.count, c.n);
  const tables = uplotTables(series);
  // Same answer first: our axis and columns equal uPlot's (x in days vs seconds).
  const ours = alignHistory(series);
  const theirs = uPlot.join(tables);
  if (ours[0].length !== theirs[0].length) throw new Error(`axis length differs: ${ours[0].length} vs ${theirs[0].length}`);
  for (let k = 1; k < ours.length; k++) for (let i = 0; i < ours[0].length; i++) if ((ours[k][i] ?? null) !== (theirs[k][i] ?? null)) throw new Error(`column ${k} differs at ${i}`);
  const a: number[] = [];
  const b: number[] = [];
  const s: number[] = [];
  for (let r = 0; r < 5; r++) {
    a.push(cpuRate(() => (alignHistory(series), 1), 150));
    b.push(cpuRate(() => (uPlot.join(tables), 1), 150));
    s.push(cpuRate(() => (alignHistory(series, { fill: 'step', until: '2026-11-24', from: '2025-01-01' }), 1), 150));
  }
  const ra = median(a);
  const rb = median(b);
  rows.push(`| ${c.name} | ${(1e6 / ra).toFixed(0)} µs | ${(1e6 / median(s)).toFixed(0)} µs | ${(1e6 / rb).toFixed(0)} µs | ${(ra / rb).toFixed(2)} |`);
  console.log(c.name, 'done');
}

// previousBefore: 2,600 days, a probe per table row.
const [long] = makeSeries(1, 2600);
const probes = Array.from({ length: 64 }, (_, i) => toISO((long.dates[long.dates.length - 1 - i * 37] + 1) as CalendarDate));
const linear = (s: HistorySeries, date: string) => {
  const day = fromISO(date);
  const i = Array.prototype.findLastIndex.call(s.dates, (d: number) => d < day) as number;
  return i < 0 ? null : { date: toISO(s.dates[i] as CalendarDate), value: s.values[i] };
};
for (const p of probes) if (JSON.stringify(previousBefore(long, p)) !== JSON.stringify(linear(long, p))) throw new Error(`previousBefore differs at ${p}`);
const pb: number[] = [];
const pl: number[] = [];
for (let r = 0; r < 5; r++) {
  pb.push(cpuRate(() => { for (const p of probes) previousBefore(long, p); return probes.length; }, 150));
  pl.push(cpuRate(() => { for (const p of probes) linear(long, p); return probes.length; }, 150));
}

console.log(`<!-- bench:begin -->
### src/kit/market-data/figures: history for the market screens' charts and tables

${machine()}; CPU time of this process, median of 5 runs. Same answer checked first.

alignHistory (days to one uPlot axis; "step" = held levels, window opened at the level then)
against uPlot.join (uPlot's aligner, given x already in seconds). Ratio > 1: ours is faster.

| history | alignHistory (gaps) | alignHistory (step) | uPlot.join | ratio join / ours |
|---|---|---|---|---|
${rows.join('\n')}

previousBefore (binary search) against a linear scan from the end, 2,600-day series, one probe
per row: ${(1e6 / median(pb)).toFixed(2)} µs vs ${(1e6 / median(pl)).toFixed(2)} µs per probe (the binary search ${(median(pb) / median(pl)).toFixed(0)} times faster).

<!-- bench:end -->`);
