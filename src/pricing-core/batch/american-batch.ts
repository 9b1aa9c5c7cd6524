// Batch API for Barone-Adesi-Whaley American options over struct-of-arrays Float64Arrays.
// Runs the same scalar kernel as the per-trade `baroneAdesiWhaley`, so results are the same
// bits; skips the per-trade object and validation overhead. Allocates nothing.
import { bawKernel } from '../engines/american/barone-adesi-whaley';
import { qdFixedPointKernel } from '../engines/american/qd-fixed-point';
import type { VanillaBatchInputs } from './vanilla-batch';

/** Same layout as the vanilla batch: `omega` +1 call / -1 put, then spot, strike, t, rd, rf, vol. */
export type AmericanBatchInputs = VanillaBatchInputs;

/**
 * BAW values of options [start, end) into `out` (same indices). An input the per-trade API
 * would reject (non-positive spot or strike, negative t or vol, non-finite values, omega not
 * +-1) gives NaN instead of throwing.
 */
export function americanBawBatch(inp: AmericanBatchInputs, out: Float64Array, start = 0, end = inp.spot.length): void {
  const { omega, spot, strike, t, rd, rf, vol } = inp;
  for (let i = start; i < end; i++) {
    const w = omega[i], s = spot[i], k = strike[i], ti = t[i], r = rd[i], q = rf[i], v = vol[i];
    const valid = (w === 1 || w === -1) && s > 0 && s < Infinity && k > 0 && k < Infinity && ti >= 0 && ti < Infinity &&
      v >= 0 && v < Infinity && Number.isFinite(r) && Number.isFinite(q);
    out[i] = valid ? bawKernel(w, s, k, ti, r, q, v) : NaN;
  }
}

/**
 * The fast accurate American method (`qdfp`: within 1e-6 of the strike of `numerical`) over
 * the same layout; NaN where the per-trade API would throw. Same kernel as the per-trade
 * `qdFixedPoint`, so the same bits.
 */
export function americanQdFpBatch(inp: AmericanBatchInputs, out: Float64Array, start = 0, end = inp.spot.length): void {
  const { omega, spot, strike, t, rd, rf, vol } = inp;
  for (let i = start; i < end; i++) {
    const w = omega[i], s = spot[i], k = strike[i], ti = t[i], r = rd[i], q = rf[i], v = vol[i];
    const valid = (w === 1 || w === -1) && s > 0 && s < Infinity && k > 0 && k < Infinity && ti >= 0 && ti < Infinity &&
      v >= 0 && v < Infinity && Number.isFinite(r) && Number.isFinite(q);
    out[i] = valid ? qdFixedPointKernel(w, s, k, ti, r, q, v) : NaN;
  }
}
