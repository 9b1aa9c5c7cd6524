import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { fromISO } from '../../../src/pricing-core/dates/date';
import { businessDaysBack, generateHistory, isBusinessDay, loadSampleSnapshot, readSnapshot } from './sample-loader';
import { MarketDataStore } from './store';

describe('sample snapshot file', () => {
  const snap = readSnapshot();
  it('labels every series: published ones cite a source URL, the rest are sample', () => {
    for (const e of snap.series) {
      if ('observations' in e) {
        expect(e.info.sourceKind).toBe('published');
        expect(e.info.sourceUrl).toMatch(/^https?:\/\//);
      } else {
        expect(e.info.sourceKind).toBe('sample');
        expect(e.info.source).toMatch(/sample/);
      }
    }
  });
  it('has the LPR of 2025-05-20 (1Y 3.00 %, 5Y 3.50 %) as published', () => {
    const lpr = (id: string) => snap.series.find((e) => e.info.id === id)!;
    const one = lpr('rate.LPR.1Y');
    const five = lpr('rate.LPR.5Y');
    expect('observations' in one && one.observations.at(-1)).toEqual(['2025-05-20', 3.0]);
    expect('observations' in five && five.observations.at(-1)).toEqual(['2025-05-20', 3.5]);
  });
  it('covers what the next tools read', () => {
    const have = new Set(snap.series.map((e) => e.info.id));
    for (const id of ['fx.USDCNY', 'fwd.USDCNH.1Y', 'vol.EURUSD.3M.RR25', 'vol.USDJPY.2Y.BF10', 'depo.CNY.3M', 'irs.FR007.5Y', 'irs.SOFR.10Y', 'bond.CGB.50Y', 'credit.MTN.AA+.5Y', 'fut.SHFE.AU', 'vol.AU.1M.ATM', 'idx.CSI300', 'etf.510050', 'divy.CSI300', 'crypto.BTC', 'vol.ETH.1M.ATM', 'bank.BOC.USD.spotSell', 'fxfix.CP.USDCNY', 'rate.SHIBOR.3M', 'rate.FR007', 'rate.CNHHIBOR.ON', 'policy.FED.UPPER'])
      expect(have, id).toContain(id);
  });
});

describe('generated history', () => {
  it('ends on the snapshot value and skips CN holidays and weekends', () => {
    const days = businessDaysBack(fromISO('2026-10-09'), 10, 'CN');
    expect(days.at(-1)).toBe(fromISO('2026-10-09'));
    for (const d of days) expect(isBusinessDay(d, 'CN')).toBe(true);
    expect(isBusinessDay(fromISO('2026-10-01'), 'CN')).toBe(false); // National Day
    expect(isBusinessDay(fromISO('2026-10-03'), '24x7')).toBe(true);
  });
  it('is deterministic and ends exactly at the last value', () => {
    const a = generateHistory('x', 7.1, { days: 50, vol: 0.002, log: true }, 4, new (class { get = () => new Float64Array(0) })() as never);
    const b = generateHistory('x', 7.1, { days: 50, vol: 0.002, log: true }, 4, new (class { get = () => new Float64Array(0) })() as never);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(a[49]).toBe(7.1);
    expect(new Set(a).size).toBeGreaterThan(10);
  });
});

describe('loading the snapshot', () => {
  let t: TestDatabase;
  let store: MarketDataStore;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    store = new MarketDataStore(t.db);
  });
  afterAll(() => t?.dispose());
  const filter = (id: string) => id.startsWith('rate.LPR') || id === 'fx.USDCNY' || id.startsWith('bank.BOC.USD');

  it('loads once (idempotent), published figures as they are, bank quotes consistent with spot', async () => {
    const first = await loadSampleSnapshot(t.db, store, { filter });
    expect(first.loaded).toBe(true);
    expect(first.series).toBe(2 + 1 + 4);
    expect((await loadSampleSnapshot(t.db, store, { filter })).loaded).toBe(false);
    const series = await store.readSeries();
    const no = (id: string) => series.find((s) => s.info.id === id)!.seriesNo;
    const [lpr] = await store.latest([no('rate.LPR.1Y')], fromISO('2026-03-31'));
    expect(lpr.value).toBe(3.0);
    expect(lpr.date).toBe(fromISO('2025-05-20'));
    const [before] = await store.latest([no('rate.LPR.1Y')], fromISO('2025-05-19'));
    expect(before.value).toBe(3.1);
    const batches = await store.readBatches([lpr.batchId]);
    expect(batches.get(lpr.batchId)!.sourceKind).toBe('published');
    const [spot, buy, sell] = await store.history([no('fx.USDCNY'), no('bank.BOC.USD.spotBuy'), no('bank.BOC.USD.spotSell')], fromISO('2026-01-01'), fromISO('2026-11-20'));
    expect(buy.dates).toEqual(spot.dates.subarray(spot.dates.length - buy.dates.length));
    for (let i = 0; i < buy.values.length; i++) expect(buy.values[i]).toBeLessThan(sell.values[i]);
    expect(spot.values.at(-1)).toBe(7.118);
  });
});
