// The calculator's model against the engine it calls: inputs -> OPTIONCALC request ->
// runCalcRequest (what OptPricingSvr and the offline worker run) -> what the screen shows.
import { describe, expect, it } from 'vitest';
import type { FxMarketReply } from '../../kit/market-data';
import { fxDatesFor } from '../../pricing-core/dates/calendars';
import { runCalcRequest } from '../../pricing-core/engines/fx-option-calculator/request';
import { fixingDates, marketFigures, optionDates, prepare, presetsFor, read, smilesOf, type PriceInput } from './model';
import { DEFAULT_CONVENTIONS, DEFAULT_INPUTS, Inputs, type Inputs as InputsT } from './state';
import { normCdf as N } from '../../pricing-core/math/normal';

const TODAY = '2026-11-24';
const obs = (id: string, value: number, tenor?: string) => ({
  id, value, date: '2026-11-20', asOf: '2026-11-20', source: 'sample snapshot', sourceKind: 'sample' as const, ...(tenor ? { tenor } : {}),
});
const curve = (ccy: string, xs: Array<[string, number]>) => xs.map(([tenor, v]) => obs(`depo.${ccy}.${tenor}`, v, tenor));
const TENORS = ['1W', '1M', '3M', '6M', '1Y'];
const MARKET = {
  pair: 'USDCNY', asOf: TODAY, offline: false, pipFactor: 1e-4, forwardPoints: [],
  spot: obs('fx.USDCNY', 7.118),
  deposits: {
    USD: curve('USD', [['1W', 3.62], ['1M', 3.6], ['3M', 3.55], ['6M', 3.5], ['1Y', 3.4]]),
    CNY: curve('CNY', [['1W', 1.48], ['1M', 1.52], ['3M', 1.57], ['6M', 1.6], ['1Y', 1.63]]),
  },
  surface: {
    id: 'vol.USDCNY', tenors: TENORS, quotes: ['ATM', 'RR25', 'BF25', 'RR10', 'BF10'],
    values: [[3.1, 0.15, 0.088, 0.277, 0.273], [3.45, 0.35, 0.12, 0.648, 0.372], [3.75, 0.572, 0.156, 1.058, 0.482], [3.95, 0.711, 0.178, 1.315, 0.551], [4.25, 0.85, 0.2, 1.573, 0.62]],
    dates: [], points: [obs('vol.USDCNY.1W.ATM', 3.1)],
  },
} as unknown as FxMarketReply;

const input = (patch: Partial<InputsT> = {}, market: FxMarketReply | null = MARKET): PriceInput => ({
  inputs: { ...DEFAULT_INPUTS, ...patch }, conventions: DEFAULT_CONVENTIONS, market, today: TODAY,
});

function price(p: PriceInput) {
  const prep = prepare(p);
  if (!('call' in prep)) throw new Error(`invalid: ${JSON.stringify(prep.invalid)}`);
  return read(runCalcRequest(prep.call.content));
}


describe('optionCalculator model', () => {
  it('resolves a tenor on both calendars as the FX date rules do', () => {
    const d = optionDates('USDCNY', TODAY, { kind: 'tenor', tenor: '3M' });
    const ref = fxDatesFor('USDCNY', TODAY, '3M', { beyondCoverage: 'projected' });
    expect(d).toMatchObject({ spotDate: ref.spotDate, expiryDate: ref.expiryDate, deliveryDate: ref.deliveryDate });
    expect(optionDates('USDCNY', TODAY, { kind: 'date', date: '2026-01-01' })).toEqual({ error: 'errors.expiryPast' });
  });

  it('prices a USD/CNY 3M call from the market: Garman-Kohlhagen with spot lag on the fields shown', () => {
    const s = price(input());
    const leg = s.result.legs[0];
    const d = optionDates('USDCNY', TODAY, { kind: 'tenor', tenor: '3M' }) as { spotDate: string; expiryDate: string; deliveryDate: string };
    expect([s.expiryDate, s.deliveryDate, s.spotDate]).toEqual([d.expiryDate, d.deliveryDate, d.spotDate]);
    const f = marketFigures('USDCNY', MARKET, TODAY, d.deliveryDate);
    expect(leg.rd).toBeCloseTo(f.rd! / 100, 15);
    expect(leg.rf).toBeCloseTo(f.rf! / 100, 15);
    expect(leg.volSource).toBe('surface');
    // Independent: PV = e^{-rd tD} [F N(d1) - K N(d2)], premium paid at the spot date: x e^{rd tS}.
    const yf = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000 / 365;
    const tS = yf(TODAY, d.spotDate), tE = yf(TODAY, d.expiryDate), tD = yf(TODAY, d.deliveryDate);
    const F = 7.118 * Math.exp((leg.rd - leg.rf) * (tD - tS));
    const sd = leg.vol * Math.sqrt(tE), K = leg.strike!;
    const d1 = Math.log(F / K) / sd + sd / 2;
    const pv = Math.exp(-leg.rd * tD) * (F * N(d1) - K * N(d1 - sd)) * Math.exp(leg.rd * tS);
    expect(Math.abs(s.premium / 1e6 - pv)).toBeLessThan(1e-10 * pv);
    expect(s.forward).toBeCloseTo(F, 12);
    expect(s.premiumPct).toBeCloseTo((100 * s.premium) / (1e6 * 7.118), 12);
    expect(s.delta).toBeGreaterThan(0);
    expect(s.vega).toBeGreaterThan(0);
    expect(s.curves?.spot.length).toBe(81);
    expect(s.smiles.length).toBe(1);
  });

  it('each single-leg preset round-trips the priced strike or volatility', () => {
    const K = 7.15;
    const base = price(input({ strike: K, vol: 4 }));
    const leg = base.result.legs[0];
    const sfp = price(input({ preset: 'StrikeFromPremium', vol: 4, targetPremium: base.premium, premiumType: 'Amt' }));
    expect(sfp.result.solved?.values[0]).toBeCloseTo(K, 9);
    const pct = price(input({ preset: 'StrikeFromPremium', vol: 4, targetPremium: leg.premium.quotePct * 100, premiumType: 'Pct' }));
    expect(pct.result.solved?.values[0]).toBeCloseTo(K, 9);
    const pips = price(input({ preset: 'StrikeFromPremium', vol: 4, targetPremium: leg.premium.quotePips, premiumType: 'Pips' }));
    expect(pips.result.solved?.values[0]).toBeCloseTo(K, 9);
    const vfp = price(input({ preset: 'VolFromPremium', strike: K, targetPremium: base.premium }));
    expect(vfp.result.solved?.values[0]).toBeCloseTo(0.04, 10);
    const sfd = price(input({ preset: 'StrikeFromDelta', vol: 4, targetDelta: leg.normalised.delta * 100, deltaType: 'Pct' }));
    expect(sfd.result.solved?.values[0]).toBeCloseTo(K, 9);
    const amt = price(input({ preset: 'StrikeFromDelta', vol: 4, targetDelta: base.delta, deltaType: 'Amt' }));
    expect(amt.result.solved?.values[0]).toBeCloseTo(K, 9);
    const fwd = price(input({ preset: 'StrikeFromDelta', vol: 4, targetDelta: leg.normalised.forwardDelta * 100, deltaField: 'ForwardDelta' }));
    expect(fwd.result.solved?.values[0]).toBeCloseTo(K, 9);
    const vfd = price(input({ preset: 'VolFromDelta', strike: K, targetDelta: leg.normalised.delta * 100 }));
    expect(vfd.result.solved?.values[0]).toBeCloseTo(0.04, 9);
  });

  it('a premium no strike gives is the SPEC inverse failure, never a number', () => {
    const prep = prepare(input({ preset: 'StrikeFromPremium', vol: 4, targetPremium: 1e9 }));
    expect('call' in prep).toBe(true);
    expect(() => runCalcRequest((prep as { call: { content: unknown } }).call.content)).toThrow(/inverse result cannot be obtained/);
  });

  it('a zero-cost risk reversal (PP, Strike preset) solves the put strike', () => {
    const s = price(input({ instrument: 'PP', strategy: 'riskReversal', preset: 'Strike', targetPremium: null }));
    expect(s.result.legs).toHaveLength(2);
    expect(s.result.solved?.field).toBe('Strikes');
    expect(Math.abs(s.result.total.premium.quoteAmount)).toBeLessThan(1e-6);
    const again = price(input({ instrument: 'PP', strategy: 'riskReversal', strikes: [s.result.legs[0].strike!, s.result.solved!.values[0]] }));
    expect(Math.abs(again.premium)).toBeLessThan(1e-4);
  });

  it('custom legs and average-rate legs price; totals add the signed legs', () => {
    const s = price(input({ instrument: 'CU', legs: [
      { direction: 'buy', type: 'call', instrument: 'VA', strike: 7.1, notional: null, vol: null },
      { direction: 'sell', type: 'call', instrument: 'AR', strike: 7.2, notional: 500_000, vol: 4 },
    ] }));
    expect(s.result.legs.map((l) => l.instrument)).toEqual(['VA', 'AR']);
    expect(s.result.total.premium.quoteAmount).toBeCloseTo(s.result.legs[0].netPremium.quoteAmount + s.result.legs[1].netPremium.quoteAmount, 6);
    expect(s.result.total.greeks.delta).toBeCloseTo(s.result.legs[0].greeks.delta + s.result.legs[1].greeks.delta, 6);
  });

  it('average-rate (AR) and average-strike (AS) options price with weekly fixings; one fixing at expiry is the vanilla', () => {
    const va = price(input({ strike: 7.1, vol: 4 }));
    const ar = price(input({ instrument: 'AR', strike: 7.1, vol: 4 }));
    const as = price(input({ instrument: 'AS', vol: 4 }));
    expect(ar.result.legs[0].instrument).toBe('AR');
    expect(ar.premium).toBeGreaterThan(0);
    expect(ar.premium).toBeLessThan(va.premium); // averaging lowers the variance
    expect(as.result.legs[0].strike).toBeUndefined();
    expect(as.premium).toBeGreaterThan(0);
    const vfp = price(input({ instrument: 'AR', preset: 'VolFromPremium', strike: 7.1, targetPremium: ar.premium }));
    expect(vfp.result.solved?.values[0]).toBeCloseTo(0.04, 9);
  });

  it('offshore CNH settles on the CNY calendar and reads the CNH deposit curve', () => {
    const cnh = { ...MARKET, pair: 'USDCNH', deposits: { USD: MARKET.deposits.USD, CNH: MARKET.deposits.CNY } } as FxMarketReply;
    const s = price({ ...input({ pair: 'USDCNH' }, cnh) });
    const ref = optionDates('USDCNY', TODAY, { kind: 'tenor', tenor: '3M' }) as { expiryDate: string };
    expect(s.expiryDate).toBe(ref.expiryDate);
    expect(s.premium).toBeCloseTo(price(input()).premium, 9);
  });

  it('says what is missing instead of pricing', () => {
    expect(prepare(input({}, null))).toEqual({ invalid: { key: 'optionCalculator:errors.noSpot', values: { pair: 'USDCNY' } } });
    expect(prepare(input({ notional: null }))).toEqual({ invalid: { key: 'optionCalculator:errors.notional' } });
    expect(prepare(input({ preset: 'StrikeFromPremium', targetPremium: null }))).toEqual({ invalid: { key: 'optionCalculator:errors.targetPremium' } });
    const noSurface = { ...MARKET, surface: null } as FxMarketReply;
    expect(prepare(input({}, noSurface))).toMatchObject({ invalid: { key: 'optionCalculator:errors.noVol' } });
    expect('call' in prepare(input({ vol: 5 }, noSurface))).toBe(true);
    expect(prepare(input({ spot: 7.2 }, { ...MARKET, spot: null } as FxMarketReply))).toHaveProperty('call');
  });

  it('surface smiles sit at each tenor\'s expiry date; presets follow the SPEC table; fixings are business days', () => {
    const sm = smilesOf('USDCNY', TODAY, MARKET);
    expect(sm.map((x) => x.expiryDate)).toEqual(TENORS.map((t) => fxDatesFor('USDCNY', TODAY, t, { beyondCoverage: 'projected' }).expiryDate));
    expect(sm[2].atm).toBe(0.0375);
    expect(sm[2].rr25).toBeCloseTo(0.00572, 15);
    expect(presetsFor('VA')).toEqual(['Premium', 'StrikeFromPremium', 'VolFromPremium', 'StrikeFromDelta', 'VolFromDelta']);
    expect(presetsFor('PP')).toEqual(['Premium', 'Strike']);
    expect(presetsFor('AS')).toEqual(['Premium', 'VolFromPremium']);
    const fx = fixingDates('USDCNY', TODAY, '2027-02-24', 'weekly');
    expect(fx[fx.length - 1]).toBe('2027-02-24');
    expect(fx.length).toBeGreaterThan(10);
    expect(fx.every((d) => d > TODAY && ![0, 6].includes(new Date(d).getUTCDay()))).toBe(true);
    expect(Inputs.safeParse(DEFAULT_INPUTS).success).toBe(true);
  });
});
