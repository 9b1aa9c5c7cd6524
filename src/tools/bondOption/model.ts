// /bondOption model (pure): callable / puttable bonds on a Hull-White one-factor trinomial
// tree fitted to the CGB discount curve (OAS, option-adjusted yield, option value, effective
// duration and convexity, yields to each exercise date and to worst), and a European option
// on the bond: the tree, Jamshidian's closed form and Black on the forward price. The bond's
// own OAS is added to the curve for the option, so the option sees the bond's credit.
// Engines: pricing-core engines/bond/callable-bond.ts, hull-white-tree.ts.
import { ToolFailure } from '../../kit/results';
import { fromISO } from '../../pricing-core/dates/date';
import { type CallableAnalytics, TREE_MODEL, bondOptionBlack, bondOptionJamshidian, bondOptionTree, priceCallableBond } from '../../pricing-core/engines/bond/callable-bond';
import type { YieldCurve } from '../../pricing-core/market/curves/discount-curve';
import { type BondTerms, bondFromTerms, isoDay } from '../fixedIncome/shared/terms';
import { OPT_ERRORS } from './i18n';

export { TREE_MODEL };

export interface OptInputs {
  terms: BondTerms;
  settlement: string | null;
  cleanPrice: number | null;
  /** Mean reversion a (per year) and short-rate volatility sigma (percent, absolute). */
  meanReversion: number | null;
  sigmaPct: number | null;
  steps: number | null;
  /** European option on the bond (optional: no expiry, no option). */
  optionType: 'call' | 'put';
  optionExpiry: string | null;
  optionStrike: number | null;
  /** Price volatility for Black, percent. */
  priceVolPct: number | null;
}

export interface OptResult {
  callable: CallableAnalytics;
  hasOptions: boolean;
  option: { tree: number; jamshidian: number | null; black: number; forwardDirty: number } | null;
}

function fail(key: keyof typeof OPT_ERRORS.en): ToolFailure {
  return new ToolFailure('badInput', undefined, { zh: OPT_ERRORS.zh[key], en: OPT_ERRORS.en[key] });
}

export function computeBondOption(i: OptInputs, curve: YieldCurve | null): OptResult {
  const settlement = isoDay(i.settlement, 'settlement');
  const bond = bondFromTerms(i.terms, settlement);
  if (bond.kind !== 'fixed') throw fail('fixedOnly');
  if (!curve) throw fail('noCurve');
  if (i.cleanPrice !== null && !(i.cleanPrice > 0)) throw fail('price');
  const a = i.meanReversion ?? NaN, sigma = (i.sigmaPct ?? NaN) / 100;
  if (!(a > 0 && a < 2)) throw fail('meanReversion');
  if (!(sigma > 0 && sigma < 0.1)) throw fail('sigma');
  const steps = i.steps ?? 400;
  if (!(Number.isInteger(steps) && steps >= 50 && steps <= 2000)) throw fail('steps');
  const model = { a, sigma };
  let callable: CallableAnalytics;
  try {
    callable = priceCallableBond(bond, settlement, curve, model, { steps, ...(i.cleanPrice !== null ? { cleanPrice: i.cleanPrice } : {}) });
  } catch (e) {
    throw new ToolFailure('inverseFailed', (e as Error).message);
  }
  let option: OptResult['option'] = null;
  if (i.optionExpiry) {
    const expiry = isoDay(i.optionExpiry, 'settlement');
    if (!(expiry > settlement && expiry < bond.maturity)) throw fail('expiry');
    if (i.optionStrike === null || !(i.optionStrike > 0)) throw fail('strike');
    const vol = (i.priceVolPct ?? NaN) / 100;
    if (!(vol >= 0 && vol < 1)) throw fail('priceVol');
    const z = callable.oas;
    const spreadCurve: YieldCurve = { discount: (t) => curve.discount(t) * Math.exp(-z * t) };
    // The option is on the option-free bond (an embedded call would cap it twice).
    const plain = { ...bond, options: undefined };
    const spec = { type: i.optionType, expiry, strike: i.optionStrike };
    let jam: number | null = null;
    try { jam = bondOptionJamshidian(plain, settlement, spreadCurve, model, spec); } catch { jam = null; }
    const black = bondOptionBlack(plain, settlement, spreadCurve, vol, { ...spec, ...(i.cleanPrice !== null ? { cleanPrice: callable.straightDirtyPrice - callable.accrued } : {}) });
    option = { tree: bondOptionTree(plain, settlement, spreadCurve, model, spec, steps), jamshidian: jam, black: black.npv, forwardDirty: black.forwardDirty };
  }
  return { callable, hasOptions: (bond.options ?? []).some((o) => o.date > settlement), option };
}

export const isoOrNull = (s: string | null) => (s ? fromISO(s) : null);
