// Agent FX structured forwards as packages of vanilla and barrier legs, priced leg by leg on a
// volatility surface (each leg at the surface vol of its own strike), with the zero-cost
// strike solved by Brent. `side` is the client's: 'buy' = the client buys the base currency
// at expiry (an importer hedging a rise), 'sell' = mirror image.
import { amountOf, type Currency } from '../../core/currency';
import { PricingError } from '../../core/types';
import { brentRoot } from '../../math/brent';
import { blackScholesPrice } from '../black/black-scholes';
import { barrierPrice, discreteMonitoringBarrier } from '../barrier/reiner-rubinstein';
import { barrierOption, europeanOption, type BarrierType } from '../../instruments/options';
import type { PackageLeg, StructuredForward } from '../../instruments/structured-forward';
import type { VolSurface } from '../../market/fx-smile/vol-surface';

export type Side = 'buy' | 'sell';

export interface PackageMarket {
  spot: number;
  rd: number;
  rf: number;
  surface: VolSurface;
}

export interface PackageTerms {
  side: Side;
  expiry: number;
  /** base-currency notional */
  notional: number;
  currency: Currency;
}

// The client's protection is a call when buying, a put when selling; what they give up is the other.
const protect = (s: Side) => (s === 'buy' ? 'call' : 'put');
const giveUp = (s: Side) => (s === 'buy' ? 'put' : 'call');

function vanilla(t: PackageTerms, type: 'call' | 'put', strike: number, quantity: number): PackageLeg {
  return { option: europeanOption(type, strike, t.expiry, amountOf(t.currency, t.notional)), quantity };
}

/** Range forward (collar): protected beyond `protectStrike`, gives up beyond `giveUpStrike`. */
export function rangeForward(t: PackageTerms, protectStrike: number, giveUpStrike: number): StructuredForward {
  return { kind: 'structuredForward', name: 'range forward', legs: [vanilla(t, protect(t.side), protectStrike, 1), vanilla(t, giveUp(t.side), giveUpStrike, -1)] };
}

/** Participating forward: full protection at `strike`, gives up a fraction `participation` of the favourable move. */
export function participatingForward(t: PackageTerms, strike: number, participation: number): StructuredForward {
  if (!(participation >= 0 && participation <= 1)) throw new PricingError('participation must be in [0, 1]');
  return { kind: 'structuredForward', name: 'participating forward', legs: [vanilla(t, protect(t.side), strike, 1), vanilla(t, giveUp(t.side), strike, -participation)] };
}

/** Ratio forward with leverage: protection at `strike` on 1 notional, obligation on `leverage` notionals. */
export function ratioForward(t: PackageTerms, strike: number, leverage: number): StructuredForward {
  if (!(leverage >= 1)) throw new PricingError('leverage must be >= 1');
  return { kind: 'structuredForward', name: 'ratio forward', legs: [vanilla(t, protect(t.side), strike, 1), vanilla(t, giveUp(t.side), strike, -leverage)] };
}

/** Capped forward: a forward at `strike` whose protection stops at `cap` (the client sells the cap option). */
export function cappedForward(t: PackageTerms, strike: number, cap: number): StructuredForward {
  return {
    kind: 'structuredForward', name: 'capped forward',
    legs: [vanilla(t, protect(t.side), strike, 1), vanilla(t, giveUp(t.side), strike, -1), vanilla(t, protect(t.side), cap, -1)],
  };
}

/** Floor (guarantee): bought protection alone; costs its premium (the zero-cost solve does not apply). */
export function floorGuarantee(t: PackageTerms, strike: number): StructuredForward {
  return { kind: 'structuredForward', name: 'floor', legs: [vanilla(t, protect(t.side), strike, 1)] };
}

/**
 * Seagull: protection spread between `protectStrike` and `capStrike` funded by giving up
 * beyond `giveUpStrike`.
 */
export function seagull(t: PackageTerms, giveUpStrike: number, protectStrike: number, capStrike: number): StructuredForward {
  return {
    kind: 'structuredForward', name: 'seagull',
    legs: [vanilla(t, giveUp(t.side), giveUpStrike, -1), vanilla(t, protect(t.side), protectStrike, 1), vanilla(t, protect(t.side), capStrike, -1)],
  };
}

/**
 * Eagle: a seagull whose obligation is capped too: protection spread [protectStrike,
 * capStrike] funded by a give-up spread between `giveUpStrike` and `giveUpLimit` (the
 * client's loss on the favourable side stops at the limit).
 */
export function eagle(t: PackageTerms, giveUpLimit: number, giveUpStrike: number, protectStrike: number, capStrike: number): StructuredForward {
  return {
    kind: 'structuredForward', name: 'eagle',
    legs: [
      vanilla(t, giveUp(t.side), giveUpLimit, 1), vanilla(t, giveUp(t.side), giveUpStrike, -1),
      vanilla(t, protect(t.side), protectStrike, 1), vanilla(t, protect(t.side), capStrike, -1),
    ],
  };
}

/**
 * Forward extra (knock-in forward): protection at `strike`; the obligation leg only exists
 * if the spot trades through `barrier` on the favourable side.
 */
export function knockInForward(t: PackageTerms, strike: number, barrier: number): StructuredForward {
  const obligation = giveUp(t.side);
  const barrierType: BarrierType = obligation === 'put' ? 'downIn' : 'upIn';
  return {
    kind: 'structuredForward', name: 'knock-in forward',
    legs: [vanilla(t, protect(t.side), strike, 1), { option: barrierOption(obligation, strike, t.expiry, barrierType, barrier, 0, amountOf(t.currency, t.notional)), quantity: -1 }],
  };
}

export interface PackageValue {
  /** value to the client, in the quote currency, for the whole notional */
  npv: number;
  legs: number[];
}

export function priceStructure(s: StructuredForward, m: PackageMarket): PackageValue {
  const legs = s.legs.map(({ option: o, quantity }) => {
    const vol = m.surface.vol(o.expiry, o.strike);
    const unit = o.kind === 'european'
      ? blackScholesPrice(o.type, m.spot, o.strike, o.expiry, m.rd, m.rf, vol)
      : barrierPrice({
        type: o.type, barrierType: o.barrierType, spot: m.spot, strike: o.strike, rebate: o.rebate, t: o.expiry, rd: m.rd, rf: m.rf, vol,
        barrier: o.monitoringInterval ? discreteMonitoringBarrier(o.barrier, o.barrierType, vol, o.monitoringInterval) : o.barrier,
      });
    return quantity * unit * o.notional.amount;
  });
  return { npv: legs.reduce((a, b) => a + b, 0), legs };
}

/**
 * The parameter (usually a strike) in [lo, hi] that makes the package worth zero; `build`
 * maps it to the package.
 */
export function solveZeroCost(build: (x: number) => StructuredForward, m: PackageMarket, lo: number, hi: number): number {
  const f = (x: number) => priceStructure(build(x), m).npv;
  if (f(lo) * f(hi) > 0) throw new PricingError('no zero-cost solution in the given range');
  return brentRoot(f, lo, hi, { xTol: 1e-12 * Math.max(Math.abs(lo), Math.abs(hi)) });
}
