// The quote sheet behind /bondSpread and /relativeValue: one row per bond visible in BondSvr,
// its yield read off its issuer's market-data curve at its remaining maturity (labelled with
// that curve, which is sample data in the shipped snapshot) unless the desk typed one.
import type { BondView } from '../../kit/bonds/contract';
import type { GridRow } from '../../kit/grid';
import { type CalendarDate, fromISO } from '../../pricing-core/dates/date';
import { type TenorCurve, interpolateYield } from '../../pricing-core/engines/bond/spreads';
import { issuerCurveId } from './curves';

export interface QuoteRow extends GridRow {
  code: string;
  name: string;
  issuerType: string;
  maturity: string;
  /** Coupon, percent. */
  coupon: number;
  /** Yield, percent (cnBond convention); null = none. */
  yield: number | null;
  /** Where the yield came from: a curve id, or '' when typed. */
  from: string;
}

/** Remaining years, days / 365 (the engines' convention). */
export const yearsTo = (maturityIso: string, settlement: CalendarDate) => (fromISO(maturityIso) - settlement) / 365;

/** Fixed and zero-coupon bonds with a curve (or a typed yield) can be analysed; bullets are skipped. */
export function quoteRows(bonds: readonly BondView[], curves: ReadonlyMap<string, TenorCurve>, settlement: CalendarDate, lang: 'zh' | 'en'): QuoteRow[] {
  return bonds
    .filter((b) => b.kind !== 'bullet' && fromISO(b.maturityDate) > settlement)
    .map((b) => {
      const id = issuerCurveId(b);
      const c = id ? curves.get(id) : undefined;
      const y = c && c.tenors.length ? interpolateYield(c, yearsTo(b.maturityDate, settlement)) * 100 : null;
      return {
        code: b.code, name: (lang === 'en' ? b.nameEn : b.name) || b.name || b.code, issuerType: b.issuerType,
        maturity: b.maturityDate, coupon: b.coupon * 100, yield: y, from: y === null ? '' : id!,
      };
    });
}

/** Keeps yields the desk typed (from = '') when the sheet is rebuilt from new curves. */
export function mergeTyped(fresh: readonly QuoteRow[], old: readonly QuoteRow[]): QuoteRow[] {
  const typed = new Map(old.filter((r) => r.from === '' && r.yield !== null).map((r) => [r.code, r.yield]));
  return fresh.map((r) => (typed.has(r.code) ? { ...r, yield: typed.get(r.code)!, from: '' } : r));
}

/** A grid edit of a yield marks the row as typed. */
export function markTyped(next: readonly QuoteRow[], prev: readonly QuoteRow[]): QuoteRow[] {
  const before = new Map(prev.map((r) => [r.code, r]));
  return next.map((r) => {
    const p = before.get(r.code);
    return p && p.yield !== r.yield ? { ...r, from: '' } : r;
  });
}
