// /bondFutures model (pure): a CFFEX contract's deliverable basket (BondSvr, with the CFFEX
// conversion factors) priced off a yield curve -> gross/net basis, carry, implied repo (IRR),
// the cheapest to deliver (highest IRR) and the CTD switch when every yield moves in parallel.
// Engines: pricing-core engines/bond/bond-futures.ts (docs/pricing-bonds.md).
import { ToolFailure } from '../../kit/results';
import type { BondView } from '../../kit/bonds/contract';
import { toCnBond } from '../../kit/bonds/contract';
import { type CalendarDate, fromISO, fromYMD, nthWeekday, Weekday, addMonths, toISO, toYMD } from '../../pricing-core/dates/date';
import { type CtdRow, type SwitchPoint, cheapestToDeliver, ctdSwitchScan } from '../../pricing-core/engines/bond/bond-futures';
import { priceCnBond } from '../../pricing-core/engines/bond/cn-bond';
import { type TenorCurve, interpolateYield } from '../../pricing-core/engines/bond/spreads';
import type { CnBond } from '../../pricing-core/instruments/rates/cn-bond';
import type { CffexContractCode } from '../../pricing-core/instruments/rates/treasury-futures';
import { isoDay } from '../fixedIncome/shared/terms';
import { FUT_ERRORS } from './i18n';

export const CONTRACTS: readonly CffexContractCode[] = ['TS', 'TF', 'T', 'TL'];

/** The three quarterly months trading on `today` (a month leaves on its second Friday). */
export function listedMonths(today: string): string[] {
  const d = fromISO(today);
  const out: string[] = [];
  let probe = fromYMD(toYMD(d).y, toYMD(d).m, 1);
  while (out.length < 3) {
    const { y, m } = toYMD(probe);
    if (m % 3 === 0 && nthWeekday(2, Weekday.Friday, y, m) >= d) out.push(`${String(y % 100).padStart(2, '0')}${String(m).padStart(2, '0')}`);
    probe = addMonths(probe, 1);
  }
  return out;
}

export interface BasketEntry {
  code: string;
  record: BondView;
  bond: CnBond;
  conversionFactor: number;
}

export function basketEntries(bonds: readonly (BondView & { conversionFactor: number })[]): BasketEntry[] {
  return bonds.map((b) => ({ code: b.code, record: b, bond: toCnBond(b), conversionFactor: b.conversionFactor }));
}

export interface FutInputs {
  settlement: string | null;
  deliveryDate: string | null;
  futuresPrice: number | null;
  /** Percent, simple ACT/365. */
  repoPct: number | null;
  /** Parallel shift of the curve-implied bond yields, bp. */
  curveShiftBp: number | null;
  /** Yields typed per bond code (percent); they win over the curve (the shift is not added). */
  yields?: Readonly<Record<string, number | null>>;
}

export interface BasketRow extends CtdRow {
  entry: BasketEntry;
  /** The yield was typed (else the curve's). */
  typed: boolean;
  maturity: string;
  /** Years to maturity from settlement. */
  years: number;
}

export interface FutResult {
  rows: BasketRow[];
  ctd: BasketRow;
  /** Switch scan: shifts in bp, CTD per shift, every bond's net basis per shift. */
  scan: SwitchPoint[];
  settlement: string;
  deliveryDate: string;
  futuresPrice: number;
  repoRate: number;
}

function fail(key: keyof typeof FUT_ERRORS.en): ToolFailure {
  return new ToolFailure('badInput', undefined, { zh: FUT_ERRORS.zh[key], en: FUT_ERRORS.en[key] });
}

export const SWITCH_SHIFTS: readonly number[] = Array.from({ length: 21 }, (_, i) => -100 + 10 * i);

export function computeBasket(basket: readonly BasketEntry[], curve: TenorCurve | null, i: FutInputs): FutResult {
  if (basket.length === 0) throw fail('emptyBasket');
  if (!curve) throw fail('noCurve');
  const settlement: CalendarDate = isoDay(i.settlement, 'settlement');
  if (!i.deliveryDate) throw fail('deliveryDate');
  const delivery = isoDay(i.deliveryDate, 'settlement');
  if (!(delivery > settlement)) throw fail('deliveryBeforeSettlement');
  if (i.futuresPrice === null || !(i.futuresPrice > 0)) throw fail('futuresPrice');
  if (i.repoPct === null || !Number.isFinite(i.repoPct)) throw fail('repo');
  const repoRate = i.repoPct / 100;
  const shift = (i.curveShiftBp ?? 0) * 1e-4;
  const live = basket.filter((e) => e.bond.issue <= settlement && e.bond.maturity > delivery);
  if (live.length === 0) throw fail('emptyBasket');
  const priced = live.map((e) => {
    const years = (e.bond.maturity - settlement) / 365;
    const typed = i.yields?.[e.code];
    const y = typed !== undefined && typed !== null ? typed / 100 : interpolateYield(curve, years) + shift;
    return { ...e, yield: y, typed: typed !== undefined && typed !== null, years, cleanPrice: priceCnBond(e.bond, settlement, { yield: y }).cleanPrice };
  });
  const m = { settlement, deliveryDate: delivery, futuresPrice: i.futuresPrice, repoRate };
  const ctdRows = cheapestToDeliver(priced, m);
  const rows: BasketRow[] = ctdRows.map((r, k) => ({ ...r, entry: priced[k], typed: priced[k].typed, maturity: toISO(priced[k].bond.maturity), years: priced[k].years }));
  const ctd = rows.find((r) => r.rank === 1)!;
  // Anchor the scan to the market: at no shift its futures price is the quoted one.
  const theo = ctdSwitchScan(priced, m, [0])[0].futuresPrice;
  const scan = ctdSwitchScan(priced, m, SWITCH_SHIFTS, i.futuresPrice - theo);
  return { rows, ctd, scan, settlement: toISO(settlement), deliveryDate: toISO(delivery), futuresPrice: i.futuresPrice, repoRate };
}

/** The shifts at which the CTD changes: [from bp, to bp, old CTD, new CTD]. */
export function ctdSwitches(scan: readonly SwitchPoint[]): { atBp: number; from: string; to: string }[] {
  const out: { atBp: number; from: string; to: string }[] = [];
  for (let k = 1; k < scan.length; k++) if (scan[k].ctd !== scan[k - 1].ctd) out.push({ atBp: scan[k].shiftBp, from: scan[k - 1].ctd, to: scan[k].ctd });
  return out;
}
