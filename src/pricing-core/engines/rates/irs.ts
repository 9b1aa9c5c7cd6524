// The IRS calculator's model: a vanilla swap on one of the indices (FR007, SHIBOR 3M, LPR 1Y/5Y,
// SOFR, ESTR) with its market conventions, described as data (JSON, schema-checked), priced off
// built curves: NPV, leg PVs, par rate, BPS, every remaining cash flow, DV01 and key-rate DV01s
// against every input quote of the curves used; a seasoned swap takes past fixings by date.
import { z } from 'zod';
import { type CalendarDate, fromISO } from '../../dates/date';
import type { Calendar } from '../../dates/calendar';
import { DAY_COUNTS, type DayCount } from '../../dates/day-count';
import { parseTenor, advance } from '../../dates/tenor';
import type { InterestRateSwap } from '../../instruments/rates/swap';
import type { DiscountCurve } from '../../market/curves/discount-curve';
import { RATE_INDICES, conventionSwap, indexConvention, spotDate } from '../../market/curves/conventions';
import type { BuiltCurve } from '../../market/curves/curve-definition';
import { type SwapCashflow, type SwapValuation, fixingsFrom, priceSwap, swapCashflows } from './swap-pricer';
import { type KeyRateDv01, curveRisk } from './curve-risk';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO date YYYY-MM-DD');
const frequency = z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(12)]);

export const irsTradeSchema = z.object({
  index: z.enum(RATE_INDICES),
  /** Effective date; default the spot date of the valuation date. */
  startDate: isoDate.optional(),
  /** Maturity as a date, or as a tenor from the start (exactly one). */
  endDate: isoDate.optional(),
  tenor: z.string().regex(/^\d{1,3}[MY]$/i).optional(),
  notional: z.number().finite().gt(0),
  fixedRate: z.number().finite(),
  /** true: pay fixed, receive float. */
  payer: z.boolean(),
  /** Float spread (decimal), default 0. */
  spread: z.number().finite().optional(),
  fixedFrequency: frequency.optional(),
  fixedDayCount: z.enum(DAY_COUNTS).optional(),
  floatFrequency: frequency.optional(),
  floatDayCount: z.enum(DAY_COUNTS).optional(),
  paymentLag: z.number().int().min(0).max(10).optional(),
  amortisation: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('bullet') }),
    z.object({ kind: z.literal('linear') }),
    z.object({ kind: z.literal('schedule'), notionals: z.array(z.number().finite().min(0)).min(1).max(2000) }),
  ]).optional(),
  /** Past fixings of the float index by fixing date. */
  fixings: z.record(isoDate, z.number().finite()).optional(),
}).refine((t) => (t.endDate === undefined) !== (t.tenor === undefined), { message: 'give exactly one of endDate and tenor', path: ['endDate'] });
export type IrsTrade = z.infer<typeof irsTradeSchema>;

export function parseIrsTrade(json: unknown): IrsTrade {
  const r = irsTradeSchema.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new RangeError(`swap: ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return r.data;
}

/** The trade as an instrument with its index's market conventions on the index's calendar. */
export function buildIrs(trade: IrsTrade, valuationDate: CalendarDate, cal: Calendar): InterestRateSwap {
  const conv = indexConvention(trade.index);
  const start = trade.startDate !== undefined ? fromISO(trade.startDate) : spotDate(conv, cal, valuationDate);
  // A tenor's end is the unadjusted start + tenor (as QuantLib's MakeVanillaSwap): the schedule
  // rolls back from it and adjusts every date, the last included. Rolling back from an end already
  // moved off a holiday put every coupon on the wrong day and a stub at the front.
  const end = trade.endDate !== undefined ? fromISO(trade.endDate) : advance(cal, start, parseTenor(trade.tenor!), 'Unadjusted', conv.swap.endOfMonth);
  if (!(end > start)) throw new RangeError('swap: the maturity must be after the start date');
  return conventionSwap(conv, cal, {
    startDate: start, endDate: end, fixedRate: trade.fixedRate, notional: trade.notional, payer: trade.payer, spread: trade.spread ?? 0,
    ...(trade.amortisation ? { amortisation: trade.amortisation } : {}),
  }, {
    ...(trade.fixedFrequency ? { fixedFrequency: trade.fixedFrequency } : {}), ...(trade.floatFrequency ? { floatFrequency: trade.floatFrequency } : {}),
    ...(trade.fixedDayCount ? { fixedDayCount: trade.fixedDayCount as DayCount } : {}), ...(trade.floatDayCount ? { floatDayCount: trade.floatDayCount as DayCount } : {}),
    ...(trade.paymentLag !== undefined ? { paymentLag: trade.paymentLag } : {}),
  });
}

export interface IrsCurves {
  /** Discounting curve (e.g. the FR007 or SOFR OIS curve). */
  discount: BuiltCurve;
  /** Forecasting curve of the trade's index; default the discount curve (single curve). */
  projection?: BuiltCurve;
}

export interface IrsResult {
  swap: InterestRateSwap;
  currency: string;
  valuation: SwapValuation;
  cashflows: SwapCashflow[];
  /** P&L of +1bp on every input quote of the curves used (a payer gains: positive). */
  dv01: number;
  keyRates: KeyRateDv01[];
}

export function priceIrs(tradeJson: unknown, curves: IrsCurves, opts: { keyRates?: boolean; bump?: number } = {}): IrsResult {
  const trade = parseIrsTrade(tradeJson);
  const conv = indexConvention(trade.index);
  const projection = curves.projection ?? curves.discount;
  if (projection.convention.id !== trade.index) {
    throw new RangeError(`the forecasting curve ${projection.name} is a ${projection.convention.id} curve; the swap is on ${trade.index}`);
  }
  if (curves.discount.convention.currency !== conv.currency) throw new RangeError(`the discount curve ${curves.discount.name} is in ${curves.discount.convention.currency}, the swap in ${conv.currency}`);
  const v = projection.valuationDate;
  if (curves.discount.valuationDate !== v) throw new RangeError('the discount and forecasting curves are of different dates');
  const swap = buildIrs(trade, v, projection.calendar);
  const fixings = trade.fixings ? fixingsFrom(trade.fixings, conv.index.kind === 'term' ? conv.index.fixingLookup : 'exact') : undefined;
  const at = (m: ReadonlyMap<string, DiscountCurve>) => ({ valuationDate: v, discount: m.get(curves.discount.name)!, projection: m.get(projection.name)!, fixings });
  const base = new Map([[curves.discount.name, curves.discount.curve], [projection.name, projection.curve]]);
  const valuation = priceSwap(swap, at(base));
  const cashflows = swapCashflows(swap, at(base));
  const risk = curveRisk((m) => priceSwap(swap, at(m)).npv, [curves.discount, projection], opts);
  return { swap, currency: conv.currency, valuation, cashflows, dv01: risk.dv01, keyRates: risk.keyRates };
}
