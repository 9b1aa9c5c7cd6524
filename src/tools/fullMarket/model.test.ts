import { describe, expect, it } from 'vitest';
import { anomalies, bandSeries, checkThresholds, DEFAULT_THRESHOLDS, scanSeries, spreadSeries } from './model';

const days = (n: number, start = 20000) => Int32Array.from({ length: n }, (_, i) => start + i);
/** Levels from a start and a list of daily changes. */
const fromChanges = (changes: number[], start = 0) => {
  const v = [start];
  for (const c of changes) v.push(v[v.length - 1] + c);
  return Float64Array.from(v);
};
const opts = { k: 2 };

describe('scanSeries', () => {
  it('z of the latest change against the last 20 and 60 changes (hand-checked)', () => {
    // 59 changes of 1 then one of 3.
    const v = fromChanges([...Array(59).fill(1), 3]);
    const s = scanSeries(days(v.length), v, opts);
    // 20 changes: 19 x 1 and 3: mean 1.1, SS 19 x 0.01 + 1.9^2 = 3.8, var 3.8 / 19 = 0.2.
    expect(s.z20).toBeCloseTo(1.9 / Math.sqrt(0.2), 12);
    // 60 changes: mean 62/60, SS = 59 x (2/60)^2 + (118/60)^2 = 14160/3600, var = 1/15.
    expect(s.z60).toBeCloseTo((118 / 60) / Math.sqrt(1 / 15), 12);
    expect(s.change).toBe(3);
    expect(s.last).toBe(62);
    expect(s.lastDay).toBe(20000 + 60);
    expect(s.gapZ20).toBeNull();
  });

  it('percentile of the latest level among the last year of levels', () => {
    // 400 daily levels rising, the last one the lowest: 1 of the 365 days of the last year.
    const v = Float64Array.from({ length: 400 }, (_, i) => (i === 399 ? -1 : i));
    const s = scanSeries(days(400), v, opts);
    expect(s.pct1y).toBeCloseTo(100 / 365, 12);
    const top = scanSeries(days(400), Float64Array.from({ length: 400 }, (_, i) => i), opts);
    expect(top.pct1y).toBe(100);
  });

  it('band break: the level above the 20-day mean + k std', () => {
    // 19 x 10 then 20: mean 10.5, SS 19 x 0.25 + 9.5^2 = 95, std sqrt(5); upper 10.5 + 2 sqrt(5) = 14.97.
    const v = Float64Array.from([...Array(19).fill(10), 20]);
    const s = scanSeries(days(20), v, opts);
    expect(s.bandMean).toBe(10.5);
    expect(s.bandStd).toBeCloseTo(Math.sqrt(5), 12);
    expect(s.band).toBe(1);
    // With k = 5 the band is 10.5 ± 11.18: inside.
    expect(scanSeries(days(20), v, { k: 5 }).band).toBe(0);
    const down = scanSeries(days(20), Float64Array.from([...Array(19).fill(10), 0]), opts);
    expect(down.band).toBe(-1);
  });

  it('a series too short says so for each figure', () => {
    const v = Float64Array.from([1, 2, 1.5, 1.7, 1.2]);
    const s = scanSeries(days(5), v, opts);
    expect([s.z20, s.z60, s.pct1y, s.band]).toEqual([null, null, null, null]);
    expect([s.gapZ20, s.gapZ60, s.gapPct, s.gapBand]).toEqual(['tooShort', 'tooShort', 'tooShort', 'tooShort']);
    // 30 points: z20 and the band are computed, z60 is not.
    const m = scanSeries(days(30), Float64Array.from({ length: 30 }, (_, i) => Math.sin(i)), opts);
    expect(m.z20).not.toBeNull();
    expect(m.gapZ60).toBe('tooShort');
    expect(scanSeries(new Int32Array(0), new Float64Array(0), opts).change).toBeNull();
  });

  it('a constant series says so (no division by a zero std)', () => {
    const s = scanSeries(days(80), new Float64Array(80).fill(3.5), opts);
    expect([s.gapZ20, s.gapZ60, s.gapBand, s.gapPct]).toEqual(['constant', 'constant', 'constant', 'constant']);
    expect([s.z20, s.z60, s.band, s.pct1y]).toEqual([null, null, null, null]);
    // A straight line: every change equal (no z), but the levels have a band.
    const line = scanSeries(days(80), Float64Array.from({ length: 80 }, (_, i) => i), opts);
    expect(line.gapZ20).toBe('constant');
    expect(line.band).toBe(0);
  });
});

describe('anomalies and thresholds', () => {
  it('lists what passes the thresholds, strongest z first', () => {
    const v = fromChanges([...Array(59).fill(1), 3]);
    const rows = [
      { series: { id: 'a' }, scan: scanSeries(days(61), v, opts) },
      { series: { id: 'flat' }, scan: scanSeries(days(61), new Float64Array(61).fill(1), opts) },
    ];
    const list = anomalies(rows, DEFAULT_THRESHOLDS);
    expect(list.map((a) => a.kind)).toEqual(['z60', 'z20', 'pctHigh']);
    expect(list.every((a) => a.id === 'a')).toBe(true);
    expect(list[0].value).toBe(rows[0].scan.z60);
    expect(anomalies(rows, { ...DEFAULT_THRESHOLDS, z: 5, high: 100.5 }).map((a) => a.kind)).toEqual(['z60']);
  });

  it('checks every threshold at once', () => {
    expect(checkThresholds({ z: 2.5, low: 2, high: 98, k: 2 })).toEqual([]);
    expect(checkThresholds({ z: null, low: -1, high: 98, k: 0 })).toEqual([
      { field: 'z', problem: 'missing' }, { field: 'k', problem: 'positive' }, { field: 'low', problem: 'pctRange' },
    ]);
    expect(checkThresholds({ z: 2, low: 60, high: 40, k: 2 })).toEqual([{ field: 'high', problem: 'pctOrder' }]);
  });
});

describe('derived series', () => {
  it('spread on the common days only', () => {
    const a = { id: 'a', dates: Int32Array.from([1, 2, 3, 5]), values: Float64Array.from([7.2, 7.3, 7.4, 7.5]) };
    const b = { id: 'b', dates: Int32Array.from([2, 3, 4, 5]), values: Float64Array.from([7.1, 7.3, 7.0, 7.45]) };
    const s = spreadSeries(a, b, 'x');
    expect(Array.from(s.dates)).toEqual([2, 3, 5]);
    expect(Array.from(s.values).map((x) => +x.toFixed(10))).toEqual([0.2, 0.1, 0.05]);
  });

  it('band series for the chart from the 20th point', () => {
    const v = Float64Array.from([...Array(19).fill(10), 20]);
    const b = bandSeries(v, 2);
    expect(b.mean[18]).toBeNull();
    expect(b.mean[19]).toBe(10.5);
    expect(b.upper[19]).toBeCloseTo(10.5 + 2 * Math.sqrt(5), 12);
  });
});
