// Ready-to-use products, written in the language itself (so each template is also a worked
// example of the syntax). A template is text with a few options filled in; the result is an
// ordinary package the user may edit. Packages keep `template <name>`; while their rules are
// unchanged the engine may use the template's closed form (engines/structured/closed-forms).
import { type Expr, type PackageAst, type ScheduleSpec, TEMPLATE_NAMES, type TemplateName, type UnderlyingKind } from './ast';
import { StructuredLanguageError, hasErrors } from './diagnostics';
import { parsePackageText } from './parser';

export interface TemplateOptions {
  /** Package name (letters only); default: the template name with a capital. */
  name?: string;
  underlying?: { kind: UnderlyingKind; code: string };
  currency?: string;
  /** `dates` (calendar dates, default) or `years` (times in years from today). */
  timeline?: 'dates' | 'years';
  /** Date expressions (dates timeline), e.g. "2025-01-06", "trade + 2BD"; omitted trade = the valuation date. */
  trade?: string;
  start?: string;
  /** Dates timeline: a date expression (default "start + 1Y", snowball "start + 2Y"); years timeline: years. */
  maturity?: string | number;
  calendar?: string;
  basis?: string;
  /** Bear shark-fins and tiers are mirrored by choosing the template; tiers take a direction. */
  direction?: 'bull' | 'bear';
  /** Dual-currency deposit: the deposit is in the quote (default) or the base currency. */
  deposit?: 'quote' | 'base';
  /** Values for the template's params (by name). */
  params?: Record<string, number>;
  /**
   * `fx`: levels and yields sized for an FX rate (USD/CNY moves a few percent a year: a
   * snowball at a 4 % coupon, 101 % knock-out, 95 % knock-in); otherwise sized for an equity
   * index, gold or a commodity (15 % coupon, 103 % knock-out). See `levelsFor`.
   */
  levels?: 'fx' | 'wide';
}

/** The level set that fits an underlying kind (FX rates move far less than gold or commodities). */
export const levelsFor = (kind: UnderlyingKind): 'fx' | 'wide' => (kind === 'fx' ? 'fx' : 'wide');

/** A template's numbers, by level set. */
const NUMBERS = {
  wide: {
    coupon: '15%', koStart: '103%', koStepDown: '0.5%', kiRatio: '75%', bullBarrier: '110%', bearBarrier: '90%', minYield: '1.5%', rebateYield: '3%',
    rangeLower: '97%', rangeUpper: '103%', inYield: '4%', accStrike: '97%', accKnockOut: '103%', depositYield: '6%',
  },
  fx: {
    coupon: '4%', koStart: '101%', koStepDown: '0.1%', kiRatio: '95%', bullBarrier: '103%', bearBarrier: '97%', minYield: '1.5%', rebateYield: '2%',
    rangeLower: '98.5%', rangeUpper: '101.5%', inYield: '3%', accStrike: '98.5%', accKnockOut: '101.5%', depositYield: '4%',
  },
} as const;

/** Display names of the templates, for screens. */
export const templateTitles: Record<'zh' | 'en', Record<TemplateName, string>> = {
  zh: {
    snowball: '雪球',
    sharkfinBullEuropean: '看涨鲨鱼鳍（到期观察）',
    sharkfinBullAmerican: '看涨鲨鱼鳍（连续观察）',
    sharkfinBearEuropean: '看跌鲨鱼鳍（到期观察）',
    sharkfinBearAmerican: '看跌鲨鱼鳍（连续观察）',
    rangeAccrual: '区间累计',
    twoTier: '二层结构存款',
    threeTier: '三层结构存款',
    accumulator: '外汇累计期权',
    dualCurrency: '双币存款',
  },
  en: {
    snowball: 'Snowball',
    sharkfinBullEuropean: 'Bull shark-fin (European barrier)',
    sharkfinBullAmerican: 'Bull shark-fin (continuous barrier)',
    sharkfinBearEuropean: 'Bear shark-fin (European barrier)',
    sharkfinBearAmerican: 'Bear shark-fin (continuous barrier)',
    rangeAccrual: 'Range accrual',
    twoTier: 'Two-tier deposit',
    threeTier: 'Three-tier deposit',
    accumulator: 'FX accumulator',
    dualCurrency: 'Dual-currency deposit',
  },
};

interface Frame {
  header: string;
  years: boolean;
}

function frame(t: TemplateName, o: TemplateOptions, defaultTenor: string, defaultYears: number): Frame {
  const years = o.timeline === 'years';
  const name = o.name ?? t[0].toUpperCase() + t.slice(1);
  const u = o.underlying ?? { kind: 'fx', code: 'USDCNY' };
  const lines = ['language 1', `package ${name} version 1`, `template ${t}`, `underlying ${u.kind} ${u.code}`];
  if (o.currency) lines.push(`currency ${o.currency}`);
  lines.push(`basis ${o.basis ?? 'ACT/365F'}`);
  if (years) {
    lines.push('timeline years', 'trade 0', 'start 0', `maturity ${o.maturity ?? defaultYears}`);
  } else {
    lines.push(`calendar ${o.calendar ?? (u.kind === 'fx' ? `${u.code.slice(0, 3)}+${u.code.slice(3)}` : 'CNY')}`, 'timeline dates');
    if (o.trade) lines.push(`trade ${o.trade}`);
    lines.push(`start ${o.start ?? 'trade'}`, `maturity ${o.maturity ?? `start + ${defaultTenor}`}`);
  }
  return { header: lines.join('\n'), years };
}

/** Daily observations: business days on the dates timeline, 250 a year on the years timeline. */
const daily = (f: Frame, from: string, to: string, years: number): string =>
  f.years ? `count ${Math.max(1, Math.round(250 * years))} from ${from} to ${to}` : `daily from ${from} to ${to}`;

const maturityYears = (o: TemplateOptions, dflt: number): number => (typeof o.maturity === 'number' ? o.maturity : dflt);

/** The text of a template. */
export function templateSource(t: TemplateName, o: TemplateOptions = {}): string {
  const n = NUMBERS[o.levels ?? 'wide'];
  switch (t) {
    case 'snowball': {
      const f = frame(t, o, '2Y', 2);
      const koSchedule = f.years ? `count ${Math.round(12 * maturityYears(o, 2))} from start to maturity skip 2` : 'every 1M from start to maturity skip 2';
      return `${f.header}
# Monthly knock-out observations after a 3-month lock-up, stepping down ${n.koStepDown} a month;
# daily knock-in observations; the knock-out is tested first on a shared date.
schedule koDates = ${koSchedule}
schedule kiDates = ${daily(f, 'start', 'maturity', maturityYears(o, 2))}

param coupon = ${n.coupon} solvable
param bonusCoupon = coupon
param koStart = ${n.koStart}
param koStepDown = ${n.koStepDown}
param kiRatio = ${n.kiRatio}
level koLevel = (koStart - koStepDown * index) * S0
level kiLevel = kiRatio * S0
require kiLevel < koLevel
var knockedIn = 0

on koDates when spot >= koLevel: knockOut, pay 1 + coupon * yf(start, now)
on kiDates when spot <= kiLevel: set knockedIn = 1
on maturity: pay if knockedIn == 1 then min(spot / S0, 1) else 1 + bonusCoupon * yf(start, maturity)
`;
    }
    case 'sharkfinBullEuropean':
    case 'sharkfinBullAmerican':
    case 'sharkfinBearEuropean':
    case 'sharkfinBearAmerican': {
      const f = frame(t, o, '6M', 0.5);
      const bull = t.startsWith('sharkfinBull');
      const american = t.endsWith('American');
      const hit = bull ? 'spot >= barrier' : 'spot <= barrier';
      const ko = american
        ? `on continuous from start to maturity when ${hit}: knockOut, pay 1 + rebateYield * yf(start, maturity) at maturity`
        : `on maturity when ${hit}: knockOut, pay 1 + rebateYield * yf(start, maturity)`;
      return `${f.header}
# ${bull ? 'Bull' : 'Bear'} shark-fin, ${american ? 'barrier monitored continuously' : 'barrier observed at maturity only'}:
# knocked out pays the rebate yield, otherwise the minimum yield plus participation.
param participation = ${bull ? '100%' : '100%'} solvable
param minYield = ${n.minYield}
param rebateYield = ${n.rebateYield}
level strike = 100% * S0
level barrier = ${bull ? n.bullBarrier : n.bearBarrier} * S0
require barrier ${bull ? '>' : '<'} strike

${ko}
on maturity: pay 1 + yf(start, maturity) * (minYield + participation * max(${bull ? 'spot - strike' : 'strike - spot'}, 0) / S0)
`;
    }
    case 'rangeAccrual': {
      const f = frame(t, o, '6M', 0.5);
      return `${f.header}
# Accrues inYield on each daily fixing inside [lower, upper], outYield outside; paid at maturity.
schedule fixings = ${daily(f, 'start', 'maturity', maturityYears(o, 0.5))}

param inYield = ${n.inYield} solvable
param outYield = 0%
level lower = ${n.rangeLower} * S0
level upper = ${n.rangeUpper} * S0
require lower < upper
var daysIn = 0

on fixings when spot >= lower and spot <= upper: set daysIn = daysIn + 1
on maturity: pay 1 + yf(start, maturity) * (inYield * daysIn / count(fixings) + outYield * (1 - daysIn / count(fixings)))
`;
    }
    case 'twoTier': {
      const f = frame(t, o, '3M', 0.25);
      const cmp = o.direction === 'bear' ? 'spot <= strike' : 'spot >= strike';
      return `${f.header}
# Two-tier deposit: the high yield if the final fixing is ${o.direction === 'bear' ? 'at or below' : 'at or above'} the strike.
param lowYield = 1.5%
param highYield = 4% solvable
level strike = ${o.direction === 'bear' ? '98%' : '102%'} * S0

on maturity: pay 1 + yf(start, maturity) * (if ${cmp} then highYield else lowYield)
`;
    }
    case 'threeTier': {
      const f = frame(t, o, '3M', 0.25);
      return `${f.header}
# Three-tier deposit: low below the lower strike, mid between, high at or above the upper strike.
param lowYield = 1.5%
param midYield = 3%
param highYield = 5% solvable
level lower = 98% * S0
level upper = 102% * S0
require lower < upper

on maturity: pay 1 + yf(start, maturity) * (if spot >= upper then highYield else if spot >= lower then midYield else lowYield)
`;
    }
    case 'accumulator': {
      const f = frame(t, o, '1Y', 1);
      const sched = f.years ? `count ${Math.round(52 * maturityYears(o, 1))} from start to maturity` : 'every 1W from start to maturity';
      return `${f.header}
# FX accumulator (client buys): each fixing buys 1 unit at the strike at or above it and
# gearing units below it; at or above the knock-out level the trade ends and nothing is
# bought that day, except in the first guaranteed fixings. Values per unit per fixing.
schedule fixings = ${sched}

param gearing = 2
param guaranteed = 0
param strikeRatio = ${n.accStrike} solvable
param knockOutRatio = ${n.accKnockOut}
level strike = strikeRatio * S0
level knockOutLevel = knockOutRatio * S0
require strike < knockOutLevel

on fixings when index >= guaranteed and spot >= knockOutLevel: knockOut
on fixings when spot >= strike: pay spot - strike
on fixings when spot < strike: pay gearing * (spot - strike)
`;
    }
    case 'dualCurrency': {
      const f = frame(t, o, '1M', 1 / 12);
      const base = o.deposit === 'base';
      const pay = base
        ? 'pay (1 + depositYield * yf(start, maturity)) * min(spot, strike) / S0'
        : 'pay (1 + depositYield * yf(start, maturity)) * min(1, spot / strike)';
      return `${f.header}
# Dual-currency deposit, deposit in the ${base ? 'base' : 'quote'} currency: repaid in the other
# currency at the strike when that is worth less (a deposit plus a sold option).
# Per 1.00 of principal${base ? ' (converted at the initial fixing)' : ''}, in the quote currency.
param depositYield = ${n.depositYield} solvable
level strike = 100% * S0

on maturity: ${pay}
`;
    }
  }
}

/** Replaces param values (by name) with numbers; unknown names are an error. */
export function withParams(ast: PackageAst, values: Record<string, number>): PackageAst {
  const known = new Set(ast.params.map((p) => p.name));
  for (const k of Object.keys(values)) if (!known.has(k)) throw new RangeError(`no param named ${k}`);
  return {
    ...ast,
    params: ast.params.map((p) => (Object.hasOwn(values, p.name) ? { ...p, value: { kind: 'num', value: values[p.name], loc: p.value.loc } satisfies Expr } : p)),
  };
}

/** Replaces level definitions (by name) with numbers in price units. */
export function withLevels(ast: PackageAst, values: Record<string, number>): PackageAst {
  const known = new Set(ast.levels.map((l) => l.name));
  for (const k of Object.keys(values)) if (!known.has(k)) throw new RangeError(`no level named ${k}`);
  return {
    ...ast,
    levels: ast.levels.map((l) => (Object.hasOwn(values, l.name) ? { ...l, value: { kind: 'num', value: values[l.name], loc: l.value.loc } satisfies Expr } : l)),
  };
}

/** Replaces a schedule's definition. */
export function withSchedule(ast: PackageAst, name: string, spec: ScheduleSpec): PackageAst {
  if (!ast.schedules.some((s) => s.name === name)) throw new RangeError(`no schedule named ${name}`);
  return { ...ast, schedules: ast.schedules.map((s) => (s.name === name ? { ...s, spec } : s)) };
}

/** A template as a package AST (throws StructuredLanguageError if the options make it invalid). */
export function templatePackage(t: TemplateName, o: TemplateOptions = {}): PackageAst {
  const { ast, diagnostics } = parsePackageText(templateSource(t, o));
  if (hasErrors(diagnostics)) throw new StructuredLanguageError(diagnostics);
  return o.params ? withParams(ast, o.params) : ast;
}

export { TEMPLATE_NAMES };
