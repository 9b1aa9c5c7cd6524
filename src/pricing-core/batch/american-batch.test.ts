import { describe, expect, it } from 'vitest';
import { americanBawBatch, americanQdFpBatch } from './american-batch';
import { qdFixedPoint } from '../engines/american/qd-fixed-point';
import { randomVanillaBatch } from './random-inputs';
import { baroneAdesiWhaley } from '../engines/american/barone-adesi-whaley';

describe('americanBawBatch', () => {
  it('equals the per-trade baroneAdesiWhaley bit for bit (incl. negative rates, t = 0, vol = 0)', () => {
    const n = 4000;
    const inp = randomVanillaBatch(n, 99);
    inp.t[0] = 0;
    inp.vol[1] = 0;
    const out = new Float64Array(n);
    americanBawBatch(inp, out);
    for (let i = 0; i < n; i++) {
      const one = baroneAdesiWhaley({
        type: inp.omega[i] > 0 ? 'call' : 'put', spot: inp.spot[i], strike: inp.strike[i], t: inp.t[i],
        rd: inp.rd[i], rf: inp.rf[i], vol: inp.vol[i],
      });
      expect(Object.is(out[i], one), `option ${i}: ${out[i]} vs ${one}`).toBe(true);
    }
  });
  it('writes NaN where the per-trade API would throw, and only in [start, end)', () => {
    const inp = randomVanillaBatch(4, 5);
    inp.spot[1] = -1;
    const out = new Float64Array(4).fill(7);
    americanBawBatch(inp, out, 1, 3);
    expect(out[0]).toBe(7);
    expect(out[1]).toBeNaN();
    expect(Number.isFinite(out[2])).toBe(true);
    expect(out[3]).toBe(7);
  });
});

describe('americanQdFpBatch', () => {
  it('equals the per-trade qdFixedPoint bit for bit, NaN for bad rows', () => {
    const n = 300;
    const inp = randomVanillaBatch(n, 7);
    inp.t[0] = 0;
    inp.vol[1] = 0;
    inp.strike[2] = 0;
    const out = new Float64Array(n);
    americanQdFpBatch(inp, out);
    expect(out[2]).toBeNaN();
    for (let i = 0; i < n; i++) {
      if (i === 2) continue;
      const one = qdFixedPoint({
        type: inp.omega[i] > 0 ? 'call' : 'put', spot: inp.spot[i], strike: inp.strike[i], t: inp.t[i],
        rd: inp.rd[i], rf: inp.rf[i], vol: inp.vol[i],
      });
      expect(Object.is(out[i], one), `option ${i}: ${out[i]} vs ${one}`).toBe(true);
    }
  });
});
