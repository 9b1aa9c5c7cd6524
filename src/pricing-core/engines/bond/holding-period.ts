// Holding-period return of a bond bought on one date and sold on a later one (or held to
// maturity), with coupons reinvested and part of the purchase financed by repo.
//
// Definitions (amounts per `notional` of face, prices per 100):
//   cost        = dirtyBuy x notional/100, paid on buyDate
//   coupons     = the coupons paid in (buyDate, sellDate]; each reinvested at `reinvestRate`,
//                 simple ACT/365, to sellDate: FV = sum C_j (1 + r_re (sell - c_j)/365)
//   proceeds    = dirtySell x notional/100 on sellDate (the redemption if sellDate = maturity)
//   financing   = financedFraction x cost x repoRate x days/365 (simple ACT/365, repaid on sellDate)
//   pnl         = proceeds + FV - cost - financing
//   return      = pnl / cost (on the whole position); on equity = pnl / (cost (1 - financedFraction))
//   annualised  = simple: return x 365/days; compounded: (1 + return)^(365/days) - 1
import type { CalendarDate } from '../../dates/date';
import type { CnBond } from '../../instruments/rates/cn-bond';
import { brentRoot } from '../../math/brent';
import { bracket } from '../../math/solvers';
import { type CnPricingOptions, type CnQuote, couponsBetween, priceCnBond } from './cn-bond';

export interface HoldingPeriodInputs {
  buyDate: CalendarDate;
  buy: CnQuote;
  sellDate: CalendarDate;
  /** Sale quote; ignored (redemption) when sellDate is the maturity date. */
  sell?: CnQuote;
  /** Face amount held; default 100 (results per 100). */
  notional?: number;
  reinvestRate?: number;
  repoRate?: number;
  /** Part of the purchase cost financed by repo, 0..1 (default 0). */
  financedFraction?: number;
}

export interface HoldingPeriodResult {
  days: number;
  buyClean: number; buyDirty: number; buyYield: number;
  sellClean: number; sellDirty: number; sellYield: number | null;
  cost: number;
  couponsReceived: number;
  reinvestmentIncome: number;
  proceeds: number;
  financingCost: number;
  /** pnl split: price (clean) change + accrued change + coupons + reinvestment - financing. */
  pricePnl: number;
  accruedPnl: number;
  pnl: number;
  holdingReturn: number;
  annualisedSimple: number;
  annualisedCompounded: number;
  returnOnEquity: number | null;
  couponDates: CalendarDate[];
}

export function holdingPeriodReturn(bond: CnBond, inp: HoldingPeriodInputs, o: CnPricingOptions = {}): HoldingPeriodResult {
  const b = { ...bond, face: 100 };
  const { buyDate, sellDate } = inp;
  if (!(sellDate > buyDate)) throw new RangeError('sellDate must be after buyDate');
  if (sellDate > b.maturity) throw new RangeError('sellDate must be on or before maturity');
  const N = inp.notional ?? 100;
  const k = N / 100;
  const phi = inp.financedFraction ?? 0;
  if (!(phi >= 0 && phi <= 1)) throw new RangeError('financedFraction must be in [0, 1]');
  const rRe = inp.reinvestRate ?? 0, repo = inp.repoRate ?? 0;
  const buy = priceCnBond(b, buyDate, inp.buy, o);
  const atMaturity = sellDate === b.maturity;
  if (!atMaturity && !inp.sell) throw new RangeError('a sale quote is needed before maturity');
  const sell = atMaturity ? null : priceCnBond(b, sellDate, inp.sell!, o);
  const flows = couponsBetween(b, buyDate, sellDate, o);
  if (atMaturity && b.kind !== 'fixed') {
    // Zero / interest-at-maturity: the whole redemption value arrives at maturity.
    flows.length = 0;
  }
  const days = sellDate - buyDate;
  let coupons = 0, fv = 0;
  for (const c of flows) { coupons += c.amount; fv += c.amount * (1 + (rRe * (sellDate - c.date)) / 365); }
  const redemptionValue = atMaturity && b.kind !== 'fixed' ? priceCnBond(b, buyDate, { yield: 0 }, o).dirtyPrice : 100;
  const sellDirty = sell ? sell.dirtyPrice : redemptionValue;
  const sellClean = sell ? sell.cleanPrice : redemptionValue;
  const cost = buy.dirtyPrice * k;
  const proceeds = sellDirty * k;
  const financing = phi * cost * repo * (days / 365);
  const pnl = proceeds + fv * k - cost - financing;
  const ret = pnl / cost;
  return {
    days,
    buyClean: buy.cleanPrice, buyDirty: buy.dirtyPrice, buyYield: buy.yield,
    sellClean, sellDirty, sellYield: sell ? sell.yield : null,
    cost, couponsReceived: coupons * k, reinvestmentIncome: (fv - coupons) * k, proceeds, financingCost: financing,
    pricePnl: (sellClean - buy.cleanPrice) * k,
    accruedPnl: ((sell ? sell.accrued : 0) - buy.accrued) * k,
    pnl, holdingReturn: ret, annualisedSimple: (ret * 365) / days, annualisedCompounded: (1 + ret) ** (365 / days) - 1,
    returnOnEquity: phi < 1 ? pnl / (cost * (1 - phi)) : null,
    couponDates: flows.map((c) => c.date),
  };
}

/** The sale yield at which the holding-period P&L is zero (the break-even yield). */
export function breakEvenSellYield(bond: CnBond, inp: Omit<HoldingPeriodInputs, 'sell'>, o: CnPricingOptions = {}): number {
  const g = (y: number) => holdingPeriodReturn(bond, { ...inp, sell: { yield: y } }, o).pnl;
  const [lo, hi] = bracket(g, 0.02, 0.01, -0.5, 2);
  return brentRoot(g, lo, hi, { xTol: 1e-13 });
}
