// Combines block sums of a structured job (from the CPU, workers or the GPU) into the price,
// its standard error and the event statistics. Controls (discounted S_T and a put on S_T,
// exact means) enter by least squares with coefficients estimated from all samples; the
// standard error is that of the estimator actually used: the residual sample variance
// (pseudo-random) or the spread of the 16 replica estimates (Sobol).
import { planBlocks } from '../job';
import type { StructuredBlockSums, StructuredJob } from './program';

export interface StructuredMcResult {
  npv: number;
  stderr: number;
  /** The same estimate without the control variates (its standard error), for comparison. */
  stderrPlain: number;
  paths: number;
  generator: StructuredJob['generator'];
  antithetic: boolean;
  controlVariate: boolean;
  /** Per rule: the probability that it fired on a path (knock-out, knock-in, ...). */
  ruleProbabilities: { label: string; probability: number }[];
  /** Expected time (years) until the product ends: knock-out or its last observation. */
  expectedLife: number;
  /** The estimate per replica (Sobol) or per block (pseudo): for paired standard errors of differences. */
  groups: number[];
  /** Where it ran: the CPU (this thread or workers) or the GPU kernel. */
  engine: 'cpu' | 'gpu';
}

/** Least-squares coefficients of y on up to two controls; zero for a degenerate control. */
function regress(cxx: number[][], cxy: number[]): number[] {
  const [a, b, d] = [cxx[0][0], cxx[0][1], cxx[1][1]];
  const det = a * d - b * b;
  if (a > 0 && d > 0 && det > 1e-12 * a * d) return [(d * cxy[0] - b * cxy[1]) / det, (a * cxy[1] - b * cxy[0]) / det];
  if (a >= d && a > 0) return [cxy[0] / a, 0];
  if (d > 0) return [0, cxy[1] / d];
  return [0, 0];
}

export function combineStructured(job: StructuredJob, blocks: StructuredBlockSums[]): StructuredMcResult {
  const sorted = [...blocks].sort((x, y) => x.block - y.block);
  const p = job.program;
  const ctl = job.controlVariate ? p.control : null;
  const S = new Array<number>(9).fill(0);
  let n = 0, legs = 0, life = 0;
  const fired = new Array<number>(p.rules.length).fill(0);
  for (const b of sorted) {
    n += b.n;
    legs += b.legs;
    life += b.life;
    for (let i = 0; i < 9; i++) S[i] += b.s[i];
    b.fired.forEach((f, r) => (fired[r] += f));
  }
  const my = S[0] / n;
  const mc = [S[2] / n, S[3] / n];
  const varY = Math.max(0, S[1] / n - my * my);
  const cxx = [
    [S[4] / n - mc[0] * mc[0], S[5] / n - mc[0] * mc[1]],
    [S[5] / n - mc[0] * mc[1], S[6] / n - mc[1] * mc[1]],
  ];
  const cxy = [S[7] / n - my * mc[0], S[8] / n - my * mc[1]];
  const beta = ctl ? regress(cxx, cxy) : [0, 0];
  const mu = ctl ? [ctl.meanAsset, ctl.meanPut] : [0, 0];
  const estimate = (y: number, c1: number, c2: number) => y - beta[0] * (c1 - mu[0]) - beta[1] * (c2 - mu[1]);
  const npv = estimate(my, mc[0], mc[1]);

  // Groups: replicas (Sobol) or blocks (pseudo), each with the common coefficients.
  const groupSums = new Map<number, { n: number; y: number; c1: number; c2: number }>();
  for (const b of sorted) {
    const key = job.generator === 'sobol' ? b.replica : b.block;
    const g = groupSums.get(key) ?? { n: 0, y: 0, c1: 0, c2: 0 };
    g.n += b.n; g.y += b.s[0]; g.c1 += b.s[2]; g.c2 += b.s[3];
    groupSums.set(key, g);
  }
  const keys = [...groupSums.keys()].sort((a, b) => a - b);
  const groups = keys.map((k) => {
    const g = groupSums.get(k)!;
    return estimate(g.y / g.n, g.c1 / g.n, g.c2 / g.n);
  });
  const plainGroups = keys.map((k) => groupSums.get(k)!.y / groupSums.get(k)!.n);
  const spread = (xs: number[]) => {
    const m = xs.length;
    if (m < 2) return Number.NaN;
    const mean = xs.reduce((s, v) => s + v, 0) / m;
    return Math.sqrt(xs.reduce((s, v) => s + (v - mean) ** 2, 0) / (m - 1) / m);
  };
  let stderr: number, stderrPlain: number;
  if (job.generator === 'sobol') {
    stderr = spread(groups);
    stderrPlain = spread(plainGroups);
  } else {
    const resid = Math.max(0, varY - 2 * (beta[0] * cxy[0] + beta[1] * cxy[1])
      + beta[0] * beta[0] * cxx[0][0] + 2 * beta[0] * beta[1] * cxx[0][1] + beta[1] * beta[1] * cxx[1][1]);
    stderr = n > 1 ? Math.sqrt(resid / (n - 1)) : Number.NaN;
    stderrPlain = n > 1 ? Math.sqrt(varY / (n - 1)) : Number.NaN;
  }
  // Nothing random (a product decided by the past): exact, no error.
  if (p.firstRandom >= p.times.length) {
    stderr = 0;
    stderrPlain = 0;
  }
  return {
    npv,
    stderr,
    stderrPlain,
    paths: job.antithetic ? 2 * n : n,
    generator: job.generator,
    antithetic: job.antithetic,
    controlVariate: ctl !== null,
    ruleProbabilities: p.rules.map((r, i) => ({ label: r.label, probability: legs ? fired[i] / legs : 0 })),
    expectedLife: legs ? life / legs : 0,
    groups,
    engine: 'cpu',
  };
}

/** The fixed block layout of a structured job (shared with the Asian engine's). */
export function planStructuredBlocks(job: StructuredJob) {
  return planBlocks(job);
}
