// Pricing a structured product: the one entry point screens, the CLI models and bulk
// valuation use. A package (text, JSON or AST) is validated, resolved against the valuation
// date, calendars and stored fixings, then priced by its template's closed form when it has
// one (and the method allows), otherwise by the Monte Carlo engine interpreting its rules,
// on this thread or on whatever runner the caller passes (a worker pool, the WebGPU kernel).
// Greeks bump the market with common random numbers; solves find a param for a target price.
import { type Expr, type PackageAst, walkExpr } from '../../instruments/structured/ast';
import { type Diagnostic, StructuredLanguageError, hasErrors } from '../../instruments/structured/diagnostics';
import { parsePackageJson } from '../../instruments/structured/json-form';
import { parsePackageText } from '../../instruments/structured/parser';
import { type ResolveContext, type ResolvedProduct, resolvePackage } from '../../instruments/structured/resolve';
import { validatePackage, type ValidateOptions } from '../../instruments/structured/validate';
import { lowerProduct, type LowerOptions, runStructuredJob, type StructuredJob, type StructuredMcResult } from '../../mc/structured';
import type { FlatMarket } from './closed-forms';
import { type ClosedForm, closedFormFor } from './template-match';

export type StructuredMarket = FlatMarket;

/** Runs a Monte Carlo job somewhere (this thread, a worker pool, the GPU). */
export type StructuredRunner = (job: StructuredJob) => StructuredMcResult | Promise<StructuredMcResult>;

export const syncRunner: StructuredRunner = runStructuredJob;

export interface StructuredRequest {
  product: PackageAst;
  market: StructuredMarket;
  context?: ResolveContext;
  /** auto (default): closed form when the product has one; mc: always simulate; closedForm: refuse otherwise. */
  method?: 'auto' | 'mc' | 'closedForm';
  mc?: LowerOptions;
}

export interface StructuredPrice {
  npv: number;
  /** Monte Carlo standard error (absent for closed forms). */
  stderr?: number;
  method: 'closedForm' | 'mc';
  /** The template whose closed form priced it. */
  closedForm?: string;
  currency: string;
  /** Closed form: knock-out / tier probabilities; MC: the engine's statistics. */
  details: Record<string, number>;
  mc?: Omit<StructuredMcResult, 'groups' | 'npv' | 'stderr'>;
  warnings: Diagnostic[];
}

/** Text or JSON form (or an AST) to a validated AST; throws StructuredLanguageError. */
export function parseStructured(source: string | object, opts: ValidateOptions = {}): { ast: PackageAst; warnings: Diagnostic[] } {
  let ast: PackageAst, diagnostics: Diagnostic[];
  if (typeof source === 'string' && !source.trimStart().startsWith('{')) ({ ast, diagnostics } = parsePackageText(source));
  else if (typeof source === 'object' && source !== null && 'rules' in source && 'loc' in source) ({ ast, diagnostics } = { ast: source as PackageAst, diagnostics: [] });
  else ({ ast, diagnostics } = parsePackageJson(source));
  if (hasErrors(diagnostics)) throw new StructuredLanguageError(diagnostics);
  const all = [...diagnostics, ...validatePackage(ast, opts)];
  if (hasErrors(all)) throw new StructuredLanguageError(all);
  return { ast, warnings: all };
}

interface Prepared {
  resolved: ResolvedProduct;
  closedForm: ClosedForm | undefined;
  /** S0 held fixed across bumps for a product fixing today. */
  s0Today: number;
}

function prepare(req: StructuredRequest): Prepared {
  const resolved = resolvePackage(req.product, { ...req.context, spot: req.context?.spot ?? req.market.spot });
  const s0Today = req.mc?.initialFixing ?? req.market.spot;
  const method = req.method ?? 'auto';
  const closedForm = method === 'mc' ? undefined : closedFormFor(resolved, s0Today);
  if (method === 'closedForm' && !closedForm) throw new RangeError('this product has no closed form (its rules are not an unmodified template with fixed levels)');
  return { resolved, closedForm, s0Today };
}

function jobFor(p: Prepared, req: StructuredRequest, market: StructuredMarket): StructuredJob {
  return lowerProduct(p.resolved, market, { ...req.mc, initialFixing: p.s0Today });
}

function fromMc(p: Prepared, mc: StructuredMcResult): StructuredPrice {
  const { groups: _g, npv, stderr, ...rest } = mc;
  const details: Record<string, number> = { expectedLife: mc.expectedLife };
  for (const r of mc.ruleProbabilities) details[`P(${r.label})`] = r.probability;
  return { npv, stderr, method: 'mc', currency: p.resolved.currency, details, mc: rest, warnings: p.resolved.warnings };
}

/** Prices a product (Monte Carlo on `runner`, default this thread). */
export async function priceStructured(req: StructuredRequest, runner: StructuredRunner = syncRunner): Promise<StructuredPrice> {
  const p = prepare(req);
  if (p.closedForm) {
    const cf = p.closedForm.price(req.market);
    return { npv: cf.npv, method: 'closedForm', closedForm: p.closedForm.name, currency: p.resolved.currency, details: cf.details, warnings: p.resolved.warnings };
  }
  return fromMc(p, await runner(jobFor(p, req, req.market)));
}

/** Synchronous pricing on this thread (CLI models, tests). */
export function priceStructuredSync(req: StructuredRequest): StructuredPrice {
  const p = prepare(req);
  if (p.closedForm) {
    const cf = p.closedForm.price(req.market);
    return { npv: cf.npv, method: 'closedForm', closedForm: p.closedForm.name, currency: p.resolved.currency, details: cf.details, warnings: p.resolved.warnings };
  }
  return fromMc(p, runStructuredJob(jobFor(p, req, req.market)));
}

export interface Greek {
  value: number;
  /** Standard error of a Monte Carlo greek (paired replicas/blocks: common random numbers). */
  stderr?: number;
}

export interface StructuredGreeks {
  npv: number;
  stderr?: number;
  delta: Greek;
  gamma: Greek;
  vega: Greek;
  rhoDomestic: Greek;
  rhoForeign: Greek;
  /** Bump sizes used (spot relative, vol and rates absolute). */
  bumps: { spot: number; vol: number; rate: number };
}

type Valuer = (m: StructuredMarket) => Promise<{ npv: number; groups?: number[] }>;

const pairedStderr = (a: number[] | undefined, b: number[] | undefined, scale: number, c?: number[], wc = 0): number | undefined => {
  if (!a || !b || a.length !== b.length || a.length < 2) return undefined;
  const d = a.map((x, i) => (x - b[i] + (c ? wc * c[i] : 0)) * scale);
  const m = d.reduce((s, v) => s + v, 0) / d.length;
  return Math.sqrt(d.reduce((s, v) => s + (v - m) ** 2, 0) / (d.length - 1) / d.length);
};

/**
 * Price and greeks by central bumps (PRICING-CLI units: per 1.00 of spot, vol, rate). Monte
 * Carlo bumps reuse the same random numbers (same seed, same block layout), so the noise of
 * a difference is that of the difference of payoffs, and S0 stays at the unbumped spot.
 */
export async function structuredGreeks(req: StructuredRequest, runner: StructuredRunner = syncRunner): Promise<StructuredGreeks> {
  const p = prepare(req);
  const cf = p.closedForm;
  const value: Valuer = cf
    ? async (m) => ({ npv: cf.price(m).npv })
    : async (m) => {
        const r = await runner(jobFor(p, req, m));
        return { npv: r.npv, groups: r.groups };
      };
  const m0 = req.market;
  // Closed forms are smooth: small bumps. Simulated payoffs jump at barriers: larger bumps.
  const hs = cf ? 1e-4 : 1e-2, hv = cf ? 1e-4 : 1e-2, hr = cf ? 1e-5 : 1e-3;
  const S = m0.spot * hs;
  const [v0, up, dn, vu, vd, ru, rdn, fu, fd] = await Promise.all([
    value(m0),
    value({ ...m0, spot: m0.spot + S }),
    value({ ...m0, spot: m0.spot - S }),
    value({ ...m0, vol: m0.vol + hv }),
    value({ ...m0, vol: Math.max(0, m0.vol - hv) }),
    value({ ...m0, rd: m0.rd + hr }),
    value({ ...m0, rd: m0.rd - hr }),
    value({ ...m0, rf: m0.rf + hr }),
    value({ ...m0, rf: m0.rf - hr }),
  ]);
  const dVol = m0.vol + hv - Math.max(0, m0.vol - hv);
  const g = (a: { npv: number; groups?: number[] }, b: { npv: number; groups?: number[] }, h: number): Greek => {
    const out: Greek = { value: (a.npv - b.npv) / h };
    const se = pairedStderr(a.groups, b.groups, 1 / h);
    if (se !== undefined) out.stderr = se;
    return out;
  };
  const gamma: Greek = { value: (up.npv - 2 * v0.npv + dn.npv) / (S * S) };
  const gse = up.groups && dn.groups && v0.groups ? pairedStderr(up.groups, v0.groups.map((x) => 2 * x), 1 / (S * S), dn.groups, 1) : undefined;
  if (gse !== undefined) gamma.stderr = gse;
  let stderr: number | undefined;
  if (v0.groups && v0.groups.length > 1) {
    const m = v0.groups.reduce((s, v) => s + v, 0) / v0.groups.length;
    stderr = Math.sqrt(v0.groups.reduce((s, v) => s + (v - m) ** 2, 0) / (v0.groups.length - 1) / v0.groups.length);
  }
  const out: StructuredGreeks = {
    npv: v0.npv,
    delta: g(up, dn, 2 * S),
    gamma,
    vega: g(vu, vd, dVol),
    rhoDomestic: g(ru, rdn, 2 * hr),
    rhoForeign: g(fu, fd, 2 * hr),
    bumps: { spot: hs, vol: hv, rate: hr },
  };
  if (stderr !== undefined && !cf) out.stderr = stderr;
  return out;
}

export interface SolveRequest {
  /** The param to find (a `solvable` one, e.g. coupon, participation, strikeRatio). */
  param: string;
  /** The price to reach (e.g. 1.00 - fee for a note, 0 for a zero-cost accumulator). */
  target: number;
  /** Search interval for prices that are not linear in the param (default around its value). */
  bracket?: [number, number];
}

export interface SolveResult {
  value: number;
  /** `linear`: the price is affine in the param (it appears only in payment amounts), solved exactly from two prices with the same random numbers; `illinois`: bracketing root search (regula falsi, Illinois) on the simulated price with fixed random numbers. */
  method: 'linear' | 'illinois';
  /** The price at the solution (equals the target to the estimator's rounding for `linear`). */
  npv: number;
  /** Standard error of the solved value (from the replica/block spread), MC only. */
  stderr?: number;
  evaluations: number;
}

/** Whether the price is affine in `param`: it (and params defined from it) appears only affinely in payment amounts. */
export function isLinearIn(p: PackageAst, param: string): boolean {
  // Params that depend on it, all of which must be affine in it.
  const dep = new Set([param]);
  let grew = true;
  const refs = (e: Expr): string[] => {
    const out: string[] = [];
    walkExpr(e, (x) => {
      if (x.kind === 'ref') out.push(x.name);
    });
    return out;
  };
  while (grew) {
    grew = false;
    for (const q of p.params) if (!dep.has(q.name) && refs(q.value).some((n) => dep.has(n))) { dep.add(q.name); grew = true; }
  }
  type Deg = 0 | 1 | 2; // constant, affine, other
  const degree = (e: Expr): Deg => {
    switch (e.kind) {
      case 'num': case 'date': case 'tenor': return 0;
      case 'ref': {
        if (e.name === param) return 1;
        if (dep.has(e.name)) return degree(p.params.find((q) => q.name === e.name)!.value);
        const lv = p.levels.find((l) => l.name === e.name);
        return lv ? (degree(lv.value) === 0 ? 0 : 2) : 0;
      }
      case 'unary': return e.op === '-' ? degree(e.arg) : degree(e.arg) === 0 ? 0 : 2;
      case 'binary': {
        const a = degree(e.left), b = degree(e.right);
        if (e.op === '+' || e.op === '-') return Math.max(a, b) as Deg;
        if (e.op === '*') return a === 0 ? b : b === 0 ? a : 2;
        if (e.op === '/') return b === 0 ? a : 2;
        return a === 0 && b === 0 ? 0 : 2;
      }
      case 'if': return degree(e.cond) !== 0 ? 2 : (Math.max(degree(e.then), degree(e.else)) as Deg);
      default: return refs(e).some((n) => dep.has(n) || n === param) ? 2 : 0;
    }
  };
  for (const q of p.params) if (dep.has(q.name) && q.name !== param && degree(q.value) > 1) return false;
  for (const l of p.levels) if (refs(l.value).some((n) => dep.has(n))) return false;
  for (const r of p.rules) {
    if (r.when && refs(r.when).some((n) => dep.has(n))) return false;
    if (r.on.kind === 'continuous') continue;
    for (const a of r.actions) {
      if (a.kind === 'set' && refs(a.value).some((n) => dep.has(n))) return false;
      if (a.kind === 'pay' && degree(a.amount) > 1) return false;
    }
  }
  for (const r of p.rules) if (r.on.kind === 'continuous') for (const a of r.actions) if (a.kind === 'pay' && degree(a.amount) > 1) return false;
  return true;
}

/** Finds the value of a param that gives the target price (coupon, participation, strike ...). */
export async function solveStructured(req: StructuredRequest, s: SolveRequest, runner: StructuredRunner = syncRunner): Promise<SolveResult> {
  const def = req.product.params.find((q) => q.name === s.param);
  if (!def) throw new StructuredLanguageError([{ code: 'PARAM_UNKNOWN', severity: 'error', message: `no param named ${s.param}`, params: { name: s.param } }]);
  const base = resolvePackage(req.product, { ...req.context, spot: req.market.spot }).params.get(s.param)!;
  let evaluations = 0;
  const at = async (x: number): Promise<{ npv: number; groups?: number[] }> => {
    evaluations++;
    const r = { ...req, context: { ...req.context, params: { ...req.context?.params, [s.param]: x } } };
    const p = prepare(r);
    if (p.closedForm) return { npv: p.closedForm.price(req.market).npv };
    const mc = await runner(jobFor(p, r, req.market));
    return { npv: mc.npv, groups: mc.groups };
  };
  if (isLinearIn(req.product, s.param)) {
    const h = Math.max(Math.abs(base), 0.01);
    const [a, b] = await Promise.all([at(base), at(base + h)]);
    const slope = (b.npv - a.npv) / h;
    if (!(Math.abs(slope) > 0)) throw new RangeError(`the price does not depend on ${s.param}`);
    const value = base + (s.target - a.npv) / slope;
    const out: SolveResult = { value, method: 'linear', npv: a.npv + slope * (value - base), evaluations };
    if (a.groups && b.groups && a.groups.length > 1) {
      const sols = a.groups.map((ga, i) => base + ((s.target - ga) * h) / (b.groups![i] - ga));
      const m = sols.reduce((x, y) => x + y, 0) / sols.length;
      out.stderr = Math.sqrt(sols.reduce((x, y) => x + (y - m) ** 2, 0) / (sols.length - 1) / sols.length);
    }
    return out;
  }
  // Not linear: a bracketing root search (regula falsi, Illinois variant) on the simulated
  // price with fixed random numbers, so the function searched is deterministic.
  let [lo, hi] = s.bracket ?? [base - Math.max(Math.abs(base), 0.01) * 0.5, base + Math.max(Math.abs(base), 0.01) * 0.5];
  const f = async (x: number) => (await at(x)).npv - s.target;
  /** f at x, or, where x breaks a strike constraint (e.g. strike above the knock-out), at the nearest admissible point towards the base value. */
  const admissible = async (x: number): Promise<[number, number]> => {
    for (let i = 0; ; i++) {
      try {
        return [x, await f(x)];
      } catch (e) {
        const violated = e instanceof StructuredLanguageError && e.diagnostics.some((d) => d.code === 'CONSTRAINT_VIOLATED');
        if (!violated || i >= 30) throw e;
        x = 0.5 * (x + base);
      }
    }
  };
  let flo: number, fhi: number;
  [lo, flo] = await admissible(lo);
  [hi, fhi] = await admissible(hi);
  for (let i = 0; i < 8 && flo * fhi > 0 && !s.bracket; i++) {
    const w = hi - lo;
    [lo, flo] = await admissible(lo - w);
    [hi, fhi] = await admissible(hi + w);
  }
  if (flo * fhi > 0) throw new RangeError(`no ${s.param} in [${lo}, ${hi}] reaches the target price`);
  let a = lo, b = hi, fa = flo, fb = fhi, side = 0;
  const xTol = 1e-7 * Math.max(1, Math.abs(base));
  for (let i = 0; i < 60 && b - a > xTol && fa !== 0 && fb !== 0; i++) {
    let x = (a * fb - b * fa) / (fb - fa);
    if (!(x > a && x < b)) x = 0.5 * (a + b);
    const fx = await f(x);
    if (fx === 0) { a = b = x; break; }
    if (fx * fb > 0) {
      b = x; fb = fx;
      if (side === -1) fa *= 0.5;
      side = -1;
    } else {
      a = x; fa = fx;
      if (side === 1) fb *= 0.5;
      side = 1;
    }
  }
  if (fa === 0) b = a;
  if (fb === 0) a = b;
  const value = 0.5 * (a + b);
  const fin = await at(value);
  return { value, method: 'illinois', npv: fin.npv, evaluations };
}

export { closedFormFor } from './template-match';
export * from './closed-forms';
