// Rolling z-score and EWMA volatility (PRICING-CLI `zScore`, `ewmaVol`).
import { PricingError } from '../core/types';
import { isConstant, mean, sampleStd } from './stats';

export function zScore(x: ArrayLike<number>, window?: number) {
  const n = x.length;
  if (n < 2) throw new PricingError('zScore needs at least 2 values');
  const w = window ?? n;
  if (w < 2 || w > n) throw new PricingError(`window must be between 2 and ${n}`);
  if (isConstant(x, n - w, n)) throw new PricingError('the last window is constant: no z-score');
  const zScores = new Array<number | null>(n).fill(null);
  // Each window's mean and std directly (PRICING-CLI: not by running sums, which drift).
  for (let i = w - 1; i < n; i++) {
    const from = i - w + 1;
    if (isConstant(x, from, i + 1)) continue;
    const m = mean(x, from, i + 1);
    zScores[i] = (x[i] - m) / sampleStd(x, from, i + 1, m);
  }
  const m = mean(x, n - w, n);
  const s = sampleStd(x, n - w, n, m);
  const last = x[n - 1];
  let below = 0;
  for (let i = n - w; i < n; i++) if (x[i] <= last) below++;
  return { zScore: (last - m) / s, mean: m, std: s, percentileRank: below / w, zScores };
}

/** Zero-mean EWMA with weights normalised over the returns seen so far (pandas adjust=True). */
export function ewmaVol(r: ArrayLike<number>, lambda = 0.94, periodsPerYear = 252) {
  const n = r.length;
  if (n < 1) throw new PricingError('returns must not be empty');
  if (!(lambda > 0 && lambda < 1)) throw new PricingError('lambda must be in (0, 1)');
  if (!(periodsPerYear > 0)) throw new PricingError('periodsPerYear must be > 0');
  // sigma_t^2 = num_t / den_t with num_t = lambda num_{t-1} + r_t^2, den_t = lambda den_{t-1} + 1.
  const vols = new Array<number>(n);
  let num = 0, den = 0;
  for (let t = 0; t < n; t++) {
    num = lambda * num + r[t] * r[t];
    den = lambda * den + 1;
    vols[t] = Math.sqrt(num / den);
  }
  const vol = vols[n - 1];
  return { vol, annualVol: vol * Math.sqrt(periodsPerYear), vols };
}
