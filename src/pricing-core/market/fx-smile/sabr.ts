// SABR smile (Hagan, Kumar, Lesniewski, Woodward 2002, lognormal implied-vol expansion) and
// its calibration to smile pillars with beta fixed: alpha, rho, nu by Nelder-Mead on
// alpha = e^a, rho = tanh(r), nu = e^n (so the constraints always hold).
import { nelderMead } from '../../math/nelder-mead';
import type { Pillar } from './fx-smile';

export interface SabrParams {
  alpha: number;
  beta: number;
  rho: number;
  nu: number;
}

export function sabrVol(p: SabrParams, forward: number, strike: number, t: number): number {
  const { alpha, beta, rho, nu } = p;
  const omb = 1 - beta;
  const lnFK = Math.log(forward / strike);
  const fkPow = Math.pow(forward * strike, 0.5 * omb);
  const z = (nu / alpha) * fkPow * lnFK;
  let zOverX: number;
  if (Math.abs(z) < 1e-6) {
    zOverX = 1 - 0.5 * rho * z + ((2 - 3 * rho * rho) * z * z) / 12;
  } else {
    const x = Math.log((Math.sqrt(1 - 2 * rho * z + z * z) + z - rho) / (1 - rho));
    zOverX = z / x;
  }
  const l2 = lnFK * lnFK;
  const denom = fkPow * (1 + (omb * omb * l2) / 24 + (omb ** 4 * l2 * l2) / 1920);
  const correction = 1 + ((omb * omb * alpha * alpha) / (24 * fkPow * fkPow) + (rho * beta * nu * alpha) / (4 * fkPow) + ((2 - 3 * rho * rho) * nu * nu) / 24) * t;
  return (alpha / denom) * zOverX * correction;
}

/** Least-squares SABR fit to the pillars (exact for three pillars when attainable). */
export function calibrateSabr(pillars: readonly Pillar[], forward: number, t: number, beta = 1): SabrParams & { rmse: number } {
  const atm = pillars.reduce((best, p) => (Math.abs(Math.log(p.strike / forward)) < Math.abs(Math.log(best.strike / forward)) ? p : best));
  const params = (x: number[]): SabrParams => ({ alpha: Math.exp(x[0]), beta, rho: Math.tanh(x[1]), nu: Math.exp(x[2]) });
  const err = (x: number[]) => {
    const p = params(x);
    let s = 0;
    for (const q of pillars) { const e = sabrVol(p, forward, q.strike, t) - q.vol; s += e * e; }
    return Number.isFinite(s) ? s : 1e10;
  };
  let x = [Math.log(atm.vol * Math.pow(forward, 1 - beta)), 0, Math.log(0.5)];
  let best = { x, f: err(x) };
  // restarts shake the simplex out of flat regions
  for (let round = 0; round < 4; round++) {
    best = nelderMead(err, best.x, { step: round === 0 ? 0.3 : 0.05, fTol: 1e-26, maxIter: 4000 });
    x = best.x;
  }
  return { ...params(best.x), rmse: Math.sqrt(best.f / pillars.length) };
}
