// Issue 20 section 1: one forward for the whole desk. The same USD/CNY 3M call, 10M notional,
// on one market snapshot, priced through each screen's own model path (the option
// calculator's OPTIONCALC request, bulk pricing's worker batch and its BULKFX rows, the trade
// ledger's FXLEDGER, the forward swap calculator's FXSWAP and the parity screen's implied
// yields) gives one forward and one premium, to 1e-9 relative.
import { describe, expect, it } from 'vitest';
import type { FxMarketReply } from '../market-data';
import type { Observation } from '../market-data/series';
import { marketPlan } from '../../tools/structuredProducts/market';
import { marketAt } from '../../tools/structuredProducts/pricing';
import { answerLocally } from '../pricing/offline-core';
import { allocateVanillaOutputs, priceVanillaBatch } from '../../pricing-core/batch/vanilla-batch';
import { runBulkFxRequest } from '../../pricing-core/engines/fx-bulk-pricing';
import { valueLedger } from '../../pricing-core/engines/fx-ledger';
import { normCdf } from '../../pricing-core/math/normal';
import { CNY_DEPOSITS, TRADE_DATE, USD_DEPOSITS, USDCNY_POINTS } from '../../pricing-core/market/testing/usdcny-market';
import { prepare as prepareCalc, read as readCalc } from '../../tools/optionCalculator/model';
import { DEFAULT_CONVENTIONS, DEFAULT_INPUTS as CALC_DEFAULTS } from '../../tools/optionCalculator/state';
import { bulkOutcome, bulkRow, emptyRow, pairMarket, priceBook, rowTerms } from '../../tools/bulkPricingOfForexOptions/model';
import { pairMarketOf } from '../../tools/transactionValuation/model';
import { FXSWAP_METHOD, prepare as prepareSwap } from '../../tools/forexFarSwapCalculator/model';
import { DEFAULT_INPUTS as SWAP_DEFAULTS } from '../../tools/forexFarSwapCalculator/state';
import { discountFactor, forwardAt, fxContextOf, impliedYields, marketCurves, tenorDates, vanillaTerms } from '.';

const prov = { source: 'test', sourceKind: 'sample' as const, asOf: TRADE_DATE, date: TRADE_DATE };
const points = (prefix: string, list: ReadonlyArray<{ tenor: string; value: number }>) => list.map((q) => ({ ...prov, id: `${prefix}.${q.tenor}`, tenor: q.tenor, value: q.value }));
const SPOT = 7.1182, K = 7.05, VOL = 4.5, N = 10_000_000;

/** The market bundle every screen reads (MD.FXMARKET), with a flat 4.5 % surface. */
const REPLY: FxMarketReply = {
  pair: 'USDCNY', asOf: TRADE_DATE, offline: false, spot: { ...prov, id: 'fx.USDCNY', value: SPOT }, pipFactor: 1e-4,
  forwardPoints: points('fwd.USDCNY', USDCNY_POINTS),
  deposits: { USD: points('depo.USD', USD_DEPOSITS), CNY: points('depo.CNY', CNY_DEPOSITS) },
  surface: {
    id: 'vol.USDCNY', tenors: ['1M', '3M', '6M', '1Y'], quotes: ['ATM', 'RR25', 'BF25', 'RR10', 'BF10'],
    values: [1, 2, 3, 4].map(() => [VOL, 0, 0, 0, 0]), dates: [1, 2, 3, 4].map(() => Array(5).fill(TRADE_DATE)), points: [],
  },
} as unknown as FxMarketReply;

const rel = (a: number, b: number) => Math.abs(a / b - 1);

describe('one forward and one premium on every FX screen', () => {
  const ctx = fxContextOf(REPLY, TRADE_DATE)!;
  const d3 = tenorDates(ctx, '3M');
  const expiry = d3.expiryDate!, delivery = d3.deliveryDate;
  // The reference: the context's own terms and the discounted Black price on the market forward.
  const terms = vanillaTerms(ctx, expiry, delivery);
  const sd = (VOL / 100) * Math.sqrt(terms.tExpiry);
  const d1 = Math.log(terms.forward / K) / sd + sd / 2;
  const premium = N * terms.discount * (terms.forward * normCdf(d1) - K * normCdf(d1 - sd));
  const forward = forwardAt(ctx, delivery).forward;

  it('the reference forward is spot + the market 3M points', () => {
    expect(forward).toBeCloseTo(SPOT - 0.0352, 14);
    expect(terms.forward).toBe(forward);
  });

  it('/optionCalculator (OPTIONCALC, as the server and the offline worker answer it)', () => {
    const p = prepareCalc({ inputs: { ...CALC_DEFAULTS, strike: K, vol: VOL, notional: N }, conventions: DEFAULT_CONVENTIONS, market: REPLY, today: TRADE_DATE });
    if (!('call' in p) || !p.call) throw new Error(`not priced: ${JSON.stringify(p)}`);
    const shown = readCalc(answerLocally(p.call.method, p.call.content) as Record<string, unknown>);
    expect(shown.deliveryDate).toBe(delivery);
    expect(shown.expiryDate).toBe(expiry);
    expect(rel(shown.forward, forward)).toBeLessThan(1e-9);
    expect(rel(shown.premium, premium)).toBeLessThan(1e-9);
  });

  it('/bulkPricingOfForexOptions: the worker batch and BULKFX', async () => {
    const row = { ...emptyRow(), id: 'A', notional: N, strike: K, expiry, vol: VOL };
    const res = await priceBook([row], TRADE_DATE, {
      market: async () => REPLY,
      vanilla: async (inputs) => { const out = allocateVanillaOutputs(inputs.spot.length); priceVanillaBatch(inputs, out); return out; },
      bulk: async (content) => runBulkFxRequest(content) as { rows: never[] },
    });
    const o = res.outcomes.get(0) as { npv: number; forward: number };
    expect(rel(o.forward, forward)).toBeLessThan(1e-9);
    expect(rel(o.npv, premium)).toBeLessThan(1e-9);
    const m = pairMarket(REPLY, TRADE_DATE);
    const viaBulkFx = bulkOutcome(runBulkFxRequest({ valuationDate: TRADE_DATE, markets: { USDCNY: m.spec }, rows: [bulkRow(row, 0, rowTerms(m, expiry, null).bsRates)] }).rows[0], N, SPOT) as { npv: number; forward: number };
    expect(rel(viaBulkFx.forward, forward)).toBeLessThan(1e-9);
    expect(rel(viaBulkFx.npv, premium)).toBeLessThan(1e-9);
  });

  it('/transactionValuation (FXLEDGER): the option MTM is the same premium, its market rate the same forward', () => {
    const { market } = pairMarketOf(REPLY, TRADE_DATE)!;
    const trade = { id: 'O', type: 'option', pair: 'USDCNY', direction: 'buy', notional: N, rate: K, optionType: 'call', expiry, valueDate: delivery };
    const r = valueLedger({ valuationDate: TRADE_DATE, reportingCurrency: 'CNY', markets: { USDCNY: market }, trades: [trade] }).rows[0];
    expect(r.status).toBe('valued');
    expect(r.vol!).toBeCloseTo(VOL / 100, 12); // the flat surface
    expect(rel(r.marketRate!, forward)).toBeLessThan(1e-9);
    expect(rel(r.mtm!, premium)).toBeLessThan(1e-9);
    // and a forward to the same date values at the same outright
    const fwd = valueLedger({ valuationDate: TRADE_DATE, reportingCurrency: 'CNY', markets: { USDCNY: market }, trades: [{ id: 'F', type: 'forward', pair: 'USDCNY', direction: 'buy', notional: N, rate: K, valueDate: delivery }] }).rows[0];
    expect(rel(fwd.marketRate!, forward)).toBeLessThan(1e-9);
  });

  it('/forexFarSwapCalculator (FXSWAP, from market points): the far leg is the same forward', () => {
    const p = prepareSwap({ ...SWAP_DEFAULTS, notional: N }, TRADE_DATE, marketCurves(REPLY, TRADE_DATE));
    const body = answerLocally(FXSWAP_METHOD, p.content) as unknown as { far: { rate: number }; near: { rate: number } };
    expect(p.farDate).toBe(delivery);
    expect(body.near.rate).toBe(SPOT);
    expect(rel(body.far.rate, forward)).toBeLessThan(1e-9);
  });

  it('/foreignExchangeSwap and /exchangeSpread: the implied yields come from the same forward', () => {
    const y = impliedYields(marketCurves(REPLY, TRADE_DATE)!, 'USDCNY', TRADE_DATE, '3M')!;
    expect(y.endDate).toBe(delivery);
    expect(rel(y.forward, forward)).toBeLessThan(1e-9);
  });

  it('/structuredProducts: the flat market at a maturity reproduces the same forward and the quote discount', () => {
    const plan = marketPlan({ underlying: { kind: 'fx', code: 'USDCNY', loc: {} } as never });
    if ('error' in plan) throw new Error('no plan');
    const values = new Map<string, Observation>();
    values.set('fx.USDCNY', REPLY.spot!);
    for (const o of REPLY.forwardPoints) values.set(o.id, o);
    for (const o of [...REPLY.deposits.USD, ...REPLY.deposits.CNY]) values.set(o.id, o);
    const t = (Date.parse(delivery) - Date.parse(TRADE_DATE)) / 86_400_000 / 365;
    const m = marketAt(plan, values, t, {}, { valuationDate: TRADE_DATE, maturityDate: delivery });
    expect(rel(m.inputs.spot! * Math.exp((m.inputs.rd! - m.inputs.rf!) * t), forward)).toBeLessThan(1e-9);
    expect(rel(Math.exp(-m.inputs.rd! * t), discountFactor(ctx, 'quote', delivery))).toBeLessThan(1e-12);
    // a typed domestic rate changes the discounting, not the market forward
    const typed = marketAt(plan, values, t, { rd: 0.03 }, { valuationDate: TRADE_DATE, maturityDate: delivery });
    expect(typed.sources.rd.kind).toBe('user');
    expect(rel(typed.inputs.spot! * Math.exp((typed.inputs.rd! - typed.inputs.rf!) * t), forward)).toBeLessThan(1e-9);
  });
});
