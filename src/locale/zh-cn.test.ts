import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import './index';
import { meridiem } from './zh-cn';

const d = (s: string) => dayjs(s).locale('zh-cn');

describe('zh-cn date locale', () => {
  it('month names 一月 to 十二月', () => {
    expect(d('2026-01-15').format('MMMM')).toBe('一月');
    expect(d('2026-10-15').format('MMMM')).toBe('十月');
    expect(d('2026-12-15').format('MMMM')).toBe('十二月');
  });
  it('weekdays, short and minimal', () => {
    // 2026-11-22 is a Sunday
    expect(d('2026-11-22').format('dddd ddd dd')).toBe('星期日 周日 日');
    expect(d('2026-11-28').format('dddd ddd dd')).toBe('星期六 周六 六');
  });
  it('long formats LT, L, LL', () => {
    const x = d('2026-03-05T07:08:00');
    expect(x.format('LT')).toBe('07:08');
    expect(x.format('L')).toBe('2026-03-05');
    expect(x.format('LL')).toBe('2026年03月05日');
  });
  it('calendar words today, tomorrow, yesterday, next and last weekday', () => {
    const ref = d('2026-11-18T10:00:00'); // Wednesday
    expect(d('2026-11-18T15:30:00').calendar(ref)).toBe('今天15:30');
    expect(d('2026-11-19T09:00:00').calendar(ref)).toBe('明天09:00');
    expect(d('2026-11-17T09:00:00').calendar(ref)).toBe('昨天09:00');
    expect(d('2026-11-21T09:00:00').calendar(ref)).toBe('下星期六09:00');
    expect(d('2026-11-14T09:00:00').calendar(ref)).toBe('上星期六09:00');
    expect(d('2026-12-30T09:00:00').calendar(ref)).toBe('2026-12-30');
  });
  it('relative time %s内 and %s前', () => {
    const ref = d('2026-11-18T10:00:00');
    expect(d('2026-11-18T13:00:00').from(ref)).toBe('3 小时内');
    expect(d('2026-11-15T10:00:00').from(ref)).toBe('3 天前');
    expect(d('2026-11-18T10:00:10').from(ref)).toBe('几秒内');
  });
  it('the week starts on Monday', () => {
    expect(d('2026-11-22').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-16');
    expect(d('2026-11-16').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-16');
  });
  it('week 1 is the week containing January 4', () => {
    // 2021-01-04 is a Monday: Jan 1-3 still belong to the last week of 2020 (week 53)
    expect(d('2021-01-04').week()).toBe(1);
    expect(d('2021-01-03').week()).toBe(53);
    // 2026-01-01 is a Thursday, so its week holds Jan 4 and is week 1
    expect(d('2026-01-01').week()).toBe(1);
    expect(d('2025-12-29').week()).toBe(1);
    expect(d('2026-01-05').week()).toBe(2);
    // 2027-01-01 is a Friday: week 53 of 2026
    expect(d('2027-01-01').week()).toBe(53);
  });
  it('day periods at each boundary', () => {
    expect([meridiem(5, 59), meridiem(6, 0)]).toEqual(['凌晨', '早上']);
    expect([meridiem(8, 59), meridiem(9, 0)]).toEqual(['早上', '上午']);
    expect([meridiem(11, 29), meridiem(11, 30)]).toEqual(['上午', '中午']);
    expect([meridiem(12, 29), meridiem(12, 30)]).toEqual(['中午', '下午']);
    expect([meridiem(17, 59), meridiem(18, 0)]).toEqual(['下午', '晚上']);
    expect(meridiem(0, 0)).toBe('凌晨');
    expect(d('2026-11-18T19:05:00').format('A h:mm')).toBe('晚上 7:05');
  });
});
