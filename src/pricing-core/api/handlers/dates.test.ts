// PRICING-CLI models `calendar` and `fxDates` through the dispatcher, and once through the CLI.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { priceOne } from '../price-request';
import qlFixture from '../../dates/testing/fixtures/quantlib-calendars.json';

describe('calendar model', () => {
  it('CNY October 2025: National Day + Mid-Autumn closed, two make-up weekends', () => {
    expect(priceOne({ model: 'calendar', calendar: 'CNY', from: '2025-09-27', to: '2025-10-12' })).toEqual({
      holidays: ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-06', '2025-10-07', '2025-10-08'],
      workingWeekends: ['2025-09-28', '2025-10-11'],
      businessDays: 6, // Sun 28, Mon 29, Tue 30 Sep; Thu 9, Fri 10, Sat 11 Oct
    });
  });
  it('USD July 2026: a Saturday Independence Day is not observed on Friday 3 July', () => {
    expect(priceOne({ model: 'calendar', calendar: 'USD', from: '2026-07-01', to: '2026-07-31' })).toEqual({ holidays: [], workingWeekends: [], businessDays: 23 });
  });
  it('every calendar of the table answers 2024-2026; the year counts of business days', () => {
    const counts: Record<string, number> = {};
    for (const c of ['CNY', 'USD', 'EUR', 'GBP', 'JPY', 'HKD', 'CAD']) {
      const r = priceOne({ model: 'calendar', calendar: c, from: '2024-01-01', to: '2026-12-31' });
      expect(r.error, c).toBeUndefined();
      counts[c] = r.businessDays as number;
    }
    // Weekdays 2024-2026 = 262 + 261 + 261 = 784, minus the weekday holidays (CNY, HKD: the
    // PRICING-CLI tables; the others: QuantLib's C++ rules), plus the CNY make-up days.
    const q = (qlFixture as { calendars: Record<string, { weekdayHolidays: Record<string, string> }> }).calendars;
    const ql = (c: string) => [2024, 2025, 2026].reduce((n, y) => n + q[c].weekdayHolidays[String(y)].split(' ').length, 0);
    expect(counts).toEqual({
      CNY: 784 - (19 + 18 + 19) + (8 + 5 + 6), HKD: 784 - (15 + 15 + 14),
      USD: 784 - ql('USD'), EUR: 784 - ql('EUR'), GBP: 784 - ql('GBP'), JPY: 784 - ql('JPY'), CAD: 784 - ql('CAD'),
    });
    expect(counts.USD).toBe(784 - (11 + 11 + 10)); // 2026: Independence Day on a Saturday
  });
  it('refuses, with the reason, what it cannot answer', () => {
    expect(priceOne({ model: 'calendar', calendar: 'CNY', from: '2026-12-01', to: '2027-01-31' }).error).toMatch(/CNY holidays for 2027 .* no official notice/);
    expect(priceOne({ model: 'calendar', calendar: 'HKD', from: '2023-12-01', to: '2024-01-31' }).error).toMatch(/HKD holidays for 2023/);
    expect(priceOne({ model: 'calendar', calendar: 'XAU', from: '2025-01-01', to: '2025-01-31' }).error).toMatch(/calendar must be one of/);
    expect(priceOne({ model: 'calendar', calendar: 'USD', from: '2025-02-01', to: '2025-01-31' }).error).toMatch(/from must not be after to/);
    expect(priceOne({ model: 'calendar', calendar: 'USD', from: '2025-02-30', to: '2025-03-31' }).error).toMatch(/from must be an ISO date/);
    expect(priceOne({ model: 'calendar', from: '2025-01-01', to: '2025-01-31' }).error).toBe('missing field: calendar');
  });
});

describe('fxDates model', () => {
  const fx = (pair: string, tradeDate: string, tenor: string) => priceOne({ model: 'fxDates', pair, tradeDate, tenor });
  it('answers in the PRICING-CLI shape', () => {
    expect(fx('USDCNY', '2024-02-08', '1M')).toEqual({ spotDate: '2024-02-20', startDate: '2024-02-20', deliveryDate: '2024-03-20', expiryDate: '2024-03-18' });
    expect(fx('USDCNY', '2024-09-27', 'ON')).toEqual({ spotDate: '2024-10-08', startDate: '2024-09-27', deliveryDate: '2024-09-30', expiryDate: null });
    expect(fx('USDCNY', '2024-09-27', 'TN')).toEqual({ spotDate: '2024-10-08', startDate: '2024-09-30', deliveryDate: '2024-10-08', expiryDate: null });
  });
  it('USD holiday on T+1: EURUSD counts it, USDCNY does not; USDCAD is T+1', () => {
    expect(fx('EURUSD', '2025-11-26', 'SPOT')).toMatchObject({ spotDate: '2025-11-28' });
    expect(fx('USDCNY', '2025-11-26', 'SPOT')).toMatchObject({ spotDate: '2025-12-01' });
    expect(fx('USDCAD', '2024-06-28', 'SPOT')).toMatchObject({ spotDate: '2024-07-02', expiryDate: '2024-06-28' });
    expect(fx('USDCAD', '2024-06-28', 'TN').error).toMatch(/TN/);
  });
  it('trade on a make-up Saturday, Spring Festival, month ends', () => {
    expect(fx('USDCNY', '2026-02-14', 'SPOT')).toMatchObject({ spotDate: '2026-02-25' }); // 16-23 Feb closed; Tue 24 is T+1
    expect(fx('EURCNY', '2026-02-14', '1W')).toMatchObject({ spotDate: '2026-02-25', deliveryDate: '2026-03-04' });
    expect(fx('EURUSD', '2024-01-29', '1M')).toMatchObject({ spotDate: '2024-01-31', deliveryDate: '2024-02-29', expiryDate: '2024-02-27' });
    expect(fx('GBPJPY', '2025-12-26', '1W')).toMatchObject({ spotDate: '2025-12-30' }); // GBP 29, 30 Dec; JPY 29, 30 Dec
  });
  it('refuses bad requests with the field named', () => {
    expect(fx('USDCNH', '2025-01-02', '1M').error).toMatch(/no calendar for CNH/);
    expect(fx('usdcny', '2025-01-02', '1M').error).toMatch(/six capital letters/);
    expect(fx('USDUSD', '2025-01-02', '1M').error).toMatch(/must differ/);
    expect(fx('USDCNY', '2025-01-02', '1D').error).toMatch(/tenor must be/);
    expect(fx('USDCNY', '2025-01-02', '0M').error).toMatch(/tenor must be/);
    expect(fx('USDCNY', '02/01/2025', '1M').error).toMatch(/tradeDate must be an ISO date/);
    expect(fx('USDCNY', '2026-12-21', '1M').error).toMatch(/CNY holidays for 2027/);
  });
});

it('npm run --silent price answers calendar and fxDates lines in order', () => {
  const root = fileURLToPath(new URL('../../../..', import.meta.url));
  const input = [
    '{"model":"calendar","calendar":"CNY","from":"2026-02-09","to":"2026-03-01"}',
    '{"model":"fxDates","pair":"USDCNY","tradeDate":"2026-02-13","tenor":"SPOT"}',
    '{"model":"fxDates","pair":"USDHKD","tradeDate":"2027-01-04","tenor":"SPOT"}',
  ].join('\n') + '\n';
  const r = spawnSync('npm', ['run', '--silent', 'price'], { cwd: root, input, encoding: 'utf8' });
  expect(r.status).toBe(0);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  expect(lines[0]).toEqual({
    holidays: ['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-23'],
    workingWeekends: ['2026-02-14', '2026-02-28'], businessDays: 11,
  });
  expect(lines[1]).toEqual({ spotDate: '2026-02-25', startDate: '2026-02-25', deliveryDate: '2026-02-25', expiryDate: '2026-02-13' });
  expect(lines[2].error).toMatch(/HKD holidays for 2027/);
}, 60_000);
