// /couponComparison model (pure): 2 to 4 bonds side by side at one settlement date: yield
// (typed, or the issuer curve's at the bond's maturity), price, accrued, duration, convexity,
// DV01, spread to the CGB curve, and carry over a horizon: the holding-period P&L at an
// unchanged yield with the purchase fully financed at the repo rate (coupon, pull to par and
// funding; no curve roll-down). Engines: cn-bond.ts, holding-period.ts, spreads.ts.
import { ToolFailure } from '../../kit/results';
import { type BondView, toCnBond } from '../../kit/bonds/contract';
import { addDays, toISO } from '../../pricing-core/dates/date';
import { type CnBondAnalytics, priceCnBond } from '../../pricing-core/engines/bond/cn-bond';
import { holdingPeriodReturn } from '../../pricing-core/engines/bond/holding-period';
import { type TenorCurve, interpolateYield } from '../../pricing-core/engines/bond/spreads';
import { isoDay } from '../fixedIncome/shared/terms';
import { CMP_ERRORS } from './i18n';

/** The market-data curve a bond's yield is read from when none is typed. */
export function curveIdFor(b: Pick<BondView, 'issuerType' | 'rating'>): string {
  switch (b.issuerType) {
    case 'CGB': return 'bond.CGB';
    case 'CDB': case 'ADBC': case 'EXIM': return 'bond.CDB';
    case 'LGB': return 'bond.LGB';
    default: return b.rating === 'AA' || b.rating === 'AA+' ? `credit.MTN.${b.rating}` : 'credit.MTN.AAA';
  }
}
export const CURVE_IDS = ['bond.CGB', 'bond.CDB', 'bond.LGB', 'credit.MTN.AAA', 'credit.MTN.AA+', 'credit.MTN.AA'] as const;

export interface CmpBond { record: BondView; yieldPct: number | null }

export interface CmpColumn {
  code: string;
  record: BondView;
  yieldSource: 'typed' | string;
  analytics: CnBondAnalytics;
  years: number;
  /** bp over the CGB curve at the same maturity. */
  spreadBp: number;
  /** Per 100 face over the horizon. */
  carry: number;
  /** Carry as an annualised return on the dirty price, bp. */
  carryBp: number;
  couponIncome: number;
  financing: number;
}

export interface CmpResult { columns: CmpColumn[]; horizon: string; days: number }

function fail(key: keyof typeof CMP_ERRORS.en, code?: string): ToolFailure {
  const sub = (s: string) => s.replace('{{code}}', code ?? '');
  return new ToolFailure('badInput', undefined, { zh: sub(CMP_ERRORS.zh[key]), en: sub(CMP_ERRORS.en[key]) });
}

export function computeComparison(bonds: readonly CmpBond[], curves: Readonly<Record<string, TenorCurve | null>>, o: { settlement: string | null; horizonDays: number | null; repoPct: number | null }): CmpResult {
  if (bonds.length < 2) throw fail('twoBonds');
  const settlement = isoDay(o.settlement, 'settlement');
  const days = o.horizonDays ?? NaN;
  if (!(Number.isInteger(days) && days > 0 && days <= 3660)) throw fail('horizon');
  if (o.repoPct === null || !Number.isFinite(o.repoPct)) throw fail('repo');
  const gov = curves['bond.CGB'];
  if (!gov) throw fail('noCurve');
  const horizon = addDays(settlement, days);
  const columns = bonds.map(({ record, yieldPct }) => {
    const bond = toCnBond(record);
    if (!(settlement >= bond.issue && settlement < bond.maturity)) throw fail('notLive', record.code);
    const years = (bond.maturity - settlement) / 365;
    let y: number, source: string;
    if (yieldPct !== null) { y = yieldPct / 100; source = 'typed'; }
    else {
      const id = curveIdFor(record);
      const c = curves[id];
      if (!c) throw fail('noYield', record.code);
      y = interpolateYield(c, years); source = id;
    }
    const accrual = record.dayCount === 'NL/365' ? 'exchange' as const : 'cfets' as const;
    const analytics = priceCnBond(bond, settlement, { yield: y }, { accrual });
    const end = horizon < bond.maturity ? horizon : bond.maturity;
    const h = holdingPeriodReturn(bond, { buyDate: settlement, buy: { yield: y }, sellDate: end, ...(end < bond.maturity ? { sell: { yield: y } } : {}), repoRate: o.repoPct! / 100, reinvestRate: o.repoPct! / 100, financedFraction: 1 }, { accrual });
    return {
      code: record.code, record, yieldSource: source, analytics, years,
      spreadBp: (y - interpolateYield(gov, years)) * 1e4,
      carry: h.pnl, carryBp: (h.pnl / analytics.dirtyPrice) * (365 / h.days) * 1e4,
      couponIncome: h.couponsReceived + h.accruedPnl, financing: h.financingCost,
    };
  });
  return { columns, horizon: toISO(horizon), days };
}
