import { describe, expect, it } from 'vitest';
import type { Benchmark } from '../../kit/market-data/benchmarks';
import type { Observation, SeriesInfo } from '../../kit/market-data/series';
import { chartChoices, nameHeaderKey, noticeKinds, rowLabel, valueHeaderKey } from './model';

const info = (o: Partial<SeriesInfo>): SeriesInfo => ({ id: 'x.y', kind: 'rateFixing', nameZh: '中', nameEn: 'En', unit: 'pct', decimals: 4, calendar: 'CN', intraday: false, public: true, source: 's', sourceKind: 'sample', ...o });
const obs = (k: Observation['sourceKind']): Observation => ({ id: 'x', value: 1, date: '2026-11-20', asOf: '2026-11-20', source: 's', sourceKind: k });

describe('rate view', () => {
  it('offers every table series in the chart, central parities named as such', () => {
    const tables: Benchmark[] = [
      { key: 'cnyParity', change: 'pips', pct: true, series: [info({ id: 'fxfix.CP.USDCNY', kind: 'fxFixing', pair: 'USDCNY' })] },
      { key: 'shibor', change: 'bp', pct: false, series: [info({ id: 'rate.SHIBOR.3M' })] },
    ];
    expect(chartChoices(tables, 'en')).toEqual([{ value: 'fxfix.CP.USDCNY', label: 'USD/CNY central parity' }, { value: 'rate.SHIBOR.3M', label: 'SHIBOR 3M' }]);
    expect(chartChoices(tables, 'zh')[0].label).toBe('USD/CNY 中间价');
  });
  it('names curve rows by tenor alone', () => {
    expect(rowLabel('shibor', info({ id: 'rate.SHIBOR.3M', tenor: '3M' }), 'en')).toBe('3M');
    expect(rowLabel('hibor', info({ id: 'rate.CNHHIBOR.ON', tenor: 'ON' }), 'en')).toBe('CNH HIBOR ON');
  });
  it('names the first and value columns by table', () => {
    expect(nameHeaderKey('cnyParity')).toBe('pair');
    expect(nameHeaderKey('cgb')).toBe('tenor');
    expect(nameHeaderKey('policy')).toBe('index');
    expect(valueHeaderKey('cgb')).toBe('yield');
    expect(valueHeaderKey('shibor')).toBe('rate');
    expect(valueHeaderKey('fxFixings')).toBe('value');
  });
  it('explains sample and simulated figures only when some are shown', () => {
    expect(noticeKinds([obs('published'), undefined])).toEqual({ sample: false, simulated: false });
    expect(noticeKinds([obs('sample'), obs('simulated')])).toEqual({ sample: true, simulated: true });
  });
});
