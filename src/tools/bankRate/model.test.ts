import { describe, expect, it } from 'vitest';
import snapshot from '../../../server/services/market-data/sample/snapshot.json';
import { fromISO } from '../../pricing-core/dates/date';
import type { HistorySeries } from '../../kit/market-data';
import type { Observation, SeriesInfo } from '../../kit/market-data/series';
import { bankName, bankOf, citations, lineLabel, policyRows, policySeries, rateName } from './model';

type Snap = { series: Array<{ info: SeriesInfo; observations?: Array<[string, number]> }> };
const snap = snapshot as unknown as Snap;
const catalog = snap.series.map((s) => s.info);
// The shipped published history, as MD.HISTORY would give it.
const history = new Map<string, HistorySeries>(
  snap.series.filter((s) => s.observations).map((s) => [s.info.id, { id: s.info.id, dates: Int32Array.from(s.observations!.map(([d]) => fromISO(d))), values: Float64Array.from(s.observations!.map(([, v]) => v)), runs: [[0, 1]] }]),
);
const lastObs = (id: string): Observation => {
  const o = snap.series.find((s) => s.info.id === id)!.observations!.at(-1)!;
  const info = catalog.find((s) => s.id === id)!;
  return { id, value: o[1], date: o[0], asOf: o[0], source: info.source, sourceKind: 'published' };
};

describe('central bank rates', () => {
  const series = policySeries(catalog);
  const latest = new Map(series.map((s) => [s.id, lastObs(s.id)]));
  const rows = policyRows(series, latest, history, '2026-11-24');
  const row = (id: string) => rows.find((r) => r.id === id)!;

  it('lists every policy rate, then the LPR', () => {
    expect(series.map((s) => s.id)).toEqual(['policy.PBOC.RR7D', 'policy.FED.LOWER', 'policy.FED.UPPER', 'policy.ECB.DFR', 'policy.BOE.BANK', 'policy.BOJ.POLICY', 'rate.LPR.1Y', 'rate.LPR.5Y']);
  });
  it('finds the last move of the published figures', () => {
    expect(row('policy.FED.UPPER')).toMatchObject({ level: 4, since: '2025-10-29', previous: 4.25, moveBp: -25 });
    expect(row('policy.PBOC.RR7D')).toMatchObject({ level: 1.4, since: '2025-05-08', previous: 1.5 });
    expect(row('policy.PBOC.RR7D').moveBp).toBeCloseTo(-10, 10);
    expect(row('policy.BOJ.POLICY')).toMatchObject({ level: 0.5, since: '2025-01-24', previous: 0.25 });
    expect(row('rate.LPR.5Y')).toMatchObject({ level: 3.5, since: '2025-05-20' });
    expect(row('policy.FED.UPPER').heldDays).toBe(fromISO('2026-11-24') - fromISO('2025-10-29'));
  });
  it('takes an imported new level as a move at once', () => {
    const cut = new Map(latest);
    cut.set('policy.FED.UPPER', { ...lastObs('policy.FED.UPPER'), value: 3.75, date: '2025-12-10', sourceKind: 'imported', source: 'fomc.csv by demo' });
    const r = policyRows(series, cut, history, '2026-11-24').find((x) => x.id === 'policy.FED.UPPER')!;
    expect(r).toMatchObject({ level: 3.75, since: '2025-12-10', previous: 4, moveBp: -25 });
  });
  it('cites each source once with its link', () => {
    const c = citations(rows);
    const fed = c.find((x) => x.ids.includes('policy.FED.UPPER'))!;
    expect(fed.ids).toEqual(['policy.FED.LOWER', 'policy.FED.UPPER']);
    expect(fed.url).toMatch(/^https:\/\/www\.federalreserve\.gov\//);
    expect(c.every((x) => x.url?.startsWith('http'))).toBe(true);
  });
  it('names banks and rates in both languages', () => {
    expect(bankOf('policy.ECB.DFR')).toBe('ECB');
    expect(bankOf('rate.LPR.1Y')).toBe('NIFC');
    expect(bankName('PBOC', 'zh')).toBe('中国人民银行');
    expect(rateName(catalog.find((s) => s.id === 'policy.BOE.BANK')!, 'en')).toBe('Bank Rate');
    expect(lineLabel(catalog.find((s) => s.id === 'policy.FED.UPPER')!, 'en')).toBe('Fed target upper');
    expect(lineLabel(catalog.find((s) => s.id === 'rate.LPR.1Y')!, 'zh')).toBe('LPR 1Y');
    expect(rateName({ id: 'policy.SNB.POLICY', nameZh: '瑞士央行政策利率', nameEn: 'SNB policy rate' }, 'en')).toBe('SNB policy rate');
  });
});
