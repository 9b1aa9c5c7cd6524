import { describe, expect, it } from 'vitest';
import { ChartConfigBuilder, SERIES_COLORS } from './config';
import { isoToEpochSeconds, toEpochSeconds } from './data';
import { formatTimeTicks, timeLegendValue } from './time-format';

const sec = (iso: string) => isoToEpochSeconds(iso);

describe('ChartConfigBuilder', () => {
  it('time mode: x is a time scale, series take theme colours in order, legend off (ours)', () => {
    const c = new ChartConfigBuilder('time', 'zh').addSeries({ label: 'USD/CNY' }).addSeries({ label: 'EUR/CNY', dash: [4, 2] }).build();
    expect(c.options.scales!.x.time).toBe(true);
    expect(c.series.map((s) => s.color)).toEqual(SERIES_COLORS.slice(0, 2));
    expect(c.options.series).toHaveLength(3);
    expect(c.options.legend!.show).toBe(false);
    expect(c.options.cursor!.drag).toMatchObject({ x: true, setScale: true });
    expect(Object.isFrozen(c)).toBe(true);
  });
  it('xy mode: numeric x axis formatted in the locale, extra axes and fixed scales', () => {
    const c = new ChartConfigBuilder('xy', 'en')
      .setX('Spot', { kind: 'fixed', decimals: 4 })
      .addSeries({ label: 'Payoff', format: { kind: 'amount', currency: 'USD' } })
      .addSeries({ label: 'Delta', scale: 'd' })
      .addAxis({ scale: 'y', side: 'left' })
      .addAxis({ scale: 'd', side: 'right', label: 'Delta' })
      .setScale('d', { min: -1, max: 1 })
      .build();
    expect(c.options.scales!.x.time).toBe(false);
    expect(c.options.axes).toHaveLength(3);
    const xValues = c.options.axes![0].values as (u: unknown, s: number[]) => string[];
    // ticks carry the decimals they need, not the legend's four
    expect(xValues(null, [7.1, 7.25])).toEqual(['7.10', '7.25']);
    expect(xValues(null, [7, 7.5, 8])).toEqual(['7.0', '7.5', '8.0']);
    expect(xValues(null, [100, 110, 120])).toEqual(['100', '110', '120']);
    const range = c.options.scales!.d.range as (u: unknown, lo: number, hi: number) => [number, number];
    expect(range(null, -0.3, 0.4)).toEqual([-1, 1]);
    expect(c.formatX(7.123456789)).toBe('7.1235');
  });
});

describe('time axis text (dayjs, zh-CN and en)', () => {
  it('daily ticks show the year where it changes', () => {
    const ticks = [sec('2025-12-29'), sec('2026-01-05'), sec('2026-01-12')];
    expect(formatTimeTicks(ticks, 7 * 86400, 'zh')).toEqual(['2025年12月29日', '2026年1月5日', '1月12日']);
    expect(formatTimeTicks(ticks, 7 * 86400, 'en')).toEqual(['Dec 29, 2025', 'Jan 5, 2026', 'Jan 12']);
  });
  it('monthly, yearly and intraday ticks', () => {
    expect(formatTimeTicks([sec('2026-01-01'), sec('2026-04-01')], 90 * 86400, 'zh')).toEqual(['2026年1月', '4月']);
    expect(formatTimeTicks([sec('2026-01-01'), sec('2027-01-01')], 366 * 86400, 'en')).toEqual(['2026', '2027']);
    const t0 = sec('2026-05-06') + 9 * 3600;
    expect(formatTimeTicks([t0, t0 + 3600], 3600, 'zh')).toEqual(['5月6日 09:00', '10:00']);
    expect(formatTimeTicks([t0, t0 + 30], 30, 'en')).toEqual(['09:00:00', '09:00:30']);
  });
  it('legend x: a date, with time when not midnight', () => {
    expect(timeLegendValue('zh')(sec('2026-05-06'))).toBe('2026-05-06');
    expect(timeLegendValue('en')(sec('2026-05-06') + 3723)).toBe('2026-05-06 01:02:03');
    expect([...toEpochSeconds(['2026-05-06', '2026-05-07'])].map((x) => x - sec('2026-05-06'))).toEqual([0, 86400]);
  });
});
