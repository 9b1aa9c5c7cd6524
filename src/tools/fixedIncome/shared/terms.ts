// A bond's terms as the bond screens hold them (coupon in percent, ISO dates), from a BondSvr
// record or typed by hand, and the pricing core's instrument for them.
import { z } from 'zod';
import type { BondView } from '../../../kit/bonds/contract';
import { ToolFailure } from '../../../kit/results';
import { type CalendarDate, addMonths, fromISO } from '../../../pricing-core/dates/date';
import { type CnBond, type CnCouponFrequency, type EmbeddedOption, cnBondSchedule } from '../../../pricing-core/instruments/rates/cn-bond';
import type { AccrualRule } from '../../../pricing-core/engines/bond/cn-bond';
import { BOND_ERRORS } from './i18n';

export interface BondTerms {
  /** BondSvr code when picked from the list; null for typed terms. */
  code: string | null;
  kind: 'fixed' | 'zero' | 'bullet';
  /** Percent (2.74 = 2.74 %). */
  coupon: number | null;
  frequency: CnCouponFrequency;
  /** Interest start (起息日); null: the coupon date on or before settlement (same analytics). */
  issue: string | null;
  /** True when the user typed the interest start; otherwise it came with a bond (or a default) and follows the terms. */
  issueTyped?: boolean;
  maturity: string | null;
  issuePrice?: number;
  accrual: AccrualRule;
  options: { type: 'call' | 'put'; date: string; price: number; resetCoupon?: number }[];
}

export const MANUAL_TERMS: BondTerms = { code: null, kind: 'fixed', coupon: 2.5, frequency: 1, issue: null, maturity: null, accrual: 'cfets', options: [] };

export function termsFromRecord(r: BondView): BondTerms {
  return {
    code: r.code, kind: r.kind, coupon: Math.round(r.coupon * 1e8) / 1e6, frequency: r.frequency as CnCouponFrequency,
    issue: r.issueDate, maturity: r.maturityDate, issuePrice: r.issuePrice, accrual: r.dayCount === 'NL/365' ? 'exchange' : 'cfets',
    options: r.options.map((o) => ({ type: o.type, date: o.date, price: o.price, ...(o.resetCoupon !== undefined ? { resetCoupon: o.resetCoupon } : {}) })),
  };
}

/**
 * The terms after the user edits some of them (the pick is left). An interest start the user
 * did not type (a picked bond's, a default) must never contradict a newly typed maturity or
 * frequency: it is cleared, and the date is derived from the schedule (the coupon date on or
 * before settlement). One the user typed stays: a conflict is then theirs to see.
 */
export function editTerms(t: BondTerms, patch: Partial<BondTerms>): BondTerms {
  const next: BondTerms = { ...t, ...patch, code: null };
  if ('issue' in patch) return { ...next, issueTyped: patch.issue !== null };
  const reshaped = ('maturity' in patch && patch.maturity !== t.maturity) || ('frequency' in patch && patch.frequency !== t.frequency);
  return reshaped && !t.issueTyped ? { ...next, issue: null, issueTyped: false } : next;
}

export type FailureKey = keyof typeof BOND_ERRORS.en;

/** A bad-input failure with the shared bond words (zh and en). */
export function bondFailure(key: FailureKey, detail?: string): ToolFailure {
  return new ToolFailure('badInput', detail, { zh: BOND_ERRORS.zh[key], en: BOND_ERRORS.en[key] });
}

/** Parses an ISO date or throws the shared "bad date" failure. */
export function isoDay(s: string | null | undefined, key: FailureKey): CalendarDate {
  if (!s) throw bondFailure(key);
  try { return fromISO(s); } catch { throw bondFailure(key); }
}

/** The last date of the schedule rolled back from maturity that is on or before `d`. */
export function previousGridDate(maturity: CalendarDate, frequency: number, d: CalendarDate): CalendarDate {
  const step = 12 / frequency;
  for (let k = 1; ; k++) {
    const g = addMonths(maturity, -k * step);
    if (g <= d) return g;
  }
}

/** The instrument of the terms for a settlement date; bad terms become a ToolFailure. */
export function bondFromTerms(t: BondTerms, settlement: CalendarDate): CnBond {
  if (t.coupon === null || !(t.coupon >= 0) || t.coupon > 30) throw bondFailure('coupon');
  const maturity = isoDay(t.maturity, 'maturity');
  if (!(settlement < maturity)) throw bondFailure('settlementAfterMaturity');
  const issue = t.issue ? isoDay(t.issue, 'issue') : t.kind === 'fixed' ? previousGridDate(maturity, t.frequency, settlement) : null;
  if (issue === null) throw bondFailure('issue');
  if (settlement < issue) throw bondFailure('settlementBeforeIssue');
  const options: EmbeddedOption[] = t.options.map((o) => ({ type: o.type, date: isoDay(o.date, 'optionDate'), price: o.price, ...(o.resetCoupon !== undefined ? { resetCoupon: o.resetCoupon } : {}) }));
  const bond: CnBond = {
    kind: t.kind, issue, maturity, coupon: t.coupon / 100, frequency: t.kind === 'fixed' ? t.frequency : 1, face: 100,
    ...(t.issuePrice !== undefined ? { issuePrice: t.issuePrice } : {}), ...(options.length ? { options } : {}),
  };
  try { cnBondSchedule(bond); } catch (e) { throw bondFailure('schedule', (e as Error).message); }
  return bond;
}

const isoText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The terms as persisted in a screen's stored inputs. */
export const bondTermsSchema = z.object({
  code: z.string().max(32).nullable(),
  kind: z.enum(['fixed', 'zero', 'bullet']),
  coupon: z.number().nullable(),
  frequency: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(12)]),
  issue: isoText.nullable(),
  issueTyped: z.boolean().optional(),
  maturity: isoText.nullable(),
  issuePrice: z.number().optional(),
  accrual: z.enum(['cfets', 'exchange']),
  options: z.array(z.object({ type: z.enum(['call', 'put']), date: isoText, price: z.number(), resetCoupon: z.number().optional() })).max(60),
});
