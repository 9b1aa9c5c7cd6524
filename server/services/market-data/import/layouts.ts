// Known file layouts a licence holder imports as they come (docs/market-history.md): the
// not-cleared history files (SHIBOR, ChinaBond CGB curve, CSI 300, EURUSD 1-minute bars)
// have tenor or OHLC columns, not series ids. A table whose header is exactly one of these
// is read as the series it names; any other table keeps the ordinary long / wide rules.
import type { RawRow } from './parse';

export interface KnownLayout {
  name: string;
  /** The header, normalised (lower case), exactly. */
  header: readonly string[];
  /** Column -> series id. Columns not listed are not imported (open, high, low...). */
  series: Readonly<Record<string, string>>;
  /**
   * A column whose series the catalogue may not have (a CGB tenor outside the desk's
   * curve): its cells are skipped there instead of failing the file.
   */
  optional?: boolean;
  /** Intraday bars (`timestamp_utc`): one figure per UTC day, the day's last close. */
  dailyLastOf?: string;
}

const tenorsOf = (prefix: string, tenors: readonly string[]) => Object.fromEntries(tenors.map((t) => [t.toLowerCase(), `${prefix}.${t}`]));
const SHIBOR_TENORS = ['ON', '1W', '2W', '1M', '3M', '6M', '9M', '1Y'];
const CGB_TENORS = ['0D', '1M', '2M', '3M', '6M', '9M', '1Y', '2Y', '3Y', '4Y', '5Y', '6Y', '7Y', '8Y', '9Y', '10Y', '15Y', '20Y', '30Y', '40Y', '50Y'];

export const KNOWN_LAYOUTS: readonly KnownLayout[] = [
  { name: 'SHIBOR (shibor-daily.csv)', header: ['date', ...SHIBOR_TENORS.map((t) => t.toLowerCase())], series: tenorsOf('rate.SHIBOR', SHIBOR_TENORS) },
  { name: 'ChinaBond CGB curve (cgb-yield-curve-chinabond-daily.csv)', header: ['date', ...CGB_TENORS.map((t) => t.toLowerCase())], series: tenorsOf('bond.CGB', CGB_TENORS), optional: true },
  { name: 'CSI 300 OHLC (csi300-daily.csv)', header: ['date', 'open', 'high', 'low', 'close'], series: { close: 'idx.CSI300' } },
  {
    name: 'EURUSD 1-minute bars (eurusd-1min-*.csv)',
    header: ['timestamp_utc', 'open', 'high', 'low', 'close', 'tick_volume'],
    series: { close: 'fx.EURUSD' },
    dailyLastOf: 'timestamp_utc',
  },
];

export function knownLayout(names: readonly string[]): KnownLayout | undefined {
  return KNOWN_LAYOUTS.find((l) => l.header.length === names.length && l.header.every((h, i) => h === names[i]));
}

/** The raw rows of a table in a known layout (cells as read; validation follows as usual). */
export function layoutRows(l: KnownLayout, names: readonly string[], body: ReadonlyArray<{ line: number; cells: unknown[] }>): RawRow[] {
  const cols = Object.entries(l.series).map(([name, id]) => ({ i: names.indexOf(name), name, id }));
  const rows: RawRow[] = [];
  if (l.dailyLastOf) {
    // Bars are in time order: keep each UTC day's last bar (a later bar replaces an earlier one).
    const byDay = new Map<string, RawRow[]>();
    const it = names.indexOf(l.dailyLastOf);
    for (const r of body) {
      const ts = String(r.cells[it] ?? '').trim();
      const day = /^\d{4}-\d{2}-\d{2}T/.test(ts) && ts.endsWith('Z') ? ts.slice(0, 10) : ts;
      byDay.set(day, cols.map((c) => ({ line: r.line, column: c.name, series: c.id, date: day, value: r.cells[c.i] })));
    }
    for (const list of byDay.values()) rows.push(...list);
    return rows;
  }
  for (const r of body) {
    for (const c of cols) {
      const v = r.cells[c.i];
      if (v === undefined || v === null || String(v).trim() === '') continue;
      rows.push({ line: r.line, column: c.name, series: c.id, date: r.cells[0], value: v, ...(l.optional ? { optional: true } : {}) });
    }
  }
  return rows;
}
