import { describe, expect, it } from 'vitest';
import type { Observation } from '../../kit/market-data/series';
import { fromISO } from '../../pricing-core/dates/date';
import { alignSeries, bestByCurrency, compareBanks, epochSecondsOf, parseBankSeriesId, quoteIds, quoteRows, rangeStart, sideFor, universe } from './model';

const obs = (id: string, value: number, date = '2026-11-20', extra: Partial<Observation> = {}): Observation => ({
  id, value, date, asOf: date, source: 'sample snapshot', sourceKind: 'sample', ...extra,
});

function market(quotes: Record<string, [number, number, number, number]>, date?: string) {
  const m = new Map<string, Observation>();
  for (const [key, [sb, cb, ss, cs]] of Object.entries(quotes)) {
    const [bank, ccy] = key.split('.');
    for (const [side, v] of [['spotBuy', sb], ['cashBuy', cb], ['spotSell', ss], ['cashSell', cs]] as const) {
      if (Number.isFinite(v)) m.set(`bank.${bank}.${ccy}.${side}`, obs(`bank.${bank}.${ccy}.${side}`, v, date));
    }
  }
  return m;
}

describe('series ids', () => {
  it('parses bank quote ids only', () => {
    expect(parseBankSeriesId('bank.BOC.USD.spotSell')).toEqual({ bank: 'BOC', ccy: 'USD', side: 'spotSell' });
    expect(parseBankSeriesId('bank.BOC.USD.mid')).toBeNull();
    expect(parseBankSeriesId('fx.USDCNY')).toBeNull();
  });
  it('finds banks and currencies in screen order, unknown ones after', () => {
    const u = universe(['bank.CMB.EUR.spotBuy', 'bank.ZZB.USD.spotBuy', 'bank.BOC.USD.cashSell', 'bank.BOC.NZD.spotBuy', 'rate.LPR.1Y']);
    expect(u.banks).toEqual(['BOC', 'CMB', 'ZZB']);
    expect(u.currencies).toEqual(['USD', 'EUR', 'NZD']);
    expect(quoteIds(['BOC'], ['USD'])).toEqual(['bank.BOC.USD.spotBuy', 'bank.BOC.USD.cashBuy', 'bank.BOC.USD.spotSell', 'bank.BOC.USD.cashSell']);
  });
});

describe('rows and the best bank', () => {
  const m = market({
    'BOC.USD': [711.2, 705.5, 714.2, 714.2],
    'ICBC.USD': [711.0, 705.0, 714.0, 714.0],
    'CCB.USD': [711.3, 705.5, 714.4, 714.4],
    'BOC.EUR': [820, 795, 826, 826],
  });
  const rows = quoteRows(m, ['BOC', 'ICBC', 'CCB'], ['USD', 'EUR']);
  it('one row per bank and currency with a figure; mid and spread', () => {
    expect(rows.map((r) => `${r.bank}.${r.ccy}`)).toEqual(['BOC.USD', 'ICBC.USD', 'CCB.USD', 'BOC.EUR']);
    expect(rows[0].mid).toBeCloseTo(712.7, 12);
    expect(rows[0].spreadPct).toBeCloseTo(((714.2 - 711.2) / 712.7) * 100, 12);
    expect(rows[0].provenance).toMatchObject({ sourceKind: 'sample', asOf: '2026-11-20' });
  });
  it('buying the currency: lowest selling rate; selling it: highest buying rate; ties kept', () => {
    const usd = bestByCurrency(rows).find((b) => b.ccy === 'USD')!;
    expect(usd.buySpot).toEqual({ side: 'spotSell', rate: 714.0, banks: ['ICBC'] });
    expect(usd.sellSpot).toEqual({ side: 'spotBuy', rate: 711.3, banks: ['CCB'] });
    expect(usd.sellCash).toEqual({ side: 'cashBuy', rate: 705.5, banks: ['BOC', 'CCB'] });
    expect(usd.banks).toBe(3);
  });
  it('comparing banks for an amount', () => {
    const c = compareBanks(rows, 'USD', 10_000, 'buyFx', 'spot');
    if (typeof c === 'string') throw new Error(c);
    expect(c.side).toBe('spotSell');
    expect(c.deals.map((d) => d.bank)).toEqual(['ICBC', 'BOC', 'CCB']);
    expect(c.best.cny).toBeCloseTo(71_400, 9);
    expect(c.worst.cny).toBeCloseTo(71_440, 9);
    expect(c.saving).toBeCloseTo(40, 9);
    expect(c.deals[1].vsBest).toBeCloseTo(20, 9);
    const s = compareBanks(rows, 'USD', 10_000, 'sellFx', 'spot');
    if (typeof s === 'string') throw new Error(s);
    expect(s.deals.map((d) => d.bank)).toEqual(['CCB', 'BOC', 'ICBC']);
    expect(s.best.cny).toBeCloseTo(71_130, 9);
  });
  it('refuses a bad amount and a currency nobody quotes', () => {
    expect(compareBanks(rows, 'USD', null, 'buyFx', 'spot')).toBe('amount');
    expect(compareBanks(rows, 'USD', -5, 'buyFx', 'spot')).toBe('amount');
    expect(compareBanks(rows, 'USD', 0, 'buyFx', 'spot')).toBe('amount');
    expect(compareBanks(rows, 'JPY', 100, 'buyFx', 'spot')).toBe('noQuotes');
  });
  it('the side a customer deals at', () => {
    expect(sideFor('buyFx', 'cash')).toBe('cashSell');
    expect(sideFor('sellFx', 'spot')).toBe('spotBuy');
  });
  it('a row with a missing side has no mid', () => {
    const r = quoteRows(market({ 'BOC.GBP': [NaN, 900, 960, 960] }), ['BOC'], ['GBP']);
    expect(r[0]).toMatchObject({ spotBuy: null, mid: null, spreadPct: null });
  });
});

describe('history alignment', () => {
  it('puts series on the union of their dates', () => {
    const a = { dates: Int32Array.from([10, 11, 13]), values: Float64Array.from([1, 2, 3]) };
    const b = { dates: Int32Array.from([11, 12]), values: Float64Array.from([5, 6]) };
    const al = alignSeries([a, b]);
    expect(al.x).toHaveLength(4);
    expect(al.ys).toEqual([[1, 2, null, 3], [null, 5, 6, null]]);
    expect(al.x[1] - al.x[0]).toBe(86400);
  });
  it('plots a date on its own local day', () => {
    const s = epochSecondsOf(fromISO('2026-11-20'));
    const d = new Date(s * 1000);
    expect([d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours()]).toEqual([2026, 11, 20, 0]);
    expect(rangeStart('2026-11-20', '1M')).toBe('2026-10-20');
  });
});
