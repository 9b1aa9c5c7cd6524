// The /CSIOptionCalculator request (OptPricingSvr CSIOPTION): one option or a list of rows
// (an option chain), each priced on its own: a bad row carries its error, the others are
// priced. Dates: ISO, expiry from `expiryDate` or from the contract's rule for a
// `contractMonth`; year fractions ACT/365F from `valuationDate` (or `t` as given).
import { PricingError } from '../../core/types';
import { priceRows, type RowError } from '../../api/rows';
import type { PriceRequest } from '../../api/price-request';
import { num, oneOf } from '../../api/handlers/fields';
import { daysBetween, fromISO } from '../../dates/date';
import { listedContract, type ListedOptionContract } from '../../instruments/listed-option-contracts';
import { AMERICAN_METHODS, type AmericanMethod } from '../american';
import { expiryDate } from './expiry';
import { listedImpliedVol, priceListedOption, type ListedOptionInputs } from './listed-option';

type Json = PriceRequest;

function iso(v: unknown, name: string) {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new PricingError(`${name} must be an ISO date (YYYY-MM-DD)`);
  try { return fromISO(v); } catch { throw new PricingError(`${name} is not a valid date`); }
}

export interface CsiRow {
  contract?: Omit<ListedOptionContract, 'expiry'>;
  expiryDate?: string;
  t: number;
  vol: number;
  volSource: 'input' | 'implied';
  value: number;
  european: number;
  earlyExercisePremium: number;
  greeks: { delta: number; gamma: number; vega: number; theta: number; rho: number; rhoDividend: number };
  multiplier: number;
  quantity: number;
  premiumPerContract: number;
  position: { premium: number; delta: number; deltaCash: number; gamma: number; vega: number; theta: number; rho: number };
}

function one(row: Json, shared: Json): CsiRow {
  const o: Json = { ...shared, ...row };
  const contract = o.contract === undefined ? undefined : listedContract(String(o.contract));
  if (o.contract !== undefined && !contract) throw new PricingError(`unknown contract: ${String(o.contract)}`);
  const underlying = o.underlying !== undefined ? oneOf(o, 'underlying', ['futures', 'index', 'etf'] as const) : contract?.underlying;
  if (!underlying) throw new PricingError('give a contract or the underlying (futures, index, etf)');
  const exercise = o.exercise !== undefined ? oneOf(o, 'exercise', ['european', 'american'] as const) : contract?.exercise ?? 'european';
  const multiplier = o.multiplier !== undefined ? num(o, 'multiplier', { min: 0, exclusiveMin: true }) : contract?.multiplier ?? 1;
  let t: number;
  let exp: string | undefined;
  if (o.valuationDate !== undefined) {
    const val = iso(o.valuationDate, 'valuationDate');
    if (o.expiryDate !== undefined) exp = String(o.expiryDate);
    else if (o.contractMonth !== undefined) {
      if (!contract) throw new PricingError('contractMonth needs a contract (its expiry rule)');
      exp = expiryDate(contract.expiry, String(o.contractMonth));
    } else throw new PricingError('missing field: expiryDate (or contractMonth)');
    t = daysBetween(val, iso(exp, 'expiryDate')) / 365;
    if (t < 0) throw new PricingError('the option has expired');
  } else t = num(o, 't', { min: 0 });
  const method = (o.method === undefined ? 'qdfp' : oneOf(o, 'method', AMERICAN_METHODS)) as AmericanMethod;
  const base: Omit<ListedOptionInputs, 'vol'> = {
    type: oneOf(o, 'type', ['call', 'put'] as const), underlying, exercise,
    price: num(o, 'underlyingPrice', { min: 0, exclusiveMin: true }), strike: num(o, 'strike', { min: 0, exclusiveMin: true }),
    t, r: num(o, 'r'), q: o.q === undefined ? 0 : num(o, 'q'), method,
  };
  let vol: number, volSource: CsiRow['volSource'];
  if (o.marketPrice !== undefined) {
    vol = listedImpliedVol(base, num(o, 'marketPrice', { min: 0 }));
    volSource = 'implied';
  } else {
    vol = num(o, 'vol', { min: 0 });
    volSource = 'input';
  }
  const g = priceListedOption({ ...base, vol });
  const quantity = o.quantity === undefined ? 1 : num(o, 'quantity', { min: 0 });
  const sign = o.direction === undefined ? 1 : oneOf(o, 'direction', ['buy', 'sell'] as const) === 'buy' ? 1 : -1;
  const size = sign * quantity * multiplier;
  const { expiry: _rule, ...spec } = contract ?? ({} as ListedOptionContract);
  void _rule;
  return {
    ...(contract ? { contract: spec } : {}),
    ...(exp ? { expiryDate: exp } : {}),
    t, vol, volSource,
    value: g.npv, european: g.european, earlyExercisePremium: g.earlyExercisePremium,
    greeks: { delta: g.delta, gamma: g.gamma, vega: g.vega, theta: g.theta, rho: g.rhoDomestic, rhoDividend: g.rhoForeign },
    multiplier, quantity,
    premiumPerContract: g.npv * multiplier,
    position: {
      premium: size * g.npv,
      // delta in underlying units (lots x multiplier), and in money
      delta: size * g.delta,
      deltaCash: size * g.delta * base.price,
      // gamma: change of the delta for a 1 % move of the underlying
      gamma: size * g.gamma * base.price * 0.01,
      vega: size * g.vega * 0.01,
      theta: (size * g.theta) / 365,
      rho: size * g.rhoDomestic * 1e-4,
    },
  };
}

export type CsiRowResult = CsiRow | RowError;

/** One option (the request itself) or `rows` sharing the request's other fields; per-row errors. */
export function runCsiRequest(json: unknown): { rows: CsiRowResult[] } | CsiRow {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new PricingError('request must be an object');
  const r = json as Json;
  return Array.isArray(r.rows) ? priceRows(r, (row) => one(row, {})) : one(r, {});
}
