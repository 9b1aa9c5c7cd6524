import { describe, expect, it } from 'vitest';
import { deskToday, pairCurrencies, tradeDayFor } from './desk-today';

describe('desk today', () => {
  it('is the Beijing date of the clock', () => {
    expect(deskToday(Date.parse('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    expect(deskToday(Date.parse('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
  });

  it('a business day stays; a Saturday rolls to Monday for USD/CNY', () => {
    expect(tradeDayFor(['USD', 'CNY'], '2026-11-24')).toEqual({ today: '2026-11-24', date: '2026-11-24', rolled: false, roll: 'following', currencies: ['USD', 'CNY'] });
    expect(tradeDayFor(pairCurrencies('USD/CNY'), '2026-11-28')).toMatchObject({ date: '2026-11-30', rolled: true });
  });

  it('a valuation on a Saturday is marked at the latest close (Friday); on Thanksgiving at the Wednesday', () => {
    expect(tradeDayFor(['USD', 'CNY'], '2026-11-28', 'preceding')).toMatchObject({ date: '2026-11-27', rolled: true, roll: 'preceding' });
    expect(tradeDayFor(['USD', 'CNY'], '2026-11-26', 'preceding').date).toBe('2026-11-25');
  });

  it('rolls over a holiday of either currency (US Thanksgiving 2026-11-26, China National Day week)', () => {
    expect(tradeDayFor(['USD', 'CNY'], '2026-11-26').date).toBe('2026-11-27');
    expect(tradeDayFor(['CNY'], '2026-11-26').rolled).toBe(false);
    const golden = tradeDayFor(['CNY'], '2026-10-01');
    expect(golden.rolled).toBe(true);
    expect(golden.date >= '2026-10-08').toBe(true);
  });

  it('an unknown currency code counts weekends only; nonsense codes are ignored', () => {
    expect(tradeDayFor(['XYZ'], '2026-11-28').date).toBe('2026-11-30');
    expect(tradeDayFor(['', 'usd'], '2026-11-24').currencies).toEqual(['USD']);
  });
});
