import { describe, expect, it } from 'vitest';
import type { HistoryReply, SeriesInfo } from '../../kit/market-data';
import { CNH_SPREAD_ID, fixingGaps, heatGrid, scanRows } from './view';

const s = (id: string, dates: number[], values: number[], batch = 1) => ({ id, dates: Int32Array.from(dates), values: Float64Array.from(values), runs: [[0, batch]] as Array<[number, number]> });
const reply = (series: ReturnType<typeof s>[]): HistoryReply => ({
  from: '2025-01-01', to: '2026-11-24', offline: false, missing: [], series,
  batches: { '1': { source: 'ECB euro reference rates', sourceKind: 'published', kind: 'history', createdAt: '2026-11-01' }, '2': { source: 'sample snapshot (generated, not market data)', sourceKind: 'sample', kind: 'sample', createdAt: '2026-11-01' } },
});
const info = (id: string, extra: Partial<SeriesInfo>) => ({ id, ...extra }) as SeriesInfo;

describe('scan rows, spreads, heat grid', () => {
  it('adds the CNH-CNY spread only when both legs are stored, with the latest point\'s source', () => {
    const h = reply([s('fx.USDCNH', [1, 2, 3], [7.3, 7.31, 7.33], 2), s('fx.USDCNY', [1, 2, 3], [7.28, 7.3, 7.3], 1)]);
    const rows = scanRows(h, new Map(), 2);
    expect(rows.map((r) => r.id)).toEqual(['fx.USDCNH', 'fx.USDCNY', CNH_SPREAD_ID]);
    expect(rows[2].scan.last).toBeCloseTo(0.03, 12);
    expect(rows[0].prov?.sourceKind).toBe('sample');
    expect(rows[1].prov?.source).toBe('ECB euro reference rates');
    expect(scanRows(reply([s('fx.USDCNY', [1], [7.3])]), new Map(), 2).map((r) => r.id)).toEqual(['fx.USDCNY']);
  });

  it('close minus parity where both exist, not available where the close is missing', () => {
    const h = reply([s('fxfix.CP.USDCNY', [1, 2], [7.1, 7.12]), s('fxfix.CLOSE.USDCNY', [1, 2], [7.2, 7.25]), s('fxfix.CP.EURCNY', [1], [7.9])]);
    const g = fixingGaps(h);
    expect(g[0].pair).toBe('USDCNY');
    expect(g[0].gap).toBeCloseTo(0.13, 12);
    expect(g[0].day).toBe(2);
    expect(g[1]).toEqual({ pair: 'EURCNY', gap: null, day: null });
  });

  it('heat grid: curves x tenors in tenor order, vol surfaces by ATM only', () => {
    const days = Array.from({ length: 30 }, (_, i) => i);
    const vals = days.map((i) => Math.sin(i));
    const h = reply([s('irs.FR007.5Y', days, vals), s('irs.FR007.1Y', days, vals), s('vol.USDCNY.1M.ATM', days, vals), s('vol.USDCNY.1M.RR25', days, vals)]);
    const infos = new Map([
      ['irs.FR007.5Y', info('irs.FR007.5Y', { group: 'irs.FR007', tenor: '5Y' })],
      ['irs.FR007.1Y', info('irs.FR007.1Y', { group: 'irs.FR007', tenor: '1Y' })],
      ['vol.USDCNY.1M.ATM', info('vol.USDCNY.1M.ATM', { group: 'vol.USDCNY', tenor: '1M', quote: 'ATM' })],
      ['vol.USDCNY.1M.RR25', info('vol.USDCNY.1M.RR25', { group: 'vol.USDCNY', tenor: '1M', quote: 'RR25' })],
    ]);
    const g = heatGrid(scanRows(h, infos, 2));
    expect(g.curves).toEqual(['irs.FR007', 'vol.USDCNY ATM']);
    expect(g.tenors).toEqual(['1M', '1Y', '5Y']);
    expect(g.values[0][0]).toBeNull();
    expect(g.values[0][1]).not.toBeNull();
  });
});
