// The benchmark tables of the market reference screens (/rate, /exchangeRate, /interestRate,
// /bankRate), derived from the catalogue rather than hard-coded ids, so a series added to
// the catalogue shows up in its table. Pure; order: tenor order within a curve, else the
// catalogue's order.
import type { ChangeUnit } from './FigureTable';
import { compareTenors, type SeriesInfo } from './series';

export type BenchmarkKey =
  | 'cnyParity' // fxfix.CP.*: CNY central parity
  | 'fxFixings' // 16:30 close, HK TMA fixing, CFETS RMB index
  | 'fxSpot' // fx.*: spot quotes
  | 'shibor' // rate.SHIBOR.*
  | 'cnyRates' // LPR, repo fixings FR / DR
  | 'rfr' // SOFR, ESTR, SONIA, TONA, EURIBOR and other foreign fixings
  | 'hibor' // HIBOR and CNH HIBOR
  | 'policy' // central bank policy rates
  | 'cgb'; // China government bond curve

export interface Benchmark {
  key: BenchmarkKey;
  series: SeriesInfo[];
  change: ChangeUnit;
  /** Show change % (prices, indices). */
  pct: boolean;
}

function keyOf(s: SeriesInfo): BenchmarkKey | null {
  const id = s.id;
  // Shipped real history (ref.*) stands behind the desk series' charts, not in their tables.
  if (id.startsWith('ref.')) return null;
  if (s.kind === 'fxFixing') return id.startsWith('fxfix.CP.') ? 'cnyParity' : 'fxFixings';
  if (s.kind === 'fxIndex') return 'fxFixings';
  if (s.kind === 'fxSpot') return 'fxSpot';
  if (s.kind === 'policyRate') return 'policy';
  if (s.kind === 'bondYield') return s.group === 'bond.CGB' ? 'cgb' : null;
  if (s.kind === 'rateFixing') {
    if (id.startsWith('rate.SHIBOR.')) return 'shibor';
    if (id.startsWith('rate.LPR.') || /^rate\.(FR|DR)\d+/.test(id)) return 'cnyRates';
    if (id.startsWith('rate.HIBOR.') || id.startsWith('rate.CNHHIBOR.')) return 'hibor';
    return 'rfr';
  }
  return null;
}

const CHANGE: Record<BenchmarkKey, { change: ChangeUnit; pct: boolean }> = {
  cnyParity: { change: 'pips', pct: true },
  fxFixings: { change: 'abs', pct: true },
  fxSpot: { change: 'pips', pct: true },
  shibor: { change: 'bp', pct: false },
  cnyRates: { change: 'bp', pct: false },
  rfr: { change: 'bp', pct: false },
  hibor: { change: 'bp', pct: false },
  policy: { change: 'bp', pct: false },
  cgb: { change: 'bp', pct: false },
};

/** HIBOR before CNH HIBOR, each in tenor order. */
function byIndexThenTenor(a: SeriesInfo, b: SeriesInfo): number {
  const ia = a.id.startsWith('rate.CNHHIBOR.') ? 1 : 0;
  const ib = b.id.startsWith('rate.CNHHIBOR.') ? 1 : 0;
  return ia - ib || compareTenors(a.tenor ?? 'ON', b.tenor ?? 'ON');
}

/**
 * The benchmark tables for `keys`, in that order, from a catalogue listing. `publicOnly`
 * keeps the series readable without a session (the public /rate page).
 */
export function benchmarks(catalog: readonly SeriesInfo[], keys: readonly BenchmarkKey[], opts: { publicOnly?: boolean } = {}): Benchmark[] {
  const buckets = new Map<BenchmarkKey, SeriesInfo[]>(keys.map((k) => [k, []]));
  for (const s of catalog) {
    if (opts.publicOnly && !s.public) continue;
    const k = keyOf(s);
    if (k) buckets.get(k)?.push(s);
  }
  return keys.map((key) => {
    const series = buckets.get(key)!;
    if (key === 'shibor' || key === 'cgb') series.sort((a, b) => compareTenors(a.tenor ?? 'ON', b.tenor ?? 'ON'));
    if (key === 'hibor') series.sort(byIndexThenTenor);
    return { key, series, ...CHANGE[key] };
  });
}
