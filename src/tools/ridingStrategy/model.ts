// /ridingStrategy: buy a longer bond and sell it at the horizon (riding the curve) against
// holding a zero-coupon bond that matures at the horizon; hypothetical annual par bonds on the
// curve's whole-year tenors, ranked by annualised return, under an unchanged curve or a
// parallel shift by the horizon (pricing core riding.ts). Pure.
import { addDays, addMonths, fromISO, toISO, type CalendarDate } from '../../pricing-core/dates/date';
import { type RidingAnalysis, parBondsOnCurve, ridingTheCurve } from '../../pricing-core/engines/bond/riding';
import type { TenorCurve } from '../../pricing-core/engines/bond/spreads';
import { ToolFailure } from '../../kit/results';
import { CREDIT_RATINGS, GOV_CURVES, creditCurve } from '../bondSpread/curves';

export const CURVES: readonly string[] = [...GOV_CURVES, ...CREDIT_RATINGS.map(creditCurve)];
export const SCENARIOS = ['unchanged', 'shift'] as const;
export type Scenario = (typeof SCENARIOS)[number];
const CANDIDATE_YEARS = [1, 2, 3, 4, 5, 7, 10, 15, 20, 30];

const words = (zh: string, en: string) => ({ zh, en });

/** A horizon tenor from settlement (`3M`, `1Y`, `2W`), as the horizon field resolves it. */
export function horizonDate(tenor: string, settlement: string): { date: string } | { error: string } {
  const m = /^(\d+)([DWMY])$/.exec(tenor.toUpperCase());
  if (!m) return { error: tenor };
  const n = Number(m[1]), s = fromISO(settlement);
  const d = m[2] === 'D' ? addDays(s, n) : m[2] === 'W' ? addDays(s, 7 * n) : addMonths(s, m[2] === 'M' ? n : 12 * n);
  return { date: toISO(d) };
}

export interface RideInputs {
  curve: TenorCurve | undefined;
  settlement: string;
  horizon: string | null;
  scenario: Scenario;
  /** bp, for `shift`. */
  shiftBp: number | null;
  /** Percent; null = 0. */
  reinvest: number | null;
}

export function ride(i: RideInputs): RidingAnalysis & { horizon: string } {
  if (!i.curve || i.curve.tenors.length < 2) throw new ToolFailure('calculationFailed', 'no curve', words('没有收益率曲线', 'No yield curve'));
  if (!i.horizon) throw new ToolFailure('badInput', 'horizon', words('请输入持有期（如 6M、1Y 或日期）', 'Enter a horizon (6M, 1Y or a date)'));
  const S = fromISO(i.settlement), H = fromISO(i.horizon);
  if (!(H > S)) throw new ToolFailure('badInput', 'horizon', words('持有期末须晚于结算日', 'The horizon must be after settlement'));
  if (i.scenario === 'shift' && (i.shiftBp === null || !Number.isFinite(i.shiftBp) || Math.abs(i.shiftBp) > 500)) {
    throw new ToolFailure('badInput', 'shift', words('平移幅度须在 −500 至 500 bp 之间', 'The shift must be between −500 and 500 bp'));
  }
  const maxYears = i.curve.tenors[i.curve.tenors.length - 1];
  const years = CANDIDATE_YEARS.filter((y) => y <= maxYears + 1e-9 && addMonths(S, 12 * y) > H);
  if (years.length === 0) throw new ToolFailure('badInput', 'horizon', words('持有期过长：曲线上没有更长的债券可骑乘', 'The horizon is too long: no longer bond on the curve to ride'));
  const cands = parBondsOnCurve(i.curve, S, years).map((c, k) => ({ ...c, code: `${years[k]}Y` }));
  const a = ridingTheCurve(i.curve, S, H as CalendarDate, cands, {
    reinvestRate: (i.reinvest ?? 0) / 100,
    saleShift: i.scenario === 'shift' ? (i.shiftBp ?? 0) / 1e4 : 0,
  });
  // Roll-down is the curve's effect alone; the scenario's shift shows in the sale yield.
  const shift = i.scenario === 'shift' ? i.shiftBp ?? 0 : 0;
  return { ...a, rows: a.rows.map((r) => ({ ...r, rollDownBp: r.rollDownBp + shift })), horizon: i.horizon };
}
