// The Monte Carlo engine for path-dependent payoffs under GBM: runs one block of a job
// (streaming: memory is one path, whatever the path count), and combines block sums into
// the estimate and its standard error. Pseudo-random: xoshiro128** seeded per block with
// ziggurat normals, standard error from the sample variance. Sobol: Brownian-bridge construction, 16
// randomised replicas (random digital shifts), standard error from the spread of the
// replica means. Control variate: regression coefficient estimated from all samples.
import { BrownianBridge } from '../math/brownian-bridge';
import { normInvFast } from '../math/normal';
import { blockSeed, Xoshiro128, zigguratNormal } from '../math/random';
import { SobolSequence } from '../math/sobol';
import { type BlockSums, type BlockTask, type McJob, planBlocks, samplesFor } from './job';
import { controlMean, makePayoff } from './payoffs';

export interface McResult {
  npv: number;
  stderr: number;
  paths: number;
}

/** Distinct positive simulation times: the fixings after 0 and the expiry. */
function simulationTimes(job: McJob): number[] {
  const set = new Set<number>();
  for (const t of job.fixings) if (t > 0) set.add(t);
  set.add(job.expiry);
  return [...set].sort((a, b) => a - b);
}

export function validateJob(job: McJob): void {
  const { model: m } = job;
  if (!(m.spot > 0) || !(m.vol >= 0) || !Number.isFinite(m.rd) || !Number.isFinite(m.rf)) throw new RangeError('invalid GBM model');
  if (!(job.expiry > 0)) throw new RangeError('expiry must be positive');
  if (job.fixings.length === 0) throw new RangeError('at least one fixing is needed');
  for (let i = 0; i < job.fixings.length; i++) {
    const t = job.fixings[i];
    if (!(t >= 0 && t <= job.expiry)) throw new RangeError('fixing times must lie in [0, expiry]');
    if (i > 0 && t < job.fixings[i - 1]) throw new RangeError('fixing times must be non-decreasing');
  }
  if (!(job.paths >= 1) || !Number.isFinite(job.paths)) throw new RangeError('paths must be a positive number');
  if (simulationTimes(job).length > 1024 && job.generator === 'sobol') throw new RangeError('Sobol supports at most 1024 time steps');
}

/** Runs one block and returns its sums. */
export function runBlock(job: McJob, task: BlockTask): BlockSums {
  const times = simulationTimes(job);
  const steps = times.length;
  const { spot, rd, rf, vol } = job.model;
  const drift = new Float64Array(steps);
  const timeAt = new Float64Array(steps);
  for (let i = 0; i < steps; i++) {
    timeAt[i] = times[i];
    drift[i] = (rd - rf - 0.5 * vol * vol) * times[i];
  }
  // fixingSlot[i]: index in `times` of fixing i, or -1 for a fixing at 0.
  const nFix = job.fixings.length;
  const fixingSlot = new Int32Array(nFix);
  for (let i = 0; i < nFix; i++) fixingSlot[i] = job.fixings[i] > 0 ? times.indexOf(job.fixings[i]) : -1;
  const payoff = makePayoff(job.payoff, nFix);
  const z = new Float64Array(steps);
  const w = new Float64Array(steps);
  const fix = new Float64Array(nFix);
  const logFix = new Float64Array(nFix);
  const logSpot = Math.log(spot);
  const out = new Float64Array(2);

  const sobol = job.generator === 'sobol' ? new SobolSequence(steps, blockSeed(job.seed, 1_000_000 + task.replica)) : undefined;
  const bridge = sobol ? new BrownianBridge(timeAt) : undefined;
  const rng = sobol ? undefined : new Xoshiro128(blockSeed(job.seed, task.block));
  if (sobol) sobol.skipTo(task.start);
  const u = new Float64Array(steps);
  const sqrtDt = new Float64Array(steps);
  for (let i = 0; i < steps; i++) sqrtDt[i] = Math.sqrt(timeAt[i] - (i === 0 ? 0 : timeAt[i - 1]));

  let sy = 0, syy = 0, sc = 0, scc = 0, syc = 0;
  const legs = job.antithetic ? 2 : 1;
  for (let p = 0; p < task.samples; p++) {
    if (sobol) {
      sobol.next(u);
      for (let i = 0; i < steps; i++) z[i] = normInvFast(u[i]);
    } else {
      for (let i = 0; i < steps; i++) z[i] = zigguratNormal(rng!);
    }
    let y = 0;
    let c = 0;
    for (let leg = 0; leg < legs; leg++) {
      const sign = leg === 0 ? 1 : -1;
      if (bridge) {
        bridge.transform(z, w);
        if (sign < 0) for (let i = 0; i < steps; i++) w[i] = -w[i];
      } else {
        let acc = 0;
        for (let i = 0; i < steps; i++) {
          acc += sign * sqrtDt[i] * z[i];
          w[i] = acc;
        }
      }
      for (let i = 0; i < nFix; i++) {
        const slot = fixingSlot[i];
        const x = slot < 0 ? logSpot : logSpot + drift[slot] + vol * w[slot];
        logFix[i] = x;
        fix[i] = Math.exp(x);
      }
      const terminal = spot * Math.exp(drift[steps - 1] + vol * w[steps - 1]);
      payoff(fix, logFix, terminal, out);
      y += out[0];
      c += out[1];
    }
    y /= legs;
    c /= legs;
    sy += y; syy += y * y; sc += c; scc += c * c; syc += y * c;
  }
  return { block: task.block, replica: task.replica, n: task.samples, sy, syy, sc, scc, syc };
}

/** Combines block sums (in block order, for bit-identical results) into the estimate. */
export function combineBlocks(job: McJob, blocks: BlockSums[]): McResult {
  const sorted = [...blocks].sort((a, b) => a.block - b.block);
  const df = Math.exp(-job.model.rd * job.expiry);
  const cvMean = job.controlVariate ? controlMean(job) : undefined;
  let n = 0, sy = 0, syy = 0, sc = 0, scc = 0, syc = 0;
  for (const b of sorted) {
    n += b.n; sy += b.sy; syy += b.syy; sc += b.sc; scc += b.scc; syc += b.syc;
  }
  const my = sy / n;
  const mc = sc / n;
  const varY = Math.max(0, syy / n - my * my);
  const varC = Math.max(0, scc / n - mc * mc);
  const cov = syc / n - my * mc;
  const beta = cvMean !== undefined && varC > 0 ? cov / varC : 0;
  const cvTarget = cvMean !== undefined ? cvMean / df : 0;
  const estimate = (meanY: number, meanC: number) => meanY - beta * (meanC - cvTarget);
  const paths = job.antithetic ? 2 * n : n;
  if (job.generator === 'pseudo') {
    const varAdj = Math.max(0, varY - 2 * beta * cov + beta * beta * varC);
    const stderr = n > 1 ? Math.sqrt((varAdj * n) / (n - 1) / n) : Number.NaN;
    return { npv: df * estimate(my, mc), stderr: df * stderr, paths };
  }
  // Sobol: one estimate per replica, all with the same beta.
  const reps = new Map<number, { n: number; sy: number; sc: number }>();
  for (const b of sorted) {
    const r = reps.get(b.replica) ?? { n: 0, sy: 0, sc: 0 };
    r.n += b.n; r.sy += b.sy; r.sc += b.sc;
    reps.set(b.replica, r);
  }
  const ests = [...reps.keys()].sort((a, b) => a - b).map((k) => {
    const r = reps.get(k)!;
    return estimate(r.sy / r.n, r.sc / r.n);
  });
  const mean = ests.reduce((s, e) => s + e, 0) / ests.length;
  const m = ests.length;
  const spread = m > 1 ? Math.sqrt(ests.reduce((s, e) => s + (e - mean) ** 2, 0) / (m - 1) / m) : Number.NaN;
  return { npv: df * estimate(my, mc), stderr: df * spread, paths };
}

/** Runs a job on the calling thread (block by block). */
export function runMonteCarlo(job: McJob): McResult {
  validateJob(job);
  return combineBlocks(job, planBlocks(job).map((t) => runBlock(job, t)));
}

export { planBlocks, samplesFor };
