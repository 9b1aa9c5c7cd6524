import { describe, expect, it } from 'vitest';
import { align, analyse, references, tenorRows } from './model';

const tenors = ['1Y', '2Y', '5Y', '10Y', '6M'];
const years = { '6M': 0.5, '1Y': 1, '2Y': 2, '5Y': 5, '10Y': 10 } as Record<string, number>;
/** A planted history: level, slope and curvature moves, percent, on days 20000.. */
function history(days: number, seed = 7) {
  let s = seed;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647) - 0.5;
  let level = 0, slope = 0, curv = 0;
  const values = tenors.map(() => [] as number[]);
  for (let d = 0; d < days; d++) {
    level += 0.05 * rnd(); slope += 0.02 * rnd(); curv += 0.008 * rnd();
    tenors.forEach((t, k) => {
      const x = years[t];
      values[k].push(2 + level + slope * (x / 10) + curv * Math.sin((Math.PI * x) / 10));
    });
  }
  return tenors.map((t, k) => ({ id: `irs.X.${t}`, tenor: t, dates: Int32Array.from({ length: days }, (_, d) => 20000 + d), values: Float64Array.from(values[k]) }));
}

describe('yield curve analysis model', () => {
  it('aligns tenors by maturity on common dates', () => {
    const h = history(5);
    h[0] = { ...h[0], dates: h[0].dates.slice(1), values: h[0].values.slice(1) };
    const a = align(h);
    expect(a.tenors).toEqual(['6M', '1Y', '2Y', '5Y', '10Y']);
    expect(a.dates.length).toBe(4);
  });

  it('move between the end dates and PCA with three components explaining at most 100 %', () => {
    const a = analyse(history(250));
    expect(a.move.changesBp.length).toBe(5);
    const rows = tenorRows(a);
    expect(rows[3].changeBp).toBeCloseTo((rows[3].after - rows[3].before) * 100, 9);
    expect(a.pca!.components.map((c) => c.name)).toEqual(['level', 'slope', 'curvature']);
    expect(a.explained3!).toBeLessThanOrEqual(1 + 1e-12);
    expect(a.explained3!).toBeGreaterThan(0.99); // three planted factors
    expect(a.pca!.components[0].explained).toBeGreaterThan(a.pca!.components[1].explained);
  });

  it('twist is long minus short, butterfly 2 mid - short - long; references fit short curves', () => {
    const a = analyse(history(30));
    const ch = (t: string) => tenorRows(a).find((r) => r.tenor === t)!.changeBp;
    expect(a.move.twist).toBeCloseTo(ch('10Y') - ch('2Y'), 9);
    expect(a.move.butterfly).toBeCloseTo(2 * ch('5Y') - ch('2Y') - ch('10Y'), 9);
    expect(references([1, 2, 3, 4, 5])).toEqual({ short: 2, mid: 3.5, long: 5 });
    expect(() => analyse(history(1))).toThrow(/two dates/);
  });
});
