// European digitals under Black-Scholes / Garman-Kohlhagen, with all greeks.
// Cash-or-nothing pays `cash` (domestic) if w S_T > w K: V = cash e^{-rd t} N(w d2).
// Asset-or-nothing pays one unit of the underlying:    V = S e^{-rf t} N(w d1).
import { normCdf, normPdf } from '../../math/normal';
import type { Greeks, OptionType } from '../../core/types';
import { emptyGreeks } from '../black/black-scholes';

export type DigitalPayoff = 'cash' | 'asset';

export function digitalGreeks(
  type: OptionType, payoff: DigitalPayoff, cash: number,
  spot: number, strike: number, t: number, rd: number, rf: number, vol: number,
  out: Greeks = emptyGreeks(),
): Greeks {
  const w = type === 'call' ? 1 : -1;
  const dd = Math.exp(-rd * t), df = Math.exp(-rf * t);
  const sqrtT = Math.sqrt(t);
  const sd = vol * sqrtT;
  out.gamma = 0; out.vega = 0; out.theta = 0; out.rhoDomestic = 0; out.rhoForeign = 0; out.delta = 0;
  if (!(sd > 0)) {
    const itm = w * (spot * df - strike * dd) > 0;
    if (payoff === 'cash') {
      out.npv = itm ? cash * dd : 0;
      if (itm) { out.rhoDomestic = -t * out.npv; out.theta = t > 0 ? rd * out.npv : 0; }
    } else {
      out.npv = itm ? spot * df : 0;
      if (itm) { out.delta = df; out.rhoForeign = -t * out.npv; out.theta = t > 0 ? rf * out.npv : 0; }
    }
    return out;
  }
  const a = Math.log(spot / strike);
  const d1 = (a + (rd - rf) * t) / sd + 0.5 * sd;
  const d2 = d1 - sd;
  // d(d1)/dt and d(d2)/dt at fixed spot, strike, rates and vol
  const dd1dt = (-a / sd + (rd - rf + 0.5 * vol * vol) * sqrtT / vol) / (2 * t);
  const dd2dt = (-a / sd + (rd - rf - 0.5 * vol * vol) * sqrtT / vol) / (2 * t);
  const rootTOverVol = sqrtT / vol;
  if (payoff === 'cash') {
    const c = cash * dd;
    const n2 = normCdf(w * d2), p2 = normPdf(d2);
    out.npv = c * n2;
    out.delta = (w * c * p2) / (spot * sd);
    out.gamma = (-w * c * p2 * d1) / (spot * spot * sd * sd);
    out.vega = (-w * c * p2 * d1) / vol;
    out.rhoDomestic = -t * out.npv + w * c * p2 * rootTOverVol;
    out.rhoForeign = -w * c * p2 * rootTOverVol;
    out.theta = -(-rd * out.npv + w * c * p2 * dd2dt);
  } else {
    const s = spot * df;
    const n1 = normCdf(w * d1), p1 = normPdf(d1);
    out.npv = s * n1;
    out.delta = df * n1 + (w * df * p1) / sd;
    out.gamma = (-w * df * p1 * d2) / (spot * sd * sd);
    out.vega = (-w * s * p1 * d2) / vol;
    out.rhoDomestic = w * s * p1 * rootTOverVol;
    out.rhoForeign = -t * out.npv - w * s * p1 * rootTOverVol;
    out.theta = -(-rf * out.npv + w * s * p1 * dd1dt);
  }
  return out;
}
