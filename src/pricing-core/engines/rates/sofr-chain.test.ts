// The whole chain against QuantLib on a real calendar: our USD SOFR OIS curve (T+2, annual
// ACT/360, payment 2 business days after each period, the USD calendar) is bootstrapped; then
// QuantLib's own OvernightIndexedSwap, on the same accrual dates and a QuantLib calendar holding
// the same holidays, priced on a QuantLib curve through our nodes, must be at par at each quote.
import { describe, expect, it } from 'vitest';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { fromISO } from '../../dates/date';
import { calendarLookup } from '../../market/curves/conventions';
import { buildCurve } from '../../market/curves/curve-definition';
import { SAMPLE_CURVES } from '../../market/curves/sample-curves';
import { ql, toQL } from '../../dates/testing/quantlib-peer';

describe('USD SOFR OIS curve vs QuantLib OvernightIndexedSwap (same dates, same holidays)', () => {
  it('QuantLib prices every curve swap at par on our nodes (fair rate = quote to 1e-12)', () => {
    const c = buildCurve(SAMPLE_CURVES.SOFR, { calendars: calendarLookup(HOLIDAY_SEED) });
    ql.Settings.evaluationDate.set(toQL(c.valuationDate));
    const cal = new ql.BespokeCalendar('USD-seed');
    cal.addWeekend(ql.Weekday.Saturday);
    cal.addWeekend(ql.Weekday.Sunday);
    for (const h of HOLIDAY_SEED.USD.holidays) cal.addHoliday(toQL(fromISO(h)));
    const qc = new ql.InterpolatedDiscountCurve(new ql.LogLinear()).curveInit3(
      [toQL(c.valuationDate), ...c.nodes.map((n) => toQL(n.date))], [1, ...c.nodes.map((n) => n.discount)], new ql.Actual365Fixed()) as ql.YieldTermStructure;
    const h = new ql.Handle(qc);
    const sofr = new ql.OvernightIndex('SOFR', 0, new ql.USDCurrency(), cal, new ql.Actual360(), h);
    let checked = 0;
    for (const inst of c.instruments) {
      if (inst.instrument.kind !== 'swap') continue;
      const periods = inst.instrument.swap.fixed.periods;
      const dates = [periods[0].start, ...periods.map((p) => p.end)].map(toQL);
      const MF = ql.BusinessDayConvention.ModifiedFollowing;
      const sched = new ql.Schedule().init1(dates, cal, MF, MF, new ql.Period().init2(ql.Frequency.Annual), ql.DateGeneration.Rule.Backward, false, periods.map(() => true));
      const ois = new ql.OvernightIndexedSwap().oisInit1(ql.OvernightIndexedSwap.Type.Payer, 1e8, sched, inst.rate, new ql.Actual360(), sofr, 0, 2,
        ql.BusinessDayConvention.ModifiedFollowing, cal, false);
      ois.setPricingEngine(new ql.DiscountingSwapEngine(h));
      expect(Math.abs(ois.fairRate() - inst.rate), inst.label).toBeLessThan(1e-12);
      expect(Math.abs(ois.NPV()) / 1e8).toBeLessThan(1e-11);
      checked++;
    }
    expect(checked).toBe(30); // every swap, 1W to 30Y
  });
});
