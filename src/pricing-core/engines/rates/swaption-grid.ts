// The swaption market-making grid: for every expiry x underlying tenor of a vol surface, the
// forward swap (spot-starting at expiry on the index's conventions), its annuity and forward
// rate off the curves, the mid vol at each quoted strike (ATM + offsets) from the surface, and
// bid/ask around mid. The half-spread is quoted in vol (normal bp or lognormal points) or in
// premium (bp of notional); bid and ask premiums are the premiums at the bid and ask vols (or
// mid -/+ the premium half-spread). Greeks at mid, per 1.00 of their variable as in
// engines/rates/swaption.ts (annuity fixed). Payers, receivers and straddles (payer + receiver).
import type { CalendarDate } from '../../dates/date';
import { indexConvention, spotDate } from '../../market/curves/conventions';
import { forwardSwapAt } from './swaption';
import type { SwaptionVolSurface } from '../../market/rates-vol/swaption-vol-surface';
import type { IrsCurves } from './irs';
import { priceSwap } from './swap-pricer';
import { curveTime } from '../../market/curves/discount-curve';
import { type RateOptionGreeks, rateOptionFormula } from './rate-option-formulas';

export type GridKind = 'payer' | 'receiver' | 'straddle';

export interface GridInput {
  surface: SwaptionVolSurface;
  curves: IrsCurves;
  notional: number;
  /** Strikes as offsets from the ATM forward (decimal), default [0]. */
  strikeOffsets?: number[];
  kinds?: GridKind[];
  /** Half of the bid/ask width: in vol units, or in premium as a fraction of notional. */
  halfSpread: { vol: number } | { premium: number };
}

export interface GridQuote {
  expiry: string;
  tenor: string;
  expiryDate: CalendarDate;
  startDate: CalendarDate;
  endDate: CalendarDate;
  expiryTime: number;
  forward: number;
  annuity: number;
  strike: number;
  kind: GridKind;
  volMid: number;
  volBid: number;
  volAsk: number;
  premiumMid: number;
  premiumBid: number;
  premiumAsk: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
}

function kindGreeks(kind: GridKind, volType: 'black' | 'normal', F: number, K: number, vol: number, T: number, shift: number): RateOptionGreeks {
  if (kind === 'payer') return rateOptionFormula(volType, 1, F, K, vol, T, shift);
  if (kind === 'receiver') return rateOptionFormula(volType, -1, F, K, vol, T, shift);
  const p = rateOptionFormula(volType, 1, F, K, vol, T, shift), r = rateOptionFormula(volType, -1, F, K, vol, T, shift);
  return { value: p.value + r.value, delta: p.delta + r.delta, gamma: p.gamma + r.gamma, vega: p.vega + r.vega, theta: p.theta + r.theta };
}

export function swaptionGrid(input: GridInput): GridQuote[] {
  const { surface, curves, notional } = input;
  const projection = curves.projection ?? curves.discount;
  const conv = indexConvention(surface.data.index);
  if (projection.convention.id !== conv.id) throw new RangeError(`the surface is on ${conv.id}, the forecasting curve on ${projection.convention.id}`);
  const v = projection.valuationDate;
  if (surface.asOf !== v) throw new RangeError('the vol surface and the curves are of different dates');
  const cal = projection.calendar;
  const offsets = input.strikeOffsets ?? [0];
  const kinds = input.kinds ?? ['payer', 'receiver', 'straddle'];
  const volType = surface.volType, shift = surface.shift;
  const out: GridQuote[] = [];
  surface.data.expiries.forEach((expiry, i) => {
    const expiryDate = surface.expiryDates[i];
    const T = curveTime(v, expiryDate);
    const startDate = spotDate(conv, cal, expiryDate);
    for (const tenor of surface.data.tenors) {
      const swap = forwardSwapAt(conv, cal, expiryDate, tenor, { fixedRate: 0, notional, payer: true });
      const endDate = swap.fixed.periods[swap.fixed.periods.length - 1].end;
      const sv = priceSwap(swap, { valuationDate: v, discount: curves.discount.curve, projection: projection.curve });
      const A = sv.bps * 1e4, F = sv.parRate;
      const tenorYears = surface.tenorYears[surface.data.tenors.indexOf(tenor)];
      for (const off of offsets) {
        const K = F + off;
        const volMid = surface.vol(T, tenorYears, F, K);
        for (const kind of kinds) {
          const g = kindGreeks(kind, volType, F, K, volMid, T, shift);
          const premiumMid = A * g.value;
          let volBid: number, volAsk: number, premiumBid: number, premiumAsk: number;
          if ('vol' in input.halfSpread) {
            volBid = Math.max(0, volMid - input.halfSpread.vol);
            volAsk = volMid + input.halfSpread.vol;
            premiumBid = A * kindGreeks(kind, volType, F, K, volBid, T, shift).value;
            premiumAsk = A * kindGreeks(kind, volType, F, K, volAsk, T, shift).value;
          } else {
            const h = input.halfSpread.premium * notional;
            premiumBid = Math.max(0, premiumMid - h);
            premiumAsk = premiumMid + h;
            // the vols those premiums imply, to first order in the half-spread
            volBid = Math.max(0, volMid - (premiumMid - premiumBid) / (A * g.vega));
            volAsk = volMid + h / (A * g.vega);
          }
          out.push({
            expiry, tenor, expiryDate, startDate, endDate, expiryTime: T, forward: F, annuity: A, strike: K, kind,
            volMid, volBid, volAsk, premiumMid, premiumBid, premiumAsk,
            delta: A * g.delta, gamma: A * g.gamma, vega: A * g.vega, theta: A * g.theta,
          });
        }
      }
    }
  });
  return out;
}
