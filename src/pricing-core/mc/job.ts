// A Monte Carlo job as plain data (so it can cross to a worker or a GPU kernel): the GBM
// model, the fixing times, the payoff by name, the generator and the variance reductions.
// Fixed blocks of the sample sequence are the unit of work: the result depends on the seed
// and the path count only, never on how many workers ran the blocks.

export interface GbmModel {
  spot: number;
  rd: number;
  rf: number;
  vol: number;
}

export type PathPayoffSpec =
  /** max(w (A - K), 0) with A the arithmetic mean of the fixings; control: geometric mean. */
  | { kind: 'arithmeticAverageRate'; type: 'call' | 'put'; strike: number }
  /** max(w (S_T - A), 0); control: the same with the geometric mean. */
  | { kind: 'arithmeticAverageStrike'; type: 'call' | 'put' }
  /** Geometric mean payoffs (exact closed forms exist: used to test the engine). */
  | { kind: 'geometricAverageRate'; type: 'call' | 'put'; strike: number }
  | { kind: 'european'; type: 'call' | 'put'; strike: number };

export type RandomGenerator = 'sobol' | 'pseudo';

export interface McJob {
  model: GbmModel;
  /** Fixing times in years, non-decreasing, in [0, expiry]; a fixing at 0 is today's spot. */
  fixings: number[];
  /** Payment / expiry time (discounting and, for average strike, S_T). */
  expiry: number;
  payoff: PathPayoffSpec;
  /** Simulated paths; an antithetic pair counts as two. */
  paths: number;
  seed: number;
  generator: RandomGenerator;
  antithetic: boolean;
  /** Use the payoff's analytic control variate when it has one. */
  controlVariate: boolean;
}

/** Paths per block (a power of two keeps Sobol blocks aligned). */
export const BLOCK_PATHS = 4096;
/** Randomised-QMC replicas (independent digital shifts) for the Sobol error estimate. */
export const SOBOL_REPLICAS = 16;

export interface BlockTask {
  /** Block number (also the PRNG stream id). */
  block: number;
  /** Sobol replica (0 for pseudo-random). */
  replica: number;
  /** First sample index inside the replica's sequence. */
  start: number;
  /** Samples in the block (an antithetic pair is one sample). */
  samples: number;
}

/** Sums a block returns: samples n and sums of y, y^2, c, c^2, y c (y payoff, c control). */
export interface BlockSums {
  block: number;
  replica: number;
  n: number;
  sy: number;
  syy: number;
  sc: number;
  scc: number;
  syc: number;
}

/** The block layout reads only these fields, so other job kinds (structured products) share it. */
export type BlockLayout = Pick<McJob, 'paths' | 'antithetic' | 'generator'>;

export function samplesFor(job: BlockLayout): number {
  return job.antithetic ? Math.max(1, Math.round(job.paths / 2)) : Math.max(1, Math.round(job.paths));
}

/** The fixed block layout of a job. */
export function planBlocks(job: BlockLayout): BlockTask[] {
  const total = samplesFor(job);
  const replicas = job.generator === 'sobol' ? Math.min(SOBOL_REPLICAS, total) : 1;
  const tasks: BlockTask[] = [];
  let block = 0;
  for (let r = 0; r < replicas; r++) {
    const perReplica = Math.floor(total / replicas) + (r < total % replicas ? 1 : 0);
    for (let start = 0; start < perReplica; start += BLOCK_PATHS) {
      tasks.push({ block: block++, replica: r, start, samples: Math.min(BLOCK_PATHS, perReplica - start) });
    }
  }
  return tasks;
}
