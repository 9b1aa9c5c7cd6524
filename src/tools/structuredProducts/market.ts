// Market data of a structured product, for the three structured screens (editor, bulk
// valuation, bulk pricing): which series an underlying reads (spot, ATM vols, deposit
// curves: docs/api/market-data.md), the flat Black-Scholes inputs at the product's maturity
// (the engine is flat-vol, flat-rate: PRICING-CLI), stored fixings from MD.HISTORY, and the
// calendars a package names. Pure: the screens fetch, this decides.
import type { PackageAst } from '../../pricing-core/instruments/structured/ast';
import { packageCurrency } from '../../pricing-core/instruments/structured/validate';
import type { Calendar } from '../../pricing-core/dates/calendar';
import { calendarFor, coverage, isCalendarCode } from '../../pricing-core/dates/calendars';

/** Vol and deposit tenors we look for (the snapshot has a subset per underlying). */
export const VOL_TENORS = ['1W', '2W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y', '3Y', '5Y'] as const;
export const DEPO_TENORS = ['1W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y', '3Y', '5Y'] as const;
/** Swap-point tenors of an FX underlying (the desk's one forward: src/kit/fx-market). */
export const FWD_TENORS = ['ON', 'TN', '1W', '2W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y'] as const;

/** Main futures contracts in the market data, by product code (fut.{EXCH}.{PRODUCT}). */
export const FUTURES_EXCHANGE: Readonly<Record<string, string>> = {
  AU: 'SHFE', AG: 'SHFE', CU: 'SHFE', AL: 'SHFE', M: 'DCE', SR: 'ZCE', SC: 'INE', SI: 'GFEX', LC: 'GFEX',
};

export interface MarketPlan {
  /** Spot (FX) or futures price series. */
  spotId: string;
  /** ATM vol series per tenor (`vol.{UNDERLYING}.{TENOR}.ATM`). */
  volIds: Array<{ tenor: string; id: string }>;
  /** Domestic (payment currency) deposit curve; foreign: the base currency of an FX pair. */
  rdIds: Array<{ tenor: string; id: string }>;
  rfIds: Array<{ tenor: string; id: string }>;
  /** FX: the pair's market swap points (`fwd.{PAIR}.{TENOR}`); the forward to maturity comes from them. */
  fwdIds?: Array<{ tenor: string; id: string }>;
  /** A futures price has no drift: rf = rd (docs/pricing-structured.md). */
  futures: boolean;
  /** Payment currency. */
  currency: string;
  /** Shown when the product's code is mapped to the main contract (SC2506 -> fut.INE.SC). */
  mappedFrom?: string;
}

/** The series an underlying reads, or an error code (`unknownUnderlying`). */
export function marketPlan(ast: Pick<PackageAst, 'underlying' | 'currency'> & Partial<PackageAst>): MarketPlan | { error: 'unknownUnderlying'; code: string } {
  const u = ast.underlying;
  const code = u.code.toUpperCase();
  const ccy = packageCurrency(ast as PackageAst) ?? (u.kind === 'fx' ? code.slice(3) : 'CNY');
  const depo = (c: string) => DEPO_TENORS.map((tenor) => ({ tenor, id: `depo.${c}.${tenor}` }));
  const vols = (name: string) => VOL_TENORS.map((tenor) => ({ tenor, id: `vol.${name}.${tenor}.ATM` }));
  if (u.kind === 'fx') {
    if (!/^[A-Z]{6}$/.test(code)) return { error: 'unknownUnderlying', code };
    return {
      spotId: `fx.${code}`, volIds: vols(code), rdIds: depo(code.slice(3)), rfIds: depo(code.slice(0, 3)), futures: false, currency: ccy,
      fwdIds: FWD_TENORS.map((tenor) => ({ tenor, id: `fwd.${code}.${tenor}` })),
    };
  }
  // Gold and commodities: the exchange's main contract (gold: SHFE AU, quoted in CNY/g).
  const product = u.kind === 'gold' ? (code.startsWith('XAU') ? 'XAU' : 'AU') : (/^[A-Z]+/.exec(code)?.[0] ?? code);
  const exch = FUTURES_EXCHANGE[product];
  if (!exch) return { error: 'unknownUnderlying', code };
  const spotId = `fut.${exch}.${product}`;
  return { spotId, volIds: vols(product), rdIds: depo(ccy), rfIds: depo(ccy), futures: true, currency: ccy, mappedFrom: code === product ? undefined : code };
}

/** Fixings by ISO date from a columnar MD.HISTORY series (days since 1970-01-01). */
export function fixingsFromHistory(dates: ArrayLike<number>, values: ArrayLike<number>, upTo?: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < dates.length; i++) {
    const iso = new Date(dates[i] * 86_400_000).toISOString().slice(0, 10);
    if (upTo && iso > upTo) continue;
    if (Number.isFinite(values[i]) && values[i] > 0) out[iso] = values[i];
  }
  return out;
}

/**
 * Calendars for packages on screens. Structured deposits run past the last decreed CNY
 * year (the 2027 notice is not out), so a year without a notice is projected as weekends
 * only; `projectedYears` says which years of which calendars that was, for the screen.
 */
export function screenCalendars(): { lookup: (code: string) => Calendar | undefined; projected(codes: readonly string[], fromYear: number, toYear: number): Array<{ code: string; years: string }> } {
  const lookup = (code: string): Calendar | undefined => {
    const c = code.toUpperCase();
    return isCalendarCode(c) ? calendarFor(c, { beyondCoverage: 'weekends' }) : undefined;
  };
  const projected = (codes: readonly string[], fromYear: number, toYear: number) => {
    const out: Array<{ code: string; years: string }> = [];
    for (const raw of codes) {
      const c = raw.toUpperCase();
      if (!isCalendarCode(c)) continue;
      const cov = coverage(c);
      if (cov.kind === 'decreed' && toYear > cov.toYear) out.push({ code: c, years: `${Math.max(fromYear, cov.toYear + 1)}-${toYear}` });
    }
    return out;
  };
  return { lookup, projected };
}

/** Calendar codes a package's `calendar` statement names (`USD+CNY` -> [USD, CNY]). */
export function calendarCodes(calendar: string | undefined): string[] {
  return (calendar ?? '').split('+').map((s) => s.trim().toUpperCase()).filter((s) => s && s !== 'WEEKENDS' && s !== 'NONE');
}
