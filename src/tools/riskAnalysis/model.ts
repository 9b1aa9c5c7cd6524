// /riskAnalysis model (pure): one bond's rate risk. Yield-based DV01, duration and convexity
// (cnBond), then against the CGB curve (bootstrapped from its par yields) at the bond's own
// Z-spread: key-rate durations and DV01s (triangular zero-rate bumps) and scenario P&L under
// parallel shifts, twists and butterflies (full revaluation; duration-convexity estimate beside).
// Engines: pricing-core engines/bond/cn-bond.ts and curve-risk.ts.
import { ToolFailure } from '../../kit/results';
import { type CnBondAnalytics, priceCnBond } from '../../pricing-core/engines/bond/cn-bond';
import { type CurveScenario, type KeyRateResult, DEFAULT_KEY_TENORS, bondFlows, keyRateDurations, scenarioPnl, scenarios, zSpread } from '../../pricing-core/engines/bond/curve-risk';
import type { YieldCurve } from '../../pricing-core/market/curves/discount-curve';
import { type BondTerms, bondFromTerms, isoDay } from '../fixedIncome/shared/terms';
import { RISK_ERRORS } from './i18n';

export interface RiskInputs {
  terms: BondTerms;
  settlement: string | null;
  /** Percent; exactly one of yieldPct and cleanPrice. */
  yieldPct: number | null;
  cleanPrice: number | null;
  /** Face amount held, CNY. */
  notional: number | null;
}

export type ScenarioKind = 'parallel' | 'twist' | 'butterfly';
export interface ScenarioSpec { kind: ScenarioKind; bp: number }

export const SCENARIOS: readonly ScenarioSpec[] = [
  ...[-100, -50, -25, -10, 10, 25, 50, 100].map((bp) => ({ kind: 'parallel' as const, bp })),
  { kind: 'twist', bp: 25 }, { kind: 'twist', bp: -25 },
  { kind: 'butterfly', bp: 25 }, { kind: 'butterfly', bp: -25 },
];

function scenarioOf(s: ScenarioSpec): CurveScenario {
  return s.kind === 'parallel' ? scenarios.parallel(s.bp) : s.kind === 'twist' ? scenarios.twist(s.bp) : scenarios.butterfly(s.bp);
}

export interface ScenarioRow extends ScenarioSpec {
  key: string;
  /** Position P&L, CNY (full revaluation at constant Z-spread). */
  pnl: number;
  /** Duration-convexity estimate, CNY. */
  pnlApprox: number;
  dirtyPrice: number;
}

export interface RiskResult {
  analytics: CnBondAnalytics;
  notional: number;
  /** Position DV01, CNY per bp (yield-based). */
  positionDv01: number;
  /** Decimal, continuous, over the curve's zero rates. */
  zSpread: number;
  keyRates: KeyRateResult;
  /** Position DV01 at each key tenor, CNY. */
  keyRateDv01: number[];
  scenarios: ScenarioRow[];
}

function fail(key: keyof typeof RISK_ERRORS.en): ToolFailure {
  return new ToolFailure('badInput', undefined, { zh: RISK_ERRORS.zh[key], en: RISK_ERRORS.en[key] });
}

export function computeRisk(i: RiskInputs, curve: YieldCurve | null): RiskResult {
  const settlement = isoDay(i.settlement, 'settlement');
  const bond = bondFromTerms(i.terms, settlement);
  if (!curve) throw fail('noCurve');
  if (i.yieldPct !== null && i.cleanPrice !== null) throw fail('bothQuotes');
  if (i.yieldPct === null && i.cleanPrice === null) throw fail('noQuote');
  const notional = i.notional ?? 0;
  if (!(notional > 0)) throw fail('notional');
  let a: CnBondAnalytics;
  try {
    a = priceCnBond(bond, settlement, i.yieldPct !== null ? { yield: i.yieldPct / 100 } : { cleanPrice: i.cleanPrice! }, { accrual: i.terms.accrual });
  } catch (e) {
    throw new ToolFailure('inverseFailed', (e as Error).message);
  }
  const k = notional / 100;
  const flows = bondFlows(bond, settlement, { accrual: i.terms.accrual });
  let z: number;
  try { z = zSpread(flows, curve, a.dirtyPrice); } catch (e) { throw new ToolFailure('inverseFailed', (e as Error).message); }
  const kr = keyRateDurations(flows, curve, z, DEFAULT_KEY_TENORS);
  // Central differences leave ~1e-15 noise at tenors the bond does not reach: show those as 0.
  const clean = (xs: number[]) => xs.map((x) => (Math.abs(x) < 1e-12 ? 0 : x));
  const keyRates = { ...kr, durations: clean(kr.durations), dv01s: clean(kr.dv01s) };
  const results = scenarioPnl(flows, curve, z, SCENARIOS.map(scenarioOf));
  return {
    analytics: a, notional, positionDv01: a.dv01 * k, zSpread: z, keyRates, keyRateDv01: keyRates.dv01s.map((d) => d * k),
    scenarios: SCENARIOS.map((s, n) => ({ ...s, key: `${s.kind}${s.bp}`, pnl: results[n].pnl * k, pnlApprox: results[n].pnlApprox * k, dirtyPrice: results[n].dirtyPrice })),
  };
}
