import { describe, expect, it } from 'vitest';
import snapshot from '../../../server/services/market-data/sample/snapshot.json';
import type { SeriesInfo } from '../../kit/market-data/series';
import { historySeries } from '../../../server/services/market-data/history/catalogue';
import { chartDecimals, chartLines, chartPairs, INDEX_CHOICE } from './model';

const catalog = (snapshot as unknown as { series: Array<{ info: SeriesInfo }> }).series.map((s) => s.info);

describe('exchange rate chart', () => {
  it('offers parity pairs first, then other spot pairs, then the RMB index', () => {
    const pairs = chartPairs(catalog).map((p) => p.value);
    expect(pairs[0]).toBe('USDCNY');
    expect(pairs).toContain('EURUSD');
    expect(pairs.indexOf('EURUSD')).toBeGreaterThan(pairs.indexOf('CADCNY'));
    expect(pairs.at(-1)).toBe(INDEX_CHOICE);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
  it('draws USD/CNY parity, spot close and 16:30 close', () => {
    expect(chartLines('USDCNY', catalog, 'en').map((l) => [l.id, l.label])).toEqual([
      ['fxfix.CP.USDCNY', 'USD/CNY central parity'],
      ['fx.USDCNY', 'USD/CNY spot close'],
      ['fxfix.CLOSE.USDCNY', 'USD/CNY 16:30 close'],
    ]);
  });
  it('scales the per-1 JPY spot to the per-100 parity', () => {
    const lines = chartLines('JPYCNY', catalog, 'zh');
    expect(lines[0]).toMatchObject({ id: 'fxfix.CP.JPYCNY', label: '100JPY/CNY 中间价' });
    expect(lines[1]).toMatchObject({ id: 'fx.JPYCNY', scale: 100 });
    expect(chartDecimals(lines, catalog)).toBe(4);
  });
  it('draws the CNH spot with the TMA fixing, a cross with its spot, the index alone', () => {
    expect(chartLines('USDCNH', catalog, 'en').map((l) => l.id)).toEqual(['fx.USDCNH', 'fxfix.TMA.USDCNH']);
    expect(chartLines('EURUSD', catalog, 'en').map((l) => l.id)).toEqual(['fx.EURUSD']);
    expect(chartLines(INDEX_CHOICE, catalog, 'en').map((l) => l.id)).toEqual(['fxidx.CFETS']);
    expect(chartLines('NOPAIR', catalog, 'en')).toEqual([]);
  });
  it('adds the real ECB cross beside USD/CNY (H.10 is already the spot line\'s past), both beside EUR/USD', () => {
    const withRefs = [...catalog, ...historySeries()];
    expect(chartPairs(withRefs)).toEqual(chartPairs(catalog));
    expect(chartLines('USDCNY', withRefs, 'en').map((l) => [l.id, l.label])).toEqual([
      ['fxfix.CP.USDCNY', 'USD/CNY central parity'],
      ['fx.USDCNY', 'USD/CNY spot close'],
      ['fxfix.CLOSE.USDCNY', 'USD/CNY 16:30 close'],
      ['ref.ECB.USDCNY', 'USD/CNY ECB reference cross'],
    ]);
    expect(chartLines('EURUSD', withRefs, 'en').map((l) => l.id)).toEqual(['fx.EURUSD', 'ref.ECB.EURUSD']);
    // JPY/CNY's ECB cross is the spot line's own past: not drawn twice.
    expect(chartLines('JPYCNY', withRefs, 'zh').map((l) => l.id)).toEqual(['fxfix.CP.JPYCNY', 'fx.JPYCNY']);
  });
});
