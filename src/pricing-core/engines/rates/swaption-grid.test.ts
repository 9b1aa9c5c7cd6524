import { describe, expect, it } from 'vitest';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { calendarLookup, conventionSwap, INDEX_CONVENTIONS } from '../../market/curves/conventions';
import { buildCurve } from '../../market/curves/curve-definition';
import { SAMPLE_CURVES } from '../../market/curves/sample-curves';
import { SwaptionVolSurface } from '../../market/rates-vol/swaption-vol-surface';
import { swaptionGrid } from './swaption-grid';
import { priceSwaption } from './swaption';

const calendars = calendarLookup(HOLIDAY_SEED);
const fr = buildCurve(SAMPLE_CURVES.FR007, { calendars });
const surface = new SwaptionVolSurface({
  index: 'FR007', asOf: '2025-06-20', volType: 'normal', expiries: ['1M', '3M', '1Y', '2Y'], tenors: ['1Y', '2Y', '5Y'],
  atm: [[0.004, 0.0045, 0.0048], [0.0045, 0.0048, 0.005], [0.005, 0.0052, 0.0053], [0.0055, 0.0056, 0.0055]],
  sabr: { beta: 0, rho: [[-0.2, -0.2, -0.2], [-0.2, -0.2, -0.2], [-0.1, -0.1, -0.1], [0, 0, 0]], nu: [[0.5, 0.5, 0.5], [0.45, 0.45, 0.45], [0.4, 0.4, 0.4], [0.35, 0.35, 0.35]] },
}, calendars('CNY'));

describe('swaption market-making grid', () => {
  const quotes = swaptionGrid({ surface, curves: { discount: fr }, notional: 1e8, strikeOffsets: [-0.0025, 0, 0.0025], halfSpread: { vol: 0.0002 } });
  it('covers every expiry x tenor x strike x kind; bid < mid < ask', () => {
    expect(quotes).toHaveLength(4 * 3 * 3 * 3);
    for (const q of quotes) {
      expect(q.volBid).toBeLessThan(q.volMid);
      expect(q.premiumBid).toBeLessThan(q.premiumMid);
      expect(q.premiumAsk).toBeGreaterThan(q.premiumMid);
      expect(q.vega).toBeGreaterThan(0);
      expect(q.theta).toBeLessThan(0);
    }
  });
  it('parity and straddles: payer - receiver = A (F - K); straddle = payer + receiver; ATM straddle delta ~ 0 (normal)', () => {
    const key = (q: (typeof quotes)[number]) => `${q.expiry}/${q.tenor}/${q.strike}`;
    const by = new Map<string, Record<string, (typeof quotes)[number]>>();
    for (const q of quotes) by.set(key(q), { ...(by.get(key(q)) ?? {}), [q.kind]: q });
    for (const g of by.values()) {
      const { payer, receiver, straddle } = g;
      expect((payer.premiumMid - receiver.premiumMid) / 1e8).toBeCloseTo((payer.annuity * (payer.forward - payer.strike)) / 1e8, 12);
      expect(straddle.premiumMid).toBeCloseTo(payer.premiumMid + receiver.premiumMid, 6);
      if (payer.strike === payer.forward) expect(Math.abs(straddle.delta) / payer.annuity).toBeLessThan(1e-12);
    }
  });
  it('each quote equals the swaption engine priced with the same vol on the same swap', () => {
    for (const q of quotes.filter((x) => x.kind !== 'straddle').slice(0, 24)) {
      const underlying = conventionSwap(INDEX_CONVENTIONS.FR007, fr.calendar, { startDate: q.startDate, endDate: q.endDate, fixedRate: q.strike, notional: 1e8, payer: q.kind === 'payer' });
      const s = priceSwaption({ expiry: q.expiryDate, underlying }, { valuationDate: fr.valuationDate, discount: fr.curve }, { model: 'normal', vol: q.volMid });
      expect(s.npv).toBeCloseTo(q.premiumMid, 6);
      expect(s.vega).toBeCloseTo(q.vega, 4);
    }
  });
  it('premium half-spreads: the implied bid/ask vols bracket mid', () => {
    const p = swaptionGrid({ surface, curves: { discount: fr }, notional: 1e8, kinds: ['straddle'], halfSpread: { premium: 0.0002 } });
    for (const q of p) {
      expect(q.premiumAsk - q.premiumMid).toBeCloseTo(0.0002 * 1e8, 6);
      expect(q.volAsk).toBeGreaterThan(q.volMid);
    }
  });
});
