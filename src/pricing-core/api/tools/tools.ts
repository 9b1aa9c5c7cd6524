// OptPricingSvr tool methods: JSON content in, `{ Code: 0, ... }` out; a request that cannot
// be priced throws ServiceError('2001', message). Documented in docs/api/pricing.md.
// Part of the pricing core (no Node modules): the gateway (server/services/pricing) serves it
// and the browser's offline pricing worker (src/kit/pricing) runs these same functions, so
// offline results equal the server's. PRICE, which needs the server's thread pool, is wired by
// each side (server/services/pricing/index.ts, src/kit/pricing/offline-core.ts).
import { ServiceError } from './service-error';
import { InverseSolveError, PricingError, type OptionType } from '../../core/types';
import { currency } from '../../core/currency';
import { impliedVolatility } from '../../engines/black/implied-vol';
import { strikeFromPremium } from '../../engines/black/strike-from-premium';
import {
  atmStrike, priceFxVanilla, strikeFromDelta, type AtmConvention, type DeltaConvention, type FxInputs,
} from '../../engines/fx/fx-conventions';
import { forwardFromRates, outrightFromSwapPoints, priceFxSwap, swapPointsFromRates } from '../../engines/fx/fx-forward';
import {
  cappedForward, eagle, floorGuarantee, knockInForward, participatingForward, priceStructure, rangeForward, ratioForward,
  seagull, solveZeroCost, type PackageTerms,
} from '../../engines/packages/structured-forwards';
import { flatVolSurface, fxVolSurface } from '../../market/fx-smile/vol-surface';
import { buildFxSmile, type SmileQuotes } from '../../market/fx-smile/fx-smile';
import { allocateVanillaOutputs, priceVanillaBatch } from '../../batch/vanilla-batch';
import {
  FIELD_TYPES, GREEK_UNITS, INSTRUMENT_CODES, PRESETS, runCalcRequest, STRATEGY_TEMPLATES,
} from '../../engines/fx-option-calculator';
import { LISTED_OPTION_CONTRACTS, runCsiRequest } from '../../engines/csi-option-calculator';
import { runCryptoRequest } from '../../engines/crypto-option-calculator';
import { runBulkFxRequest } from '../../engines/fx-bulk-pricing';
import { runFxLedgerRequest } from '../../engines/fx-ledger/ledger';
import { rateOptionTools } from './tools-rate-options';
import { fxForwardTools } from './tools-fx-forwards';

type Json = Record<string, unknown>;

export const BAD_REQUEST = '2001';
/** A solve whose target no input reaches: screens show "inverse result cannot be obtained, check input". */
export const NO_INVERSE = '2002';

function parse(content: string): Json {
  let v: unknown;
  try { v = content.trim() === '' ? {} : JSON.parse(content); } catch { throw new ServiceError(BAD_REQUEST, 'content is not JSON'); }
  if (v === null || typeof v !== 'object') throw new ServiceError(BAD_REQUEST, 'content must be a JSON object or array');
  return v as Json;
}

function num(o: Json, k: string, fallback?: number): number {
  const v = o[k];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ServiceError(BAD_REQUEST, `field ${k} must be a finite number`);
  return v;
}

function str<T extends string>(o: Json, k: string, allowed: readonly T[], fallback?: T): T {
  const v = o[k] ?? fallback;
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) throw new ServiceError(BAD_REQUEST, `field ${k} must be one of ${allowed.join(', ')}`);
  return v as T;
}

/** Runs a tool, turning core input errors into ServiceError replies. */
function tool(fn: (c: Json) => Json): (content: string) => Json {
  return (content) => {
    const c = parse(content);
    try {
      return { Code: 0, ...fn(c) };
    } catch (e) {
      if (e instanceof ServiceError) throw e;
      if (e instanceof InverseSolveError) throw new ServiceError(NO_INVERSE, e.message);
      if (e instanceof PricingError || e instanceof RangeError) throw new ServiceError(BAD_REQUEST, e.message);
      throw e;
    }
  };
}

const optionTypes = ['call', 'put'] as const;
const deltaConventions = ['spot', 'forward', 'spotPremiumAdjusted', 'forwardPremiumAdjusted'] as const;
const atmConventions = ['spot', 'forward', 'deltaNeutral', 'deltaNeutralPremiumAdjusted'] as const;

function fxInputs(c: Json): FxInputs {
  return { spot: num(c, 'spot'), t: num(c, 't'), rd: num(c, 'rd'), rf: num(c, 'rf'), vol: num(c, 'vol') };
}

/** Strike given directly, by delta, or as an ATM convention. */
function resolveStrike(c: Json, type: OptionType, m: FxInputs): number {
  if (c.strike !== undefined) return num(c, 'strike');
  if (c.delta !== undefined) return strikeFromDelta(type, num(c, 'delta'), m, str<DeltaConvention>(c, 'deltaConvention', deltaConventions, 'spot'));
  if (c.atm !== undefined) return atmStrike(m, str<AtmConvention>(c, 'atm', atmConventions));
  throw new ServiceError(BAD_REQUEST, 'give strike, delta (with deltaConvention) or atm');
}

/** PRICING-CLI requests of a PRICE call: `{ requests: [...] }` or a bare array. */
export function priceRequests(content: string): unknown[] {
  const c = parse(content) as unknown;
  const reqs = Array.isArray(c) ? c : (c as Json).requests;
  if (!Array.isArray(reqs)) throw new ServiceError(BAD_REQUEST, 'requests must be an array');
  return reqs;
}

export const tools: Record<string, (content: string) => Json> = {
  ...Object.fromEntries(Object.entries(rateOptionTools).map(([method, fn]) => [method, tool(fn)])),
  ...fxForwardTools,
  /** Vanilla FX option with conventions: all premium quotations, the four deltas, greeks. */
  'ATS.OPTPRICINGSVR.FXVANILLA': tool((c) => {
    const type = str(c, 'type', optionTypes);
    const m = fxInputs(c);
    const strike = resolveStrike(c, type, m);
    return { strike, ...priceFxVanilla(type, strike, m, num(c, 'notional', 1), num(c, 'pipSize', 1e-4)) };
  }),

  /** Solves: vol from premium, strike from premium, strike from delta. */
  'ATS.OPTPRICINGSVR.SOLVE': tool((c) => {
    const type = str(c, 'type', optionTypes);
    const what = str(c, 'solveFor', ['vol', 'strikeFromPremium', 'strikeFromDelta'] as const);
    const spot = num(c, 'spot'), t = num(c, 't'), rd = num(c, 'rd'), rf = num(c, 'rf');
    if (what === 'vol') return { vol: impliedVolatility(type, num(c, 'premium'), spot, num(c, 'strike'), t, rd, rf) };
    const vol = num(c, 'vol');
    if (what === 'strikeFromPremium') return { strike: strikeFromPremium(type, num(c, 'premium'), spot, t, rd, rf, vol) };
    return { strike: strikeFromDelta(type, num(c, 'delta'), { spot, t, rd, rf, vol }, str<DeltaConvention>(c, 'deltaConvention', deltaConventions, 'spot')) };
  }),

  /** Outright forward (from rates or from swap points) and FX swaps. */
  'ATS.OPTPRICINGSVR.FORWARD': tool((c) => {
    const spot = num(c, 'spot');
    const pointSize = num(c, 'pointSize', 1e-4);
    if (c.swapPoints !== undefined) return { forward: outrightFromSwapPoints(spot, num(c, 'swapPoints'), pointSize) };
    const t = num(c, 't'), rd = num(c, 'rd'), rf = num(c, 'rf');
    const out: Json = { forward: forwardFromRates(spot, t, rd, rf), swapPoints: swapPointsFromRates(spot, t, rd, rf, pointSize) };
    if (c.farT !== undefined) {
      out.fxSwap = priceFxSwap(num(c, 'notional', 1), spot, t, num(c, 'farT'), rd, rf,
        { near: c.nearRate === undefined ? undefined : num(c, 'nearRate'), far: c.farRate === undefined ? undefined : num(c, 'farRate') }, pointSize);
    }
    return out;
  }),

  /** Agent structured forwards, optionally solving the zero-cost strike. */
  'ATS.OPTPRICINGSVR.STRUCTUREDFORWARD': tool((c) => {
    const spot = num(c, 'spot'), t = num(c, 't'), rd = num(c, 'rd'), rf = num(c, 'rf');
    const surface = c.smile !== undefined
      ? fxVolSurface([buildFxSmile({ ...(c.smile as SmileQuotes), t, spot, rd, rf })])
      : flatVolSurface(num(c, 'vol'));
    const terms: PackageTerms = { side: str(c, 'side', ['buy', 'sell'] as const), expiry: t, notional: num(c, 'notional', 1), currency: currency(String(c.currency ?? 'USD')) };
    const product = str(c, 'product', ['range', 'participating', 'ratio', 'capped', 'floor', 'seagull', 'eagle', 'knockIn'] as const);
    const p = (k: string) => num(c, k);
    const build = (x?: number) => {
      const v = (k: string) => (x !== undefined && c.solveFor === k ? x : p(k));
      switch (product) {
        case 'range': return rangeForward(terms, v('protectStrike'), v('giveUpStrike'));
        case 'participating': return participatingForward(terms, v('strike'), p('participation'));
        case 'ratio': return ratioForward(terms, v('strike'), p('leverage'));
        case 'capped': return cappedForward(terms, v('strike'), v('cap'));
        case 'floor': return floorGuarantee(terms, v('strike'));
        case 'seagull': return seagull(terms, v('giveUpStrike'), v('protectStrike'), v('capStrike'));
        case 'eagle': return eagle(terms, v('giveUpLimit'), v('giveUpStrike'), v('protectStrike'), v('capStrike'));
        case 'knockIn': return knockInForward(terms, v('strike'), v('barrier'));
      }
    };
    const m = { spot, rd, rf, surface };
    let solved: number | undefined;
    if (c.solveFor !== undefined) {
      const fwd = spot * Math.exp((rd - rf) * t);
      solved = solveZeroCost((x) => build(x), m, num(c, 'solveLow', fwd * 0.5), num(c, 'solveHigh', fwd * 1.5));
    }
    const s = build(solved);
    const v = priceStructure(s, m);
    return {
      name: s.name, npv: v.npv, solved,
      legs: s.legs.map((l, i) => ({ kind: l.option.kind, type: l.option.type, strike: l.option.strike, quantity: l.quantity, npv: v.legs[i] })),
    };
  }),

  /**
   * The FX option calculator (/optionCalculator): legs or a strategy, a preset, conventions,
   * market (flat vol or a smile surface), dates; every leg priced with the preset's unknown
   * solved, premiums in six quotations, greeks, totals, optional chart arrays and smiles.
   * Request and reply: docs/api/pricing.md; engine: src/pricing-core/engines/fx-option-calculator.
   */
  'ATS.OPTPRICINGSVR.OPTIONCALC': tool((c) => runCalcRequest(c)),

  /** The calculator's reference data: presets (SPEC table), instruments, field types, strategy templates, greek units. */
  'ATS.OPTPRICINGSVR.OPTIONPRESETS': tool(() => ({
    presets: PRESETS, instruments: INSTRUMENT_CODES, fieldTypes: FIELD_TYPES, strategies: STRATEGY_TEMPLATES, greekUnits: GREEK_UNITS,
  })),

  /**
   * Commodity-futures (Black-76), index and ETF options (/CSIOptionCalculator): European or
   * American, a contract's multiplier and expiry rule, vol given or implied from a market
   * premium; one option or `rows` (an option chain) with per-row errors.
   */
  'ATS.OPTPRICINGSVR.CSIOPTION': tool((c) => ({ ...runCsiRequest(c) })),

  /** The listed option contracts (multiplier, tick, exercise style, expiry rule, source). */
  'ATS.OPTPRICINGSVR.CSICONTRACTS': tool(() => ({ contracts: LISTED_OPTION_CONTRACTS })),

  /**
   * BTC / ETH options (/CryptoCurrencyOption): inverse (coin-margined, premium in coin) or
   * linear (USD-settled), 24/7 time in minutes, vol given or implied from a coin premium; one
   * option or `rows` with per-row errors.
   */
  'ATS.OPTPRICINGSVR.CRYPTOOPTION': tool((c) => ({ ...runCryptoRequest(c) })),

  /**
   * Bulk FX option pricing (/bulkPricingOfForexOptions): rows of vanillas, ratio / capped /
   * range forwards against `markets` by pair as of `valuationDate`; a bad row carries
   * `{ id, error, code }` and the others are priced.
   */
  'ATS.OPTPRICINGSVR.BULKFX': tool((c) => ({ ...runBulkFxRequest(c) })),

  /**
   * Trade ledger valuation (/transactionValuation): FX spot, outright forwards, swaps and
   * European vanillas at market (swap points, deposit curves, smile) as of `valuationDate`,
   * in each pair's quote currency and in `reportingCurrency`; totals by pair and net exposure
   * by currency. A bad or expired trade is marked on its row; the others are valued.
   */
  'ATS.OPTPRICINGSVR.FXLEDGER': tool((c) => ({ ...runFxLedgerRequest(c) })),

  /** Batch valuation of a ledger of vanilla FX options (the batch API); amounts times notional. */
  'ATS.OPTPRICINGSVR.LEDGER': tool((c) => {
    const trades = c.trades;
    if (!Array.isArray(trades)) throw new ServiceError(BAD_REQUEST, 'trades must be an array');
    const n = trades.length;
    const inp = { omega: new Float64Array(n), spot: new Float64Array(n), strike: new Float64Array(n), t: new Float64Array(n), rd: new Float64Array(n), rf: new Float64Array(n), vol: new Float64Array(n) };
    const notional = new Float64Array(n);
    trades.forEach((tr: Json, i: number) => {
      try {
        inp.omega[i] = str(tr, 'type', optionTypes) === 'call' ? 1 : -1;
        inp.spot[i] = num(tr, 'spot'); inp.strike[i] = num(tr, 'strike'); inp.t[i] = num(tr, 't');
        inp.rd[i] = num(tr, 'rd'); inp.rf[i] = num(tr, 'rf'); inp.vol[i] = num(tr, 'vol');
        notional[i] = num(tr, 'notional', 1);
        if (!(inp.spot[i] > 0 && inp.strike[i] > 0 && inp.t[i] >= 0 && inp.vol[i] >= 0)) throw new ServiceError(BAD_REQUEST, 'spot, strike > 0; t, vol >= 0');
      } catch (e) {
        throw new ServiceError(BAD_REQUEST, `trade ${i}: ${(e as Error).message}`);
      }
    });
    const out = allocateVanillaOutputs(n);
    priceVanillaBatch(inp, out);
    const keys = ['npv', 'delta', 'gamma', 'vega', 'theta', 'rhoDomestic', 'rhoForeign'] as const;
    const totals: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
    const rows = trades.map((tr: Json, i: number) => {
      const row: Json = { id: tr.id ?? i };
      for (const k of keys) { const v = out[k][i] * notional[i]; row[k] = v; totals[k] += v; }
      return row;
    });
    return { rows, totals };
  }),
};
