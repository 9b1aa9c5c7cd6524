// Resolves a validated package against a valuation date, calendars and stored fixings: every
// date and schedule becomes a point on the time axis (years from the valuation date, ACT/365F
// as PRICING-CLI's rates sections), params are evaluated, past observations are matched with
// their fixings, and the strike constraints are checked where the initial fixing is known.
// The result is what the engines lower (mc/structured/lower.ts) or price in closed form.
// Uses only the public dates API (tenors, schedules, calendars, day counts).
import { BUILTIN_DATES, type Expr, type PackageAst, type Rule, type TenorUnit, walkExpr } from './ast';
import { type Diagnostic, StructuredLanguageError, diag, hasErrors } from './diagnostics';
import { applyBinary, applyMath, applyNeg, applyNot, listIndex, MATH_FNS, type MathFn } from './ops';
import { continuousBarrier, packageBasis, packageConvention, packageCurrency, stmtLoc, validatePackage } from './validate';
import { withParams } from './templates';
import { printExpr } from './printer';
import { type CalendarDate, addDays, addMonths, fromISO, toISO } from '../../dates/date';
import { type Calendar, NULL_CALENDAR, WEEKENDS_ONLY, jointCalendar } from '../../dates/calendar';
import { adjust, addBusinessDays } from '../../dates/business-day';
import { type DayCount, yearFraction } from '../../dates/day-count';
import { generateSchedule } from '../../dates/schedule';

/** A resolved date: its time in years from the valuation date, and on the dates timeline its calendar date. */
export interface ResolvedDate {
  time: number;
  serial?: CalendarDate;
  iso?: string;
}

export interface ResolveContext {
  /** ISO valuation date (dates timeline; the years timeline starts today at 0). */
  valuationDate?: string;
  /** Calendars by code ("CNY", "USD"); `calendar CNY+USD` joins them (a business day in all). */
  calendars?: (code: string) => Calendar | undefined;
  /** Stored fixings by ISO date (past observations, the initial fixing). */
  fixings?: Record<string, number>;
  /** Param values replacing the package's (bulk pricing, target solves). */
  params?: Record<string, number>;
  /** Today's spot, to check the strike constraints of a product fixing today (optional). */
  spot?: number;
  /** State known from elsewhere: variables already set (e.g. a continuous touch between stored fixings). */
  state?: { vars?: Record<string, number>; knockedOut?: boolean };
}

/** Where S0, the initial fixing, comes from. */
export type InitialFixing =
  | { kind: 'known'; value: number; date: ResolvedDate }
  /** Fixes today: the market spot (unless a fixing for today is stored). */
  | { kind: 'today'; date: ResolvedDate }
  /** A forward start: S0 is the fixing at a future date. */
  | { kind: 'future'; date: ResolvedDate };

export interface ResolvedRule {
  rule: Rule;
  /** Observation dates (one per point); continuous rules: [from, to]. */
  points: ResolvedDate[];
  /** For continuous rules: the barrier's side. */
  up?: boolean;
}

export interface ResolvedProduct {
  ast: PackageAst;
  currency: string;
  basis: DayCount | 'years';
  timeline: 'dates' | 'years';
  valuationIso?: string;
  dates: Map<string, ResolvedDate>;
  schedules: Map<string, ResolvedDate[]>;
  params: Map<string, number>;
  initialFixing: InitialFixing;
  rules: ResolvedRule[];
  /** Evaluates a date expression; `now` is the observation date when given. */
  dateOf(e: Expr, now?: ResolvedDate): ResolvedDate;
  /** Year fraction in the package basis (years timeline: the difference of times). */
  yf(a: ResolvedDate, b: ResolvedDate): number;
  /** The stored fixing for a date on or before the valuation date, if any. */
  storedFixing(d: ResolvedDate): number | undefined;
  state: { vars: Record<string, number>; knockedOut: boolean };
  warnings: Diagnostic[];
}

class Fail extends Error {
  constructor(readonly d: Diagnostic) {
    super(d.message);
  }
}

const TENOR_YEARS: Partial<Record<TenorUnit, number>> = { D: 1 / 365, W: 7 / 365, M: 1 / 12, Y: 1 };

function calendarFor(spec: string | undefined, lookup: ResolveContext['calendars'], out: Diagnostic[], loc: PackageAst['loc']): Calendar {
  if (!spec) return WEEKENDS_ONLY;
  const parts = spec.split('+').map((s) => s.trim().toUpperCase()).filter(Boolean);
  const cals: Calendar[] = [];
  for (const code of parts) {
    const c = code === 'WEEKENDS' ? WEEKENDS_ONLY : code === 'NONE' ? NULL_CALENDAR : lookup?.(code);
    if (!c) {
      out.push(diag('CALENDAR_UNKNOWN', loc, { calendar: code }));
      return WEEKENDS_ONLY;
    }
    cals.push(c);
  }
  return cals.length ? jointCalendar('union', cals) : WEEKENDS_ONLY;
}

/** Scalar evaluation environment for constant expressions (params, levels, constraints). */
export interface ConstEnv {
  /** The value of a param or level by name. */
  value(name: string, loc: Expr['loc']): number;
  s0?: number;
  index?: number;
  now?: ResolvedDate;
}

/** Evaluates a constant expression (no spot, no variables). Throws Fail on what cannot be constant. */
export function evalConst(r: Pick<ResolvedProduct, 'dateOf' | 'yf' | 'schedules' | 'storedFixing'>, e: Expr, env: ConstEnv): number {
  const ev = (x: Expr): number => evalConst(r, x, env);
  switch (e.kind) {
    case 'num':
      return e.value;
    case 'ref':
      if (e.name === 'S0') {
        if (env.s0 === undefined) throw new Fail(diag('NOT_ALLOWED_HERE', e.loc, { name: 'S0', context: 'a constant' }));
        return env.s0;
      }
      if (e.name === 'index') return env.index ?? 0;
      return env.value(e.name, e.loc);
    case 'unary':
      return e.op === '-' ? applyNeg(ev(e.arg)) : applyNot(ev(e.arg));
    case 'binary':
      return applyBinary(e.op, ev(e.left), ev(e.right));
    case 'if':
      return ev(e.cond) !== 0 ? ev(e.then) : ev(e.else);
    case 'index': {
      if (e.target.kind !== 'list') throw new Fail(diag('TYPE_MISMATCH', e.loc, { expected: 'a list', found: 'something else' }));
      const items = e.target.items;
      return ev(items[listIndex(items.length, ev(e.index))]);
    }
    case 'call': {
      if (e.fn === 'yf') return r.yf(r.dateOf(e.args[0], env.now), r.dateOf(e.args[1], env.now));
      if (e.fn === 'count') return r.schedules.get((e.args[0] as { name: string }).name)?.length ?? 0;
      if (e.fn === 'fixing') {
        const d = r.dateOf(e.args[0], env.now);
        const f = r.storedFixing(d);
        if (f === undefined) throw new Fail(diag('FIXING_MISSING', e.loc, { date: d.iso ?? String(d.time) }));
        return f;
      }
      if (e.fn === 'min' || e.fn === 'max') {
        let v = ev(e.args[0]);
        for (let i = 1; i < e.args.length; i++) v = e.fn === 'min' ? Math.min(v, ev(e.args[i])) : Math.max(v, ev(e.args[i]));
        return v;
      }
      if (e.fn === 'pow') return Math.pow(ev(e.args[0]), ev(e.args[1]));
      if (MATH_FNS.includes(e.fn)) return applyMath(e.fn as MathFn, ev(e.args[0]));
      throw new Fail(diag('UNKNOWN_FUNCTION', e.loc, { name: e.fn }));
    }
    default:
      throw new Fail(diag('TYPE_MISMATCH', e.loc, { expected: 'a number', found: e.kind }));
  }
}

/** Names of levels an expression uses, directly or through other levels. */
export function levelClosure(p: PackageAst, e: Expr): Set<string> {
  const levels = new Map(p.levels.map((l) => [l.name, l]));
  const seen = new Set<string>();
  const visit = (x: Expr) =>
    walkExpr(x, (n) => {
      if (n.kind === 'ref' && levels.has(n.name) && !seen.has(n.name)) {
        seen.add(n.name);
        visit(levels.get(n.name)!.value);
      }
    });
  visit(e);
  return seen;
}

/** Whether an expression uses `name` (directly or through levels). */
export function usesName(p: PackageAst, e: Expr, name: string): boolean {
  let hit = false;
  const check = (x: Expr) => walkExpr(x, (n) => {
    if (n.kind === 'ref' && n.name === name) hit = true;
  });
  check(e);
  for (const l of levelClosure(p, e)) check(p.levels.find((x) => x.name === l)!.value);
  return hit;
}

/** Resolves a package; throws StructuredLanguageError with every error found. */
export function resolvePackage(input: PackageAst, ctx: ResolveContext = {}): ResolvedProduct {
  const out: Diagnostic[] = validatePackage(input);
  if (hasErrors(out)) throw new StructuredLanguageError(out);
  let ast = input;
  if (ctx.params) {
    const known = new Set(ast.params.map((p) => p.name));
    const bad = Object.keys(ctx.params).filter((k) => !known.has(k));
    if (bad.length) throw new StructuredLanguageError(bad.map((name) => diag('PARAM_UNKNOWN', ast.loc, { name })));
    ast = withParams(ast, ctx.params);
  }
  const years = ast.timeline === 'years';
  const basis = packageBasis(ast)!;
  const conv = packageConvention(ast);
  let valuation: CalendarDate | undefined;
  if (!years) {
    if (!ctx.valuationDate) throw new StructuredLanguageError([diag('VALUATION_DATE_REQUIRED', ast.loc)]);
    valuation = fromISO(ctx.valuationDate);
  }
  const cal = years ? NULL_CALENDAR : calendarFor(ast.calendar, ctx.calendars, out, stmtLoc(ast, 'calendar'));
  if (hasErrors(out)) throw new StructuredLanguageError(out);

  const at = (serial: CalendarDate): ResolvedDate => ({ time: (serial - valuation!) / 365, serial, iso: toISO(serial) });
  const atTime = (time: number): ResolvedDate => ({ time });
  const dateDefs = new Map(ast.dates.map((d) => [d.name, d]));
  const memo = new Map<string, ResolvedDate>();

  const named = (name: string, loc: Expr['loc']): ResolvedDate => {
    const hit = memo.get(name);
    if (hit) return hit;
    const def = dateDefs.get(name);
    let v: ResolvedDate;
    if (def) v = dateOf(def.value);
    else if (name === 'trade') v = years ? atTime(0) : at(valuation!);
    else if (name === 'start') v = named('trade', loc);
    else throw new Fail(diag('UNKNOWN_NAME', loc, { name }));
    memo.set(name, v);
    return v;
  };

  const shift = (d: ResolvedDate, n: number, unit: TenorUnit, loc: Expr['loc']): ResolvedDate => {
    if (years) {
      const y = TENOR_YEARS[unit];
      if (y === undefined) throw new Fail(diag('TERM_ERROR', loc, { text: `${n}${unit} (business days need calendar dates)` }));
      return atTime(d.time + n * y);
    }
    const s = d.serial!;
    switch (unit) {
      case 'BD': return at(addBusinessDays(cal, s, n));
      case 'D': return at(adjust(cal, addDays(s, n), conv));
      case 'W': return at(adjust(cal, addDays(s, 7 * n), conv));
      case 'M': return at(adjust(cal, addMonths(s, n), conv));
      case 'Y': return at(adjust(cal, addMonths(s, 12 * n), conv));
    }
  };

  function dateOf(e: Expr, now?: ResolvedDate): ResolvedDate {
    switch (e.kind) {
      case 'date':
        return at(fromISO(e.iso));
      case 'num':
        if (!years) throw new Fail(diag('NUMBER_AS_DATE', e.loc));
        return atTime(e.value);
      case 'ref':
        if (e.name === 'now') {
          if (!now) throw new Fail(diag('NOT_ALLOWED_HERE', e.loc, { name: 'now', context: 'this date' }));
          return now;
        }
        return named(e.name, e.loc);
      case 'binary': {
        if (e.op !== '+' && e.op !== '-') break;
        const sign = e.op === '+' ? 1 : -1;
        if (e.right.kind === 'tenor') return shift(dateOf(e.left, now), sign * e.right.n, e.right.unit, e.right.loc);
        if (e.left.kind === 'tenor' && sign > 0) return shift(dateOf(e.right, now), e.left.n, e.left.unit, e.left.loc);
        if (years) {
          const base = dateOf(e.left, now);
          const r = evalConst(resolved, e.right, { value: paramValue });
          return atTime(base.time + sign * r);
        }
        break;
      }
      default:
        break;
    }
    throw new Fail(diag('TYPE_MISMATCH', e.loc, { expected: 'a date', found: printExpr(e) }));
  }

  const yf = (a: ResolvedDate, b: ResolvedDate): number => (years ? b.time - a.time : yearFraction(basis, a.serial!, b.serial!));
  const fixings = new Map<number, number>();
  const badFixings: string[] = [];
  for (const [iso, v] of Object.entries(ctx.fixings ?? {})) {
    try {
      if (!(typeof v === 'number' && v > 0 && Number.isFinite(v))) badFixings.push(iso);
      else fixings.set(fromISO(iso), v);
    } catch {
      badFixings.push(iso);
    }
  }
  for (const iso of badFixings) out.push(diag('FIXING_INVALID', ast.loc, { date: iso }));
  const storedFixing = (d: ResolvedDate): number | undefined => (d.serial !== undefined && d.time <= 0 ? fixings.get(d.serial) : undefined);

  const schedules = new Map<string, ResolvedDate[]>();
  const params = new Map<string, number>();
  const paramDefs = new Map(ast.params.map((p) => [p.name, p]));
  const evaluating = new Set<string>();
  function paramValue(name: string, loc?: Expr['loc']): number {
    const hit = params.get(name);
    if (hit !== undefined) return hit;
    const def = paramDefs.get(name);
    if (!def || evaluating.has(name)) throw new Fail(diag('UNKNOWN_NAME', loc, { name }));
    evaluating.add(name);
    const v = evalConst(resolved, def.value, { value: paramValue });
    evaluating.delete(name);
    if (!Number.isFinite(v)) throw new Fail(diag('NOT_FINITE', def.loc, { name }));
    params.set(name, v);
    return v;
  }

  const resolved: ResolvedProduct = {
    ast,
    currency: packageCurrency(ast)!,
    basis: years ? 'years' : basis,
    timeline: ast.timeline,
    valuationIso: valuation === undefined ? undefined : toISO(valuation),
    dates: memo,
    schedules,
    params,
    initialFixing: { kind: 'today', date: atTime(0) },
    rules: [],
    dateOf,
    yf,
    storedFixing,
    state: { vars: { ...(ctx.state?.vars ?? {}) }, knockedOut: ctx.state?.knockedOut ?? false },
    warnings: [],
  };

  const attempt = <T>(f: () => T): T | undefined => {
    try {
      return f();
    } catch (e) {
      if (e instanceof Fail) {
        out.push(e.d);
        return undefined;
      }
      if (e instanceof RangeError) {
        out.push(diag('TERM_ERROR', ast.loc, { text: e.message }));
        return undefined;
      }
      throw e;
    }
  };

  // Dates and their order.
  for (const d of ast.dates) attempt(() => named(d.name, d.loc));
  for (const b of BUILTIN_DATES) attempt(() => named(b, ast.loc));
  const trade = memo.get('trade'), maturity = memo.get('maturity');
  const order = (a: string, b: string, strict: boolean) => {
    const x = memo.get(a), y = memo.get(b);
    if (x && y && (strict ? !(x.time < y.time) : !(x.time <= y.time))) {
      out.push(diag('DATES_NOT_ORDERED', dateDefs.get(b)?.loc ?? ast.loc, { first: a, firstDate: x.iso ?? x.time, second: b, secondDate: y.iso ?? y.time }));
    }
  };
  order('trade', 'start', false);
  order('start', 'maturity', true);

  // Schedules.
  for (const s of ast.schedules) {
    attempt(() => {
      const spec = s.spec;
      let pts: ResolvedDate[];
      if (spec.kind === 'list') {
        pts = spec.items.map((it) => dateOf(it));
        for (let i = 1; i < pts.length; i++) if (!(pts[i].time > pts[i - 1].time)) throw new Fail(diag('SCHEDULE_NOT_INCREASING', s.loc, { name: s.name }));
      } else {
        const from = dateOf(spec.from), to = dateOf(spec.to);
        if (!(to.time > from.time)) throw new Fail(diag('DATES_NOT_ORDERED', s.loc, { first: 'from', firstDate: from.iso ?? from.time, second: 'to', secondDate: to.iso ?? to.time }));
        pts = [];
        const st = spec.step;
        if (st.kind === 'count') {
          for (let i = 1; i <= st.n; i++) pts.push(atTime(i === st.n ? to.time : from.time + (i * (to.time - from.time)) / st.n));
        } else if (st.kind === 'daily' || (st.kind === 'every' && st.tenor.kind === 'tenor' && st.tenor.unit === 'BD')) {
          const n = st.kind === 'daily' ? 1 : (st.tenor as { n: number }).n;
          for (let d = addBusinessDays(cal, from.serial!, n); d <= to.serial!; d = addBusinessDays(cal, d, n)) pts.push(at(d));
          if (spec.backward) throw new Fail(diag('TERM_ERROR', s.loc, { text: 'daily schedules roll forward only' }));
        } else {
          const tenor = st.tenor;
          if (years) {
            const step = tenor.kind === 'tenor' ? tenor.n * (TENOR_YEARS[tenor.unit] ?? NaN) : tenor.kind === 'num' ? tenor.value : NaN;
            if (!(step > 0)) throw new Fail(diag('TERM_ERROR', tenor.loc, { text: printExpr(tenor) }));
            const span = to.time - from.time;
            const n = Math.ceil(span / step - 1e-9);
            for (let k = 1; k <= n; k++) {
              const t = spec.backward ? to.time - (n - k) * step : from.time + k * step;
              pts.push(atTime(k === n ? to.time : t));
            }
            if (spec.backward && pts.length && pts[0].time <= from.time) pts.shift();
          } else {
            if (tenor.kind !== 'tenor') throw new Fail(diag('TERM_ERROR', tenor.loc, { text: printExpr(tenor) }));
            const unit = tenor.unit === 'BD' ? 'D' : tenor.unit;
            const sch = generateSchedule({
              start: from.serial!, end: to.serial!, tenor: { n: tenor.n, unit }, rule: spec.backward ? 'backward' : 'forward',
              calendar: cal, convention: conv, terminationConvention: conv,
            });
            pts = sch.dates.slice(1).map(at);
          }
        }
        if (spec.skip) pts = pts.slice(spec.skip);
      }
      if (pts.length === 0) throw new Fail(diag('SCHEDULE_EMPTY', s.loc, { name: s.name }));
      if (trade && maturity) {
        for (const d of pts) {
          if (d.time < trade.time - 1e-12 || d.time > maturity.time + 1e-12) {
            throw new Fail(diag('SCHEDULE_OUTSIDE_PRODUCT', s.loc, { name: s.name, date: d.iso ?? d.time }));
          }
        }
      }
      schedules.set(s.name, pts);
    });
  }

  // Params (in any order: each evaluates the ones it needs).
  for (const p of ast.params) attempt(() => paramValue(p.name));
  if (hasErrors(out)) throw new StructuredLanguageError(out);

  // Initial fixing.
  const fixDate = ast.initialFixing ? attempt(() => dateOf(ast.initialFixing!)) : trade;
  if (fixDate) {
    if (fixDate.time < 0) {
      const v = storedFixing(fixDate);
      if (v === undefined) out.push(diag('FIXING_MISSING', ast.initialFixing?.loc ?? ast.loc, { date: fixDate.iso ?? fixDate.time }));
      else resolved.initialFixing = { kind: 'known', value: v, date: fixDate };
    } else if (fixDate.time === 0) {
      const v = storedFixing(fixDate);
      resolved.initialFixing = v === undefined ? { kind: 'today', date: fixDate } : { kind: 'known', value: v, date: fixDate };
    } else {
      resolved.initialFixing = { kind: 'future', date: fixDate };
    }
  }

  // Rules and their observation points; past observations need stored fixings.
  for (const rule of ast.rules) {
    attempt(() => {
      let points: ResolvedDate[];
      let up: boolean | undefined;
      if (rule.on.kind === 'continuous') {
        points = [dateOf(rule.on.from), dateOf(rule.on.to)];
        if (!(points[1].time > points[0].time)) {
          throw new Fail(diag('DATES_NOT_ORDERED', rule.on.loc, { first: 'from', firstDate: points[0].iso ?? points[0].time, second: 'to', secondDate: points[1].iso ?? points[1].time }));
        }
        up = continuousBarrier(rule.when)!.up;
      } else {
        points = schedules.get(rule.on.name) ?? [named(rule.on.name, rule.on.loc)];
      }
      const rr: ResolvedRule = { rule, points };
      if (up !== undefined) rr.up = up;
      resolved.rules.push(rr);
      if (rule.on.kind === 'name') {
        for (const pt of points) {
          if (pt.time < 0 && storedFixing(pt) === undefined) throw new Fail(diag('FIXING_MISSING', rule.loc, { date: pt.iso ?? pt.time }));
          // Payment dates and fixing() dates per observation.
          for (const a of rule.actions) {
            if (a.kind === 'pay' && a.at) {
              const d = dateOf(a.at, pt);
              if (d.time < pt.time) throw new Fail(diag('PAYMENT_BEFORE_OBSERVATION', a.loc, { date: d.iso ?? d.time }));
            }
          }
          const exprs = [rule.when, ...rule.actions.map((a) => (a.kind === 'knockOut' ? undefined : a.kind === 'pay' ? a.amount : a.value))];
          for (const e of exprs) {
            if (!e) continue;
            walkExpr(e, (n) => {
              if (n.kind !== 'call' || n.fn !== 'fixing') return;
              const d = dateOf(n.args[0], pt);
              if (d.time > pt.time) throw new Fail(diag('FIXING_IN_FUTURE', n.loc, { date: d.iso ?? d.time }));
              if (d.time < 0 && storedFixing(d) === undefined) throw new Fail(diag('FIXING_MISSING', n.loc, { date: d.iso ?? d.time }));
            });
          }
        }
      }
    });
  }
  if (hasErrors(out)) throw new StructuredLanguageError(out);

  // Strike constraints, where the initial fixing is known now.
  const s0 = resolved.initialFixing.kind === 'known' ? resolved.initialFixing.value : resolved.initialFixing.kind === 'today' ? ctx.spot : undefined;
  out.push(...checkConstraints(resolved, s0));
  if (hasErrors(out)) throw new StructuredLanguageError(out);
  // A continuously monitored level the spot is already on or beyond knocks out at once: legal
  // (PRICING-CLI prices it so) but worth a warning in an editor.
  if (s0 !== undefined && ctx.spot !== undefined) {
    const levelDefs = new Map(ast.levels.map((l) => [l.name, l.value]));
    const value = (n: string, loc: Expr['loc']): number => {
      const pv = resolved.params.get(n);
      if (pv !== undefined) return pv;
      const lv = levelDefs.get(n);
      if (!lv) throw new Fail(diag('UNKNOWN_NAME', loc, { name: n }));
      return evalConst(resolved, lv, { value, s0 });
    };
    for (const rr of resolved.rules) {
      if (rr.up === undefined || !(rr.points[0].time <= 0 && rr.points[1].time > 0)) continue;
      const level = attempt(() => evalConst(resolved, continuousBarrier(rr.rule.when)!.level, { value, s0 }));
      if (level !== undefined && (rr.up ? ctx.spot >= level : ctx.spot <= level)) out.push(diag('LEVEL_ALREADY_BREACHED', rr.rule.when?.loc ?? rr.rule.loc, {}, 'warning'));
    }
  }
  resolved.warnings = out.filter((d) => d.severity === 'warning');
  return resolved;
}

/**
 * Evaluates the `require` constraints with S0 (skipped for a constraint that needs S0 when it
 * is not known yet). A level that depends on `index` is checked at every observation of
 * every rule that uses it.
 */
export function checkConstraints(r: ResolvedProduct, s0: number | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  const ast = r.ast;
  const levelDefs = new Map(ast.levels.map((l) => [l.name, l]));
  for (const c of ast.constraints) {
    if (s0 === undefined && usesName(ast, c.expr, 'S0')) continue;
    const lv = levelClosure(ast, c.expr);
    const indexed = new Set([...lv].filter((n) => usesName(ast, levelDefs.get(n)!.value, 'index')));
    // The observation counts of the rules using an index-dependent level decide which indices to check.
    const counts = new Set<number>([1]);
    if (indexed.size) {
      for (const rr of r.rules) {
        const exprs: Expr[] = [];
        if (rr.rule.when) exprs.push(rr.rule.when);
        for (const a of rr.rule.actions) if (a.kind === 'pay') exprs.push(a.amount); else if (a.kind === 'set') exprs.push(a.value);
        if (exprs.some((e) => [...levelClosure(ast, e)].some((n) => indexed.has(n)))) counts.add(rr.points.length);
      }
    }
    const maxCount = Math.max(...counts);
    for (let i = 0; i < maxCount; i++) {
      let ok: number;
      const levelMemo = new Map<string, number>();
      const env: ConstEnv = {
        value: (n, loc) => {
          const p = r.params.get(n);
          if (p !== undefined) return p;
          const hit = levelMemo.get(n);
          if (hit !== undefined) return hit;
          const def = levelDefs.get(n);
          if (!def) throw new Fail(diag('UNKNOWN_NAME', loc, { name: n }));
          const v = evalConst(r, def.value, env);
          levelMemo.set(n, v);
          return v;
        },
        index: i,
      };
      if (s0 !== undefined) env.s0 = s0;
      try {
        ok = evalConst(r, c.expr, env);
      } catch (e) {
        if (e instanceof Fail) {
          out.push(e.d);
          break;
        }
        throw e;
      }
      if (ok === 0) {
        out.push(diag('CONSTRAINT_VIOLATED', c.loc, { constraint: printExpr(c.expr) }));
        break;
      }
    }
  }
  return out;
}

export interface ObservationRow {
  /** Rule number (1-based, in the order written) and what it observes. */
  rule: number;
  on: string;
  /** Observation index within the rule's schedule. */
  index: number;
  date: ResolvedDate;
  /** The levels the rule uses, at this observation (step-downs differ by index). */
  levels: Record<string, number>;
}

/**
 * The observation calendar of a product: every discrete observation with the value of each
 * level its rule uses (for an editor's preview, term sheets, bulk-valuation reports). Levels
 * that need the initial fixing are evaluated with `s0`.
 */
export function observationTable(r: ResolvedProduct, s0: number): ObservationRow[] {
  const ast = r.ast;
  const levelDefs = new Map(ast.levels.map((l) => [l.name, l.value]));
  const rows: ObservationRow[] = [];
  r.rules.forEach((rr, ri) => {
    if (rr.rule.on.kind !== 'name') return;
    const exprs: Expr[] = [];
    if (rr.rule.when) exprs.push(rr.rule.when);
    for (const a of rr.rule.actions) if (a.kind === 'pay') exprs.push(a.amount); else if (a.kind === 'set') exprs.push(a.value);
    const used = new Set<string>();
    for (const e of exprs) for (const n of levelClosure(ast, e)) used.add(n);
    rr.points.forEach((date, index) => {
      const levels: Record<string, number> = {};
      const value = (n: string, loc: Expr['loc']): number => {
        const pv = r.params.get(n);
        if (pv !== undefined) return pv;
        const lv = levelDefs.get(n);
        if (!lv) throw new Fail(diag('UNKNOWN_NAME', loc, { name: n }));
        return evalConst(r, lv, { value, s0, index, now: date });
      };
      for (const n of used) {
        try {
          levels[n] = value(n, {});
        } catch {
          // A level that depends on the path (a fixing after today) has no value yet.
        }
      }
      rows.push({ rule: ri + 1, on: (rr.rule.on as { name: string }).name, index, date, levels });
    });
  });
  return rows.sort((a, b) => a.date.time - b.date.time || a.rule - b.rule);
}

/** Today's fixing rule as a convenience for callers: S0 for a product fixing today is the spot. */
export function initialFixingValue(r: ResolvedProduct, spot: number): number | undefined {
  const f = r.initialFixing;
  return f.kind === 'known' ? f.value : f.kind === 'today' ? spot : undefined;
}

export type { Rule };
