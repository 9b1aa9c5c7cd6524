// /fullMarket: the full-market scan of every stored series (1,400 series x 10 years of
// business days, about the catalogue's size), ours (one pass over each series' tail on its
// typed arrays) beside a straightforward per-series peer: plain arrays of the whole history,
// the daily changes, the pricing core's rolling `zScore` over them (every window), the band
// from slices and the 1-year percentile by sorting the year. Same answers checked first.
// `npx tsx scripts/bench.ts src/tools/fullMarket`. Target: under 100 ms for the whole scan.
import { cpuRate, machine, median } from '../../../scripts/bench-kit';
import { zScore } from '../../pricing-core/analytics/rolling';
import { mean, sampleStd } from '../../pricing-core/analytics/stats';
import { scanAll, type ScanInput } from './model';

const SERIES = 1400, N = 2600;

function makeSeries(): ScanInput[] {
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
  return Array.from({ length: SERIES }, (_, k) => {
    const dates = new Int32Array(N), values = new Float64Array(N);
    let d = 16000, v = 1 + k / 100;
    for (let i = 0; i < N; i++) {
      d += (i % 5 === 4) ? 3 : 1; // weekends
      v += rnd() * 0.01 * (k % 7 === 0 ? 0 : 1); // every 7th series constant
      dates[i] = d; values[i] = v;
    }
    return { id: `s${k}`, dates, values };
  });
}

/** The peer: what one would write first, series by series, on plain arrays. */
function peerScan(s: ScanInput, k: number) {
  const v = Array.from(s.values), dates = Array.from(s.dates);
  const diffs = v.slice(1).map((x, i) => x - v[i]);
  const z = (w: number) => { try { return zScore(diffs, w).zScore; } catch { return null; } };
  const last = v[v.length - 1];
  const tail = v.slice(-20), m = mean(tail), sd = sampleStd(tail);
  const year = v.filter((_, i) => dates[i] > dates[dates.length - 1] - 365).sort((a, b) => a - b);
  const pct = year[0] === year[year.length - 1] ? null : (100 * year.filter((x) => x <= last).length) / year.length;
  return { z20: z(20), z60: z(60), pct1y: pct, band: tail.every((x) => x === tail[0]) ? null : last > m + k * sd ? 1 : last < m - k * sd ? -1 : 0 };
}

const series = makeSeries();
const ours = scanAll(series, { k: 2 });
const theirs = series.map((s) => peerScan(s, 2));
const close = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)));
ours.forEach(({ scan }, i) => {
  const p = theirs[i];
  if (!close(scan.z20, p.z20) || !close(scan.z60, p.z60) || !close(scan.pct1y, p.pct1y) || scan.band !== p.band) throw new Error(`series ${i} differs: ${JSON.stringify(scan)} vs ${JSON.stringify(p)}`);
});

const a: number[] = [], b: number[] = [];
for (let r = 0; r < 5; r++) {
  a.push(cpuRate(() => (scanAll(series, { k: 2 }), 1), 300));
  b.push(cpuRate(() => { for (const s of series) peerScan(s, 2); return 1; }, 300));
  console.log('round', r + 1);
}
const msOurs = 1000 / median(a), msPeer = 1000 / median(b);

console.log(`<!-- bench:begin -->
### src/tools/fullMarket: full-market scan of every stored series (10 years each)

Machine: ${machine()}. ${SERIES.toLocaleString('en')} series x ${N.toLocaleString('en')} business days (10 years; every 7th series
constant), the /fullMarket figures of each (z of the latest daily change against 20 and 60
days, 1-year percentile of the level, 20-day band with k = 2). CPU time of this process,
median of 5 rounds of 300 ms, ours and the peer interleaved; both give the same figures
(checked before timing). Peer: per series on plain arrays, the changes of the whole history,
the pricing core's rolling \`zScore\` over them (every window), the band from slices, the
year's percentile by sorting. Target: the whole scan under 100 ms.

| scan | ours (typed arrays, tail only) | peer (per series, whole history) | ours / peer |
|---|---|---|---|
| ${SERIES.toLocaleString('en')} series x 10 years | ${msOurs.toFixed(2)} ms | ${msPeer.toFixed(0)} ms | ${(msOurs / msPeer).toFixed(4)} |

<!-- bench:end -->`);
