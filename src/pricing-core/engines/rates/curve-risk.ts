// Curve risk by rebuilding: bump an input quote of a built curve by 1bp, re-solve that curve and
// every curve it discounts (the compiled bootstraps make this cheap), reprice. Generic in the
// product: the caller passes `price(curves)`, so swaps, swaptions, caps and carry all share it.
//  dv01           NPV(every input quote of every curve involved + 1bp) - NPV(base): the P&L of a
//                 parallel 1bp rise of the market quotes (a payer swap has a positive dv01);
//  keyRates[i]    the same for one input quote at a time (bucketed dv01 per curve instrument).
// One-sided +1bp bumps, as desks show them; the sum of the key rates equals dv01 to first order.
import type { CalendarDate } from '../../dates/date';
import type { DiscountCurve } from '../../market/curves/discount-curve';
import { type BuiltCurve, curveChain, solveCurves } from '../../market/curves/curve-definition';

export interface KeyRateDv01 {
  curve: string;
  /** Instrument label (e.g. "CNY FR007 IRS 5Y") and its position in the curve definition. */
  label: string;
  position: number;
  pillar: CalendarDate;
  dv01: number;
}

export interface CurveRisk {
  npv: number;
  dv01: number;
  keyRates: KeyRateDv01[];
}

/** Every curve the given ones depend on (themselves included), each once, dependencies first. */
export function involvedCurves(curves: readonly (BuiltCurve | undefined)[]): BuiltCurve[] {
  const out: BuiltCurve[] = [];
  for (const c of curves) {
    if (!c) continue;
    for (const x of curveChain(c)) if (!out.includes(x)) out.push(x);
  }
  return out;
}

export function curveRisk(price: (curves: ReadonlyMap<string, DiscountCurve>) => number, curves: readonly BuiltCurve[], opts: { bump?: number; keyRates?: boolean } = {}): CurveRisk {
  const bump = opts.bump ?? 1e-4;
  const involved = involvedCurves(curves);
  const base = new Map(involved.map((c) => [c.name, c.curve] as const));
  const npv = price(base);
  const all = new Map(involved.map((c) => [c.name, c.rates.map((r) => r + bump)] as const));
  const dv01 = price(solveCurves(involved, all)) - npv;
  const keyRates: KeyRateDv01[] = [];
  if (opts.keyRates !== false) {
    for (const c of involved) {
      c.instruments.forEach((inst, j) => {
        const rates = Float64Array.from(c.rates);
        rates[j] += bump;
        keyRates.push({ curve: c.name, label: inst.label, position: inst.position, pillar: inst.pillar, dv01: price(solveCurves(involved, new Map([[c.name, rates]]))) - npv });
      });
    }
  }
  return { npv, dv01, keyRates };
}
