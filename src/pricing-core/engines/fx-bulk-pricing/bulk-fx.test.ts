import { describe, expect, it } from 'vitest';
import { runBulkFxRequest } from './index';
import { runCalcRequest } from '../fx-option-calculator';

const markets = {
  USDCNY: { spot: 7.1, rd: 0.018, rf: 0.043, spotDate: '2026-03-04', surface: { smiles: [{ expiryDate: '2026-04-02', atm: 0.04, rr25: 0.004, bf25: 0.0015 }, { expiryDate: '2026-09-02', atm: 0.045, rr25: 0.006, bf25: 0.002 }] } },
  EURUSD: { spot: 1.08, rd: 0.04, rf: 0.025, spotDate: '2026-03-04', vol: 0.07 },
  BADCCY: { spot: -1, rd: 0, rf: 0, vol: 0.1 },
};
const dates = { expiryDate: '2026-06-02', deliveryDate: '2026-06-04' };

describe('BULKFX', () => {
  const res = runBulkFxRequest({
    valuationDate: '2026-03-02', markets,
    rows: [
      { id: 'v1', product: 'vanilla', pair: 'USDCNY', direction: 'buy', type: 'call', strike: 7.15, notional: 1e6, ...dates },
      { id: 'r1', product: 'rangeForward', pair: 'USDCNY', side: 'buy', protectStrike: 7.15, giveUpStrike: 6.95, notional: 1e6, ...dates },
      { id: 'q1', product: 'ratioForward', pair: 'EURUSD', side: 'sell', strike: 1.1, leverage: 2, notional: 5e5, ...dates },
      { id: 'c1', product: 'capForward', pair: 'USD/CNY', side: 'buy', strike: 7.05, cap: 7.3, notional: 1e6, ...dates },
      { id: 'e1', product: 'vanilla', pair: 'USDJPY', direction: 'buy', type: 'call', strike: 150, notional: 1e6, ...dates },
      { id: 'e2', product: 'vanilla', pair: 'BADCCY', direction: 'buy', type: 'call', strike: 1, notional: 1, ...dates },
      { id: 'e3', product: 'straddle', pair: 'USDCNY' },
      { id: 'e4', product: 'ratioForward', pair: 'EURUSD', side: 'buy', strike: 1.1, leverage: 0.5, notional: 1, ...dates },
    ],
  });
  const byId = Object.fromEntries(res.rows.map((r) => [r.id, r])) as Record<string, any>;

  it('prices a vanilla exactly as the option calculator does', () => {
    const calc = runCalcRequest({ valuationDate: '2026-03-02', spotDate: '2026-03-04', market: markets.USDCNY, legs: [{ direction: 'buy', type: 'call', strike: 7.15, notional: 1e6, ...dates }] }) as any;
    expect(byId.v1.npv).toBe(calc.total.premium.quoteAmount);
    expect(byId.v1.greeks.vega).toBe(calc.total.greeks.vega);
  });

  it('structured forwards are their legs from the client side', () => {
    expect(byId.r1.legs.map((l: any) => `${l.direction} ${l.type} ${l.strike}`)).toEqual(['buy call 7.15', 'sell put 6.95']);
    expect(byId.r1.npv).toBeCloseTo(byId.r1.legs[0].value + byId.r1.legs[1].value, 8);
    // a seller's ratio forward: long put on 1 notional, short call on 2
    expect(byId.q1.legs.map((l: any) => `${l.direction} ${l.type} ${l.notional}`)).toEqual(['buy put 500000', 'sell call 1000000']);
    expect(byId.c1.legs).toHaveLength(3);
    // capped forward = forward at the strike + a sold cap call: delta near the discounted notional
    expect(byId.c1.greeks.delta).toBeGreaterThan(0.8e6);
  });

  it('each bad row carries its own error and the batch goes on', () => {
    expect(byId.e1).toMatchObject({ code: 'BAD_INPUT', error: expect.stringContaining('no market data for USDJPY') });
    expect(byId.e2).toMatchObject({ code: 'BAD_INPUT', error: expect.stringContaining('market BADCCY') });
    expect(byId.e3.code).toBe('BAD_INPUT');
    expect(byId.e4.error).toMatch(/leverage/);
    expect(res.rows.map((r) => r.id)).toEqual(['v1', 'r1', 'q1', 'c1', 'e1', 'e2', 'e3', 'e4']);
  });

  it('a row may carry its own rates: the same as a market with those rates', () => {
    const row = { id: 'x', product: 'vanilla', pair: 'EURUSD', direction: 'buy', type: 'call', strike: 1.1, notional: 1e6, ...dates };
    const own = runBulkFxRequest({ valuationDate: '2026-03-02', markets, rows: [{ ...row, rd: 0.03, rf: 0.01 }] }).rows[0] as any;
    const mkt = runBulkFxRequest({ valuationDate: '2026-03-02', markets: { EURUSD: { ...markets.EURUSD, rd: 0.03, rf: 0.01 } }, rows: [row] }).rows[0] as any;
    const plain = runBulkFxRequest({ valuationDate: '2026-03-02', markets, rows: [row] }).rows[0] as any;
    expect(own.npv).toBe(mkt.npv);
    expect(own.greeks.delta).toBe(mkt.greeks.delta);
    expect(Math.abs(own.npv - plain.npv)).toBeGreaterThan(100);
  });
});
