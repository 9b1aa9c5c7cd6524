// WGSL code generation from a lowered structured product: one compute kernel per program,
// written from the same IR the CPU interpreter runs (no hand-written kernel per product).
// Each invocation takes a run of Sobol points of one replica (the CPU's block layout cut
// into smaller pieces), draws exactly the points the CPU draws (same direction numbers,
// same digital shifts, Gray-code order), maps them through the same inverse normal and
// Brownian bridge, and runs the rules in f32. Per-invocation sums are taken around the
// invocation's first sample (shifted data, so f32 sums of squares keep their precision);
// the CPU rebuilds block sums in f64 and applies the CPU estimator (combine.ts). Results
// agree with the CPU engine to f32 rounding of each path, far inside the standard error.
import type { Ir, IrAction, StructuredJob } from './program';
import { dimensionsOf } from './program';
import { planStructuredBlocks } from './combine';
import { BrownianBridge } from '../../math/brownian-bridge';
import { SobolSequence } from '../../math/sobol';
import { blockSeed } from '../../math/random';

export const WORKGROUP = 64;
/** Sums per invocation before the per-rule counts: 3 shifts, 9 sums, life. */
export const FIXED_OUT = 13;

/** Why a job cannot run on the GPU kernel, or undefined when it can. */
export function gpuUnsupported(job: StructuredJob): string | undefined {
  const p = job.program;
  if (job.generator !== 'sobol') return 'the GPU kernel draws Sobol points only';
  if (dimensionsOf(p) > 1024) return 'more than 1024 Sobol dimensions';
  if (p.firstRandom >= p.times.length) return 'nothing to simulate';
  if (p.rules.length === 0) return 'no rules';
  if (p.rules.length > 64) return 'more than 64 rules';
  // One event per (rule, slot): the kernel looks each rule up once per slot.
  for (const ev of p.events) {
    const seen = new Set<number>();
    for (let i = 0; i < ev.length; i += 2) {
      if (seen.has(ev[i])) return 'a rule observes one slot twice';
      seen.add(ev[i]);
    }
  }
  return undefined;
}

function lit(v: number): string {
  if (Number.isNaN(v)) return '0.0';
  if (!Number.isFinite(v) || Math.abs(v) > 3.4e38) return v > 0 ? '3.0e38' : '-3.0e38';
  if (v !== 0 && Math.abs(v) < 1e-37) return '0.0';
  const s = String(v);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

export interface GpuKernel {
  code: string;
  f32: Float32Array;
  i32: Int32Array;
  u32: Uint32Array;
  /** Per invocation: replica, first Sobol index, samples, block. */
  tasks: Uint32Array;
  threads: number;
  /** Floats written per invocation. */
  stride: number;
}

class Builder {
  readonly f: number[] = [];
  readonly i: number[] = [];
  f32(values: ArrayLike<number>): number {
    const off = this.f.length;
    for (let k = 0; k < values.length; k++) this.f.push(values[k]);
    return off;
  }
  i32(values: ArrayLike<number>): number {
    const off = this.i.length;
    for (let k = 0; k < values.length; k++) this.i.push(values[k]);
    return off;
  }
}

/** Generates the kernel and its buffers for a job; samplesPerThread splits each block. */
export function generateKernel(job: StructuredJob, samplesPerThread = 64): GpuKernel {
  const why = gpuUnsupported(job);
  if (why) throw new RangeError(`not for the GPU: ${why}`);
  const p = job.program;
  const { spot, rd, rf, vol } = job.model;
  const nSlots = p.times.length, first = p.firstRandom, nr = nSlots - first, dims = dimensionsOf(p);
  const nRules = p.rules.length, nVars = Math.max(1, p.varNames.length);
  const b = new Builder();

  const mu = rd - rf - 0.5 * vol * vol, x0 = Math.log(spot);
  const randomTimes = p.times.slice(first);
  const BASE = b.f32(randomTimes.map((t) => x0 + mu * t));
  const FIXEDX = b.f32(p.fixedX.length ? p.fixedX : [0]);
  const TIMES = b.f32(p.times);
  const var2 = p.times.map((t, k) => vol * vol * (t - (k === 0 ? 0 : p.times[k - 1])));
  const VAR2 = b.f32(var2);
  const bridge = new BrownianBridge(randomTimes).coefficients();
  const LW = b.f32(bridge.leftWeight), RW = b.f32(bridge.rightWeight), SD = b.f32(bridge.stdDev);
  const BI = b.i32(bridge.bridgeIndex), LI = b.i32(bridge.leftIndex), RI = b.i32(bridge.rightIndex);
  const UOF = b.i32(p.uniformOf);
  // Point index of each discrete rule at each slot (-1: no observation).
  const PT: number[] = [];
  p.rules.forEach((r, ri) => {
    if (r.kind !== 'discrete') {
      PT.push(-1);
      return;
    }
    const row = new Array<number>(nSlots).fill(-1);
    p.events.forEach((ev, k) => {
      for (let j = 0; j < ev.length; j += 2) if (ev[j] === ri) row[k] = ev[j + 1];
    });
    PT.push(b.i32(row));
  });
  const tableF = new Map<number, number>();
  const tableI = new Map<number, number>();
  const tf = (t: number) => {
    let o = tableF.get(t);
    if (o === undefined) tableF.set(t, (o = b.f32(p.tables[t])));
    return o;
  };
  const ti = (t: number) => {
    let o = tableI.get(t);
    if (o === undefined) tableI.set(t, (o = b.i32(p.tables[t])));
    return o;
  };

  const expr = (e: Ir): string => {
    switch (e.o) {
      case 'c': return lit(e.v);
      case 't': return `D[${tf(e.t)}u + pt]`;
      case 'spot': return 'exp(xk)';
      case 'fix': return e.t === undefined ? `exp(xAt(${e.s}u, sgn))` : `exp(xAt(u32(I[${ti(e.t)}u + pt]), sgn))`;
      case 'x>=': case 'x>': case 'x<=': case 'x<': {
        const lv = e.t === undefined ? lit(e.v!) : `D[${tf(e.t)}u + pt]`;
        return `select(0.0, 1.0, xk ${e.o.slice(1)} ${lv})`;
      }
      case 'var': return `vars[${e.i}]`;
      case 'neg': return `(-${expr(e.a)})`;
      case 'not': return `select(0.0, 1.0, ${expr(e.a)} == 0.0)`;
      case 'abs': case 'exp': case 'log': case 'sqrt': return `${e.o}(${expr(e.a)})`;
      case 'if': return `select(${expr(e.b)}, ${expr(e.a)}, ${expr(e.c)} != 0.0)`;
      case '+': case '-': case '*': case '/': return `(${expr(e.a)} ${e.o} ${expr(e.b)})`;
      case '<': case '<=': case '>': case '>=': case '==': case '!=': return `select(0.0, 1.0, ${expr(e.a)} ${e.o} ${expr(e.b)})`;
      case 'and': return `select(0.0, 1.0, ${expr(e.a)} != 0.0 && ${expr(e.b)} != 0.0)`;
      case 'or': return `select(0.0, 1.0, ${expr(e.a)} != 0.0 || ${expr(e.b)} != 0.0)`;
      case 'min': case 'max': case 'pow': return `${e.o}(${expr(e.a)}, ${expr(e.b)})`;
    }
  };
  const actions = (list: IrAction[], ri: number, idempotent: boolean, indent: string): string => {
    const out = [`${indent}fired[${ri}] = 1u;`];
    for (const a of list) {
      if (a.a === 'ko') out.push(`${indent}alive = false;`, `${indent}endT = D[${TIMES}u + k];`);
      else if (a.a === 'set') out.push(`${indent}vars[${a.v}] = ${expr(a.e)};`);
      else out.push(`${indent}pv = pv + ${expr(a.e)} * ${expr(a.df)};`);
    }
    if (idempotent) out.push(`${indent}act[${ri}] = 0u;`);
    return out.join('\n');
  };

  // Rule blocks, in the CPU's order: continuous checks first, then discrete rules.
  const blocks: string[] = [];
  const continuous = p.rules.map((r, ri) => ({ r, ri })).filter((x) => x.r.kind === 'continuous');
  if (continuous.length) {
    blocks.push(`    var ext = 0.0;\n    var haveExt = false;`);
    for (const { r, ri } of continuous) {
      if (r.kind !== 'continuous') continue;
      const cmp = r.up ? '>=' : '<=';
      blocks.push(`    if (alive && act[${ri}] == 1u && k >= ${r.fromSlot}u && k <= ${r.toSlot}u) {
      let pt = 0u;
      var e = xk;
      if (k != ${r.fromSlot}u) {
        if (!haveExt) { ext = extreme(k, xk, sgn, ${r.up}); haveExt = true; }
        e = ext;
      }
      if (e ${cmp} ${lit(r.lnLevel)}) {
${actions(r.actions, ri, r.idempotent, '        ')}
      }
    }`);
    }
  }
  p.rules.forEach((r, ri) => {
    if (r.kind !== 'discrete') return;
    const cond = r.cond ? `${expr(r.cond)} != 0.0` : 'true';
    blocks.push(`    if (alive && act[${ri}] == 1u) {
      let ip = I[${PT[ri]}u + k];
      if (ip >= 0) {
        let pt = u32(ip);
        if (${cond}) {
${actions(r.actions, ri, r.idempotent, '          ')}
        }
      }
    }`);
  });

  const init = p.init;
  const initCode = [
    ...init.vars.map((v, i) => `  vars[${i}] = ${lit(v)};`),
    ...init.active.map((v, i) => `  act[${i}] = ${v}u;`),
    ...init.fired.map((v, i) => `  fired[${i}] = ${v}u;`),
    `  alive = ${init.alive};`,
    `  pv = ${lit(init.pv)};`,
    `  endT = ${lit(p.lastTime)};`,
  ].join('\n');
  const ctl = p.control;
  const anti = job.antithetic;
  const stride = FIXED_OUT + nRules;

  const code = /* wgsl */ `
@group(0) @binding(0) var<storage, read> D: array<f32>;
@group(0) @binding(1) var<storage, read> I: array<i32>;
@group(0) @binding(2) var<storage, read> U: array<u32>;
@group(0) @binding(3) var<storage, read> T: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> O: array<f32>;

const DIMS: u32 = ${dims}u;
const NR: u32 = ${nr}u;
const FIRST: u32 = ${first}u;
const NSLOTS: u32 = ${nSlots}u;
const STRIDE: u32 = ${stride}u;

var<private> st: array<u32, ${dims}>;
var<private> w: array<f32, ${nr}>;
var<private> vars: array<f32, ${nVars}>;
var<private> act: array<u32, ${nRules}>;
var<private> fired: array<u32, ${nRules}>;
var<private> alive: bool;
var<private> pv: f32;
var<private> endT: f32;
var<private> shiftBase: u32;
var<private> flip: bool;

// Acklam's inverse normal on the lower half (as math/normal.ts normInvFast).
fn acklam(p: f32) -> f32 {
  if (p < 0.02425) {
    let q = sqrt(-2.0 * log(p));
    return (((((-7.784894002430293e-3 * q - 3.223964580411365e-1) * q - 2.400758277161838) * q - 2.549732539343734) * q + 4.374664141464968) * q + 2.938163982698783) /
      ((((7.784695709041462e-3 * q + 3.224671290700398e-1) * q + 2.445134137142996) * q + 3.754408661907416) * q + 1.0);
  }
  let q = p - 0.5;
  let r = q * q;
  return (((((-3.969683028665376e1 * r + 2.209460984245205e2) * r - 2.759285104469687e2) * r + 1.38357751867269e2) * r - 3.066479806614716e1) * r + 2.506628277459239) * q /
    (((((-5.447609879822406e1 * r + 1.615858368580409e2) * r - 1.556989798598866e2) * r + 6.680131188771972e1) * r - 1.328068155288572e1) * r + 1.0);
}

// The Sobol coordinate d of the current point, shifted: the upper half through 1 - u exactly.
fn normalAt(d: u32) -> f32 {
  let v = st[d] ^ U[shiftBase + d];
  if (v < 0x80000000u) { return acklam((f32(v) + 0.5) * 2.3283064365386963e-10); }
  return -acklam((f32(~v) + 0.5) * 2.3283064365386963e-10);
}

fn uniformAt(d: u32) -> f32 {
  let u = (f32(st[d] ^ U[shiftBase + d]) + 0.5) * 2.3283064365386963e-10;
  return select(u, 1.0 - u, flip);
}

fn xAt(k: u32, sgn: f32) -> f32 {
  if (k < FIRST) { return D[${FIXEDX}u + k]; }
  return D[${BASE}u + k - FIRST] + sgn * w[k - FIRST];
}

// Extreme of the log-spot over the interval ending at slot k, from the Brownian bridge.
fn extreme(k: u32, b: f32, sgn: f32, up: bool) -> f32 {
  let a = xAt(k - 1u, sgn);
  let ui = I[${UOF}u + k];
  if (ui < 0) { return select(min(a, b), max(a, b), up); }
  let u = uniformAt(NR + u32(ui));
  let d = a - b;
  let r = sqrt(d * d - 2.0 * D[${VAR2}u + k] * log(u));
  return select(0.5 * (a + b - r), 0.5 * (a + b + r), up);
}

fn runPath(sgn: f32) {
${initCode}
  for (var k: u32 = FIRST; k < NSLOTS; k = k + 1u) {
    if (!alive) { break; }
    let xk = D[${BASE}u + k - FIRST] + sgn * w[k - FIRST];
${blocks.join('\n')}
  }
}

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let id = gid.x + gid.y * nwg.x * ${WORKGROUP}u;
  if (id >= arrayLength(&T)) { return; }
  let task = T[id];
  let start = task.y;
  let count = task.z;
  shiftBase = DIMS * 32u + task.x * DIMS;
  let gray = start ^ (start >> 1u);
  for (var d: u32 = 0u; d < DIMS; d = d + 1u) {
    var x: u32 = 0u;
    for (var bit: u32 = 0u; bit < 32u; bit = bit + 1u) {
      if (((gray >> bit) & 1u) == 1u) { x = x ^ U[d * 32u + bit]; }
    }
    st[d] = x;
  }
  var s: array<f32, 9>;
  var counts: array<f32, ${nRules}>;
  var life = 0.0;
  var ky = 0.0; var k1 = 0.0; var k2 = 0.0;
  for (var i: u32 = 0u; i < count; i = i + 1u) {
    let index = start + i;
    w[NR - 1u] = D[${SD}u] * normalAt(0u);
    for (var j: u32 = 1u; j < NR; j = j + 1u) {
      let l = I[${LI}u + j];
      var left = 0.0;
      if (l >= 0) { left = w[u32(l)]; }
      w[u32(I[${BI}u + j])] = D[${LW}u + j] * left + D[${RW}u + j] * w[u32(I[${RI}u + j])] + D[${SD}u + j] * normalAt(j);
    }
    var y = 0.0; var c1 = 0.0; var c2 = 0.0;
    for (var leg: u32 = 0u; leg < ${anti ? 2 : 1}u; leg = leg + 1u) {
      flip = leg == 1u;
      let sgn = select(${lit(vol)}, ${lit(-vol)}, flip);
      runPath(sgn);
      y = y + pv;
      life = life + endT;
      for (var r: u32 = 0u; r < ${nRules}u; r = r + 1u) { counts[r] = counts[r] + f32(fired[r]); }
${ctl ? `      let sT = exp(D[${BASE}u + NR - 1u] + sgn * w[NR - 1u]);
      c1 = c1 + ${lit(ctl.df)} * sT;
      c2 = c2 + ${lit(ctl.df)} * max(${lit(ctl.strike)} - sT, 0.0);` : ''}
    }
${anti ? '    y = 0.5 * y; c1 = 0.5 * c1; c2 = 0.5 * c2;' : ''}
    if (i == 0u) { ky = y; k1 = c1; k2 = c2; }
    let dy = y - ky; let d1 = c1 - k1; let d2 = c2 - k2;
    s[0] = s[0] + dy; s[1] = s[1] + dy * dy;
    s[2] = s[2] + d1; s[3] = s[3] + d2;
    s[4] = s[4] + d1 * d1; s[5] = s[5] + d1 * d2; s[6] = s[6] + d2 * d2;
    s[7] = s[7] + dy * d1; s[8] = s[8] + dy * d2;
    let c = countTrailingZeros(~index);
    for (var d: u32 = 0u; d < DIMS; d = d + 1u) { st[d] = st[d] ^ U[d * 32u + c]; }
  }
  let o = id * STRIDE;
  O[o] = ky; O[o + 1u] = k1; O[o + 2u] = k2;
  for (var q: u32 = 0u; q < 9u; q = q + 1u) { O[o + 3u + q] = s[q]; }
  O[o + 12u] = life;
  for (var r: u32 = 0u; r < ${nRules}u; r = r + 1u) { O[o + ${FIXED_OUT}u + r] = counts[r]; }
}
`;

  // Sobol words: directions, then each replica's digital shift (exactly the CPU's).
  const blocksPlan = planStructuredBlocks(job);
  const replicas = Math.max(...blocksPlan.map((t) => t.replica)) + 1;
  const u32 = new Uint32Array(dims * 32 + replicas * dims);
  for (let r = 0; r < replicas; r++) {
    const w = new SobolSequence(dims, blockSeed(job.seed, 1_000_000 + r)).words();
    if (r === 0) u32.set(w.directions, 0);
    u32.set(w.shift, dims * 32 + r * dims);
  }
  const tasks: number[] = [];
  for (const t of blocksPlan) {
    for (let s = 0; s < t.samples; s += samplesPerThread) tasks.push(t.replica, t.start + s, Math.min(samplesPerThread, t.samples - s), t.block);
  }
  return { code, f32: Float32Array.from(b.f), i32: Int32Array.from(b.i.length ? b.i : [0]), u32, tasks: Uint32Array.from(tasks), threads: tasks.length / 4, stride };
}

/** Rebuilds the CPU's block sums (f64) from the kernel's per-invocation output. */
export function blockSumsFromGpu(job: StructuredJob, k: GpuKernel, out: Float32Array) {
  const nRules = job.program.rules.length;
  const legs = job.antithetic ? 2 : 1;
  const byBlock = new Map<number, { block: number; replica: number; n: number; s: number[]; fired: number[]; life: number; legs: number }>();
  for (let t = 0; t < k.threads; t++) {
    const replica = k.tasks[4 * t], n = k.tasks[4 * t + 2], block = k.tasks[4 * t + 3];
    const o = t * k.stride;
    const [ky, k1, k2] = [out[o], out[o + 1], out[o + 2]];
    const [sy, syy, s1, s2, s11, s12, s22, sy1, sy2] = Array.from(out.subarray(o + 3, o + 12));
    const raw = [
      sy + n * ky,
      syy + 2 * ky * sy + n * ky * ky,
      s1 + n * k1,
      s2 + n * k2,
      s11 + 2 * k1 * s1 + n * k1 * k1,
      s12 + k1 * s2 + k2 * s1 + n * k1 * k2,
      s22 + 2 * k2 * s2 + n * k2 * k2,
      sy1 + ky * s1 + k1 * sy + n * ky * k1,
      sy2 + ky * s2 + k2 * sy + n * ky * k2,
    ];
    let b = byBlock.get(block);
    if (!b) byBlock.set(block, (b = { block, replica, n: 0, s: new Array<number>(9).fill(0), fired: new Array<number>(nRules).fill(0), life: 0, legs: 0 }));
    b.n += n;
    b.legs += n * legs;
    b.life += out[o + 12];
    for (let q = 0; q < 9; q++) b.s[q] += raw[q];
    for (let r = 0; r < nRules; r++) b.fired[r] += out[o + FIXED_OUT + r];
  }
  return [...byBlock.values()];
}
