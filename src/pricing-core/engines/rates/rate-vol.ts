// The volatility input of rate options: a flat Black (optionally shifted) or normal vol, or SABR
// parameters quoted as a (shifted) Black or a normal vol at each strike. `resolveRateVol` turns
// it into the model vol for one (forward, strike, expiry).
import { PricingError } from '../../core/types';
import { type SabrParams, sabrNormalVol, sabrVol } from '../../market/sabr/sabr';
import type { RateVolType } from './rate-option-formulas';

export type RateVolInput =
  | { model: 'black'; vol: number; shift?: number }
  | { model: 'normal'; vol: number }
  /** SABR (Hagan 2002): `quote: 'black'` = the shifted-lognormal expansion, `'normal'` = the normal-vol one. */
  | { model: 'sabr'; sabr: SabrParams; shift?: number; quote: RateVolType };

export interface ResolvedRateVol { volType: RateVolType; vol: number; shift: number }

export function resolveRateVol(v: RateVolInput, forward: number, strike: number, t: number): ResolvedRateVol {
  switch (v.model) {
    case 'black': return { volType: 'black', vol: checkVol(v.vol), shift: v.shift ?? 0 };
    case 'normal': return { volType: 'normal', vol: checkVol(v.vol), shift: 0 };
    case 'sabr': {
      const shift = v.shift ?? 0;
      if (v.quote === 'black') return { volType: 'black', vol: sabrVol(v.sabr, forward, strike, t, shift), shift };
      return { volType: 'normal', vol: sabrNormalVol(v.sabr, forward, strike, t, shift), shift: 0 };
    }
  }
}

function checkVol(vol: number): number {
  if (!(vol >= 0) || !Number.isFinite(vol)) throw new PricingError('vol must be a non-negative number');
  return vol;
}
