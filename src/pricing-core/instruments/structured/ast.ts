// The typed AST of the structured-product payoff language (language version 1). Both the
// text syntax (parser.ts) and the JSON form (json-form.ts) produce exactly this; the
// validator, the date resolver and the engines read only this. Plain immutable data.
//
// A package is a product definition: dates and schedules, arguments (params), strikes and
// barriers (levels), strike constraints, state variables and payoff rules. Rules run in time
// order; on one date, continuous-barrier checks first, then discrete rules in the order
// written (so a knock-out written before a knock-in is tested first).

/** Version of the language this code reads and writes. */
export const LANGUAGE_VERSION = 1;

/** Where a node came from: text line/column (1-based), or a JSON path plus the column inside that string. */
export interface Loc {
  line?: number;
  column?: number;
  /** JSON pointer into the JSON form, e.g. "/rules/0/when". */
  path?: string;
}

export type BinaryOp = '+' | '-' | '*' | '/' | '<' | '<=' | '>' | '>=' | '==' | '!=' | 'and' | 'or';

export const TENOR_UNITS = ['D', 'BD', 'W', 'M', 'Y'] as const;
export type TenorUnit = (typeof TENOR_UNITS)[number];

export type Expr =
  /** A number; `percent` only remembers it was written as `103%` (value 1.03). */
  | { kind: 'num'; value: number; percent?: boolean; loc: Loc }
  /** An ISO calendar date literal (dates timeline only). */
  | { kind: 'date'; iso: string; loc: Loc }
  /** A term such as 3M, 2Y, 5BD (business days), 10D (calendar days), 1W. */
  | { kind: 'tenor'; n: number; unit: TenorUnit; loc: Loc }
  /** A name: param, level, var, date, or a built-in (spot, S0, index, now, trade, start, maturity). */
  | { kind: 'ref'; name: string; loc: Loc }
  | { kind: 'unary'; op: '-' | 'not'; arg: Expr; loc: Loc }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; loc: Loc }
  | { kind: 'if'; cond: Expr; then: Expr; else: Expr; loc: Loc }
  | { kind: 'call'; fn: string; args: Expr[]; loc: Loc }
  | { kind: 'list'; items: Expr[]; loc: Loc }
  | { kind: 'index'; target: Expr; index: Expr; loc: Loc };

export type UnderlyingKind = 'fx' | 'gold' | 'commodity';

export interface Underlying {
  kind: UnderlyingKind;
  /** FX pair (USDCNY), gold code (XAUUSD, AU9999) or commodity future (SC2506). */
  code: string;
  loc: Loc;
}

export type Timeline = 'dates' | 'years';

export const BUILTIN_DATES = ['trade', 'start', 'maturity'] as const;
export type BuiltinDate = (typeof BUILTIN_DATES)[number];

export interface DateDef {
  name: string;
  value: Expr;
  /** true for trade / start / maturity. */
  builtin: boolean;
  loc: Loc;
}

export type ScheduleStep =
  /** Every business day of the package calendar (dates) in (from, to]. */
  | { kind: 'daily' }
  /** from + k x tenor, k = 1, 2, ... up to `to` (a final stub at `to`). */
  | { kind: 'every'; tenor: Expr }
  /** n equally spaced times from + i (to - from) / n, i = 1..n (years timeline). */
  | { kind: 'count'; n: number };

export type ScheduleSpec =
  | { kind: 'list'; items: Expr[] }
  | {
      kind: 'generated';
      step: ScheduleStep;
      from: Expr;
      to: Expr;
      /** Drop the first `skip` dates (a lock-up). */
      skip?: number;
      /** Roll backward from `to` (stub at the front) instead of forward from `from`. */
      backward?: boolean;
    };

export interface ScheduleDef {
  name: string;
  spec: ScheduleSpec;
  loc: Loc;
}

export interface ParamDef {
  name: string;
  value: Expr;
  /** A target-price solve may vary it (coupon, participation). */
  solvable?: boolean;
  loc: Loc;
}

export interface LevelDef {
  name: string;
  value: Expr;
  loc: Loc;
}

export interface VarDef {
  name: string;
  init: number;
  loc: Loc;
}

export interface Constraint {
  expr: Expr;
  loc: Loc;
}

export type RuleTarget =
  /** A schedule or a single named date. */
  | { kind: 'name'; name: string; loc: Loc }
  /** Continuous monitoring over [from, to]. */
  | { kind: 'continuous'; from: Expr; to: Expr; loc: Loc };

export type Action =
  | { kind: 'knockOut'; loc: Loc }
  | { kind: 'set'; name: string; value: Expr; loc: Loc }
  /** Pays `amount` at `at` (default: the observation date). */
  | { kind: 'pay'; amount: Expr; at?: Expr; loc: Loc };

export interface Rule {
  on: RuleTarget;
  when?: Expr;
  actions: Action[];
  loc: Loc;
}

export interface PackageAst {
  language: number;
  /** Letters only, unique per owner. */
  name: string;
  /** Revision of this package (incremented on each save). */
  version: number;
  /** Display title (any text). */
  title?: string;
  /** The template it was made from, if any (closed forms apply to unmodified templates). */
  template?: string;
  underlying: Underlying;
  /** Payment currency; default: the quote currency of the underlying's code. */
  currency?: string;
  basis: string;
  calendar?: string;
  convention?: string;
  timeline: Timeline;
  /** Date of the initial fixing S0 (default: trade). */
  initialFixing?: Expr;
  dates: DateDef[];
  schedules: ScheduleDef[];
  params: ParamDef[];
  levels: LevelDef[];
  vars: VarDef[];
  constraints: Constraint[];
  rules: Rule[];
  /** Location of the package name. */
  loc: Loc;
  /** Locations of header statements (basis, calendar, convention, currency, template, ...). */
  locs?: Record<string, Loc>;
}

/** Names with a fixed meaning inside expressions. */
export const BUILTIN_VALUES = ['spot', 'S0', 'index', 'now'] as const;
export const RESERVED_WORDS = [
  ...BUILTIN_VALUES, 'if', 'then', 'else', 'and', 'or', 'not', 'true', 'false',
  'on', 'when', 'continuous', 'from', 'to', 'pay', 'at', 'set', 'knockOut',
] as const;

export const FUNCTIONS: Record<string, { min: number; max: number }> = {
  min: { min: 1, max: 64 },
  max: { min: 1, max: 64 },
  abs: { min: 1, max: 1 },
  exp: { min: 1, max: 1 },
  log: { min: 1, max: 1 },
  sqrt: { min: 1, max: 1 },
  pow: { min: 2, max: 2 },
  /** yf(d1, d2): year fraction between two dates in the package basis. */
  yf: { min: 2, max: 2 },
  /** fixing(d): the underlying's fixing on date d (on or before the observation). */
  fixing: { min: 1, max: 1 },
  /** count(schedule): number of dates in a schedule. */
  count: { min: 1, max: 1 },
};

/** A copy without source locations (template matching, round-trip tests). */
export function stripLocs<T>(node: T): T {
  return JSON.parse(JSON.stringify(node, (k, v) => (k === 'loc' || k === 'locs' ? undefined : v))) as T;
}

/** A canonical string of a node: no locations, keys sorted; equal strings = equal structure. */
export function canonical(node: unknown): string {
  return JSON.stringify(node, (k, v) => {
    if (k === 'loc' || k === 'locs') return undefined;
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.keys(v).sort().map((key) => [key, v[key]]));
    return v;
  });
}

/** Templates shipped with the language (templates.ts); `template <name>` must be one of them. */
export const TEMPLATE_NAMES = [
  'snowball',
  'sharkfinBullEuropean',
  'sharkfinBullAmerican',
  'sharkfinBearEuropean',
  'sharkfinBearAmerican',
  'rangeAccrual',
  'twoTier',
  'threeTier',
  'accumulator',
  'dualCurrency',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** Calls fn on every node of an expression tree (pre-order). */
export function walkExpr(e: Expr, fn: (e: Expr) => void): void {
  fn(e);
  switch (e.kind) {
    case 'unary': walkExpr(e.arg, fn); break;
    case 'binary': walkExpr(e.left, fn); walkExpr(e.right, fn); break;
    case 'if': walkExpr(e.cond, fn); walkExpr(e.then, fn); walkExpr(e.else, fn); break;
    case 'call': e.args.forEach((a) => walkExpr(a, fn)); break;
    case 'list': e.items.forEach((a) => walkExpr(a, fn)); break;
    case 'index': walkExpr(e.target, fn); walkExpr(e.index, fn); break;
    default: break;
  }
}
