// FX volatility surface: smiles per expiry, interpolated in time linearly in total variance
// sigma^2 t at fixed strike, flat in vol before the first and after the last expiry.
import { PricingError } from '../../core/types';
import type { FxSmile } from './fx-smile';

export interface VolSurface {
  vol(t: number, strike: number): number;
}

export function fxVolSurface(smiles: readonly FxSmile[]): VolSurface {
  const s = [...smiles].sort((a, b) => a.t - b.t);
  if (s.length === 0) throw new PricingError('a surface needs at least one smile');
  return {
    vol(t: number, strike: number): number {
      if (t <= s[0].t) return s[0].vol(strike);
      const last = s[s.length - 1];
      if (t >= last.t) return last.vol(strike);
      let i = 1;
      while (s[i].t < t) i++;
      const a = s[i - 1], b = s[i];
      const wa = a.vol(strike) ** 2 * a.t, wb = b.vol(strike) ** 2 * b.t;
      const w = wa + ((wb - wa) * (t - a.t)) / (b.t - a.t);
      if (!(w > 0)) throw new PricingError('total variance is not positive');
      return Math.sqrt(w / t);
    },
  };
}

/** A flat surface, for callers with a single volatility. */
export function flatVolSurface(vol: number): VolSurface {
  return { vol: () => vol };
}
