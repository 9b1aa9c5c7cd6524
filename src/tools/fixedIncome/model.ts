// /fixedIncome model (pure): bond terms + settlement + one quote (yield or clean price) ->
// price, yield, accrued, durations, convexity, DV01 (China inter-bank or ISMA convention), and
// the holding-period return to a sale date with coupon reinvestment and repo financing.
// Engines: pricing-core engines/bond/cn-bond.ts and holding-period.ts (docs/pricing-bonds.md).
import { ToolFailure } from '../../kit/results';
import { fromISO, toISO } from '../../pricing-core/dates/date';
import { type CnBondAnalytics, type CnPricingOptions, type YieldConvention, priceCnBond } from '../../pricing-core/engines/bond/cn-bond';
import { type HoldingPeriodResult, breakEvenSellYield, holdingPeriodReturn } from '../../pricing-core/engines/bond/holding-period';
import { type BondTerms, bondFromTerms, isoDay } from './shared/terms';
import { FI_ERRORS } from './i18n';

export interface FiInputs {
  terms: BondTerms;
  settlement: string | null;
  /** Percent; exactly one of yieldPct and cleanPrice. */
  yieldPct: number | null;
  cleanPrice: number | null;
  convention: YieldConvention;
  /** Holding period: sale date (null: not computed). */
  sellDate: string | null;
  /** Sale yield, percent; ignored when the sale date is the maturity. */
  sellYieldPct: number | null;
  reinvestPct: number | null;
  repoPct: number | null;
  /** Part of the purchase financed by repo, percent. */
  financedPct: number | null;
  /** Face amount held, CNY. */
  notional: number | null;
}

/** The per-100 figures scaled to the face amount held (CNY). */
export interface PositionFigures {
  dv01: number;
  accrued: number;
  dirtyValue: number;
}

export const positionFigures = (a: CnBondAnalytics, face: number): PositionFigures => ({
  dv01: (a.dv01 * face) / 100, accrued: (a.accrued * face) / 100, dirtyValue: (a.dirtyPrice * face) / 100,
});

export interface FiResult {
  analytics: CnBondAnalytics;
  /** DV01, accrued and value for the face amount entered (the analytics are per 100 face). */
  position: PositionFigures;
  solved: 'yield' | 'cleanPrice';
  hpr: HoldingPeriodResult | null;
  breakEvenYield: number | null;
  notional: number;
  maturity: string;
}

function fail(key: keyof typeof FI_ERRORS.en): ToolFailure {
  return new ToolFailure('badInput', undefined, { zh: FI_ERRORS.zh[key], en: FI_ERRORS.en[key] });
}

export function computeFixedIncome(i: FiInputs): FiResult {
  const settlement = isoDay(i.settlement, 'settlement');
  const bond = bondFromTerms(i.terms, settlement);
  if (i.yieldPct !== null && i.cleanPrice !== null) throw fail('bothQuotes');
  if (i.yieldPct === null && i.cleanPrice === null) throw fail('noQuote');
  if (i.cleanPrice !== null && !(i.cleanPrice > 0)) throw fail('price');
  if (i.convention === 'isma' && bond.kind !== 'fixed') throw fail('ismaFixedOnly');
  const o: CnPricingOptions & { convention: YieldConvention } = { accrual: i.terms.accrual, convention: i.convention };
  let analytics: CnBondAnalytics;
  try {
    analytics = priceCnBond(bond, settlement, i.yieldPct !== null ? { yield: i.yieldPct / 100 } : { cleanPrice: i.cleanPrice! }, o);
  } catch (e) {
    if (e instanceof ToolFailure) throw e;
    throw new ToolFailure('inverseFailed', (e as Error).message);
  }
  if (![analytics.yield, analytics.cleanPrice, analytics.dirtyPrice].every(Number.isFinite)) throw new ToolFailure('inverseFailed', 'no finite solution');
  const notional = i.notional ?? 100;
  if (!(notional > 0)) throw fail('notional');
  let hpr: HoldingPeriodResult | null = null, breakEvenYield: number | null = null;
  if (i.sellDate) {
    const sell = fromISO(i.sellDate);
    if (!(sell > settlement)) throw fail('sellBeforeBuy');
    if (sell > bond.maturity) throw fail('sellAfterMaturity');
    const atMaturity = sell === bond.maturity;
    if (!atMaturity && i.sellYieldPct === null) throw fail('sellYield');
    const financed = (i.financedPct ?? 0) / 100;
    if (!(financed >= 0 && financed <= 1)) throw fail('financed');
    const base = { buyDate: settlement, buy: { dirtyPrice: analytics.dirtyPrice }, sellDate: sell, notional, reinvestRate: (i.reinvestPct ?? 0) / 100, repoRate: (i.repoPct ?? 0) / 100, financedFraction: financed };
    hpr = holdingPeriodReturn(bond, { ...base, ...(atMaturity ? {} : { sell: { yield: i.sellYieldPct! / 100 } }) }, o);
    if (!atMaturity) {
      try { breakEvenYield = breakEvenSellYield(bond, base, o); } catch { breakEvenYield = null; }
    }
  }
  return { analytics, position: positionFigures(analytics, notional), solved: i.yieldPct !== null ? 'cleanPrice' : 'yield', hpr, breakEvenYield, notional, maturity: toISO(bond.maturity) };
}
