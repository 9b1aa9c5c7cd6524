// Heston (1993) European options, semi-analytic. The characteristic function is taken in the
// "little trap" form of Albrecher, Mayer, Schoutens and Tistaert (2007), which stays on the
// principal branch of the complex logarithm for long maturities, and the price comes from
// Lewis's single-integral formula
//   C = S e^{-rf T} - sqrt(S K) e^{-(rd+rf) T / 2} / pi * Int_0^inf Re[e^{iuk} psi(u - i/2)] / (u^2 + 1/4) du,
// with k = ln(F/K) and psi the characteristic function of ln(S_T / F). Along the line
// z = u - i/2 the term z^2 + iz is the real u^2 + 1/4, which keeps the algebra short.
// The integral is evaluated by adaptive Gauss-Kronrod quadrature on [0, inf).
import { integrateToInfinity } from '../../math/integration';
import { PricingError, type OptionType } from '../../core/types';

export interface HestonParams {
  v0: number;
  kappa: number;
  theta: number;
  sigma: number;
  rho: number;
}

/** Re[e^{iuk} psi(u - i/2)] with psi the little-trap characteristic function. */
function lewisIntegrand(u: number, k: number, T: number, p: HestonParams): number {
  const { v0, kappa, theta, sigma, rho } = p;
  const s2 = sigma * sigma;
  // beta = kappa - rho sigma i z, with i z = i u + 1/2
  const bRe = kappa - 0.5 * rho * sigma, bIm = -rho * sigma * u;
  // d = sqrt(beta^2 + sigma^2 (u^2 + 1/4)), principal root (Re d >= 0)
  const qRe = bRe * bRe - bIm * bIm + s2 * (u * u + 0.25), qIm = 2 * bRe * bIm;
  const qAbs = Math.hypot(qRe, qIm);
  let dRe = Math.sqrt(0.5 * (qAbs + qRe));
  let dIm = Math.sqrt(Math.max(0.5 * (qAbs - qRe), 0));
  if (qIm < 0) dIm = -dIm;
  if (dRe === 0 && dIm === 0) { dRe = 1e-300; }
  // g = (beta - d) / (beta + d)
  const nRe = bRe - dRe, nIm = bIm - dIm;
  const mRe = bRe + dRe, mIm = bIm + dIm;
  const mAbs2 = mRe * mRe + mIm * mIm;
  const gRe = (nRe * mRe + nIm * mIm) / mAbs2, gIm = (nIm * mRe - nRe * mIm) / mAbs2;
  // e = exp(-d T)
  const eMag = Math.exp(-dRe * T);
  const eRe = eMag * Math.cos(-dIm * T), eIm = eMag * Math.sin(-dIm * T);
  // 1 - g e and 1 - g
  const geRe = gRe * eRe - gIm * eIm, geIm = gRe * eIm + gIm * eRe;
  const aRe = 1 - geRe, aIm = -geIm;
  const cRe = 1 - gRe, cIm = -gIm;
  // log((1 - g e) / (1 - g))
  const cAbs2 = cRe * cRe + cIm * cIm;
  const rRe = (aRe * cRe + aIm * cIm) / cAbs2, rIm = (aIm * cRe - aRe * cIm) / cAbs2;
  const lRe = 0.5 * Math.log(rRe * rRe + rIm * rIm), lIm = Math.atan2(rIm, rRe);
  // C = kappa theta / sigma^2 [(beta - d) T - 2 log(...)]
  const kt = (kappa * theta) / s2;
  const CRe = kt * (nRe * T - 2 * lRe), CIm = kt * (nIm * T - 2 * lIm);
  // D = (beta - d) / sigma^2 (1 - e) / (1 - g e)
  const oRe = 1 - eRe, oIm = -eIm;
  const aAbs2 = aRe * aRe + aIm * aIm;
  const fRe = (oRe * aRe + oIm * aIm) / aAbs2, fIm = (oIm * aRe - oRe * aIm) / aAbs2;
  const DRe = (nRe * fRe - nIm * fIm) / s2, DIm = (nRe * fIm + nIm * fRe) / s2;
  // psi e^{iuk}
  const ex = CRe + v0 * DRe;
  const ph = CIm + v0 * DIm + u * k;
  return (Math.exp(ex) * Math.cos(ph)) / (u * u + 0.25);
}

export function hestonPrice(
  type: OptionType, spot: number, strike: number, t: number, rd: number, rf: number, p: HestonParams,
): number {
  const { v0, kappa, theta, sigma, rho } = p;
  if (!(spot > 0 && strike > 0 && t >= 0)) throw new PricingError('heston: spot, strike must be positive, t >= 0');
  if (!(v0 >= 0 && kappa > 0 && theta >= 0 && sigma > 0 && rho >= -1 && rho <= 1)) {
    throw new PricingError('heston: need v0 >= 0, kappa > 0, theta >= 0, sigma > 0, -1 <= rho <= 1');
  }
  const dd = Math.exp(-rd * t), df = Math.exp(-rf * t);
  if (t === 0) return Math.max((type === 'call' ? 1 : -1) * (spot - strike), 0);
  const k = Math.log(spot / strike) + (rd - rf) * t;
  const integral = integrateToInfinity((u) => lewisIntegrand(u, k, t, p), 0, { absTol: 1e-15, relTol: 1e-14 });
  const call = spot * df - (Math.sqrt(spot * strike) * Math.exp(-0.5 * (rd + rf) * t) * integral) / Math.PI;
  const value = type === 'call' ? call : call - spot * df + strike * dd;
  return Math.max(value, 0);
}
