import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type CalendarDate, addDays, fromISO, toISO } from './date';
import { HolidayCalendar, WEEKENDS_ONLY } from './calendar';
import { HOLIDAY_SEED } from './holiday-seed';
import { fxDeliveryDate, fxExpiryFromDelivery, fxOptionDates, fxSpotDate, fxSpotLag } from './fx-dates';

const cals: Record<string, HolidayCalendar> = Object.fromEntries(Object.entries(HOLIDAY_SEED).map(([k, v]) => [k, HolidayCalendar.fromData(v)]));
// CAD: a test calendar with Canada Day only (no CAD seed data).
cals.CAD = new HolidayCalendar('CAD', { holidays: [fromISO('2024-07-01')] });
const lookup = (c: string) => cals[c] ?? WEEKENDS_ONLY;
const spot = (pair: string, d: string) => toISO(fxSpotDate(pair, fromISO(d), lookup));

describe('FX spot dates', () => {
  it('spot lags', () => {
    expect(fxSpotLag('USDCAD')).toBe(1);
    expect(fxSpotLag('CAD/USD')).toBe(1);
    expect(fxSpotLag('USDTRY')).toBe(1);
    expect(fxSpotLag('EURUSD')).toBe(2);
    expect(fxSpotLag('USDCNY')).toBe(2);
    expect(fxSpotLag('EURCAD')).toBe(2); // a cross is T+2
  });
  it('USD rule: a USD holiday on T+1 does not stop the count; spot must be a USD day', () => {
    expect(spot('EURUSD', '2024-07-03')).toBe('2024-07-05'); // T+1 = 4 July counts
    expect(spot('USDJPY', '2024-07-02')).toBe('2024-07-05'); // T+2 = 4 July rolls
    expect(spot('EURUSD', '2024-12-23')).toBe('2024-12-27'); // 25/26 Dec TARGET holidays
  });
  it('T+1: the day must be good in both currencies', () => {
    expect(spot('USDCAD', '2024-07-03')).toBe('2024-07-05');
    expect(spot('USDCAD', '2024-06-28')).toBe('2024-07-02'); // Canada Day
  });
  it('USDCNY around Spring Festival 2024: make-up Sunday counts, spot rolls to a USD day', () => {
    // T+1 = Fri 9 Feb; T+2 = Sun 18 Feb (CNY working day) is not a USD day; Mon 19 Feb is
    // Presidents' Day: spot is Tue 20 Feb.
    expect(spot('USDCNY', '2024-02-08')).toBe('2024-02-20');
    expect(spot('USDCNY', '2024-02-07')).toBe('2024-02-09');
  });
  it('crosses: both currencies on each day, spot also a USD day', () => {
    expect(spot('EURGBP', '2024-08-22')).toBe('2024-08-27'); // 26 Aug UK holiday
    expect(spot('EURGBP', '2024-06-17')).toBe('2024-06-20'); // 19 Jun US holiday
  });
});

describe('forward delivery and option expiry', () => {
  it('month tenors: Modified Following with the end-of-month rule', () => {
    const d = (pair: string, trade: string, tenor: string) => toISO(fxDeliveryDate(pair, fromISO(trade), tenor, lookup).delivery);
    expect(d('EURUSD', '2024-01-29', '1M')).toBe('2024-02-29'); // spot 31 Jan (month end) -> end Feb
    expect(d('EURUSD', '2024-01-10', '1M')).toBe('2024-02-12');
    expect(d('EURUSD', '2024-03-27', '1M')).toBe('2024-05-02'); // spot 2 Apr (after Easter)
    expect(d('EURUSD', '2024-05-29', '1M')).toBe('2024-06-28'); // spot 31 May EOM -> 28 Jun (30 Jun is a Sunday)
    expect(d('EURUSD', '2024-01-10', '1W')).toBe('2024-01-19');
    expect(d('EURUSD', '2024-01-10', 'SN')).toBe('2024-01-16'); // 15 Jan is Martin Luther King Day
  });
  it('expiry from delivery goes back the spot lag; the expiry settles on the delivery', () => {
    const { expiry, delivery } = fxOptionDates('EURUSD', fromISO('2024-01-10'), '1M', lookup);
    expect([toISO(expiry), toISO(delivery)]).toEqual(['2024-02-08', '2024-02-12']);
    const u = fxOptionDates('USDCNY', fromISO('2024-01-05'), '1M', lookup);
    expect(toISO(u.delivery)).toBe('2024-02-09');
    expect(toISO(u.expiry)).toBe('2024-02-07');
  });
  it('property: for every trade date 2024-2027 the month-tenor option expiry spots on its delivery or before', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1400 }), fc.constantFrom('EURUSD', 'USDJPY', 'USDCNY', 'GBPUSD', 'USDHKD', 'EURGBP', 'USDCAD'), fc.constantFrom('1M', '2M', '3M', '6M', '1Y'), (k, pair, tenor) => {
      const trade = addDays(fromISO('2024-01-02'), k) as CalendarDate;
      const { expiry, delivery } = fxOptionDates(pair, trade, tenor, lookup);
      expect(expiry).toBeLessThan(delivery);
      expect(fxSpotDate(pair, expiry, lookup)).toBeLessThanOrEqual(delivery);
      expect(fxExpiryFromDelivery(pair, delivery, lookup)).toBe(expiry);
    }), { numRuns: 300 });
  });
});
