// SABR smile (Hagan, Kumar, Lesniewski, Woodward 2002, "Managing smile risk"), shared by the FX
// smiles and the rate options:
//  - sabrVol: the lognormal (Black) implied-vol expansion, eq. (2.17a); with a shift s it is
//    applied to F + s and K + s (the shifted SABR of negative-rate markets; QuantLib's
//    shiftedSabrVolatility);
//  - sabrNormalVol: the normal (Bachelier) implied-vol expansion, eq. (B.69a) of the same paper;
//    with beta = 0 (normal SABR) it needs no shift for negative rates.
// Calibration fits alpha, rho, nu to a smile with beta fixed, by Nelder-Mead on alpha = e^a,
// rho = tanh(r), nu = e^n (so the constraints always hold), with restarts.
import { nelderMead } from '../../math/nelder-mead';

export interface SabrParams {
  alpha: number;
  beta: number;
  rho: number;
  nu: number;
}

/** z / x(z), x(z) = ln((sqrt(1 - 2 rho z + z^2) + z - rho) / (1 - rho)); a series near z = 0. */
function zOverX(z: number, rho: number): number {
  if (Math.abs(z) < 1e-6) return 1 - 0.5 * rho * z + ((2 - 3 * rho * rho) * z * z) / 12;
  return z / Math.log((Math.sqrt(1 - 2 * rho * z + z * z) + z - rho) / (1 - rho));
}

/** expm1(u) / u, 1 at u = 0. */
function e1(u: number): number {
  return Math.abs(u) < 1e-8 ? 1 + 0.5 * u : Math.expm1(u) / u;
}

/** Hagan's lognormal (Black) implied vol; `shift` displaces forward and strike. */
export function sabrVol(p: SabrParams, forward: number, strike: number, t: number, shift = 0): number {
  const { alpha, beta, rho, nu } = p;
  const f = forward + shift, k = strike + shift;
  if (!(f > 0) || !(k > 0)) throw new RangeError('SABR (lognormal): forward + shift and strike + shift must be positive');
  const omb = 1 - beta;
  const lnFK = Math.log(f / k);
  const fkPow = Math.pow(f * k, 0.5 * omb);
  const z = (nu / alpha) * fkPow * lnFK;
  const l2 = lnFK * lnFK;
  const denom = fkPow * (1 + (omb * omb * l2) / 24 + (omb ** 4 * l2 * l2) / 1920);
  const correction = 1 + ((omb * omb * alpha * alpha) / (24 * fkPow * fkPow) + (rho * beta * nu * alpha) / (4 * fkPow) + ((2 - 3 * rho * rho) * nu * nu) / 24) * t;
  return (alpha / denom) * zOverX(z, rho) * correction;
}

/**
 * Hagan's normal (Bachelier) implied vol:
 * sigma_N = alpha (1 - beta)(f - K) / (f^(1-beta) - K^(1-beta)) x zeta / x(zeta) x
 *           (1 + [-beta (2 - beta) alpha^2 / (24 fav^(2-2beta)) + rho alpha nu beta / (4 fav^(1-beta))
 *                 + (2 - 3 rho^2) nu^2 / 24] t),  zeta = (nu / alpha)(f - K) / fav^beta, fav = sqrt(f K).
 * For beta = 0 every power of f and K drops out, so any sign of f and K is allowed; otherwise
 * f + shift and K + shift must be positive.
 */
export function sabrNormalVol(p: SabrParams, forward: number, strike: number, t: number, shift = 0): number {
  const { alpha, beta, rho, nu } = p;
  if (beta === 0) {
    const zeta = (nu / alpha) * (forward - strike);
    return alpha * zOverX(zeta, rho) * (1 + ((2 - 3 * rho * rho) * nu * nu * t) / 24);
  }
  const f = forward + shift, k = strike + shift;
  if (!(f > 0) || !(k > 0)) throw new RangeError('SABR (normal, beta > 0): forward + shift and strike + shift must be positive');
  const u = Math.log(f / k);
  // (1 - beta)(f - k) / (f^(1-beta) - k^(1-beta)) = k^beta e1(u) / e1((1 - beta) u), no cancellation.
  const ratio = Math.pow(k, beta) * (e1(u) / e1((1 - beta) * u));
  const fav = Math.sqrt(f * k);
  const zeta = (nu / alpha) * (f - k) / Math.pow(fav, beta);
  const favOmb = Math.pow(fav, 1 - beta);
  const correction = 1 + ((-beta * (2 - beta) * alpha * alpha) / (24 * favOmb * favOmb) + (rho * alpha * nu * beta) / (4 * favOmb) + ((2 - 3 * rho * rho) * nu * nu) / 24) * t;
  return alpha * ratio * zOverX(zeta, rho) * correction;
}

export interface SabrCalibrationOptions {
  /** Which vols the smile quotes: lognormal (default) or normal. */
  quote?: 'black' | 'normal';
  shift?: number;
}

/** Least-squares SABR fit to smile points (exact for three points when attainable). */
export function calibrateSabr(
  points: readonly { strike: number; vol: number }[], forward: number, t: number, beta = 1, opts: SabrCalibrationOptions = {},
): SabrParams & { rmse: number } {
  if (points.length < 3) throw new RangeError('SABR calibration needs at least three smile points');
  const shift = opts.shift ?? 0;
  const quote = opts.quote ?? 'black';
  const volAt = (p: SabrParams, k: number) => (quote === 'black' ? sabrVol(p, forward, k, t, shift) : sabrNormalVol(p, forward, k, t, shift));
  const atm = points.reduce((best, p) => (Math.abs(p.strike - forward) < Math.abs(best.strike - forward) ? p : best));
  const params = (x: number[]): SabrParams => ({ alpha: Math.exp(x[0]), beta, rho: Math.tanh(x[1]), nu: Math.exp(x[2]) });
  const err = (x: number[]) => {
    const p = params(x);
    let s = 0;
    try {
      for (const q of points) { const e = volAt(p, q.strike) - q.vol; s += e * e; }
    } catch {
      return 1e10;
    }
    return Number.isFinite(s) ? s : 1e10;
  };
  // Start alpha from the ATM vol: sigma_B ~ alpha / f^(1-beta), sigma_N ~ alpha f^beta.
  const f = Math.max(forward + shift, 1e-8);
  const alpha0 = quote === 'black' ? atm.vol * Math.pow(f, 1 - beta) : beta === 0 ? atm.vol : atm.vol / Math.pow(f, beta);
  let best = { x: [Math.log(alpha0), 0, Math.log(0.5)], f: Infinity };
  best.f = err(best.x);
  // restarts shake the simplex out of flat regions
  for (let round = 0; round < 4; round++) best = nelderMead(err, best.x, { step: round === 0 ? 0.3 : 0.05, fTol: 1e-26, maxIter: 4000 });
  return { ...params(best.x), rmse: Math.sqrt(best.f / points.length) };
}
