// /fullMarket: the scan's rows, heat grid and spreads from the history reply and the
// catalogue (pure; the screen lays them out).
import type { HistoryReply, HistorySeries, SeriesInfo } from '../../kit/market-data';
import { historyProvenance } from '../../kit/market-data/figures';
import { tenorYears } from '../../kit/market-data/pillars';
import type { Provenance } from '../../kit/market-data/provenance';
import { scanSeries, spreadSeries, type ScanInput, type SeriesScan } from './model';

export const CNH_SPREAD_ID = 'spread.USDCNH-USDCNY';

export interface ScanRow {
  id: string;
  info: SeriesInfo | undefined;
  series: ScanInput;
  scan: SeriesScan;
  /** Provenance of the latest point; null for a derived series. */
  prov: Provenance | null;
}

/** Scan every series of the reply, plus the CNH-CNY spread when both legs are stored. */
export function scanRows(h: HistoryReply, infos: ReadonlyMap<string, SeriesInfo>, k: number): ScanRow[] {
  const rows: ScanRow[] = [];
  const byId = new Map<string, HistorySeries>();
  for (const s of h.series) {
    byId.set(s.id, s);
    if (!s.values.length) continue;
    rows.push({ id: s.id, info: infos.get(s.id), series: s, scan: scanSeries(s.dates, s.values, { k }), prov: historyProvenance(h, s, s.values.length - 1) });
  }
  const cnh = byId.get('fx.USDCNH'), cny = byId.get('fx.USDCNY');
  if (cnh?.values.length && cny?.values.length) {
    const s = spreadSeries(cnh, cny, CNH_SPREAD_ID);
    if (s.values.length) rows.push({ id: s.id, info: undefined, series: s, scan: scanSeries(s.dates, s.values, { k }), prov: null });
  }
  return rows;
}

/** Close minus central parity on the latest day both are stored, per pair with a parity. */
export function fixingGaps(h: HistoryReply): Array<{ pair: string; gap: number | null; day: number | null }> {
  const byId = new Map(h.series.map((s) => [s.id, s]));
  return h.series
    .filter((s) => s.id.startsWith('fxfix.CP.'))
    .map((cp) => {
      const pair = cp.id.slice('fxfix.CP.'.length);
      const close = byId.get(`fxfix.CLOSE.${pair}`);
      if (!close) return { pair, gap: null, day: null };
      const d = spreadSeries(close, cp, pair);
      const n = d.values.length;
      return n ? { pair, gap: d.values[n - 1], day: d.dates[n - 1] } : { pair, gap: null, day: null };
    });
}

/** Curves (series with a group and a tenor; vol surfaces by their ATM quote) x tenors, z20. */
export function heatGrid(rows: readonly ScanRow[]): { curves: string[]; tenors: string[]; values: (number | null)[][] } {
  const cells = new Map<string, Map<string, number | null>>();
  for (const r of rows) {
    const i = r.info;
    if (!i?.group || !i.tenor || (i.quote && i.quote !== 'ATM')) continue;
    const curve = i.quote ? `${i.group} ATM` : i.group;
    if (!cells.has(curve)) cells.set(curve, new Map());
    cells.get(curve)!.set(i.tenor, r.scan.z20);
  }
  const tenors = [...new Set([...cells.values()].flatMap((m) => [...m.keys()]))].filter((t) => Number.isFinite(tenorYears(t))).sort((a, b) => tenorYears(a) - tenorYears(b));
  const curves = [...cells.keys()].sort();
  return { curves, tenors, values: curves.map((c) => tenors.map((t) => cells.get(c)!.get(t) ?? null)) };
}
