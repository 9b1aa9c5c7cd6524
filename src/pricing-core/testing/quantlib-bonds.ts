// @quantlib/ql bond adapters for the China-bond tests and benches: a FixedRateBond on the
// cnBond schedule (rolled back from maturity, unadjusted, no settlement lag) and the
// BondFunctions calls with a given day counter and compounding.
import { ql, toQL } from '../dates/testing/quantlib-peer';
import type { CnBond } from '../instruments/rates/cn-bond';
import type { CalendarDate } from '../dates/date';

export { ql, toQL };

export const QL_FREQ = { 1: ql.Frequency.Annual, 2: ql.Frequency.Semiannual, 4: ql.Frequency.Quarterly, 12: ql.Frequency.Monthly } as const;

export function qlSchedule(b: CnBond): ql.Schedule {
  return new ql.Schedule().init2(toQL(b.issue), toQL(b.maturity), new ql.Period().init2(QL_FREQ[b.frequency]), new ql.NullCalendar(),
    ql.BusinessDayConvention.Unadjusted, ql.BusinessDayConvention.Unadjusted, ql.DateGeneration.Rule.Backward, false);
}

/** FixedRateBond with ActualActual(ISMA) accrual, face 100. */
export function qlCnFixedBond(b: CnBond): ql.FixedRateBond {
  return new ql.FixedRateBond().frbInit1(0, 100, qlSchedule(b), [b.coupon], new ql.ActualActual(ql.ActualActual.Convention.ISMA), ql.BusinessDayConvention.Unadjusted, 100, toQL(b.issue));
}

export interface QlYieldBasis { dc: ql.DayCounter; comp: ql.Compounding; freq: ql.Frequency }

export const qlIsma = (b: CnBond): QlYieldBasis => ({ dc: new ql.ActualActual(ql.ActualActual.Convention.ISMA), comp: ql.Compounding.Compounded, freq: QL_FREQ[b.frequency] });

export function qlAnalytics(bond: ql.Bond, y: number, basis: QlYieldBasis, settle: CalendarDate) {
  const s = toQL(settle);
  const { dc, comp, freq } = basis;
  return {
    accrued: ql.BondFunctions.accruedAmount(bond, s),
    clean: ql.BondFunctions.cleanPrice3(bond, y, dc, comp, freq, s),
    dirty: ql.BondFunctions.dirtyPrice2(bond, y, dc, comp, freq, s),
    modified: ql.BondFunctions.duration2(bond, y, dc, comp, freq, ql.Duration.Type.Modified, s),
    macaulay: comp === ql.Compounding.Compounded ? ql.BondFunctions.duration2(bond, y, dc, comp, freq, ql.Duration.Type.Macaulay, s) : NaN,
    convexity: ql.BondFunctions.convexity2(bond, y, dc, comp, freq, s),
    yieldOf: (clean: number) => ql.BondFunctions.yield1(bond, clean, dc, comp, freq, s, 1e-14, 200, 0.03),
  };
}
