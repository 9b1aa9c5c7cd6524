// /CryptoCurrencyOption, pure: market data ids of a coin, default expiry and contract size,
// inputs -> the OptPricingSvr CRYPTOOPTION call, reply -> what the screen shows (coin and
// USD). The maths is in src/pricing-core/engines/crypto-option-calculator.
import type { Prepared, ReplyBody } from '../../kit/pricing';
import type { CryptoRow } from '../../pricing-core/engines/crypto-option-calculator';
import { chartPrices, isRowError, nearStrike, payoffCurve, splitRows, volAt } from '../CSIOptionCalculator/model';
import type { Inputs } from './state';

export const CRYPTO_METHOD = 'ATS.OPTPRICINGSVR.CRYPTOOPTION';
export const COINS = ['BTC', 'ETH'] as const;
export const VOL_TENORS: readonly (readonly [string, number])[] = [
  ['1W', 7 / 365], ['2W', 14 / 365], ['1M', 1 / 12], ['2M', 2 / 12], ['3M', 0.25], ['6M', 0.5], ['1Y', 1],
];
export const indexId = (coin: string) => `crypto.${coin}`;
export const seriesIds = (coin: string) => [indexId(coin), ...VOL_TENORS.map(([t]) => `vol.${coin}.${t}.ATM`)];

/** Venue contract sizes: inverse options are on one coin; linear (USDC) ones on 0.01 BTC / 0.1 ETH (Deribit). */
export const contractSizeOf = (coin: Inputs['coin'], settlement: Inputs['settlement']) => (settlement === 'inverse' ? 1 : coin === 'BTC' ? 0.01 : 0.1);

/** The monthly expiry of the venues: the last Friday of the month after the given date (08:00 UTC). */
export function defaultExpiry(todayIso: string): string {
  const [y, m] = todayIso.split('-').map(Number);
  const last = new Date(Date.UTC(y, m + 1, 0)); // last day of the next month
  while (last.getUTCDay() !== 5) last.setUTCDate(last.getUTCDate() - 1);
  return last.toISOString().slice(0, 10);
}

/** Now in UTC as a date and a minute. */
export function utcNow(now = new Date()): { date: string; time: string } {
  const iso = now.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export interface ScreenInputs extends Inputs {
  valuationDate: string | null;
  valuationTime: string | null;
}

export interface CryptoFill {
  index?: number;
  vol?: number;
  strike?: number;
}

/** ATM vol at the expiry (total variance between tenors) and the index; a strike near it. */
export function marketFill(coin: string, value: (id: string) => number | undefined, minutes: number | null): CryptoFill {
  const out: CryptoFill = {};
  const index = value(indexId(coin));
  if (index !== undefined) {
    out.index = index;
    out.strike = nearStrike(index);
  }
  const pts = VOL_TENORS.flatMap(([tenor, t]) => {
    const v = value(`vol.${coin}.${tenor}.ATM`);
    return v === undefined ? [] : [[t, v] as const];
  });
  const vol = volAt(minutes !== null && minutes > 0 ? minutes / 525_600 : 1 / 12, pts);
  if (vol !== null) out.vol = Number(vol.toFixed(4));
  return out;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const HM = /^\d{2}:\d{2}$/;
export const stamp = (date: string, time: string) => `${date}T${time}:00Z`;

/** Minutes from valuation to expiry, or null when either is incomplete. */
export function minutesToExpiry(i: ScreenInputs): number | null {
  if (!i.valuationDate || !i.valuationTime || !i.expiryDate || !ISO.test(i.valuationDate) || !ISO.test(i.expiryDate) || !HM.test(i.valuationTime) || !HM.test(i.expiryTime)) return null;
  return (Date.parse(stamp(i.expiryDate, i.expiryTime)) - Date.parse(stamp(i.valuationDate, i.valuationTime))) / 60_000;
}

type Invalid = { invalid: { key: string; values?: Record<string, unknown> } };
const bad = (field: string): Invalid => ({ invalid: { key: 'cryptoOption:errors.field', values: { field: `cryptoOption:${field}` } } });

/** The request of one option (what the server and the Node check price), or why it cannot be priced. */
export function optionRequest(i: ScreenInputs): { request: Record<string, unknown> } | Invalid {
  if (!i.valuationDate || !ISO.test(i.valuationDate) || !i.valuationTime || !HM.test(i.valuationTime)) return bad('valuation');
  if (!i.expiryDate || !ISO.test(i.expiryDate) || !HM.test(i.expiryTime)) return bad('expiry');
  const minutes = minutesToExpiry(i);
  if (minutes === null || !(minutes >= 0)) return { invalid: { key: 'cryptoOption:errors.expired' } };
  if (!(i.index !== null && i.index > 0)) return bad('index');
  if (i.forward !== null && !(i.forward > 0)) return bad('forward');
  if (!(i.strike !== null && i.strike > 0)) return bad('strike');
  if (!(i.vol !== null && i.vol >= 0 && i.vol <= 1000)) return bad('vol');
  if (i.r === null || !Number.isFinite(i.r)) return bad('rate');
  if (!(i.contracts !== null && i.contracts >= 0)) return bad('contracts');
  if (!(i.contractSize !== null && i.contractSize > 0)) return bad('contractSize');
  return {
    request: {
      settlement: i.settlement, type: i.type, direction: i.direction, index: i.index, ...(i.forward !== null ? { forward: i.forward } : {}),
      strike: i.strike, vol: i.vol / 100, r: i.r / 100, valuationTime: stamp(i.valuationDate, i.valuationTime), expiryTime: stamp(i.expiryDate, i.expiryTime),
      contracts: i.contracts, contractSize: i.contractSize,
    },
  };
}

/** Row 0: the option; row 1: the implied vol (when a market price is given); then the chart's points (basis kept). */
export function toCall(i: ScreenInputs): Prepared {
  const r = optionRequest(i);
  if ('invalid' in r) return r;
  if (i.marketPrice !== null && !(i.marketPrice >= 0)) return bad('marketPrice');
  const index = i.index as number;
  const basis = (i.forward ?? index) / index;
  const rows: Record<string, unknown>[] = [{}];
  if (i.marketPrice !== null) rows.push({ premium: i.marketPrice });
  for (const s of chartPrices(index)) rows.push({ index: s, forward: s * basis });
  return { call: { method: CRYPTO_METHOD, content: { ...r.request, rows } } };
}

export interface CryptoShown {
  row: CryptoRow;
  index: number;
  implied: { vol: number } | { error: string } | null;
  /** Per one coin of underlying, USD. */
  chart: { x: Float64Array; today: Float64Array; expiry: Float64Array };
}

export function fromReply(b: ReplyBody, i: ScreenInputs): CryptoShown {
  const { first, implied: iv, points } = splitRows<CryptoRow>(b, i.marketPrice !== null);
  const implied = iv === undefined ? null : isRowError(iv) ? { error: iv.error } : { vol: iv.vol * 100 };
  const index = i.index as number;
  const xs = chartPrices(index);
  return {
    row: first, index, implied,
    chart: {
      x: new Float64Array(xs),
      today: new Float64Array(points.map((p) => (isRowError(p) ? Number.NaN : p.usd))),
      expiry: payoffCurve(xs, i.type, i.strike as number),
    },
  };
}
