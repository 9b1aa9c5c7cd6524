// Static validation of a package (no dates resolved, no market): language version, package
// name, names and their scopes, types (number / condition / date / term), where each
// built-in may appear, cycles, continuous-monitoring rules, basis, convention, underlying.
// Checks that need the calendar, the valuation date or the fixings (dates in order,
// schedules inside the product, strike constraints' values) are in resolve.ts.
import {
  BUILTIN_DATES, type Expr, FUNCTIONS, LANGUAGE_VERSION, type Loc, type PackageAst, RESERVED_WORDS,
  TEMPLATE_NAMES, walkExpr,
} from './ast';
import { type Diagnostic, diag } from './diagnostics';
import { BUSINESS_DAY_CONVENTIONS, type BusinessDayConvention } from '../../dates/business-day';
import { type DayCount, parseDayCount } from '../../dates/day-count';

type Ty = 'number' | 'bool' | 'date' | 'tenor' | 'list' | 'error';
/** Where an expression sits: decides which names it may use. */
export type Context = 'param' | 'level' | 'constraint' | 'rule' | 'continuous' | 'date' | 'var';

type SymKind = 'date' | 'schedule' | 'param' | 'level' | 'var';

const CONTEXT_TEXT: Record<Context, string> = {
  param: 'a param',
  level: 'a level',
  constraint: 'a constraint',
  rule: 'this rule',
  continuous: 'a continuously monitored rule',
  date: 'a date',
  var: 'a variable',
};

/** Built-in values and the contexts that may use them. */
const BUILTIN_SCOPE: Record<string, readonly Context[]> = {
  spot: ['rule'],
  S0: ['level', 'constraint', 'rule', 'continuous'],
  index: ['level', 'rule'],
  now: ['rule'],
};

/** User symbols and the contexts that may use them (dates: anywhere a date is read). */
const SYMBOL_SCOPE: Record<SymKind, readonly Context[]> = {
  date: ['param', 'level', 'constraint', 'rule', 'continuous', 'date'],
  schedule: ['param', 'level', 'constraint', 'rule', 'continuous'],
  param: ['param', 'level', 'constraint', 'rule', 'continuous'],
  level: ['level', 'constraint', 'rule', 'continuous'],
  var: ['rule'],
};

/** Functions and the contexts that may call them. */
const FUNCTION_SCOPE: Record<string, readonly Context[]> = {
  fixing: ['level', 'rule'],
  yf: ['param', 'level', 'constraint', 'rule', 'continuous'],
  count: ['param', 'level', 'constraint', 'rule', 'continuous'],
};

export const CONVENTION_ALIASES: Record<string, BusinessDayConvention> = Object.fromEntries(
  BUSINESS_DAY_CONVENTIONS.map((c) => [c.toLowerCase(), c]),
);

export function packageConvention(p: PackageAst): BusinessDayConvention {
  return p.convention ? CONVENTION_ALIASES[p.convention.toLowerCase()] ?? 'ModifiedFollowing' : 'ModifiedFollowing';
}

/** The basis as a DayCount, or undefined when unknown (ACT/ACT-ISMA needs coupon periods: refused). */
export function packageBasis(p: PackageAst): DayCount | undefined {
  try {
    const dc = parseDayCount(p.basis);
    return dc === 'ACT/ACT-ISMA' ? undefined : dc;
  } catch {
    return undefined;
  }
}

const FX_CODE = /^[A-Z]{6}$/;

/** Where a header statement (basis, calendar, ...) was written; the package name otherwise. */
export const stmtLoc = (p: PackageAst, key: string): Loc => p.locs?.[key] ?? p.loc;

/** Payment currency: the explicit one, else the quote currency of an FX or gold code. */
export function packageCurrency(p: PackageAst): string | undefined {
  if (p.currency) return p.currency;
  const code = p.underlying.code;
  if ((p.underlying.kind === 'fx' || p.underlying.kind === 'gold') && FX_CODE.test(code)) return code.slice(3);
  return undefined;
}

export interface ValidateOptions {
  /** Names of packages already saved (a new name must not be one of them, ignoring case). */
  existingNames?: Iterable<string>;
}

class Checker {
  readonly symbols = new Map<string, { kind: SymKind; loc: Loc }>();

  constructor(
    readonly p: PackageAst,
    readonly out: Diagnostic[],
  ) {}

  private mismatch(e: Expr, expected: string, found: Ty): void {
    if (found === 'error') return;
    this.out.push(diag('TYPE_MISMATCH', e.loc, { expected, found: TYPE_TEXT[found] }));
  }

  /** The type of e in context ctx, reporting every problem found inside it. */
  typeOf(e: Expr, ctx: Context): Ty {
    const years = this.p.timeline === 'years';
    switch (e.kind) {
      case 'num':
        return 'number';
      case 'date':
        if (years) {
          this.out.push(diag('DATE_LITERAL_IN_YEARS', e.loc));
          return 'error';
        }
        return 'date';
      case 'tenor':
        return 'tenor';
      case 'ref': {
        const builtin = Object.hasOwn(BUILTIN_SCOPE, e.name) ? BUILTIN_SCOPE[e.name] : undefined;
        if (builtin) {
          if (!builtin.includes(ctx)) {
            this.out.push(diag('NOT_ALLOWED_HERE', e.loc, { name: e.name, context: CONTEXT_TEXT[ctx] }));
            return 'error';
          }
          return e.name === 'now' ? 'date' : 'number';
        }
        const s = this.symbols.get(e.name);
        if (!s) {
          this.out.push(diag('UNKNOWN_NAME', e.loc, { name: e.name }));
          return 'error';
        }
        if (!SYMBOL_SCOPE[s.kind].includes(ctx)) {
          this.out.push(diag('NOT_ALLOWED_HERE', e.loc, { name: e.name, context: CONTEXT_TEXT[ctx] }));
          return 'error';
        }
        if (s.kind === 'schedule') {
          this.out.push(diag('TYPE_MISMATCH', e.loc, { expected: 'a value', found: 'a schedule (use count(...))' }));
          return 'error';
        }
        return s.kind === 'date' ? 'date' : 'number';
      }
      case 'unary': {
        const t = this.typeOf(e.arg, ctx);
        if (e.op === 'not') {
          if (t !== 'bool') this.mismatch(e.arg, 'a condition', t);
          return 'bool';
        }
        if (t !== 'number') this.mismatch(e.arg, 'a number', t);
        return 'number';
      }
      case 'binary': {
        const l = this.typeOf(e.left, ctx);
        const r = this.typeOf(e.right, ctx);
        if (l === 'error' || r === 'error') return e.op === 'and' || e.op === 'or' || ['<', '<=', '>', '>=', '==', '!='].includes(e.op) ? 'bool' : 'error';
        switch (e.op) {
          case 'and':
          case 'or':
            if (l !== 'bool') this.mismatch(e.left, 'a condition', l);
            if (r !== 'bool') this.mismatch(e.right, 'a condition', r);
            return 'bool';
          case '<': case '<=': case '>': case '>=': case '==': case '!=':
            if (l !== 'number') this.mismatch(e.left, 'a number', l);
            if (r !== 'number') this.mismatch(e.right, 'a number', r);
            return 'bool';
          case '+':
          case '-':
            if (l === 'date' && (r === 'tenor' || (years && r === 'number'))) return 'date';
            if (e.op === '+' && l === 'tenor' && r === 'date') return 'date';
            if (l === 'number' && r === 'number') return 'number';
            if (l === 'date' && r === 'date') {
              this.out.push(diag('TYPE_MISMATCH', e.loc, { expected: 'a date and a term', found: 'two dates (use yf(a, b))' }));
              return 'error';
            }
            if (l !== 'number' && l !== 'date') this.mismatch(e.left, 'a number', l);
            else this.mismatch(e.right, l === 'date' ? 'a term' : 'a number', r);
            return 'error';
          default:
            if (l !== 'number') this.mismatch(e.left, 'a number', l);
            if (r !== 'number') this.mismatch(e.right, 'a number', r);
            return 'number';
        }
      }
      case 'if': {
        const c = this.typeOf(e.cond, ctx);
        if (c !== 'bool') this.mismatch(e.cond, 'a condition', c);
        const a = this.typeOf(e.then, ctx);
        const b = this.typeOf(e.else, ctx);
        if (a !== 'number') this.mismatch(e.then, 'a number', a);
        if (b !== 'number') this.mismatch(e.else, 'a number', b);
        return 'number';
      }
      case 'list': {
        for (const it of e.items) {
          const t = this.typeOf(it, ctx);
          if (t !== 'number') this.mismatch(it, 'a number', t);
        }
        return 'list';
      }
      case 'index': {
        const t = this.typeOf(e.target, ctx);
        if (t !== 'list') this.mismatch(e.target, 'a list', t);
        const i = this.typeOf(e.index, ctx);
        if (i !== 'number') this.mismatch(e.index, 'a number', i);
        return 'number';
      }
      case 'call': {
        const f = Object.hasOwn(FUNCTIONS, e.fn) ? FUNCTIONS[e.fn] : undefined;
        if (!f) {
          this.out.push(diag('UNKNOWN_FUNCTION', e.loc, { name: e.fn }));
          e.args.forEach((a) => this.typeOf(a, ctx));
          return 'error';
        }
        if (e.args.length < f.min || e.args.length > f.max) {
          this.out.push(diag('WRONG_ARITY', e.loc, { name: e.fn, expected: f.min === f.max ? f.min : `${f.min}-${f.max}`, got: e.args.length }));
          return 'error';
        }
        const scope = Object.hasOwn(FUNCTION_SCOPE, e.fn) ? FUNCTION_SCOPE[e.fn] : undefined;
        if (scope && !scope.includes(ctx)) {
          this.out.push(diag('NOT_ALLOWED_HERE', e.loc, { name: `${e.fn}()`, context: CONTEXT_TEXT[ctx] }));
          return 'error';
        }
        if (e.fn === 'yf' || e.fn === 'fixing') {
          e.args.forEach((a) => this.expectDate(a, ctx));
          return 'number';
        }
        if (e.fn === 'count') {
          const a = e.args[0];
          if (a.kind !== 'ref' || this.symbols.get(a.name)?.kind !== 'schedule') {
            if (a.kind === 'ref' && !this.symbols.has(a.name)) this.out.push(diag('UNKNOWN_NAME', a.loc, { name: a.name }));
            else this.out.push(diag('TYPE_MISMATCH', a.loc, { expected: 'a schedule name', found: 'something else' }));
          }
          return 'number';
        }
        for (const a of e.args) {
          const t = this.typeOf(a, ctx);
          if (t !== 'number') this.mismatch(a, 'a number', t);
        }
        return 'number';
      }
    }
  }

  expect(e: Expr, ctx: Context, want: 'number' | 'bool'): void {
    const t = this.typeOf(e, ctx);
    if (t !== want) this.mismatch(e, want === 'bool' ? 'a condition' : 'a number', t);
  }

  expectDate(e: Expr, ctx: Context): void {
    const t = this.typeOf(e, ctx);
    if (t === 'date' || t === 'error') return;
    if (t === 'number') {
      if (this.p.timeline !== 'years') this.out.push(diag('NUMBER_AS_DATE', e.loc));
      return;
    }
    this.mismatch(e, 'a date', t);
  }

  expectTenor(e: Expr): void {
    if (e.kind === 'tenor') return;
    if (e.kind === 'num' && this.p.timeline === 'years' && e.value > 0) return;
    // "every 3" or "every 1.5M": not a term.
    this.out.push(diag('TERM_ERROR', e.loc, { text: e.kind === 'num' ? String(e.value) : 'not a term' }));
  }
}

const TYPE_TEXT: Record<Ty, string> = { number: 'a number', bool: 'a condition', date: 'a date', tenor: 'a term', list: 'a list', error: 'an error' };

/** Names an expression refers to (refs and count()/fixing() arguments). */
function refsOf(e: Expr): string[] {
  const out: string[] = [];
  walkExpr(e, (n) => {
    if (n.kind === 'ref') out.push(n.name);
  });
  return out;
}

/** Reports a definition cycle among defs (each def's expression refers to others by name). */
function checkCycles(defs: { name: string; value: Expr; loc: Loc }[], out: Diagnostic[]): void {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const state = new Map<string, 1 | 2>();
  const visit = (name: string): boolean => {
    const s = state.get(name);
    if (s === 2) return false;
    if (s === 1) return true;
    state.set(name, 1);
    const d = byName.get(name)!;
    for (const r of refsOf(d.value)) {
      if (byName.has(r) && visit(r)) {
        if (state.get(name) === 1) {
          out.push(diag('CYCLIC_DEFINITION', d.loc, { name }));
          state.set(name, 2);
        }
        return false;
      }
    }
    state.set(name, 2);
    return false;
  };
  for (const d of defs) visit(d.name);
}

/** The continuous rule's barrier: `spot >= L` (up) or `spot <= L` (down). */
export function continuousBarrier(when: Expr | undefined): { up: boolean; level: Expr } | undefined {
  if (!when || when.kind !== 'binary') return undefined;
  const { op, left, right } = when;
  if (left.kind === 'ref' && left.name === 'spot' && ['>=', '>', '<=', '<'].includes(op)) return { up: op === '>=' || op === '>', level: right };
  if (right.kind === 'ref' && right.name === 'spot' && ['>=', '>', '<=', '<'].includes(op)) return { up: op === '<=' || op === '<', level: left };
  return undefined;
}

/** All static problems of a package; an empty list (no errors) means it may be resolved and priced. */
export function validatePackage(p: PackageAst, opts: ValidateOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (p.language !== LANGUAGE_VERSION) {
    out.push(diag('LANGUAGE_VERSION_UNSUPPORTED', stmtLoc(p, 'language'), { version: p.language, supported: LANGUAGE_VERSION }));
  }
  if (!/^[A-Za-z]+$/.test(p.name)) out.push(diag('PACKAGE_NAME_INVALID', p.loc));
  else if (opts.existingNames) {
    const lower = p.name.toLowerCase();
    for (const n of opts.existingNames) {
      if (n.toLowerCase() === lower) {
        out.push(diag('PACKAGE_NAME_EXISTS', p.loc));
        break;
      }
    }
  }
  if (!Number.isInteger(p.version) || p.version < 1) out.push(diag('PACKAGE_VERSION_INVALID', p.loc));
  if (p.template !== undefined && !(TEMPLATE_NAMES as readonly string[]).includes(p.template)) out.push(diag('TEMPLATE_UNKNOWN', stmtLoc(p, 'template'), { name: p.template }));

  const u = p.underlying;
  if (u.kind === 'fx' && !FX_CODE.test(u.code)) out.push(diag('UNDERLYING_INVALID', u.loc, { code: u.code || '""' }));
  if (u.kind !== 'fx' && !/^[A-Za-z0-9]+$/.test(u.code)) out.push(diag('UNDERLYING_INVALID', u.loc, { code: u.code || '""' }));
  if (!packageCurrency(p)) out.push(diag('CURRENCY_REQUIRED', stmtLoc(p, 'currency') === p.loc ? u.loc : stmtLoc(p, 'currency')));
  if (!packageBasis(p)) out.push(diag('BASIS_UNKNOWN', stmtLoc(p, 'basis'), { basis: p.basis }));
  if (p.convention !== undefined && !CONVENTION_ALIASES[p.convention.toLowerCase()]) out.push(diag('CONVENTION_UNKNOWN', stmtLoc(p, 'convention'), { convention: p.convention }));

  const c = new Checker(p, out);
  // One namespace for every user name; built-in dates may not be redefined.
  const define = (name: string, kind: SymKind, loc: Loc, builtin = false) => {
    if ((BUILTIN_DATES as readonly string[]).includes(name) && !builtin) {
      out.push(kind === 'date' ? diag('DATE_DUPLICATES_BUILTIN', loc, { name }) : diag('RESERVED_NAME', loc, { name }));
      return;
    }
    if ((RESERVED_WORDS as readonly string[]).includes(name) || Object.hasOwn(FUNCTIONS, name)) {
      out.push(diag('RESERVED_NAME', loc, { name }));
      return;
    }
    if (c.symbols.has(name)) {
      out.push(diag('DUPLICATE_NAME', loc, { name }));
      return;
    }
    c.symbols.set(name, { kind, loc });
  };
  for (const d of p.dates) define(d.name, 'date', d.loc, d.builtin);
  if (!p.dates.some((d) => d.builtin && d.name === 'maturity')) out.push(diag('MISSING_MATURITY', p.loc));
  // trade and start have defaults (valuation date / trade), so they are always names.
  for (const b of ['trade', 'start'] as const) if (!c.symbols.has(b)) c.symbols.set(b, { kind: 'date', loc: p.loc });
  for (const s of p.schedules) define(s.name, 'schedule', s.loc);
  for (const a of p.params) define(a.name, 'param', a.loc);
  for (const l of p.levels) define(l.name, 'level', l.loc);
  for (const v of p.vars) {
    define(v.name, 'var', v.loc);
    if (!Number.isFinite(v.init)) out.push(diag('NOT_FINITE', v.loc, { name: v.name }));
  }

  for (const d of p.dates) c.expectDate(d.value, 'date');
  checkCycles(p.dates.filter((d) => c.symbols.get(d.name)?.kind === 'date'), out);
  if (p.initialFixing) c.expectDate(p.initialFixing, 'date');
  for (const s of p.schedules) {
    if (s.spec.kind === 'list') s.spec.items.forEach((it) => c.expectDate(it, 'date'));
    else {
      c.expectDate(s.spec.from, 'date');
      c.expectDate(s.spec.to, 'date');
      if (s.spec.step.kind === 'every') c.expectTenor(s.spec.step.tenor);
      if (s.spec.step.kind === 'count' && p.timeline !== 'years') out.push(diag('SCHEDULE_COUNT_NEEDS_YEARS', s.loc));
      if (s.spec.step.kind === 'daily' && p.timeline === 'years') out.push(diag('SCHEDULE_COUNT_NEEDS_YEARS', s.loc));
    }
  }
  for (const a of p.params) c.expect(a.value, 'param', 'number');
  checkCycles(p.params, out);
  for (const l of p.levels) c.expect(l.value, 'level', 'number');
  checkCycles(p.levels, out);
  for (const k of p.constraints) c.expect(k.expr, 'constraint', 'bool');

  let pays = false;
  let side: boolean | undefined;
  for (const r of p.rules) {
    if (r.actions.length === 0) out.push(diag('RULE_WITHOUT_ACTION', r.loc));
    if (r.on.kind === 'name') {
      const s = c.symbols.get(r.on.name);
      if (!s) out.push(diag('UNKNOWN_NAME', r.on.loc, { name: r.on.name }));
      else if (s.kind !== 'schedule' && s.kind !== 'date') out.push(diag('TYPE_MISMATCH', r.on.loc, { expected: 'a schedule or a date', found: `a ${s.kind}` }));
      if (r.when) c.expect(r.when, 'rule', 'bool');
      for (const a of r.actions) {
        if (a.kind === 'pay') {
          pays = true;
          c.expect(a.amount, 'rule', 'number');
          if (a.at) c.expectDate(a.at, 'rule');
        } else if (a.kind === 'set') {
          if (c.symbols.get(a.name)?.kind !== 'var') out.push(diag('SET_UNKNOWN_VAR', a.loc, { name: a.name }));
          c.expect(a.value, 'rule', 'number');
        }
      }
      continue;
    }
    // Continuous monitoring.
    c.expectDate(r.on.from, 'date');
    c.expectDate(r.on.to, 'date');
    const barrier = continuousBarrier(r.when);
    if (!barrier) out.push(diag('CONTINUOUS_CONDITION', r.when?.loc ?? r.loc));
    else {
      c.expect(barrier.level, 'continuous', 'number');
      if (side !== undefined && side !== barrier.up) out.push(diag('CONTINUOUS_SIDES', r.when!.loc));
      side ??= barrier.up;
    }
    for (const a of r.actions) {
      if (a.kind === 'pay') {
        pays = true;
        c.expect(a.amount, 'continuous', 'number');
        if (!a.at) out.push(diag('CONTINUOUS_PAY_DATE', a.loc));
        else c.expectDate(a.at, 'continuous');
      } else if (a.kind === 'set') {
        if (c.symbols.get(a.name)?.kind !== 'var') out.push(diag('SET_UNKNOWN_VAR', a.loc, { name: a.name }));
        const before = out.length;
        c.expect(a.value, 'continuous', 'number');
        if (out.length > before) out.splice(before, out.length - before, diag('CONTINUOUS_ACTION', a.loc));
      }
    }
  }
  if (!pays && p.rules.length > 0) out.push(diag('NO_PAYMENT', p.loc, {}, 'warning'));
  return out;
}
