// Which packages have a closed form: those made from a template whose rules are still the
// template's own (params, levels and schedules may differ), with levels that are fixed
// numbers once S0 is known. Editing a rule turns the package into "its own product", priced
// by the Monte Carlo engine. The match returns a pricer for any market (greeks bump it).
import { canonical, type PackageAst, type TemplateName } from '../../instruments/structured/ast';
import { parsePackageText } from '../../instruments/structured/parser';
import { evalConst, type ResolvedProduct, usesName } from '../../instruments/structured/resolve';
import { templateSource, type TemplateOptions } from '../../instruments/structured/templates';
import { dualCurrencyPrice, type FlatMarket, rangeAccrualPrice, sharkfinPrice, tieredDepositPrice } from './closed-forms';

export interface ClosedForm {
  /** The template whose formula applies. */
  name: TemplateName;
  /** Prices in a market (S0 as given to closedFormFor). */
  price(m: FlatMarket): { npv: number; details: Record<string, number> };
}

/** The rules of each variant of a template, canonically. */
const variantCache = new Map<string, string[]>();
function ruleVariants(t: TemplateName): string[] {
  const hit = variantCache.get(t);
  if (hit) return hit;
  const options: TemplateOptions[] = t === 'twoTier' ? [{ direction: 'bull' }, { direction: 'bear' }] : t === 'dualCurrency' ? [{ deposit: 'quote' }, { deposit: 'base' }] : [{}];
  const out = options.map((o) => {
    const { ast } = parsePackageText(templateSource(t, { ...o, timeline: 'years' }));
    return canonical({ rules: ast.rules, vars: ast.vars });
  });
  variantCache.set(t, out);
  return out;
}

/** Index of the template variant the package's rules equal, or -1. */
function variantOf(p: PackageAst): number {
  if (!p.template) return -1;
  const mine = canonical({ rules: p.rules, vars: p.vars });
  return ruleVariants(p.template as TemplateName).indexOf(mine);
}

/** A closed form for the product, if it has one; s0 is the initial fixing to use when it fixes today. */
export function closedFormFor(r: ResolvedProduct, s0Today: number): ClosedForm | undefined {
  const p = r.ast;
  const variant = variantOf(p);
  if (variant < 0) return undefined;
  const f0 = r.initialFixing;
  if (f0.kind === 'future') return undefined;
  const s0 = f0.kind === 'known' ? f0.value : s0Today;
  const maturity = r.dates.get('maturity')!;
  const start = r.dates.get('start')!;
  const T = maturity.time;
  if (!(T > 0)) return undefined;
  const accrual = r.yf(start, maturity);
  const param = (n: string) => r.params.get(n)!;
  const levelDefs = new Map(p.levels.map((l) => [l.name, l.value]));
  const level = (n: string): number | undefined => {
    const e = levelDefs.get(n);
    if (!e || usesName(p, e, 'index') || usesName(p, e, 'spot')) return undefined;
    try {
      const env = { value: (x: string): number => r.params.get(x) ?? level(x) ?? NaN, s0 };
      const v = evalConst(r, e, env);
      return Number.isFinite(v) ? v : undefined;
    } catch {
      return undefined;
    }
  };
  const t = p.template as TemplateName;
  switch (t) {
    case 'sharkfinBullEuropean':
    case 'sharkfinBullAmerican':
    case 'sharkfinBearEuropean':
    case 'sharkfinBearAmerican': {
      const strike = level('strike'), barrier = level('barrier');
      if (strike === undefined || barrier === undefined) return undefined;
      const american = t.endsWith('American');
      if (american) {
        // The window must be [start, maturity] with start not after today.
        if (start.time > 0) return undefined;
      }
      const terms = {
        direction: t.startsWith('sharkfinBull') ? 'bull' as const : 'bear' as const,
        barrierStyle: american ? 'american' as const : 'european' as const,
        strike, barrier, participation: param('participation'), minYield: param('minYield'), rebateYield: param('rebateYield'),
        s0, accrual, knockedOut: r.state.knockedOut,
      };
      // A seasoned window: its first fixing (start) on or beyond the barrier knocked it out.
      if (american && start.time < 0) {
        const f = r.storedFixing(start);
        if (f !== undefined && (terms.direction === 'bull' ? f >= barrier : f <= barrier)) terms.knockedOut = true;
      }
      return {
        name: t,
        price: (m) => {
          const res = sharkfinPrice(m, T, terms);
          return { npv: res.npv, details: { knockOutProbability: res.knockOutProbability } };
        },
      };
    }
    case 'rangeAccrual': {
      const lower = level('lower'), upper = level('upper');
      const fixings = r.schedules.get('fixings');
      if (lower === undefined || upper === undefined || !fixings) return undefined;
      const past = fixings.filter((d) => d.time < 0);
      const pastIn = past.filter((d) => {
        const f = r.storedFixing(d)!;
        return f >= lower && f <= upper;
      }).length;
      const future = fixings.filter((d) => d.time >= 0).map((d) => d.time);
      return {
        name: t,
        price: (m) => {
          const res = rangeAccrualPrice(m, T, { lower, upper, inYield: param('inYield'), outYield: param('outYield'), fixings: future, pastCount: past.length, pastIn, accrual });
          return { npv: res.npv, details: { expectedInFraction: res.expectedInFraction } };
        },
      };
    }
    case 'twoTier': {
      const K = level('strike');
      if (K === undefined) return undefined;
      const bear = variant === 1;
      return {
        name: t,
        price: (m) => {
          const res = tieredDepositPrice(m, T, { strikes: [K], yields: bear ? [param('highYield'), param('lowYield')] : [param('lowYield'), param('highYield')], accrual });
          return { npv: res.npv, details: { highYieldProbability: bear ? res.tierProbabilities[0] : res.tierProbabilities[1] } };
        },
      };
    }
    case 'threeTier': {
      const lo = level('lower'), hi = level('upper');
      if (lo === undefined || hi === undefined) return undefined;
      return {
        name: t,
        price: (m) => {
          const res = tieredDepositPrice(m, T, { strikes: [lo, hi], yields: [param('lowYield'), param('midYield'), param('highYield')], accrual });
          return { npv: res.npv, details: { lowProbability: res.tierProbabilities[0], midProbability: res.tierProbabilities[1], highProbability: res.tierProbabilities[2] } };
        },
      };
    }
    case 'dualCurrency': {
      const K = level('strike');
      if (K === undefined) return undefined;
      const deposit = variant === 1 ? 'base' as const : 'quote' as const;
      return {
        name: t,
        price: (m) => {
          const res = dualCurrencyPrice(m, T, { strike: K, depositYield: param('depositYield'), deposit, s0, accrual });
          return { npv: res.npv, details: { conversionProbability: res.conversionProbability } };
        },
      };
    }
    default:
      return undefined;
  }
}
