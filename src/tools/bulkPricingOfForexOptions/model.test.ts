import { describe, expect, it } from 'vitest';
import type { FxMarketReply } from '../../kit/market-data';
import { allocateVanillaOutputs, priceVanillaBatch, type VanillaBatchInputs } from '../../pricing-core/batch/vanilla-batch';
import { runBulkFxRequest } from '../../pricing-core/engines/fx-bulk-pricing';
import { bulkOutcome, bulkRow, emptyRow, pairMarket, priceBook, rowTerms, totalsByPair, type BookDeps, type TradeRow } from './model';

const prov = { source: 'test', sourceKind: 'sample' as const, asOf: '2026-11-20' };
const obs = (id: string, value: number) => ({ ...prov, id, value, date: '2026-11-20' });
const curve = (ccy: string, q: [string, number][]) => q.map(([tenor, v]) => ({ ...obs(`depo.${ccy}.${tenor}`, v), tenor }));
const TENORS = ['1M', '3M', '6M', '1Y'];
const QUOTES = ['ATM', 'RR25', 'BF25', 'RR10', 'BF10'] as const;

function reply(pair: string, spot: number, vols: number[][]): FxMarketReply {
  const [b, q] = [pair.slice(0, 3), pair.slice(3)];
  return {
    pair, asOf: '2026-11-20', offline: false, spot: obs(`fx.${pair}`, spot), pipFactor: 10000, forwardPoints: [],
    deposits: { [b]: curve(b, [['1M', 4.3], ['3M', 4.2], ['1Y', 3.9]]), [q]: curve(q, [['1M', 1.6], ['3M', 1.7], ['1Y', 1.8]]) },
    surface: { id: `vol.${pair}`, tenors: TENORS, quotes: [...QUOTES], values: vols, dates: vols.map((r) => r.map(() => '2026-11-20')), points: [] },
  };
}
const USDCNY = reply('USDCNY', 7.1, [[3.5, 0.3, 0.2, 0.6, 0.7], [3.8, 0.35, 0.22, 0.7, 0.8], [4.1, 0.4, 0.25, 0.8, 0.9], [4.5, 0.5, 0.3, 1, 1.1]]);

const row = (o: Partial<TradeRow>): TradeRow => ({ ...emptyRow(), notional: 1e6, strike: 7.15, expiry: '2027-02-22', ...o });
const VAL = '2026-11-20';

function deps(over: Partial<BookDeps> = {}): BookDeps {
  return {
    market: async (pair) => {
      if (pair === 'USDCNY') return USDCNY;
      throw new Error(`unknown pair ${pair}`);
    },
    vanilla: async (inputs: VanillaBatchInputs) => { const out = allocateVanillaOutputs(inputs.spot.length); priceVanillaBatch(inputs, out); return out; },
    bulk: async (content) => runBulkFxRequest(content) as { rows: never[] },
    ...over,
  };
}

describe('bulk FX book', () => {
  it('a vanilla through the batch equals the same row through BULKFX (the calculator)', async () => {
    const rows = [row({ id: 'a' }), row({ id: 'b', direction: 'sell', type: 'put', strike: 7.0, notional: 2.5e6 })];
    const res = await priceBook(rows, VAL, deps());
    const m = pairMarket(USDCNY, VAL);
    for (let i = 0; i < rows.length; i++) {
      const viaBatch = res.outcomes.get(i)! as Record<string, number>;
      const { rd, rf } = rowTerms(m, rows[i].expiry, null).bsRates;
      const rates = { rd, rf };
      const viaCalc = bulkOutcome(runBulkFxRequest({ valuationDate: VAL, markets: { USDCNY: m.spec }, rows: [bulkRow(rows[i], i, rates)] }).rows[0], rows[i].notional as number, m.spot) as Record<string, number>;
      expect('error' in viaCalc).toBe(false);
      for (const k of ['npv', 'delta', 'vega', 'volUsed', 'forward', 'premiumPct']) expect(viaBatch[k]).toBeCloseTo(viaCalc[k], 6);
      expect(viaBatch.gamma / viaCalc.gamma).toBeCloseTo(1, 6);
      // theta: the calculator's is a one-day difference, the batch's the derivative / 365
      expect(viaBatch.theta / viaCalc.theta).toBeCloseTo(1, 2);
    }
    // the sold put is a liability and short vega
    expect((res.outcomes.get(1) as { npv: number }).npv).toBeLessThan(0);
    expect((res.outcomes.get(1) as { vega: number }).vega).toBeLessThan(0);
  });

  it('reads the smile: an OTM put is priced above ATM vol (positive 10D butterfly, put skew small)', async () => {
    const res = await priceBook([row({ type: 'put', strike: 6.8 }), row({ strike: 7.2, vol: 5 })], VAL, deps());
    expect((res.outcomes.get(0) as { volUsed: number }).volUsed).toBeGreaterThan(3.8);
    expect((res.outcomes.get(1) as { volUsed: number }).volUsed).toBe(5); // the row's override
  });

  it('bad rows carry their error; the others are priced; blank rows are skipped', async () => {
    const rows = [
      row({ id: 1 }),
      row({ id: 2, pair: 'USDXYZ' }),
      row({ id: 3, strike: 'abc' }),
      row({ id: 4, product: 'ratioForward', direction: 'sell', strike: 7.2, leverage: 0.5 }),
      row({ id: 5, product: 'rangeForward', direction: 'buy', strike: 7.2, strike2: 6.95 }),
      { ...emptyRow() },
      row({ id: 7, expiry: '2026-01-01' }),
    ];
    const res = await priceBook(rows, VAL, deps());
    expect(res.outcomes.has(5)).toBe(false);
    expect(res.outcomes.get(1)).toMatchObject({ error: { en: expect.stringContaining('No market data for USDXYZ') } });
    expect(res.outcomes.get(2)).toMatchObject({ error: { en: 'Missing field: strike', zh: '缺少字段：strike' } });
    expect(res.outcomes.get(3)).toMatchObject({ error: { en: expect.stringContaining('Leverage') } });
    expect(res.outcomes.get(6)).toMatchObject({ error: { en: expect.stringContaining('after the valuation date') } });
    expect('npv' in res.outcomes.get(0)!).toBe(true);
    const rf = res.outcomes.get(4) as { npv: number; delta: number };
    expect(Number.isFinite(rf.npv) && rf.delta > 0).toBe(true); // a buyer's range forward is long base
    expect(res.priced).toBe(2);
    expect(res.failed).toBe(4);
  });

  it('a market that cannot be read fails only its rows', async () => {
    const res = await priceBook([row({}), row({ pair: 'EURUSD' })], VAL, deps());
    expect('npv' in res.outcomes.get(0)!).toBe(true);
    expect(res.outcomes.get(1)).toMatchObject({ error: { en: expect.stringContaining('EURUSD') } });
  });

  it('totals per pair, never across currencies', () => {
    const t = totalsByPair([
      { ...row({ pair: 'USDCNY' }), npv: 10, delta: 1, gamma: 0, vega: 2, theta: -1 },
      { ...row({ pair: 'USD/CNY' }), npv: 5, delta: 1, gamma: 0, vega: 1, theta: -1 },
      { ...row({ pair: 'EURUSD' }), npv: 3, delta: 0, gamma: 0, vega: 0, theta: 0 },
      { ...row({ pair: 'EURUSD' }), npv: null },
    ]);
    expect(t).toEqual([
      { pair: 'EURUSD', rows: 1, npv: 3, delta: 0, gamma: 0, vega: 0, theta: 0 },
      { pair: 'USDCNY', rows: 2, npv: 15, delta: 2, gamma: 0, vega: 3, theta: -2 },
    ]);
  });
});
