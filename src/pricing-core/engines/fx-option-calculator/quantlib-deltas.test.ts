// The calculator's FX delta conventions, strikes from delta and ATM strikes against
// QuantLib's BlackDeltaCalculator, with the FX dates mapped the way QuantLib takes them:
// spot for value on the spot date, domestic and foreign discount factors from the spot date
// to delivery, standard deviation vol sqrt(time to expiry).
import { describe, it } from 'vitest';
import fc from 'fast-check';
import * as ql from '@quantlib/ql';
import { expectClose } from '../../testing/tolerance';
import { buildCalcMarket, DEFAULT_CONVENTIONS, runOptionCalculator, type CalcLeg } from './index';

const DT = ql.DeltaVolQuote.DeltaType;
const arb = fc.record({
  type: fc.constantFrom<'call' | 'put'>('call', 'put'),
  spot: fc.double({ min: 0.5, max: 150, noNaN: true }),
  rd: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
  rf: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
  vol: fc.double({ min: 0.03, max: 0.5, noNaN: true }),
  tE: fc.double({ min: 0.02, max: 3, noNaN: true }),
  x: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
});

describe('FX deltas and strikes against QuantLib BlackDeltaCalculator', () => {
  it('the four deltas, strike from delta in each convention, and the ATM strikes', () => {
    fc.assert(fc.property(arb, (a) => {
      const tS = 2 / 365, tD = a.tE + 2 / 365;
      const m = buildCalcMarket({ spot: a.spot, rd: a.rd, rf: a.rf, tSpot: tS, tPremium: tS, vol: a.vol });
      const dd = Math.exp(-a.rd * (tD - tS)), df = Math.exp(-a.rf * (tD - tS));
      const fwd = (a.spot * df) / dd;
      const k = fwd * Math.exp(a.x);
      const ot = a.type === 'call' ? ql.Option.Type.Call : ql.Option.Type.Put;
      const calc = new ql.BlackDeltaCalculator(ot, DT.Spot, a.spot, dd, df, a.vol * Math.sqrt(a.tE));
      const leg: CalcLeg = { direction: 'buy', type: a.type, instrument: 'VA', strike: { kind: 'price', value: k }, notional: 1, notionalCurrency: 'base', tExpiry: a.tE, tDelivery: tD };
      const n = runOptionCalculator({ instrument: 'VA', preset: 'Premium', market: m, legs: [leg], conventions: DEFAULT_CONVENTIONS }).legs[0].normalised;
      const pairs: [ql.DeltaVolQuote.DeltaType, number, boolean, 'Delta' | 'ForwardDelta'][] = [
        [DT.Spot, n.delta, false, 'Delta'], [DT.Fwd, n.forwardDelta, false, 'ForwardDelta'],
        [DT.PaSpot, n.deltaPremiumAdjusted, true, 'Delta'], [DT.PaFwd, n.forwardDeltaPremiumAdjusted, true, 'ForwardDelta'],
      ];
      for (const [dt, ours, pa, field] of pairs) {
        calc.setDeltaType(dt);
        expectClose(ours, calc.deltaFromStrike(k), 1e-10, 1e-14, `delta ${dt}`);
        // strike from that delta (premium-adjusted calls: QuantLib and we take the right branch);
        // deltas within 1e-3 of 0 or 1 pin no strike in double precision
        if (!(Math.abs(ours) > 1e-3 && Math.abs(ours) < 0.999)) continue;
        const conv = { ...DEFAULT_CONVENTIONS, premiumAdjusted: pa };
        const r = runOptionCalculator({
          instrument: 'VA', preset: 'StrikeFromDelta', market: m, legs: [{ ...leg, strike: undefined }], conventions: conv,
          target: { field, type: 'Pct', value: Math.abs(ours) },
        });
        expectClose(r.solved!.values[0], calc.strikeFromDelta(ours), 1e-9, 0, `strike ${dt}`);
      }
      for (const [dt, atm] of [[DT.Spot, 'deltaNeutral'], [DT.PaSpot, 'deltaNeutralPremiumAdjusted']] as const) {
        calc.setDeltaType(dt);
        const r = runOptionCalculator({ instrument: 'VA', preset: 'Premium', market: m, legs: [{ ...leg, strike: { kind: 'atm', convention: atm } }], conventions: DEFAULT_CONVENTIONS });
        expectClose(r.legs[0].strike!, calc.atmStrike(ql.DeltaVolQuote.AtmType.AtmDeltaNeutral), 1e-12, 0, `ATM ${atm}`);
      }
      expectClose(runOptionCalculator({ instrument: 'VA', preset: 'Premium', market: m, legs: [{ ...leg, strike: { kind: 'atm', convention: 'forward' } }], conventions: DEFAULT_CONVENTIONS }).legs[0].strike!,
        calc.atmStrike(ql.DeltaVolQuote.AtmType.AtmFwd), 1e-13, 0, 'ATM forward');
    }), { numRuns: 200, seed: 20260306 });
  });
});
