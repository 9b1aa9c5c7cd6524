// PRICING-CLI models of "Structured products": sharkfin and rangeAccrual in closed form;
// snowball and accumulator as thin front-ends over the payoff language and its Monte Carlo
// engine (the request becomes a package built from the template, on the years timeline, so
// the CLI exercises exactly the code the screens use). Units, barrier conventions and the
// order of events are PRICING-CLI's; see docs/pricing-structured.md.
import type { ModelHandler, PriceRequest } from '../price-request';
import { PricingError } from '../../core/types';
import { blackFields, nonNegative, num, oneOf, positive } from './fields';
import { rangeAccrualPrice, sharkfinPrice } from '../../engines/structured/closed-forms';
import type { Expr } from '../../instruments/structured/ast';
import { StructuredLanguageError } from '../../instruments/structured/diagnostics';
import { templatePackage, withLevels, withSchedule } from '../../instruments/structured/templates';
import { resolvePackage } from '../../instruments/structured/resolve';
import { lowerProduct, runStructuredJob } from '../../mc/structured';

export const MAX_STRUCTURED_PATHS = 20_000_000;

function times(req: PriceRequest, name: string, t: number, allowZero: boolean): number[] {
  const v = req[name];
  if (!Array.isArray(v) || v.length === 0) throw new PricingError(`field ${name} must be a non-empty array of times`);
  if (v.length > 20_000) throw new PricingError(`field ${name}: at most 20000 times`);
  let prev = -Infinity;
  return v.map((x) => {
    if (typeof x !== 'number' || !Number.isFinite(x) || (allowZero ? x < 0 : x <= 0) || x > t) {
      throw new PricingError(`field ${name}: every time must be a number in ${allowZero ? '[0' : '(0'}, t]`);
    }
    if (!(x > prev)) throw new PricingError(`field ${name}: times must be strictly increasing`);
    prev = x;
    return x;
  });
}

function count(req: PriceRequest, name: string): number {
  const n = num(req, name, { min: 1, max: 20_000 });
  if (!Number.isInteger(n)) throw new PricingError(`field ${name} must be a whole number`);
  return n;
}

/** `count` field n (t_i = i t / n) or an explicit list of times: exactly one of them. */
function schedule(req: PriceRequest, countName: string, listName: string, t: number, allowZero: boolean): number[] {
  const hasCount = req[countName] !== undefined, hasList = req[listName] !== undefined;
  if (hasCount === hasList) throw new PricingError(`give either ${countName} or ${listName}`);
  if (hasList) return times(req, listName, t, allowZero);
  const n = count(req, countName);
  return Array.from({ length: n }, (_, i) => (i + 1 === n ? t : ((i + 1) * t) / n));
}

function mcFields(req: PriceRequest): { paths: number; seed: number } {
  const paths = req.paths === undefined ? 100_000 : num(req, 'paths', { min: 2, max: MAX_STRUCTURED_PATHS });
  if (!Number.isInteger(paths)) throw new PricingError('field paths must be a whole number');
  const seed = req.seed === undefined ? 1 : num(req, 'seed');
  if (!Number.isInteger(seed)) throw new PricingError('field seed must be an integer');
  return { paths, seed };
}

const list = (xs: number[]): { kind: 'list'; items: Expr[] } => ({ kind: 'list', items: xs.map((value) => ({ kind: 'num', value, loc: {} })) });

/** Runs a template package built for a CLI request; language errors become PricingErrors. */
function simulate(build: () => ReturnType<typeof templatePackage>, market: { spot: number; rd: number; rf: number; vol: number }, mc: { paths: number; seed: number }) {
  try {
    const job = lowerProduct(resolvePackage(build()), market, { paths: mc.paths, seed: mc.seed });
    const r = runStructuredJob(job);
    return { npv: r.npv, stderr: r.stderr };
  } catch (e) {
    if (e instanceof StructuredLanguageError) throw new PricingError(e.diagnostics.map((d) => d.message).join('; '));
    throw e;
  }
}

export const sharkfin: ModelHandler = (req) => {
  const direction = oneOf(req, 'direction', ['bull', 'bear'] as const);
  const barrierStyle = oneOf(req, 'barrierStyle', ['american', 'european'] as const);
  const { spot, t, rd, rf, vol } = blackFields(req);
  if (!(t > 0)) throw new PricingError('field t must be > 0');
  const strike = num(req, 'strike', positive);
  const barrier = num(req, 'barrier', positive);
  const participation = num(req, 'participation', nonNegative);
  const minYield = num(req, 'minYield');
  const rebateYield = num(req, 'rebateYield');
  const r = sharkfinPrice({ spot, rd, rf, vol }, t, { direction, barrierStyle, strike, barrier, participation, minYield, rebateYield });
  return { npv: r.npv, knockOutProbability: r.knockOutProbability };
};

export const rangeAccrual: ModelHandler = (req) => {
  const { spot, t, rd, rf, vol } = blackFields(req);
  if (!(t > 0)) throw new PricingError('field t must be > 0');
  const lower = num(req, 'lower', positive);
  const upper = num(req, 'upper', positive);
  if (!(lower <= upper)) throw new PricingError('field lower must be <= upper');
  const inYield = num(req, 'inYield');
  const outYield = req.outYield === undefined ? 0 : num(req, 'outYield');
  const fixings = schedule(req, 'fixingCount', 'fixings', t, true);
  const r = rangeAccrualPrice({ spot, rd, rf, vol }, t, { lower, upper, inYield, outYield, fixings });
  return { npv: r.npv, expectedInFraction: r.expectedInFraction };
};

export const snowball: ModelHandler = (req) => {
  const { spot, t, rd, rf, vol } = blackFields(req);
  if (!(t > 0)) throw new PricingError('field t must be > 0');
  const knockOutRatio = num(req, 'knockOutRatio', positive);
  const knockInRatio = num(req, 'knockInRatio', positive);
  if (!(knockInRatio < knockOutRatio)) throw new PricingError('field knockInRatio must be < knockOutRatio');
  const koTimes = times(req, 'knockOutTimes', t, false);
  const kiTimes = schedule(req, 'knockInCount', 'knockInTimes', t, false);
  const coupon = num(req, 'coupon');
  const bonusCoupon = req.bonusCoupon === undefined ? coupon : num(req, 'bonusCoupon');
  const mc = mcFields(req);
  return simulate(() => {
    let ast = templatePackage('snowball', {
      timeline: 'years', maturity: t,
      params: { coupon, koStart: knockOutRatio, koStepDown: 0, kiRatio: knockInRatio },
    });
    ast = withSchedule(withSchedule(ast, 'koDates', list(koTimes)), 'kiDates', list(kiTimes));
    // bonusCoupon is "coupon" in the template; the request may set its own.
    return { ...ast, params: ast.params.map((p) => (p.name === 'bonusCoupon' ? { ...p, value: { kind: 'num', value: bonusCoupon, loc: {} } } : p)) };
  }, { spot, rd, rf, vol }, mc);
};

export const accumulator: ModelHandler = (req) => {
  const { spot, t, rd, rf, vol } = blackFields(req);
  if (!(t > 0)) throw new PricingError('field t must be > 0');
  const strike = num(req, 'strike', positive);
  const knockOut = num(req, 'knockOut', positive);
  const gearing = req.gearing === undefined ? 2 : num(req, 'gearing', nonNegative);
  const fixings = schedule(req, 'fixingCount', 'fixings', t, false);
  const guaranteed = req.guaranteedFixings === undefined ? 0 : num(req, 'guaranteedFixings', nonNegative);
  if (!Number.isInteger(guaranteed)) throw new PricingError('field guaranteedFixings must be a whole number');
  const mc = mcFields(req);
  return simulate(() => {
    let ast = templatePackage('accumulator', { timeline: 'years', maturity: t, params: { gearing, guaranteed } });
    ast = withLevels(withSchedule(ast, 'fixings', list(fixings)), { strike, knockOutLevel: knockOut });
    // PRICING-CLI defines the payoff for any knockOut; the template's strike < knockOut check is for screens.
    return { ...ast, constraints: [] };
  }, { spot, rd, rf, vol }, mc);
};
