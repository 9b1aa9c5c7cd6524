// The lowered form of a structured product for the Monte Carlo engine: plain data (it crosses
// to worker threads and becomes the WGSL kernel's code and buffers). Dates are times, params
// and levels are folded into constants or per-observation tables, comparisons of the spot with
// a fixed level are comparisons of log-spot with a log-level (no exp per step), and the past
// (fixings on or before the valuation date) is already applied to the initial state.
import type { GbmModel, RandomGenerator } from '../job';

/** Expression node. Conditions are numbers (1 true, 0 false). */
export type Ir =
  | { o: 'c'; v: number }
  /** tables[t][point]: a value per observation (levels with index, year fractions, ...). */
  | { o: 't'; t: number }
  /** The fixing at the current observation. */
  | { o: 'spot' }
  /** The fixing at slot `s`, or at slot tables[t][point] when it depends on the observation. */
  | { o: 'fix'; s?: number; t?: number }
  /** log(spot) compared with a log-level (scalar v or table t): the hot path of barrier tests. */
  | { o: 'x>=' | 'x>' | 'x<=' | 'x<'; v?: number; t?: number }
  | { o: 'var'; i: number }
  | { o: 'neg' | 'not' | 'abs' | 'exp' | 'log' | 'sqrt'; a: Ir }
  | { o: '+' | '-' | '*' | '/' | '<' | '<=' | '>' | '>=' | '==' | '!=' | 'and' | 'or' | 'min' | 'max' | 'pow'; a: Ir; b: Ir }
  | { o: 'if'; c: Ir; a: Ir; b: Ir };

export type IrAction =
  | { a: 'ko' }
  | { a: 'set'; v: number; e: Ir }
  /** Pays e discounted by df (0 for a payment before the valuation date). */
  | { a: 'pay'; e: Ir; df: Ir };

export interface IrDiscreteRule {
  kind: 'discrete';
  label: string;
  cond: Ir | null;
  actions: IrAction[];
  /** Re-firing changes nothing (sets of constants only): the rule is switched off after it fires. */
  idempotent: boolean;
  /** Number of observations. */
  points: number;
}

export interface IrContinuousRule {
  kind: 'continuous';
  label: string;
  /** Monitored up (spot >= level) or down. */
  up: boolean;
  lnLevel: number;
  /** Slots of the monitoring window [from, to]. */
  fromSlot: number;
  toSlot: number;
  actions: IrAction[];
  idempotent: boolean;
}

export type IrRule = IrDiscreteRule | IrContinuousRule;

export interface ProgramState {
  vars: number[];
  alive: boolean;
  /** Present value of payments already decided by past observations (still to be paid). */
  pv: number;
  /** Rules still active (1) or switched off (0). */
  active: number[];
  /** Rules that fired in the past (1). */
  fired: number[];
}

export interface StructuredProgram {
  irVersion: 1;
  /** Slot times in years from the valuation date, strictly increasing. */
  times: number[];
  /** Slots before this are fixed (past or today); from it on they are simulated. */
  firstRandom: number;
  /** log fixing of each fixed slot. */
  fixedX: number[];
  tables: number[][];
  varNames: string[];
  rules: IrRule[];
  /** Discrete events per slot: flattened [rule, point, rule, point, ...] in execution order. */
  events: number[][];
  /** Extra uniform (for the bridge extreme) of each simulated slot's interval: its index, or -1. */
  uniformOf: number[];
  /** Number of those uniforms. */
  uniforms: number;
  /** Side of every continuous rule (all on one side). */
  continuousUp: boolean;
  /** State after the fixed slots (and any state given by the caller). */
  init: ProgramState;
  /** Control variates: discounted S_T and a discounted put on S_T, with their exact means. */
  control: { slot: number; df: number; strike: number; meanAsset: number; meanPut: number } | null;
  /** Times at which the product can end (for the expected life): the last slot. */
  lastTime: number;
}

export interface StructuredJob {
  kind: 'structured';
  program: StructuredProgram;
  model: GbmModel;
  /** Simulated paths; an antithetic pair counts as two. */
  paths: number;
  seed: number;
  generator: RandomGenerator;
  antithetic: boolean;
  controlVariate: boolean;
}

/** Sums a block returns. */
export interface StructuredBlockSums {
  block: number;
  replica: number;
  /** Samples (an antithetic pair is one sample). */
  n: number;
  /** [y, yy, c1, c2, c11, c12, c22, yc1, yc2] */
  s: number[];
  /** Per rule: paths (legs) in which it fired. */
  fired: number[];
  /** Sum over legs of the time the product ended (knock-out time or the last slot). */
  life: number;
  /** Legs simulated (2n with antithetics). */
  legs: number;
}

/** Sobol dimensions a job needs: one per simulated slot plus the bridge-extreme uniforms. */
export function dimensionsOf(p: StructuredProgram): number {
  return p.times.length - p.firstRandom + p.uniforms;
}
