// Bitcoin and ether options as the large crypto venues trade them (the /CryptoCurrencyOption
// screen's model):
//  - inverse (coin-margined, Deribit's BTC/ETH options): European, cash-settled in coin, one
//    coin per contract, premium quoted in coin. The payoff in coin, (S_T - K)^+ / S_T for a
//    call, is worth today the USD option divided by the index: price_coin = V_usd / S, with
//    V_usd the Black-76 value on the expiry's forward F (Deribit: "the price in USD is
//    calculated by using the latest index price ... the implied volatility uses the forward,
//    rather than the index, as the underlying price"; support.deribit.com, Inverse Options).
//    Delta as Deribit reports it: the Black-Scholes delta minus the option's price in coin
//    (Deribit's "Net Transaction Delta = Black Scholes Delta - Mark Price", DeltaTotal): the
//    premium is paid in coin, so it is coin exposure too.
//  - linear (USD- or USDC-settled): the same Black-76 value in USD, delta without adjustment.
// Time is calendar time, 24/7: t = minutes to expiry / (365 x 24 x 60). Rates default to 0
// (Deribit's convention); the forward carries the basis.
import { InverseSolveError, NO_INVERSE_MESSAGE, PricingError, type OptionType } from '../../core/types';
import { expMinusHalfSquare, normCdf } from '../../math/normal';
import { impliedVolCore, IV_ABOVE_MAXIMUM, IV_BAD_INPUT, IV_BELOW_INTRINSIC } from '../black/implied-vol';

const INV_SQRT_2PI = 0.3989422804014327;
export const MINUTES_PER_YEAR = 365 * 24 * 60;

export type CryptoSettlement = 'inverse' | 'linear';

export interface CryptoOptionInputs {
  type: OptionType;
  settlement: CryptoSettlement;
  /** The index (spot) price in USD, and the forward (futures) price for the expiry. */
  index: number;
  forward: number;
  strike: number;
  /** Year fraction (minutes / 525,600). */
  t: number;
  /** USD discount rate for the settlement (Deribit uses 0). */
  r: number;
  vol: number;
}

export interface CryptoOptionValue {
  /** USD value of one contract (one coin of underlying). */
  usd: number;
  /** Value in coin (USD / index): the inverse option's quoted price; for linear, the USD premium in coin. */
  coin: number;
  /** Black-76 forward delta x discount: coins of forward to hedge the USD value. */
  deltaBlackScholes: number;
  /** The delta in the settlement's terms: inverse = deltaBlackScholes - coin price (Deribit); linear = deltaBlackScholes. */
  delta: number;
  /** d(deltaBlackScholes)/dF, per USD. */
  gamma: number;
  /** USD per 1.00 of vol. */
  vega: number;
  /** USD per year of calendar time (forward held). */
  theta: number;
  d1: number;
  d2: number;
}

export function validateCrypto(o: CryptoOptionInputs): void {
  if (o.type !== 'call' && o.type !== 'put') throw new PricingError('type must be call or put');
  for (const [k, v] of [['index', o.index], ['forward', o.forward], ['strike', o.strike]] as const) {
    if (!(v > 0 && Number.isFinite(v))) throw new PricingError(`${k} must be a positive number`);
  }
  if (!(o.t >= 0 && Number.isFinite(o.t))) throw new PricingError('the option has expired');
  if (!(o.vol >= 0 && Number.isFinite(o.vol))) throw new PricingError('vol must be a non-negative number');
  if (!Number.isFinite(o.r)) throw new PricingError('r must be a finite number');
}

export function priceCryptoOption(o: CryptoOptionInputs): CryptoOptionValue {
  validateCrypto(o);
  const w = o.type === 'call' ? 1 : -1;
  const df = Math.exp(-o.r * o.t);
  const F = o.forward, K = o.strike;
  const sqrtT = Math.sqrt(o.t);
  const sd = o.vol * sqrtT;
  let usd: number, dBS: number, gamma = 0, vega = 0, theta = 0, d1 = NaN, d2 = NaN;
  if (!(sd > 0)) {
    const itm = w * (F - K) > 0;
    usd = itm ? df * w * (F - K) : 0;
    dBS = itm ? df * w : 0;
    theta = o.r * usd;
  } else {
    d1 = Math.log(F / K) / sd + 0.5 * sd;
    d2 = d1 - sd;
    const nd1 = normCdf(w * d1), nd2 = normCdf(w * d2);
    const pdf = INV_SQRT_2PI * expMinusHalfSquare(d1);
    usd = df * w * (F * nd1 - K * nd2);
    dBS = df * w * nd1;
    gamma = (df * pdf) / (F * sd);
    vega = df * F * pdf * sqrtT;
    theta = o.r * usd - (df * F * pdf * o.vol) / (2 * sqrtT);
  }
  const coin = usd / o.index;
  return { usd, coin, deltaBlackScholes: dBS, delta: o.settlement === 'inverse' ? dBS - coin : dBS, gamma, vega, theta, d1, d2 };
}

/**
 * Implied vol from a premium: in coin for inverse options (USD = coin x index), in USD for
 * linear ones. A premium no vol reaches: InverseSolveError.
 */
export function cryptoImpliedVol(o: Omit<CryptoOptionInputs, 'vol'>, premium: number): number {
  validateCrypto({ ...o, vol: 0.5 });
  if (!(premium >= 0 && Number.isFinite(premium))) throw new PricingError('the premium must be a non-negative number');
  if (!(o.t > 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const usd = o.settlement === 'inverse' ? premium * o.index : premium;
  const undiscounted = usd * Math.exp(o.r * o.t);
  const v = impliedVolCore(o.type === 'call' ? 1 : -1, undiscounted, o.forward, o.strike, o.t, 0, 0);
  if (v === IV_BELOW_INTRINSIC || v === IV_ABOVE_MAXIMUM || v === IV_BAD_INPUT || !(v >= 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  return v;
}

/** Minutes between two ISO timestamps (UTC when no offset is given), as the year fraction of a 24/7 calendar. */
export function yearFractionBetween(fromIso: string, toIso: string): { minutes: number; t: number } {
  const parse = (s: string, name: string) => {
    if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(s)) {
      throw new PricingError(`${name} must be an ISO date-time such as 2026-03-27T08:00:00Z`);
    }
    const iso = s.length === 10 ? `${s}T00:00:00Z` : /Z|[+-]\d{2}:\d{2}$/.test(s) ? s : `${s}Z`;
    const ms = Date.parse(iso);
    if (!Number.isFinite(ms)) throw new PricingError(`${name} is not a valid date-time`);
    return ms;
  };
  const minutes = (parse(toIso, 'expiryTime') - parse(fromIso, 'valuationTime')) / 60_000;
  return { minutes, t: minutes / MINUTES_PER_YEAR };
}
