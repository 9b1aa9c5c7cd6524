// Historical, parametric (normal) and EWMA value at risk and expected shortfall
// (PRICING-CLI `historicalVar`). Results in money, positive for losses.
import { PricingError } from '../core/types';
import { normInv, normPdf } from '../math/normal';
import { mean, sampleStd } from './stats';

export interface VarInput {
  pnl?: ArrayLike<number>;
  positions?: ArrayLike<number>;
  scenarioReturns?: ArrayLike<number>[];
  confidenceLevels?: ArrayLike<number>;
  ewmaLambda?: number;
}

export function historicalVar(inp: VarInput) {
  const hasPnl = inp.pnl !== undefined;
  const hasBook = inp.positions !== undefined || inp.scenarioReturns !== undefined;
  if (hasPnl === hasBook) throw new PricingError('give either pnl or positions with scenarioReturns');
  let p: Float64Array;
  if (hasPnl) p = Float64Array.from(inp.pnl!);
  else {
    const pos = inp.positions, sc = inp.scenarioReturns;
    if (pos === undefined || sc === undefined) throw new PricingError('positions and scenarioReturns go together');
    p = new Float64Array(sc.length);
    sc.forEach((row, t) => {
      if (row.length !== pos.length) throw new PricingError(`scenarioReturns row ${t} has ${row.length} values, positions has ${pos.length}`);
      let s = 0;
      for (let j = 0; j < pos.length; j++) s += pos[j] * row[j];
      p[t] = s;
    });
  }
  const n = p.length;
  if (n < 2) throw new PricingError('historicalVar needs at least 2 scenarios');
  const levels = Array.from(inp.confidenceLevels ?? [0.95, 0.99]);
  for (const c of levels) if (!(c > 0 && c < 1)) throw new PricingError('confidence levels must be in (0, 1)');
  const lambda = inp.ewmaLambda ?? 0.94;
  if (!(lambda > 0 && lambda < 1)) throw new PricingError('ewmaLambda must be in (0, 1)');

  const losses = Float64Array.from(p, (v) => -v).sort().reverse(); // largest loss first
  const m = mean(p), s = sampleStd(p, 0, n, m);
  // EWMA weights w_t = (1 - lambda) lambda^(n-t) / (1 - lambda^n), latest scenario last.
  let acc = 0, wt = (1 - lambda) / (1 - Math.pow(lambda, n));
  for (let t = n - 1; t >= 0; t--) { acc += wt * p[t] * p[t]; wt *= lambda; }
  const ewmaStd = Math.sqrt(acc);
  const out = {
    n, mean: m, std: s, ewmaStd,
    varHistorical: [] as number[], esHistorical: [] as number[], varParametric: [] as number[],
    esParametric: [] as number[], varEwma: [] as number[], esEwma: [] as number[],
  };
  for (const c of levels) {
    const k = Math.max(1, Math.ceil(n * (1 - c) - 1e-9));
    let tail = 0;
    for (let i = 0; i < k; i++) tail += losses[i];
    const z = normInv(c), tailDensity = normPdf(z) / (1 - c);
    out.varHistorical.push(losses[k - 1]);
    out.esHistorical.push(tail / k);
    out.varParametric.push(z * s - m);
    out.esParametric.push(s * tailDensity - m);
    out.varEwma.push(z * ewmaStd);
    out.esEwma.push(ewmaStd * tailDensity);
  }
  return out;
}
