// The calculator's market: spot, flat rates, dates of spot and premium, and the volatility
// (flat, or a surface built from ATM / risk-reversal / butterfly quotes per expiry with the
// core's smile and surface code). Built once per calculation and never mutated.
import { PricingError } from '../../core/types';
import { buildFxSmile, type FxSmile } from '../../market/fx-smile/fx-smile';
import { fxVolSurface } from '../../market/fx-smile/vol-surface';
import type { AtmConvention, DeltaConvention } from '../fx/fx-conventions';
import type { CalcLeg, CalcMarket } from './types';
import type { LegEnv } from './leg-pricer';

/** One expiry's quotes as the market-data service sends them (decimals: 0.0345 = 3.45 %). */
export interface SmileQuoteInput {
  t: number;
  atm: number;
  rr25?: number;
  bf25?: number;
  rr10?: number;
  bf10?: number;
}

export interface SurfaceInput {
  smiles: readonly SmileQuoteInput[];
  /** 'smile' (default, as the market-data service quotes them) or 'broker' strangles. */
  butterflyType?: 'smile' | 'broker';
  deltaConvention?: DeltaConvention;
  atmConvention?: AtmConvention;
  interpolation?: 'vannaVolga' | 'sabr';
}

export interface MarketInput {
  spot: number;
  rd: number;
  rf: number;
  tSpot?: number;
  tPremium?: number;
  premiumRate?: number;
  pipSize?: number;
  vol?: number;
  surface?: SurfaceInput;
}

export function buildCalcMarket(m: MarketInput): CalcMarket {
  if (!(m.spot > 0 && Number.isFinite(m.spot))) throw new PricingError('spot must be a positive number');
  if (!Number.isFinite(m.rd) || !Number.isFinite(m.rf)) throw new PricingError('rates must be finite numbers');
  const tSpot = m.tSpot ?? 0;
  const tPremium = m.tPremium ?? tSpot;
  if (!(tSpot >= 0) || !(tPremium >= 0)) throw new PricingError('spot and premium dates must not be before the valuation date');
  const pipSize = m.pipSize ?? 1e-4;
  if (!(pipSize > 0)) throw new PricingError('pipSize must be positive');
  if (m.vol !== undefined && !(m.vol >= 0 && Number.isFinite(m.vol))) throw new PricingError('vol must be a non-negative number');
  let smiles: FxSmile[] | undefined;
  if (m.surface) {
    const s = m.surface;
    if (!s.smiles.length) throw new PricingError('the surface needs at least one expiry');
    smiles = s.smiles.map((q) => {
      if (!(q.t > 0) || !(q.atm > 0)) throw new PricingError('each smile needs t > 0 and a positive ATM vol');
      return buildFxSmile({
        t: q.t, spot: m.spot, rd: m.rd, rf: m.rf, atmVol: q.atm, rr25: q.rr25 ?? 0, bf25: q.bf25 ?? 0,
        rr10: q.rr10, bf10: q.bf10, butterflyType: s.butterflyType ?? 'smile',
        deltaConvention: s.deltaConvention ?? 'spot', atmConvention: s.atmConvention ?? 'deltaNeutral',
        interpolation: s.interpolation,
      });
    });
  }
  return Object.freeze({
    spot: m.spot, rd: m.rd, rf: m.rf, tSpot, tPremium, premiumRate: m.premiumRate, pipSize, vol: m.vol,
    surface: smiles ? fxVolSurface(smiles) : undefined, smiles: smiles ? Object.freeze(smiles) : undefined,
  });
}

/** The leg's rates: its own, or the market's; a given forward implies rf over [tS, tD]. */
export function legRates(leg: CalcLeg, m: CalcMarket): { rd: number; rf: number } {
  const rd = leg.rd ?? m.rd;
  if (leg.forward !== undefined) {
    if (!(leg.forward > 0)) throw new PricingError('forward must be positive');
    const tau = leg.tDelivery - m.tSpot;
    if (!(tau > 0)) throw new PricingError('a forward needs delivery after the spot date');
    return { rd, rf: rd - Math.log(leg.forward / m.spot) / tau };
  }
  return { rd, rf: leg.rf ?? m.rf };
}

export function legEnv(leg: CalcLeg, m: CalcMarket): LegEnv {
  const { rd, rf } = legRates(leg, m);
  return {
    spot: m.spot, rd, rf, tSpot: m.tSpot, tExpiry: leg.tExpiry, tDelivery: leg.tDelivery, tPremium: m.tPremium,
    premiumRate: m.premiumRate,
  };
}

/** Where a leg's vol comes from: the leg, the surface at (expiry, strike), or the flat market vol. */
export function volSourceOf(leg: CalcLeg, m: CalcMarket): 'input' | 'surface' | 'flat' {
  if (leg.vol !== undefined) return 'input';
  if (m.surface) return 'surface';
  if (m.vol !== undefined) return 'flat';
  throw new PricingError('no volatility: give vol, a surface or a leg volatility');
}

/** A leg's vol at strike k (k is ignored unless it comes from the surface). */
export function volAt(leg: CalcLeg, m: CalcMarket, k: number): number {
  if (leg.vol !== undefined) return leg.vol;
  if (m.surface) {
    const v = m.surface.vol(leg.tExpiry > 0 ? leg.tExpiry : 1e-8, k);
    if (!(v > 0 && Number.isFinite(v))) throw new PricingError('the surface gives no volatility at this strike');
    return v;
  }
  if (m.vol !== undefined) return m.vol;
  throw new PricingError('no volatility: give vol, a surface or a leg volatility');
}
