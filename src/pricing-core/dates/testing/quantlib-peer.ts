// Test/bench helpers for comparing with @quantlib/ql (the JS port of QuantLib), the peer
// implementation. Only tests and benches import this file.
import * as ql from '@quantlib/ql';
import type { CalendarDate } from '../date';
import type { DayCount } from '../day-count';
import type { BusinessDayConvention } from '../business-day';

export { ql };

export const toQL = (d: CalendarDate): Date => new Date(d * 86_400_000);
export const fromQL = (d: Date): CalendarDate => Math.round(d.valueOf() / 86_400_000) as CalendarDate;

export function qlDayCounter(dc: DayCount): ql.DayCounter {
  switch (dc) {
    case 'ACT/360': return new ql.Actual360();
    case 'ACT/365F': return new ql.Actual365Fixed();
    case 'ACT/ACT-ISDA': return new ql.ActualActual(ql.ActualActual.Convention.ISDA);
    case 'ACT/ACT-ISMA': return new ql.ActualActual(ql.ActualActual.Convention.ISMA);
    case '30/360': return new ql.Thirty360(ql.Thirty360.Convention.BondBasis);
    case '30E/360': return new ql.Thirty360(ql.Thirty360.Convention.EurobondBasis);
    case '30E/360-ISDA': throw new Error('no 30E/360 ISDA (German) day counter in @quantlib/ql 0.3.6');
  }
}

export function qlConvention(c: BusinessDayConvention): ql.BusinessDayConvention {
  return ql.BusinessDayConvention[c];
}

/** Small deterministic PRNG so generated cases are reproducible. */
export { mulberry32 as rng } from '../../math/random';
