// CPU interpreter of a lowered structured product. The program's expressions are compiled
// once into a tree of closures (no eval: the app's CSP forbids it) over typed arrays; a path
// then runs slot by slot: log-spot from the Brownian path, continuous-barrier checks on the
// interval ending at the slot (the exact Brownian-bridge extreme, one shared uniform), then
// the discrete events in rule order. A rule that only sets constants is switched off once it
// has fired (a daily knock-in costs one comparison per day until it knocks in). Random
// numbers: Sobol + Brownian bridge (16 digitally shifted replicas) or xoshiro128** +
// ziggurat, in the fixed blocks of ../job.ts, so results do not depend on the worker count.
import { BrownianBridge } from '../../math/brownian-bridge';
import { normInvFast } from '../../math/normal';
import { blockSeed, Xoshiro128, zigguratNormal } from '../../math/random';
import { SobolSequence } from '../../math/sobol';
import type { BlockTask, GbmModel } from '../job';
import type { Ir, IrAction, ProgramState, StructuredBlockSums, StructuredJob, StructuredProgram } from './program';
import { dimensionsOf } from './program';

type Fn = () => number;

const EV_GENERAL = 0, EV_FAST = 1;
const EV_NONE = 0, EV_GE = 1, EV_GT = 2, EV_LE = 3, EV_LT = 4;

function test(op: number, x: number, level: number): boolean {
  return op === EV_NONE ? true : op === EV_GE ? x >= level : op === EV_LE ? x <= level : op === EV_GT ? x > level : x < level;
}

/** One path's machine: state arrays, compiled rules, and the slot loop. */
export class PathMachine {
  readonly x: Float64Array;
  readonly vars: Float64Array;
  readonly active: Uint8Array;
  readonly fired: Uint8Array;
  /** [slot, point] of the event being evaluated. */
  private readonly cur = new Int32Array(2);
  /** [alive (1/0), pv, end time, current interval extreme] */
  readonly acc = new Float64Array(4);
  /** Per rule: the general path (condition closure, then actions) and the actions alone. */
  private readonly discrete: ((p: number) => void)[] = [];
  private readonly fire: (() => void)[] = [];
  private readonly continuous: { rule: number; up: boolean; level: number; from: number; to: number; fire: () => void }[] = [];
  private readonly evStart: Int32Array;
  private readonly evRule: Int32Array;
  private readonly evPoint: Int32Array;
  /**
   * Per event: its condition as up to two log-spot comparisons (EV_* ops, both must hold),
   * or EV_GENERAL (the condition's closure), with the log-levels fixed per observation.
   */
  private readonly evKind: Uint8Array;
  private readonly evOp1: Uint8Array;
  private readonly evOp2: Uint8Array;
  private readonly evLevel1: Float64Array;
  private readonly evLevel2: Float64Array;
  private readonly times: Float64Array;
  /** vol^2 dt of each slot's interval. */
  private readonly var2: Float64Array;

  constructor(
    readonly program: StructuredProgram,
    readonly model: GbmModel,
  ) {
    const n = program.times.length;
    this.x = new Float64Array(n);
    this.x.set(program.fixedX);
    this.times = Float64Array.from(program.times);
    this.var2 = new Float64Array(n);
    for (let k = 1; k < n; k++) this.var2[k] = model.vol * model.vol * (program.times[k] - program.times[k - 1]);
    if (n > 0 && program.firstRandom === 0) this.var2[0] = model.vol * model.vol * program.times[0];
    this.vars = new Float64Array(program.varNames.length);
    this.active = new Uint8Array(program.rules.length);
    this.fired = new Uint8Array(program.rules.length);
    let total = 0;
    for (const ev of program.events) total += ev.length / 2;
    this.evStart = new Int32Array(n + 1);
    this.evRule = new Int32Array(total);
    this.evPoint = new Int32Array(total);
    let j = 0;
    program.events.forEach((ev, k) => {
      this.evStart[k] = j;
      for (let i = 0; i < ev.length; i += 2) {
        this.evRule[j] = ev[i];
        this.evPoint[j] = ev[i + 1];
        j++;
      }
    });
    this.evStart[n] = j;
    // Conditions that compare log-spot with a level fixed per observation (barriers,
    // strikes, ranges) are tested inline, without calling a closure.
    this.evKind = new Uint8Array(total);
    this.evOp1 = new Uint8Array(total);
    this.evOp2 = new Uint8Array(total);
    this.evLevel1 = new Float64Array(total);
    this.evLevel2 = new Float64Array(total);
    const cmp = (c: Ir, point: number): [number, number] | undefined => {
      if (c.o !== 'x>=' && c.o !== 'x>' && c.o !== 'x<=' && c.o !== 'x<') return undefined;
      const op = c.o === 'x>=' ? EV_GE : c.o === 'x>' ? EV_GT : c.o === 'x<=' ? EV_LE : EV_LT;
      return [op, c.t === undefined ? c.v! : program.tables[c.t][point]];
    };
    for (let e = 0; e < total; e++) {
      const r = program.rules[this.evRule[e]];
      if (r.kind !== 'discrete') continue;
      const c = r.cond;
      const pt = this.evPoint[e];
      if (c === null) {
        this.evKind[e] = EV_FAST;
        continue;
      }
      const one = cmp(c, pt);
      const two = c.o === 'and' ? [cmp(c.a, pt), cmp(c.b, pt)] : undefined;
      if (one) {
        this.evKind[e] = EV_FAST;
        [this.evOp1[e], this.evLevel1[e]] = one;
      } else if (two && two[0] && two[1]) {
        this.evKind[e] = EV_FAST;
        [this.evOp1[e], this.evLevel1[e]] = two[0];
        [this.evOp2[e], this.evLevel2[e]] = two[1];
      }
    }
    program.rules.forEach((r, ri) => {
      const actions = this.compileActions(r.actions, ri, r.idempotent);
      this.fire.push(actions);
      if (r.kind === 'continuous') {
        this.continuous.push({ rule: ri, up: r.up, level: r.lnLevel, from: r.fromSlot, to: r.toSlot, fire: () => actions() });
        this.discrete.push(() => {});
        return;
      }
      const cond = r.cond ? this.compile(r.cond) : null;
      const cur = this.cur;
      this.discrete.push(
        cond
          ? (p) => {
              cur[1] = p;
              if (cond() !== 0) actions();
            }
          : (p) => {
              cur[1] = p;
              actions();
            },
      );
    });
  }

  private compileActions(actions: IrAction[], rule: number, idempotent: boolean): () => void {
    const { vars, acc, fired, active, cur, times } = this;
    const steps = actions.map((a): (() => void) => {
      switch (a.a) {
        case 'ko':
          return () => {
            acc[0] = 0;
            acc[2] = times[cur[0]];
          };
        case 'set': {
          const v = a.v;
          // v = v + c (counters): no closure calls.
          if (a.e.o === '+' && a.e.a.o === 'var' && a.e.a.i === v && a.e.b.o === 'c') {
            const c = a.e.b.v;
            return () => {
              vars[v] += c;
            };
          }
          const e = this.compile(a.e);
          return () => {
            vars[v] = e();
          };
        }
        case 'pay': {
          const e = this.compile(a.e);
          const df = this.compile(a.df);
          return () => {
            acc[1] += e() * df();
          };
        }
      }
    });
    const one = steps.length === 1 ? steps[0] : undefined;
    return () => {
      fired[rule] = 1;
      if (one) one();
      else for (let i = 0; i < steps.length; i++) steps[i]();
      if (idempotent) active[rule] = 0;
    };
  }

  /** Compiles an expression into a closure over the machine's arrays. */
  compile(ir: Ir): Fn {
    const { x, vars, cur } = this;
    const tables = this.program.tables;
    switch (ir.o) {
      case 'c': {
        const v = ir.v;
        return () => v;
      }
      case 't': {
        const tb = Float64Array.from(tables[ir.t]);
        return () => tb[cur[1]];
      }
      case 'spot':
        return () => Math.exp(x[cur[0]]);
      case 'fix': {
        if (ir.t === undefined) {
          const s = ir.s!;
          return () => Math.exp(x[s]);
        }
        const tb = Int32Array.from(tables[ir.t]);
        return () => Math.exp(x[tb[cur[1]]]);
      }
      case 'x>=': case 'x>': case 'x<=': case 'x<': {
        const op = ir.o;
        if (ir.t === undefined) {
          const v = ir.v!;
          switch (op) {
            case 'x>=': return () => (x[cur[0]] >= v ? 1 : 0);
            case 'x>': return () => (x[cur[0]] > v ? 1 : 0);
            case 'x<=': return () => (x[cur[0]] <= v ? 1 : 0);
            case 'x<': return () => (x[cur[0]] < v ? 1 : 0);
          }
        }
        const tb = Float64Array.from(tables[ir.t!]);
        switch (op) {
          case 'x>=': return () => (x[cur[0]] >= tb[cur[1]] ? 1 : 0);
          case 'x>': return () => (x[cur[0]] > tb[cur[1]] ? 1 : 0);
          case 'x<=': return () => (x[cur[0]] <= tb[cur[1]] ? 1 : 0);
          case 'x<': return () => (x[cur[0]] < tb[cur[1]] ? 1 : 0);
        }
        break;
      }
      case 'var': {
        const i = ir.i;
        return () => vars[i];
      }
      case 'neg': { const a = this.compile(ir.a); return () => -a(); }
      case 'not': { const a = this.compile(ir.a); return () => (a() === 0 ? 1 : 0); }
      case 'abs': { const a = this.compile(ir.a); return () => Math.abs(a()); }
      case 'exp': { const a = this.compile(ir.a); return () => Math.exp(a()); }
      case 'log': { const a = this.compile(ir.a); return () => Math.log(a()); }
      case 'sqrt': { const a = this.compile(ir.a); return () => Math.sqrt(a()); }
      case 'if': {
        const c = this.compile(ir.c), a = this.compile(ir.a), b = this.compile(ir.b);
        return () => (c() !== 0 ? a() : b());
      }
      default: {
        const a = this.compile(ir.a), b = this.compile(ir.b);
        switch (ir.o) {
          case '+': return () => a() + b();
          case '-': return () => a() - b();
          case '*': return () => a() * b();
          case '/': return () => a() / b();
          case '<': return () => (a() < b() ? 1 : 0);
          case '<=': return () => (a() <= b() ? 1 : 0);
          case '>': return () => (a() > b() ? 1 : 0);
          case '>=': return () => (a() >= b() ? 1 : 0);
          case '==': return () => (a() === b() ? 1 : 0);
          case '!=': return () => (a() !== b() ? 1 : 0);
          case 'and': return () => (a() !== 0 && b() !== 0 ? 1 : 0);
          case 'or': return () => (a() !== 0 || b() !== 0 ? 1 : 0);
          case 'min': return () => Math.min(a(), b());
          case 'max': return () => Math.max(a(), b());
          case 'pow': return () => Math.pow(a(), b());
        }
      }
    }
    throw new Error(`internal: unknown IR op ${(ir as { o: string }).o}`);
  }

  reset(s: ProgramState): void {
    this.vars.set(s.vars);
    this.active.set(s.active);
    this.fired.set(s.fired);
    this.acc[0] = s.alive ? 1 : 0;
    this.acc[1] = s.pv;
    this.acc[2] = this.program.lastTime;
  }

  snapshot(): ProgramState {
    return { vars: Array.from(this.vars), alive: this.acc[0] === 1, pv: this.acc[1], active: Array.from(this.active), fired: Array.from(this.fired) };
  }

  /**
   * Runs the events of slot k (x[k] already set). `u` is the uniform of the interval ending
   * at k (simulated slots watched by a continuous rule), or NaN: then only the endpoints count.
   */
  slot(k: number, u: number): void {
    const { acc, active, cur, x } = this;
    cur[0] = k;
    const cont = this.continuous;
    if (cont.length) {
      let ext = NaN;
      for (let i = 0; i < cont.length && acc[0] === 1; i++) {
        const c = cont[i];
        if (k < c.from || k > c.to || active[c.rule] === 0) continue;
        let e: number;
        if (k === c.from) e = x[k]; // the window's first point itself
        else {
          if (ext !== ext) {
            // The extreme over (k-1, k]: sampled from the Brownian bridge given both ends
            // (inverse transform of P(max >= h) = exp(-2 (h - a)(h - b) / (vol^2 dt))), or
            // the ends alone for past intervals.
            const a = x[k - 1], b = x[k];
            if (u === u) {
              const d = a - b;
              const r = Math.sqrt(d * d - 2 * this.var2[k] * Math.log(u));
              ext = c.up ? 0.5 * (a + b + r) : 0.5 * (a + b - r);
            } else ext = c.up ? Math.max(a, b) : Math.min(a, b);
          }
          e = ext;
        }
        if (c.up ? e >= c.level : e <= c.level) c.fire();
      }
    }
    const end = this.evStart[k + 1];
    const { evRule, evKind, evOp1, evOp2, evLevel1, evLevel2 } = this;
    const xk = x[k];
    for (let j = this.evStart[k]; j < end && acc[0] === 1; j++) {
      const r = evRule[j];
      if (active[r] === 0) continue;
      if (evKind[j] === EV_GENERAL) {
        this.discrete[r](this.evPoint[j]);
        continue;
      }
      if (test(evOp1[j], xk, evLevel1[j]) && test(evOp2[j], xk, evLevel2[j])) {
        cur[1] = this.evPoint[j];
        this.fire[r]();
      }
    }
  }
}

/** The state after the fixed (past and today's) slots: run once when the job is built. */
export function runPrefix(program: StructuredProgram, model: GbmModel): ProgramState {
  const m = new PathMachine(program, model);
  m.reset(program.init);
  for (let k = 0; k < program.firstRandom && m.acc[0] === 1; k++) m.slot(k, NaN);
  return m.snapshot();
}

interface Prepared {
  machine: PathMachine;
  nRandom: number;
  /** x0 + drift to each simulated slot, and vol. */
  base: Float64Array;
  sqrtDt: Float64Array;
  bridge: BrownianBridge | undefined;
  uniformSlots: Int32Array;
  dims: number;
}

const prepared = new WeakMap<StructuredJob, Prepared>();

function prepare(job: StructuredJob): Prepared {
  const hit = prepared.get(job);
  if (hit) return hit;
  const { program: p, model } = job;
  const nRandom = p.times.length - p.firstRandom;
  const base = new Float64Array(nRandom);
  const sqrtDt = new Float64Array(nRandom);
  const mu = model.rd - model.rf - 0.5 * model.vol * model.vol;
  const x0 = Math.log(model.spot);
  const randomTimes = p.times.slice(p.firstRandom);
  for (let i = 0; i < nRandom; i++) {
    base[i] = x0 + mu * randomTimes[i];
    sqrtDt[i] = Math.sqrt(randomTimes[i] - (i === 0 ? 0 : randomTimes[i - 1]));
  }
  const uniformSlots = new Int32Array(p.uniforms);
  p.uniformOf.forEach((u, k) => {
    if (u >= 0) uniformSlots[u] = k;
  });
  const out: Prepared = {
    machine: new PathMachine(p, model),
    nRandom,
    base,
    sqrtDt,
    bridge: nRandom > 0 && job.generator === 'sobol' ? new BrownianBridge(randomTimes) : undefined,
    uniformSlots,
    dims: dimensionsOf(p),
  };
  prepared.set(job, out);
  return out;
}

/** Simulates one block of a structured job. */
export function runStructuredBlock(job: StructuredJob, task: BlockTask): StructuredBlockSums {
  const prep = prepare(job);
  const { machine: m, nRandom, base, sqrtDt, bridge, dims } = prep;
  const p = job.program;
  const vol = job.model.vol;
  const first = p.firstRandom;
  const nSlots = p.times.length;
  const init = p.init;
  const uniformOf = p.uniformOf;
  const ctl = p.control;
  const sobol = job.generator === 'sobol' && dims > 0 ? new SobolSequence(dims, blockSeed(job.seed, 1_000_000 + task.replica)) : undefined;
  if (sobol) sobol.skipTo(task.start);
  const rng = sobol ? undefined : new Xoshiro128(blockSeed(job.seed, task.block));
  const point = new Float64Array(Math.max(dims, 1));
  const z = new Float64Array(Math.max(nRandom, 1));
  const w = new Float64Array(Math.max(nRandom, 1));
  const u = new Float64Array(Math.max(p.uniforms, 1));
  const legs = job.antithetic ? 2 : 1;
  const s = new Array<number>(9).fill(0);
  const fired = new Array<number>(p.rules.length).fill(0);
  let life = 0;
  const x = m.x;

  for (let sample = 0; sample < task.samples; sample++) {
    if (sobol) {
      sobol.next(point);
      for (let i = 0; i < nRandom; i++) z[i] = normInvFast(point[i]);
      for (let j = 0; j < p.uniforms; j++) u[j] = point[nRandom + j];
      if (bridge) bridge.transform(z, w);
    } else {
      let acc = 0;
      for (let i = 0; i < nRandom; i++) {
        acc += sqrtDt[i] * zigguratNormal(rng!);
        w[i] = acc;
      }
      for (let j = 0; j < p.uniforms; j++) u[j] = rng!.nextDouble();
    }
    let y = 0, c1 = 0, c2 = 0;
    for (let leg = 0; leg < legs; leg++) {
      const sign = leg === 0 ? vol : -vol;
      m.reset(init);
      const acc = m.acc;
      for (let k = first; k < nSlots && acc[0] === 1; k++) {
        x[k] = base[k - first] + sign * w[k - first];
        const ui = uniformOf[k];
        m.slot(k, ui < 0 ? NaN : leg === 0 ? u[ui] : 1 - u[ui]);
      }
      y += acc[1];
      life += acc[2];
      for (let r = 0; r < fired.length; r++) fired[r] += m.fired[r];
      if (ctl) {
        const sT = Math.exp(base[nRandom - 1] + sign * w[nRandom - 1]);
        c1 += ctl.df * sT;
        c2 += ctl.df * Math.max(ctl.strike - sT, 0);
      }
    }
    y /= legs; c1 /= legs; c2 /= legs;
    s[0] += y; s[1] += y * y;
    s[2] += c1; s[3] += c2;
    s[4] += c1 * c1; s[5] += c1 * c2; s[6] += c2 * c2;
    s[7] += y * c1; s[8] += y * c2;
  }
  return { block: task.block, replica: task.replica, n: task.samples, s, fired, life, legs: task.samples * legs };
}
