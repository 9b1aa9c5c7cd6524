// Batch API: struct-of-arrays Float64Array inputs and outputs for European vanillas (price and
// all greeks) and implied volatilities. The inner loops allocate nothing. The per-trade API
// runs the same kernels on one-element views, so batch and per-trade results are the same
// numbers.
import { blackGreeksArrays, type BlackArrays, type GreeksArrays } from '../engines/black/black-scholes';
import { impliedVolCore } from '../engines/black/implied-vol';

/** Inputs, one entry per option. `omega` is +1 for a call, -1 for a put. */
export type VanillaBatchInputs = BlackArrays;
export type VanillaBatchOutputs = GreeksArrays;

export function allocateVanillaOutputs(n: number): VanillaBatchOutputs {
  return {
    npv: new Float64Array(n), delta: new Float64Array(n), gamma: new Float64Array(n), vega: new Float64Array(n),
    theta: new Float64Array(n), rhoDomestic: new Float64Array(n), rhoForeign: new Float64Array(n),
  };
}

/** Prices options [start, end) into `out` (same indices). */
export function priceVanillaBatch(inp: VanillaBatchInputs, out: VanillaBatchOutputs, start = 0, end = inp.spot.length): void {
  blackGreeksArrays(inp, out, start, end);
}

export interface ImpliedVolBatchInputs {
  omega: Float64Array;
  price: Float64Array;
  spot: Float64Array;
  strike: Float64Array;
  t: Float64Array;
  rd: Float64Array;
  rf: Float64Array;
}

/**
 * Implied volatilities into `outVol`; NaN for a premium outside the no-arbitrage range or
 * t <= 0 (the per-trade API throws instead), 0 for a premium at intrinsic value.
 */
export function impliedVolBatch(inp: ImpliedVolBatchInputs, outVol: Float64Array, start = 0, end = inp.price.length): void {
  const { omega, price, spot, strike, t, rd, rf } = inp;
  for (let i = start; i < end; i++) {
    const v = impliedVolCore(omega[i], price[i], spot[i], strike[i], t[i], rd[i], rf[i]);
    outVol[i] = v < 0 ? NaN : v;
  }
}
