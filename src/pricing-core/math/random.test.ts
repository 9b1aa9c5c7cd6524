import { describe, expect, it } from 'vitest';
import { blockSeed, Xoshiro128 } from './random';
import { BrownianBridge } from './brownian-bridge';

describe('Xoshiro128 and normals', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = new Xoshiro128(42), b = new Xoshiro128(42), c = new Xoshiro128(43);
    const xa = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(xa);
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(xa);
    expect(blockSeed(1, 0)).not.toBe(blockSeed(1, 1));
  });

  it('gives uniforms in (0,1) and normals with the right first four moments', () => {
    const r = new Xoshiro128(7);
    const n = 200_000;
    let su = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
    for (let i = 0; i < n; i++) {
      const u = r.nextDouble();
      expect(u > 0 && u < 1).toBe(true);
      su += u;
      const z = r.nextNormal();
      s1 += z; s2 += z * z; s3 += z ** 3; s4 += z ** 4;
    }
    // 5 standard errors of each sample moment.
    expect(Math.abs(su / n - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / n));
    expect(Math.abs(s1 / n)).toBeLessThan(5 / Math.sqrt(n));
    expect(Math.abs(s2 / n - 1)).toBeLessThan(5 * Math.sqrt(2 / n));
    expect(Math.abs(s3 / n)).toBeLessThan(5 * Math.sqrt(15 / n));
    expect(Math.abs(s4 / n - 3)).toBeLessThan(5 * Math.sqrt(96 / n));
  });
});

describe('BrownianBridge', () => {
  it('maps independent normals to a path with covariance min(t_i, t_j)', () => {
    const times = [0.1, 0.25, 0.3, 0.7, 0.75, 1.0, 1.6];
    const n = times.length;
    const bridge = new BrownianBridge(times);
    // The bridge is linear: column k is the image of the unit vector e_k.
    const cols: Float64Array[] = [];
    for (let k = 0; k < n; k++) {
      const z = new Float64Array(n);
      z[k] = 1;
      const w = new Float64Array(n);
      bridge.transform(z, w);
      cols.push(w);
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let cov = 0;
        for (let k = 0; k < n; k++) cov += cols[k][i] * cols[k][j];
        expect(cov).toBeCloseTo(Math.min(times[i], times[j]), 12);
      }
    }
  });
});

describe('zigguratNormal and normInvFast', () => {
  it('the ziggurat matches the normal distribution: moments and a 40-bin chi-square', async () => {
    const { zigguratNormal } = await import('./random');
    const { normCdf } = await import('./normal');
    const r = new Xoshiro128(2024);
    const n = 400_000;
    const edges = Array.from({ length: 39 }, (_, i) => -3.8 + (i * 7.6) / 38);
    const counts = new Float64Array(40);
    let s1 = 0, s2 = 0, s4 = 0;
    for (let i = 0; i < n; i++) {
      const z = zigguratNormal(r);
      s1 += z; s2 += z * z; s4 += z ** 4;
      let k = 0;
      while (k < 39 && z > edges[k]) k++;
      counts[k]++;
    }
    expect(Math.abs(s1 / n)).toBeLessThan(5 / Math.sqrt(n));
    expect(Math.abs(s2 / n - 1)).toBeLessThan(5 * Math.sqrt(2 / n));
    expect(Math.abs(s4 / n - 3)).toBeLessThan(5 * Math.sqrt(96 / n));
    let chi2 = 0;
    for (let k = 0; k < 40; k++) {
      const lo = k === 0 ? 0 : normCdf(edges[k - 1]);
      const hi = k === 39 ? 1 : normCdf(edges[k]);
      const e = n * (hi - lo);
      chi2 += (counts[k] - e) ** 2 / e;
    }
    // 39 degrees of freedom: the 99.99% quantile is about 80.
    expect(chi2).toBeLessThan(80);
  });

  it('normInvFast agrees with normInv to Acklam accuracy', async () => {
    const { normInv, normInvFast } = await import('./normal');
    for (let i = 1; i < 2000; i++) {
      const p = i / 2000;
      expect(Math.abs(normInvFast(p) - normInv(p))).toBeLessThanOrEqual(1.2e-9 * Math.max(1, Math.abs(normInv(p))));
    }
    for (const p of [1e-300, 1e-12, 1 - 1e-12]) {
      expect(Math.abs(normInvFast(p) / normInv(p) - 1)).toBeLessThan(1.2e-9);
    }
  });
});
