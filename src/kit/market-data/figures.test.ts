import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromISO, toISO, type CalendarDate } from '../../pricing-core/dates/date';
import type { HistorySeries } from './client';
import { alignHistory, changeOf, changePct, commonProvenance, historyProvenance, historySources, lastChange, previousBefore, rangeFrom, splitAtBoundary, valueOn } from './figures';
import type { Observation } from './series';

const series = (id: string, points: Array<[string, number]>, runs: Array<[number, number]> = [[0, 1]]): HistorySeries => ({
  id,
  dates: Int32Array.from(points.map(([d]) => fromISO(d))),
  values: Float64Array.from(points.map(([, v]) => v)),
  runs,
});

const obs = (o: Partial<Observation>): Observation => ({ id: 'x', value: 1, date: '2026-11-20', asOf: '2026-11-20', source: 's', sourceKind: 'sample', ...o });

describe('history windows', () => {
  it('counts months back from the end date, clamping month ends', () => {
    expect(rangeFrom('1M', '2026-11-20')).toBe('2026-10-20');
    expect(rangeFrom('3M', '2026-05-31')).toBe('2026-02-28');
    expect(rangeFrom('1Y', '2024-02-29')).toBe('2023-02-28');
    expect(rangeFrom('3Y', '2026-11-20')).toBe('2023-11-20');
    expect(rangeFrom('ALL', '2026-11-20')).toBe('2000-01-01');
  });
  it('takes the date in Beijing, not UTC', () => {
  });
});

describe('previous figure', () => {
  const s = series('rate.SHIBOR.3M', [['2026-11-17', 1.55], ['2026-11-18', 1.56], ['2026-11-20', 1.572]]);
  it('is the last figure strictly before the date, skipping days without one', () => {
    expect(previousBefore(s, '2026-11-20')).toEqual({ date: '2026-11-18', value: 1.56 });
    expect(previousBefore(s, '2026-11-19')).toEqual({ date: '2026-11-18', value: 1.56 });
    expect(previousBefore(s, '2026-11-24')).toEqual({ date: '2026-11-20', value: 1.572 });
    expect(previousBefore(s, '2026-11-17')).toBeNull();
    expect(previousBefore(undefined, '2026-11-20')).toBeNull();
    expect(previousBefore(s, '2026-11-24T03:00:00Z')).toBeNull();
  });
  it('valueOn includes the date itself', () => {
    expect(valueOn(s, '2026-11-18')).toEqual({ date: '2026-11-18', value: 1.56 });
    expect(valueOn(s, '2026-11-19')).toEqual({ date: '2026-11-18', value: 1.56 });
    expect(valueOn(s, '2026-11-16')).toBeNull();
  });
  it('agrees with a linear scan on any sorted history', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 18000, max: 21000 }), { minLength: 0, maxLength: 40 }), fc.integer({ min: 17990, max: 21010 }), (days, probe) => {
        days.sort((a, b) => a - b);
        const h: HistorySeries = { id: 'x', dates: Int32Array.from(days), values: Float64Array.from(days.map((d) => d / 7)), runs: [[0, 1]] };
        const want = [...days].reverse().find((d) => d < probe);
        const got = previousBefore(h, toISO(probe as CalendarDate));
        expect(got).toEqual(want === undefined ? null : { date: toISO(want as CalendarDate), value: want / 7 });
      }),
    );
  });
});

describe('last change of a stepped series', () => {
  const fed = series('policy.FED.UPPER', [['2024-09-18', 5], ['2024-11-07', 4.75], ['2024-12-18', 4.5], ['2025-09-17', 4.25], ['2025-10-29', 4]]);
  it('is the date the current level was set, with the level before', () => {
    expect(lastChange(fed)).toEqual({ date: '2025-10-29', value: 4, before: 4.25 });
  });
  it('skips repeated figures (a re-import of the same level)', () => {
    const s = series('p', [['2025-01-01', 2], ['2025-03-01', 1.5], ['2025-06-01', 1.5], ['2025-09-01', 1.5]]);
    expect(lastChange(s)).toEqual({ date: '2025-03-01', value: 1.5, before: 2 });
    expect(lastChange(s, { date: '2025-10-01', value: 1.5 })).toEqual({ date: '2025-03-01', value: 1.5, before: 2 });
  });
  it('takes a newer pushed figure as the current level', () => {
    expect(lastChange(fed, { date: '2025-12-10', value: 3.75 })).toEqual({ date: '2025-12-10', value: 3.75, before: 4 });
  });
  it('says no earlier level when the history starts at the current one', () => {
    expect(lastChange(series('p', [['2025-01-01', 1], ['2025-02-01', 1]]))).toEqual({ date: '2025-01-01', value: 1, before: null });
    expect(lastChange(undefined)).toBeNull();
    expect(lastChange(undefined, { date: '2025-01-01', value: 2 })).toEqual({ date: '2025-01-01', value: 2, before: null });
  });
});

describe('changes', () => {
  it('quotes percent rates in basis points and prices as differences', () => {
    expect(changeOf('pct', 1.52, 1.5)).toBeCloseTo(2, 12);
    expect(changeOf('price', 7.085, 7.08)).toBeCloseTo(0.005, 12);
    expect(changeOf('pct', undefined, 1)).toBeNull();
    expect(changeOf('pct', 1, null)).toBeNull();
    expect(changePct(101, 100)).toBeCloseTo(1, 12);
    expect(changePct(1, 0)).toBeNull();
  });
});

describe('provenance', () => {
  it('maps a history point to its run of batches', () => {
    const s = series('x', [['2026-11-18', 1], ['2026-11-19', 2], ['2026-11-20', 3]], [[0, 1], [2, 7]]);
    const h = { batches: { '1': { source: 'sample snapshot', sourceKind: 'sample' as const, kind: 'sample' as const, createdAt: '' }, '7': { source: 'fix.csv by demo', sourceKind: 'imported' as const, kind: 'import' as const, createdAt: '' } }, offline: false };
    expect(historyProvenance(h, s, 1)).toEqual({ source: 'sample snapshot', sourceKind: 'sample', asOf: '2026-11-19' });
    expect(historyProvenance(h, s, 2)).toEqual({ source: 'fix.csv by demo', sourceKind: 'imported', asOf: '2026-11-20' });
    expect(historyProvenance(h, s, 3)).toBeNull();
  });
  it('names every source a chart draws from, with the newest date of each', () => {
    const a = series('a', [['2026-11-18', 1], ['2026-11-19', 2], ['2026-11-20', 3], ['2026-11-24', 4]], [[0, 1], [3, 7]]);
    const b = series('b', [['2026-11-19', 1], ['2026-11-21', 2]], [[0, 1]]);
    const h = { batches: { '1': { source: 'sample snapshot', sourceKind: 'sample' as const, kind: 'sample' as const, createdAt: '' }, '7': { source: 'good.csv by demo', sourceKind: 'imported' as const, kind: 'import' as const, createdAt: '' } }, offline: false };
    expect(historySources(h, [a, b])).toEqual([
      { source: 'sample snapshot', sourceKind: 'sample', asOf: '2026-11-21' },
      { source: 'good.csv by demo', sourceKind: 'imported', asOf: '2026-11-24' },
    ]);
  });
  it('gives one header provenance only when every figure shares it', () => {
    expect(commonProvenance([obs({ asOf: '2026-11-19' }), obs({ asOf: '2026-11-20' })])).toEqual({ source: 's', sourceKind: 'sample', asOf: '2026-11-20' });
    expect(commonProvenance([obs({}), obs({ sourceKind: 'imported' })])).toBeNull();
    expect(commonProvenance([obs({}), obs({ offline: true })])).toMatchObject({ offline: true });
    expect(commonProvenance([undefined])).toBeNull();
  });
});

describe('aligned history', () => {
  const a = series('a', [['2026-11-17', 1], ['2026-11-19', 3]]);
  const b = series('b', [['2026-11-18', 20], ['2026-11-19', 30]]);
  it('puts series on the union of their dates with gaps', () => {
    const [x, ca, cb] = alignHistory([a, b]);
    expect(x.length).toBe(3);
    expect(ca).toEqual([1, null, 3]);
    expect(cb).toEqual([null, 20, 30]);
    expect(x[1] - x[0]).toBeGreaterThanOrEqual(82_800); // one day (23 h across a DST change)
  });
  it('carries stepped series to the end date and scales', () => {
    const [x, ca, cb] = alignHistory([a, b], { fill: 'step', until: '2026-11-21', scale: [100, 1] });
    expect(x.length).toBe(4);
    expect(ca).toEqual([100, 100, 300, 300]);
    expect(cb).toEqual([null, 20, 30, 30]);
  });
  it('starts a stepped window at the level each series holds on its first date', () => {
    const fed = series('fed', [['2024-09-18', 5], ['2024-12-18', 4.5], ['2025-10-29', 4]]);
    const ecb = series('ecb', [['2025-06-11', 2]]);
    const [x, cf, ce] = alignHistory([fed, ecb], { fill: 'step', from: '2025-01-01', until: '2025-12-31' });
    expect(x.length).toBe(4); // 2025-01-01, 2025-06-11, 2025-10-29, 2025-12-31
    expect(cf).toEqual([4.5, 4.5, 4, 4]);
    expect(ce).toEqual([null, 2, 2, 2]);
    // a window that starts before every figure is not padded
    expect(alignHistory([ecb], { fill: 'step', from: '2020-01-01', until: '2025-12-31' })[1]).toEqual([2, 2]);
  });
  it('keeps a missing series as an all-null column', () => {
    const [x, ca, cb] = alignHistory([a, undefined]);
    expect(x.length).toBe(2);
    expect(ca).toEqual([1, 3]);
    expect(cb).toEqual([null, null]);
  });
});

describe('where real history ends', () => {
  const batches = {
    '1': { source: 'FRED H.10 (Federal Reserve Board)', sourceKind: 'published' as const, kind: 'history' as const, createdAt: '' },
    '2': { source: 'sample snapshot (generated, not market data)', sourceKind: 'sample' as const, kind: 'sample' as const, createdAt: '' },
  };
  const pts: Array<[string, number]> = [['2026-09-16', 6.71], ['2026-09-17', 6.72], ['2026-09-18', 6.73], ['2026-09-21', 7.1], ['2026-09-22', 7.11]];

  it('splits real from sample, the sample part starting at the last real figure, with the boundary date', () => {
    const s = series('fx.USDCNY', pts, [[0, 1], [3, 2]]);
    const r = splitAtBoundary({ batches, offline: false }, s);
    expect(Array.from(r.real.values)).toEqual([6.71, 6.72, 6.73]);
    expect(Array.from(r.other!.values)).toEqual([6.73, 7.1, 7.11]);
    expect(r.boundaries).toHaveLength(1);
    expect(r.boundaries[0]).toMatchObject({ date: '2026-09-18', real: { source: 'FRED H.10 (Federal Reserve Board)' }, after: { sourceKind: 'sample' } });
    // Drawn: never a sample value on the solid line, never a real one after the boundary on the dashed.
    const [, solid, dashed] = alignHistory([r.real, r.other!]);
    expect(solid).toEqual([6.71, 6.72, 6.73, null, null]);
    expect(dashed).toEqual([null, null, 6.73, 7.1, 7.11]);
  });

  it('leaves a series of one kind whole', () => {
    expect(splitAtBoundary({ batches, offline: false }, series('a', pts, [[0, 2]])).other).toBeNull();
    expect(splitAtBoundary({ batches, offline: false }, series('a', pts, [[0, 1]])).boundaries).toEqual([]);
  });
});
