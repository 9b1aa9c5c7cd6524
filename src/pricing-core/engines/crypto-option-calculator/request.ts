// The /CryptoCurrencyOption request (OptPricingSvr CRYPTOOPTION): one option or `rows`
// sharing the other fields (an option chain), per-row errors. Expiry from `expiryTime` and
// `valuationTime` (ISO date-times, UTC unless an offset is given; Deribit expires at
// 08:00 UTC), or `minutes`, or `t`. Vol given, or implied from `premium` (coin for inverse,
// USD for linear). The forward defaults to the index (no basis).
import { PricingError } from '../../core/types';
import { priceRows, type RowError } from '../../api/rows';
import type { PriceRequest } from '../../api/price-request';
import { num, oneOf } from '../../api/handlers/fields';
import { cryptoImpliedVol, MINUTES_PER_YEAR, priceCryptoOption, yearFractionBetween, type CryptoOptionInputs, type CryptoOptionValue } from './crypto-option';

type Json = PriceRequest;

export interface CryptoRow extends CryptoOptionValue {
  settlement: 'inverse' | 'linear';
  minutes: number;
  t: number;
  vol: number;
  volSource: 'input' | 'implied';
  /** contracts x contract size (coins), signed by direction */
  size: number;
  position: { usd: number; coin: number; delta: number; gamma: number; vega: number; theta: number };
}

function one(row: Json, shared: Json): CryptoRow {
  const o: Json = { ...shared, ...row };
  let minutes: number;
  if (o.expiryTime !== undefined) {
    if (o.valuationTime === undefined) throw new PricingError('expiryTime needs valuationTime');
    minutes = yearFractionBetween(String(o.valuationTime), String(o.expiryTime)).minutes;
  } else if (o.minutes !== undefined) minutes = num(o, 'minutes');
  else minutes = num(o, 't') * MINUTES_PER_YEAR;
  if (!(minutes >= 0)) throw new PricingError('the option has expired');
  const index = num(o, 'index', { min: 0, exclusiveMin: true });
  const base: Omit<CryptoOptionInputs, 'vol'> = {
    type: oneOf(o, 'type', ['call', 'put'] as const),
    settlement: o.settlement === undefined ? 'inverse' : oneOf(o, 'settlement', ['inverse', 'linear'] as const),
    index,
    forward: o.forward === undefined ? index : num(o, 'forward', { min: 0, exclusiveMin: true }),
    strike: num(o, 'strike', { min: 0, exclusiveMin: true }),
    t: minutes / MINUTES_PER_YEAR,
    r: o.r === undefined ? 0 : num(o, 'r'),
  };
  let vol: number, volSource: CryptoRow['volSource'];
  if (o.premium !== undefined) { vol = cryptoImpliedVol(base, num(o, 'premium', { min: 0 })); volSource = 'implied'; }
  else { vol = num(o, 'vol', { min: 0 }); volSource = 'input'; }
  const v = priceCryptoOption({ ...base, vol });
  const contracts = o.contracts === undefined ? 1 : num(o, 'contracts', { min: 0 });
  const contractSize = o.contractSize === undefined ? 1 : num(o, 'contractSize', { min: 0, exclusiveMin: true });
  const sign = o.direction === undefined ? 1 : oneOf(o, 'direction', ['buy', 'sell'] as const) === 'buy' ? 1 : -1;
  const size = sign * contracts * contractSize;
  return {
    ...v, settlement: base.settlement, minutes, t: base.t, vol, volSource, size,
    position: {
      usd: size * v.usd, coin: size * v.coin, delta: size * v.delta,
      // gamma per 1 % move of the forward, vega per vol point, theta per day (USD)
      gamma: size * v.gamma * base.forward * 0.01, vega: size * v.vega * 0.01, theta: (size * v.theta) / 365,
    },
  };
}

export type CryptoRowResult = CryptoRow | RowError;

/** One option (the request itself) or `rows` sharing the request's other fields; per-row errors. */
export function runCryptoRequest(json: unknown): { rows: CryptoRowResult[] } | CryptoRow {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new PricingError('request must be an object');
  const r = json as Json;
  return Array.isArray(r.rows) ? priceRows(r, (row) => one(row, {})) : one(r, {});
}
