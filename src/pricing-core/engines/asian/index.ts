// Asian options (PRICING-CLI model `asian`): geometric averages in closed form, arithmetic
// averages by Turnbull-Wakeman moment matching or by the Monte Carlo engine with the
// geometric control variate. Average rate (fixed strike) by default; `strikeType:
// 'floating'` gives the average-strike option (payoff on S_T - A), geometric or MC only.
import { geometricAsianContinuous, geometricAsianDiscrete } from './geometric';
import { turnbullWakemanContinuous, turnbullWakemanDiscrete } from './turnbull-wakeman';
import { runMonteCarlo } from '../../mc/engine';
import type { McJob, RandomGenerator } from '../../mc/job';

export interface AsianRequest {
  type: 'call' | 'put';
  spot: number;
  strike: number;
  t: number;
  rd: number;
  rf: number;
  vol: number;
  average: 'geometric' | 'arithmetic';
  /** Either continuous averaging over [0, t] or these fixing times. */
  continuous?: boolean;
  fixings?: number[];
  method?: 'mc' | 'turnbull_wakeman';
  strikeType?: 'fixed' | 'floating';
  paths?: number;
  seed?: number;
  generator?: RandomGenerator;
  antithetic?: boolean;
  controlVariate?: boolean;
}

export interface AsianResult {
  npv: number;
  stderr?: number;
}

export const DEFAULT_ASIAN_PATHS = 65_536;

/** The MC job an arithmetic Asian request describes. */
export function asianMcJob(r: AsianRequest): McJob {
  const floating = r.strikeType === 'floating';
  return {
    model: { spot: r.spot, rd: r.rd, rf: r.rf, vol: r.vol },
    fixings: r.fixings ?? [],
    expiry: r.t,
    payoff: floating
      ? { kind: 'arithmeticAverageStrike', type: r.type }
      : { kind: 'arithmeticAverageRate', type: r.type, strike: r.strike },
    paths: r.paths ?? DEFAULT_ASIAN_PATHS,
    seed: r.seed ?? 1,
    generator: r.generator ?? 'sobol',
    antithetic: r.antithetic ?? false,
    controlVariate: r.controlVariate ?? true,
  };
}

export function priceAsian(r: AsianRequest): AsianResult {
  const floating = r.strikeType === 'floating';
  const base = { type: r.type, spot: r.spot, strike: r.strike, expiry: r.t, rd: r.rd, rf: r.rf, vol: r.vol };
  if (r.average === 'geometric') {
    const g = { ...base, averageStrike: floating };
    return { npv: r.continuous ? geometricAsianContinuous(g) : geometricAsianDiscrete({ ...g, fixings: r.fixings! }) };
  }
  if (r.continuous || r.method === 'turnbull_wakeman') {
    if (floating) throw new RangeError('turnbull_wakeman prices average-rate (fixed strike) options only');
    return { npv: r.continuous ? turnbullWakemanContinuous(base) : turnbullWakemanDiscrete({ ...base, fixings: r.fixings! }) };
  }
  const res = runMonteCarlo(asianMcJob(r));
  return { npv: res.npv, stderr: res.stderr };
}

export { geometricAsianContinuous, geometricAsianDiscrete } from './geometric';
export { turnbullWakemanContinuous, turnbullWakemanDiscrete } from './turnbull-wakeman';
