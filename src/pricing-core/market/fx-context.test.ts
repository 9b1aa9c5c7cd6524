import { describe, expect, it } from 'vitest';
import { fxDatesFor } from '../dates/calendars';
import { normCdf } from '../math/normal';
import { blackScholesPrice } from '../engines/black/black-scholes';
import { forwardFromMoneyMarket } from '../engines/fx/fx-forward';
import {
  continuousRates, deliveryOfExpiry, discountFactor, forwardAt, fxContext, impliedYieldsTo, vanillaTerms, withSpot, yearsFrom,
} from './fx-context';
import { TRADE_DATE, USDCNH_MARKET, USDCNY_MARKET } from './testing/usdcny-market';

const ctx = fxContext(USDCNY_MARKET);
const dates = (tenor: string) => fxDatesFor('USDCNY', TRADE_DATE, tenor, { beyondCoverage: 'projected' });

describe('the forward from market swap points on value dates', () => {
  it('a quoted tenor gives spot + its points on its value date; spot date is T+2 on both calendars', () => {
    expect(ctx.spotDate).toBe(dates('SPOT').spotDate);
    const d3 = dates('3M').deliveryDate;
    const f = forwardAt(ctx, d3);
    expect(f.from).toBe('points');
    expect(f.pips).toBe(-352);
    expect(f.forward).toBeCloseTo(7.1182 - 0.0352, 14);
  });
  it('a broken date is linear in days between the quoted value dates; ON/TN dates lie before spot', () => {
    const a = dates('2M').deliveryDate, b = dates('3M').deliveryDate;
    const mid = new Date(Date.parse(a) + 86_400_000 * 10).toISOString().slice(0, 10);
    const span = (Date.parse(b) - Date.parse(a)) / 86_400_000;
    expect(forwardAt(ctx, mid).pips).toBeCloseTo(-236 + ((-352 + 236) * 10) / span, 12);
    expect(forwardAt(ctx, TRADE_DATE).pips).toBeCloseTo(-(-4.1 + -4.3), 12); // T: -(ON + TN), the two short swaps undone
  });
  it('beyond the last quote the forward is parity on the deposit curves, and says so', () => {
    const far = dates('2Y').deliveryDate;
    const f = forwardAt(ctx, far);
    expect(f.from).toBe('parity');
    const n = (Date.parse(far) - Date.parse(ctx.spotDate)) / 86_400_000;
    expect(f.forward).toBeCloseTo(7.1182 * (1 + 0.0166 * n / 365) / (1 + 0.041 * n / 360), 12);
  });
  it('offshore CNH has its own points and spot on the CNY calendars', () => {
    const cnh = fxContext(USDCNH_MARKET);
    expect(cnh.spotDate).toBe(ctx.spotDate);
    expect(forwardAt(cnh, dates('3M').deliveryDate).forward).toBeCloseTo(7.1235 - 0.0352 * 1.08, 12);
  });
  it('a typed spot keeps the market points', () => {
    const d3 = dates('3M').deliveryDate;
    expect(forwardAt(withSpot(ctx, 7.2), d3).forward).toBeCloseTo(7.2 - 0.0352, 14);
  });
});

describe('rates derived from the points, one day count per currency', () => {
  const d3 = dates('3M').deliveryDate;
  it('discount factors are simple on each currency basis (CNY ACT/365F, USD ACT/360) from the trade date', () => {
    const days = (Date.parse(d3) - Date.parse(TRADE_DATE)) / 86_400_000;
    expect(discountFactor(ctx, 'quote', d3)).toBeCloseTo(1 / (1 + 0.0155 * days / 365), 15);
    expect(discountFactor(ctx, 'base', d3)).toBeCloseTo(1 / (1 + 0.0402 * days / 360), 15);
  });
  it('continuous rates reproduce the forward and the quote discount factor exactly', () => {
    const r = continuousRates(ctx, d3);
    const tD = yearsFrom(ctx, d3), tS = yearsFrom(ctx, ctx.spotDate);
    expect(ctx.spot * Math.exp((r.rd - r.rf) * (tD - tS)) / r.forward - 1).toBeLessThan(1e-14);
    expect(Math.exp(-r.rd * tD)).toBeCloseTo(discountFactor(ctx, 'quote', d3), 15);
  });
  it('implied yields are money-market parity: each one with the other deposit gives back the forward', () => {
    const y = impliedYieldsTo(ctx, d3);
    const tauD = y.days / 365, tauF = y.days / 360;
    expect(forwardFromMoneyMarket(ctx.spot, y.impliedQuote!, tauD, y.baseRate!, tauF)).toBeCloseTo(y.forward, 13);
    expect(forwardFromMoneyMarket(ctx.spot, y.quoteRate!, tauD, y.impliedBase!, tauF)).toBeCloseTo(y.forward, 13);
    // The points say CNY yields more than its deposit here: the implied CNY yield is not the deposit rate.
    expect(Math.abs(y.impliedQuote! - y.quoteRate!)).toBeGreaterThan(1e-4);
  });
});

describe('an option on the context', () => {
  it('Black-Scholes with the equivalent rates is the discounted Black price on the market forward', () => {
    const r = dates('3M');
    const v = vanillaTerms(ctx, r.expiryDate!, r.deliveryDate);
    expect(deliveryOfExpiry('USDCNY', r.expiryDate!)).toBe(r.deliveryDate);
    const K = 7.05, vol = 0.045;
    const sd = vol * Math.sqrt(v.tExpiry);
    const d1 = Math.log(v.forward / K) / sd + sd / 2;
    const black = v.discount * (v.forward * normCdf(d1) - K * normCdf(d1 - sd));
    const bs = blackScholesPrice('call', ctx.spot, K, v.bsRates.t, v.bsRates.rd, v.bsRates.rf, vol);
    expect(Math.abs(bs / black - 1)).toBeLessThan(1e-12);
    expect(v.forward).toBeCloseTo(7.1182 - 0.0352, 14);
    expect(v.discount).toBeCloseTo(Math.exp(-v.rd * (v.tDelivery - v.tSpot)), 15);
  });
  it('refuses an expiry on or before the trade date', () => {
    expect(() => vanillaTerms(ctx, TRADE_DATE, ctx.spotDate)).toThrow(/expiry/);
  });
});
