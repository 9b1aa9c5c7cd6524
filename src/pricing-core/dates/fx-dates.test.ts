// FX value dates (PRICING-CLI fxDates) on the real calendars: hand cases across holiday
// clusters and month ends, and properties over every trade date of 2024-2025.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type CalendarDate, addDays, fromISO, toISO, toYMD } from './date';
import { fxDates, fxDeliveryDate, fxExpiryFromDelivery, fxOptionDates, fxPair, fxSpotDate, fxSpotLag, parseFxTenor } from './fx-dates';
import { marketCalendars } from './calendars';

const spot = (pair: string, t: string) => toISO(fxSpotDate(pair, fromISO(t), marketCalendars));
const dates = (pair: string, t: string, tenor: string) => {
  const r = fxDates(pair, fromISO(t), tenor, marketCalendars);
  return { spot: toISO(r.spot), start: toISO(r.start), delivery: toISO(r.delivery), expiry: r.expiry === null ? null : toISO(r.expiry) };
};

describe('spot', () => {
  it('lags: T+1 for USDCAD, T+2 otherwise (crosses too)', () => {
    expect(fxSpotLag('USDCAD')).toBe(1);
    expect(fxSpotLag('CAD/USD')).toBe(1);
    expect(fxSpotLag('USDTRY')).toBe(1);
    expect(fxSpotLag('EURUSD')).toBe(2);
    expect(fxSpotLag('USDCNY')).toBe(2);
    expect(fxSpotLag('EURCAD')).toBe(2);
  });

  it('a USD holiday on T+1: counts for EURUSD (international rule), delays USDCNY (onshore rule)', () => {
    expect(spot('EURUSD', '2024-07-03')).toBe('2024-07-05'); // 4 July is T+1 and still counts
    expect(spot('USDCNY', '2024-07-03')).toBe('2024-07-08'); // 4 July is no working day for the pair
    expect(spot('EURUSD', '2025-11-26')).toBe('2025-11-28'); // Thanksgiving on T+1
    expect(spot('USDCNY', '2025-11-26')).toBe('2025-12-01');
    expect(spot('USDJPY', '2024-07-02')).toBe('2024-07-05'); // 4 July on T+2 rolls
    expect(spot('EURCNY', '2024-07-03')).toBe('2024-07-05'); // no USD rule for EURCNY
  });

  it('T+1 for USDCAD needs a business day in each currency', () => {
    expect(spot('USDCAD', '2024-06-28')).toBe('2024-07-02'); // Canada Day
    expect(spot('USDCAD', '2024-07-03')).toBe('2024-07-05'); // Independence Day
    expect(spot('USDCAD', '2026-09-29')).toBe('2026-10-01'); // Truth and Reconciliation Day
  });

  it('CNY pairs across Spring Festival, Golden Week and make-up weekends', () => {
    // 2024: T+1 = Fri 9 Feb (eve, open); Sun 18 Feb works in China but not in New York; Mon
    // 19 Feb is Presidents' Day: spot Tue 20 Feb.
    expect(spot('USDCNY', '2024-02-08')).toBe('2024-02-20');
    expect(spot('USDCNY', '2024-02-07')).toBe('2024-02-09');
    // 2025: Sun 26 Jan works onshore only; 28 Jan - 4 Feb closed.
    expect(spot('USDCNY', '2025-01-24')).toBe('2025-02-05');
    expect(spot('EURCNY', '2025-01-24')).toBe('2025-02-05');
    // Golden Week 2024 (Sun 29 Sep make-up, 1-7 Oct closed) and 2025 (1-8 Oct).
    expect(spot('USDCNY', '2024-09-27')).toBe('2024-10-08');
    expect(spot('USDCNY', '2025-09-30')).toBe('2025-10-10');
  });

  it('a trade on a CNY make-up Saturday', () => {
    expect(spot('USDCNY', '2024-05-11')).toBe('2024-05-14');
    expect(spot('USDCNY', '2024-09-14')).toBe('2024-09-19'); // Mid-Autumn 16-17 Sep
    expect(spot('CNYJPY', '2024-09-14')).toBe('2024-09-19'); // 16 Sep also a Japanese holiday
    expect(() => dates('USDCNY', '2024-05-11', 'ON')).toThrow(/ON: the trade date is not a value day/);
    expect(dates('USDCNY', '2024-05-11', 'SPOT').expiry).toBeNull(); // 11 May not a USD day, and it is T
    expect(dates('AUDUSD', '2024-01-13', 'SN')).toEqual({ spot: '2024-01-16', start: '2024-01-16', delivery: '2024-01-17', expiry: null }); // Sat trade, Mon MLK
  });

  it('Christmas and New Year clusters', () => {
    expect(spot('EURUSD', '2024-12-23')).toBe('2024-12-27');
    expect(spot('GBPUSD', '2026-12-23')).toBe('2026-12-29'); // Boxing Day moved to Mon 28
    expect(spot('USDJPY', '2025-12-29')).toBe('2026-01-05'); // 31 Dec, 1-2 Jan bank holidays
    expect(spot('EURGBP', '2024-08-22')).toBe('2024-08-27'); // UK summer bank holiday
    expect(spot('EURGBP', '2024-06-17')).toBe('2024-06-20'); // a cross: spot must be a USD day (19 Jun)
  });
});

describe('tenors', () => {
  it('ON, TN, SN, SPOT', () => {
    expect(dates('USDCNY', '2024-09-27', 'ON')).toEqual({ spot: '2024-10-08', start: '2024-09-27', delivery: '2024-09-30', expiry: null });
    expect(dates('USDCNY', '2024-09-27', 'TN')).toEqual({ spot: '2024-10-08', start: '2024-09-30', delivery: '2024-10-08', expiry: null });
    expect(dates('EURUSD', '2024-01-10', 'SN')).toMatchObject({ spot: '2024-01-12', start: '2024-01-12', delivery: '2024-01-16' }); // 15 Jan MLK
    expect(dates('USDCNY', '2024-09-27', 'SPOT')).toEqual({ spot: '2024-10-08', start: '2024-10-08', delivery: '2024-10-08', expiry: '2024-09-27' });
    expect(() => dates('USDCAD', '2024-01-10', 'TN')).toThrow(/TN: tom is not before spot/);
    expect(() => dates('EURUSD', '2024-12-25', 'ON')).toThrow(/not a value day/);
  });

  it('weeks: spot + 7n days, modified following', () => {
    expect(dates('EURUSD', '2024-12-18', '1W').delivery).toBe('2024-12-27');
    expect(dates('EURUSD', '2024-12-18', '2W').delivery).toBe('2025-01-03');
    expect(dates('USDJPY', '2025-12-22', '1W').delivery).toBe('2025-12-30'); // 31 Dec closed, January is the next month
  });

  it('months and years: end-of-month rule, else modified following', () => {
    expect(dates('EURUSD', '2024-01-29', '1M').delivery).toBe('2024-02-29'); // spot 31 Jan
    expect(dates('EURUSD', '2024-01-29', '2M').delivery).toBe('2024-03-28'); // 29 Mar Good Friday
    expect(dates('EURUSD', '2024-02-27', '1M').delivery).toBe('2024-03-28'); // spot 29 Feb = month end
    expect(dates('EURUSD', '2026-01-27', '1M').delivery).toBe('2026-02-27'); // 28 Feb Saturday, March is next month
    expect(dates('USDCNY', '2025-09-26', '1M')).toMatchObject({ spot: '2025-09-30', delivery: '2025-10-31' }); // last value day of Sep
    expect(dates('USDCNY', '2025-04-25', '1M')).toMatchObject({ spot: '2025-04-29', delivery: '2025-05-29' });
    expect(dates('USDCNY', '2024-12-27', '1Y')).toMatchObject({ spot: '2024-12-31', delivery: '2025-12-31' });
    expect(dates('EURUSD', '2024-01-10', '1M').delivery).toBe('2024-02-12');
  });

  it('the ISO API gives the same dates', async () => {
    const { tenorDate, fxDatesFor, spotDate, expiryFromDelivery } = await import('./calendars');
    expect(tenorDate('USDCNY', '2024-02-08', '1M')).toBe('2024-03-20');
    expect(fxDatesFor('USDCNY', '2024-02-08', '1M')).toEqual({ spotDate: '2024-02-20', startDate: '2024-02-20', deliveryDate: '2024-03-20', expiryDate: '2024-03-18' });
    expect(spotDate('EURUSD', '2024-07-03')).toBe('2024-07-05');
    expect(expiryFromDelivery('USDCNY', '2024-03-20', '2024-02-08')).toBe('2024-03-18');
    expect(() => tenorDate('USDXAU', '2024-02-08', '1M')).toThrow(/no calendar for XAU/);
  });

  it('tenor syntax', () => {
    expect(parseFxTenor('3m')).toEqual({ n: 3, unit: 'M' });
    expect(parseFxTenor('spot')).toBe('SPOT');
    expect(() => parseFxTenor('0M')).toThrow(/at least 1/);
    expect(() => parseFxTenor('BROKEN')).toThrow(/not an FX tenor/);
  });
});

describe('expiry from delivery', () => {
  it('the latest business day of both currencies whose spot is not after delivery', () => {
    expect(dates('EURUSD', '2024-01-10', '1M')).toMatchObject({ delivery: '2024-02-12', expiry: '2024-02-08' });
    expect(dates('USDCNY', '2024-02-08', '1M')).toMatchObject({ spot: '2024-02-20', delivery: '2024-03-20', expiry: '2024-03-18' });
    // Golden Week: 30 Sep's spot is 9 Oct, so the 8 Oct delivery expires on 27 Sep.
    expect(fxExpiryFromDelivery('USDCNY', fromISO('2024-10-08'), marketCalendars).valueOf()).toBe(fromISO('2024-09-27'));
    expect(toISO(fxExpiryFromDelivery('USDCAD', fromISO('2024-07-02'), marketCalendars))).toBe('2024-06-28');
  });
  it('option dates: month tenors from delivery, day/week tenors from expiry', () => {
    const m = fxOptionDates('EURUSD', fromISO('2024-01-10'), '1M', marketCalendars);
    expect([toISO(m.expiry), toISO(m.delivery)]).toEqual(['2024-02-08', '2024-02-12']);
    const w = fxOptionDates('USDCNY', fromISO('2024-09-23'), '1W', marketCalendars);
    expect([toISO(w.expiry), toISO(w.delivery)]).toEqual(['2024-09-30', '2024-10-09']);
    expect(toISO(fxDeliveryDate('EURUSD', fromISO('2024-01-10'), 'SN', marketCalendars).delivery)).toBe('2024-01-16');
  });
});

describe('coverage: decreed calendars refuse only when a day of an unheld year matters', () => {
  it('a 2026 CNY trade whose delivery is in 2027 is refused; one that stays in 2026 is not', () => {
    expect(dates('USDCNY', '2026-11-20', '1M').delivery).toBe('2026-12-24');
    expect(() => dates('USDCNY', '2026-12-20', '1M')).toThrow(/CNY holidays for 2027/);
    expect(() => dates('USDHKD', '2026-12-30', 'SPOT')).toThrow(/HKD holidays for 2027/);
    expect(dates('EURUSD', '2026-12-20', '1Y').delivery).toBe('2027-12-22'); // rule calendars answer
  });
});

describe('properties over trade dates 2024-2025', () => {
  const PAIRS = ['USDCNY', 'EURCNY', 'CNYJPY', 'CNYHKD', 'EURUSD', 'USDJPY', 'GBPUSD', 'EURGBP', 'USDHKD', 'USDCAD', 'AUDUSD', 'EURCHF', 'USDSGD', 'GBPJPY'];
  const PERIODS = ['1W', '2W', '3W', '1M', '2M', '3M', '6M', '9M', '1Y'];
  const trade = fc.integer({ min: 0, max: 700 }).map((k) => addDays(fromISO('2024-01-01'), k) as CalendarDate);
  const pair = fc.constantFrom(...PAIRS);

  it('spot and deliveries are value days, increasing in the tenor; expiry is the latest valid one', () => {
    fc.assert(fc.property(trade, pair, (t, p) => {
      const pc = fxPair(p, marketCalendars);
      const s = fxSpotDate(p, t, marketCalendars);
      expect(s).toBeGreaterThan(t);
      expect(pc.value.isBusinessDay(s)).toBe(true);
      expect(fxSpotDate(p, addDays(t, 1), marketCalendars)).toBeGreaterThanOrEqual(s); // monotone in T
      let prev = s;
      for (const tenor of ['SPOT', 'SN', ...PERIODS]) {
        const r = fxDates(p, t, tenor, marketCalendars);
        expect(pc.value.isBusinessDay(r.delivery), `${p} ${toISO(t)} ${tenor}`).toBe(true);
        expect(r.delivery).toBeGreaterThanOrEqual(prev);
        prev = r.delivery;
        if (r.expiry !== null) {
          expect(r.expiry).toBeGreaterThanOrEqual(t);
          expect(r.expiry).toBeLessThan(r.delivery);
          expect(pc.both.isBusinessDay(r.expiry)).toBe(true);
          expect(fxSpotDate(p, r.expiry, marketCalendars)).toBeLessThanOrEqual(r.delivery);
          for (let e = addDays(r.expiry, 1); e < r.delivery; e = addDays(e, 1)) {
            if (pc.both.isBusinessDay(e)) expect(fxSpotDate(p, e, marketCalendars), `later expiry ${toISO(e)}`).toBeGreaterThan(r.delivery);
          }
        } else {
          // None: no business day of both currencies in [T, delivery) settles by delivery
          // (e.g. AUDUSD traded on Sat 13 Jan 2024: Mon 15 is Martin Luther King Day).
          for (let e = t; e < r.delivery; e = addDays(e, 1)) {
            if (pc.both.isBusinessDay(e)) expect(fxSpotDate(p, e, marketCalendars)).toBeGreaterThan(r.delivery);
          }
          expect(['SPOT', 'SN']).toContain(tenor);
        }
      }
    }), { numRuns: 250 });
  });

  it('end-of-month rule: a month-end spot delivers on the last value day; otherwise the target month is kept', () => {
    fc.assert(fc.property(trade, pair, fc.constantFrom('1M', '2M', '3M', '6M', '1Y'), (t, p, tenor) => {
      const pc = fxPair(p, marketCalendars);
      const r = fxDates(p, t, tenor, marketCalendars);
      const n = tenor === '1Y' ? 12 : Number(tenor.slice(0, -1));
      const sm = toYMD(r.spot), dm = toYMD(r.delivery);
      expect((dm.y * 12 + dm.m) - (sm.y * 12 + sm.m)).toBe(n); // never leaves the target month
      const nextValue = (d: CalendarDate) => { let x = addDays(d, 1); while (!pc.value.isBusinessDay(x)) x = addDays(x, 1); return x; };
      const spotIsLast = toYMD(nextValue(r.spot)).m !== sm.m;
      if (spotIsLast) expect(toYMD(nextValue(r.delivery)).m, `${p} ${toISO(t)} ${tenor}`).not.toBe(dm.m);
      else if (dm.d !== Math.min(sm.d, 31)) {
        // Moved off the same day of month: only to skip non-value days (or the month's end).
        const raw = Math.min(sm.d, new Date(Date.UTC(dm.y, dm.m, 0)).getUTCDate());
        for (let d = Math.min(raw, dm.d) + (dm.d < raw ? 1 : 0); d < Math.max(raw, dm.d) + (dm.d < raw ? 1 : 0); d++) {
          const x = fromISO(`${dm.y}-${String(dm.m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
          if (x !== r.delivery) expect(pc.value.isBusinessDay(x)).toBe(false);
        }
      }
    }), { numRuns: 400 });
  });
});
