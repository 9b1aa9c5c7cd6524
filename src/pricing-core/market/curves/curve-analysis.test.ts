import { describe, expect, it } from 'vitest';
import { curveMove, curvePca } from './curve-analysis';
import { Xoshiro128, zigguratNormal } from '../../math/random';

const tenors = [0.25, 1, 2, 3, 5, 7, 10, 20, 30];

describe('curve moves between two dates', () => {
  it('a pure parallel shift, a pure steepener and a pure belly move', () => {
    const base = tenors.map((t) => 0.02 + 0.001 * Math.log1p(t));
    const shifted = curveMove(tenors, base, base.map((x) => x + 0.0005));
    expect(shifted.parallel).toBeCloseTo(5, 10);
    expect(shifted.twist).toBeCloseTo(0, 10);
    expect(shifted.butterfly).toBeCloseTo(0, 10);
    const steep = curveMove(tenors, base, base.map((x, i) => x + 0.0001 * tenors[i]));
    expect(steep.twist).toBeCloseTo(8, 10); // (10 - 2) bp
    expect(steep.butterfly).toBeCloseTo(2 * 5 - 2 - 10, 10); // 2s5s10s of a move linear in tenor (unequal wings)
    const belly = curveMove(tenors, base, base.map((x, i) => x + (tenors[i] === 5 ? 0.0003 : 0)));
    expect(belly.butterfly).toBeCloseTo(6, 10);
    expect(belly.twist).toBeCloseTo(0, 10);
    expect(belly.parallel).toBeCloseTo(3 / 9, 10);
  });
});

describe('PCA of curve changes', () => {
  it('recovers planted level / slope / curvature factors, their variance shares and signs', () => {
    // Orthonormal planted factors on 9 tenors: level, slope and curvature shapes, orthogonalised.
    const raw = [tenors.map(() => 1), tenors.map((t) => Math.log(t) - 1), tenors.map((t) => (Math.log(t) - 1) ** 2 - 2)];
    const basis: number[][] = [];
    for (const v of raw) {
      const w = [...v];
      for (const b of basis) { const p = w.reduce((s, x, i) => s + x * b[i], 0); for (let i = 0; i < w.length; i++) w[i] -= p * b[i]; }
      const norm = Math.hypot(...w);
      basis.push(w.map((x) => x / norm));
    }
    const sd = [0.0008, 0.0003, 0.0001];
    const rng = new Xoshiro128(11);
    const history: number[][] = [tenors.map(() => 0.02)];
    for (let d = 0; d < 4000; d++) {
      const z = sd.map((s) => s * zigguratNormal(rng));
      history.push(history[d].map((x, i) => x + z[0] * basis[0][i] + z[1] * basis[1][i] + z[2] * basis[2][i]));
    }
    const pca = curvePca(history);
    const total = sd.reduce((s, x) => s + x * x, 0);
    pca.components.forEach((c, k) => {
      expect(c.explained).toBeCloseTo((sd[k] * sd[k]) / total, 1);
      const dot = c.loadings.reduce((s, x, i) => s + x * basis[k][i], 0);
      expect(Math.abs(dot)).toBeGreaterThan(0.99);
    });
    expect(pca.components.map((c) => c.name)).toEqual(['level', 'slope', 'curvature']);
    expect(pca.components[0].loadings.every((x) => x > 0)).toBe(true);
    expect(pca.components[1].loadings.at(-1)!).toBeGreaterThan(pca.components[1].loadings[0]);
    expect(pca.components[0].scores).toHaveLength(4000);
  });
  it('refuses short or ragged histories', () => {
    expect(() => curvePca([[0.01, 0.02, 0.03], [0.01, 0.02, 0.03]])).toThrow(/three dates/);
    expect(() => curvePca([[0.01, 0.02, 0.03], [0.01, 0.02], [0.01, 0.02, 0.03]])).toThrow(/same tenors/);
  });
});
