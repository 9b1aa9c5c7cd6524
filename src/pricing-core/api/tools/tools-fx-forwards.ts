// OptPricingSvr methods of the FX forward screens (/forexFarSwapCalculator): both legs of an
// FX swap on real value dates, outrights from money-market rates or from a swap-point curve.
// Browser-safe like tools.ts (the offline pricing worker runs the same code). The value dates
// come in the request: the screen resolves tenors on its calendars (with projected CNY years
// flagged), so what is priced is exactly what is shown.
import { ServiceError } from './service-error';
import { PricingError } from '../../core/types';
import { fromISO } from '../../dates/date';
import { dayBasis, fxSwapLegs, outrightByParity, pointCurve, pointsAt, type MoneyMarket } from '../../engines/fx/fx-swap-legs';

type Json = Record<string, unknown>;
const BAD_REQUEST = '2001';

const fail = (msg: string) => new ServiceError(BAD_REQUEST, msg);

function num(o: Json, k: string): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw fail(`field ${k} must be a finite number`);
  return v;
}

function day(o: Json, k: string): number {
  const v = o[k];
  if (typeof v !== 'string') throw fail(`field ${k} must be an ISO date`);
  try { return fromISO(v); } catch { throw fail(`field ${k} must be an ISO date (YYYY-MM-DD), got ${JSON.stringify(v)}`); }
}

/**
 * `ATS.OPTPRICINGSVR.FXSWAP`: { pair, spot, spotDate, nearDate, farDate, notional,
 * direction ('buySell' | 'sellBuy'), pipFactor?, source: 'rates' with rd, rf (decimals) |
 * 'points' with points: [{ date, pips }] and optional short: { tradeDate, tomDate, on, tn } }
 * -> { near: { rate, base, quote, pips }, far: {...}, swapPips, netQuote, days }.
 */
function fxSwap(c: Json): Json {
  const pair = c.pair;
  if (typeof pair !== 'string' || !/^[A-Z]{6}$/.test(pair)) throw fail('field pair must be six capital letters (e.g. USDCNY)');
  const base = pair.slice(0, 3), quote = pair.slice(3);
  const spot = num(c, 'spot');
  if (!(spot > 0)) throw fail('spot must be positive');
  const spotDay = day(c, 'spotDate'), nearDay = day(c, 'nearDate'), farDay = day(c, 'farDate');
  if (!(farDay > nearDay)) throw fail('the far date must be after the near date');
  const pipFactor = c.pipFactor === undefined ? (quote === 'JPY' ? 100 : 10000) : num(c, 'pipFactor');
  let outright: (d: number) => number;
  if (c.source === 'rates') {
    const mm: MoneyMarket = { rd: num(c, 'rd'), rf: num(c, 'rf'), basisD: dayBasis(quote), basisF: dayBasis(base) };
    outright = (d) => outrightByParity(spot, spotDay, d, mm);
  } else if (c.source === 'points') {
    if (!Array.isArray(c.points)) throw fail('points must be an array of { date, pips }');
    const nodes = (c.points as Json[]).map((p) => ({ day: day(p, 'date'), pips: num(p, 'pips') }));
    const s = c.short as Json | undefined;
    const curve = pointCurve(spotDay, nodes, s ? { tradeDay: day(s, 'tradeDate'), tomDay: day(s, 'tomDate'), on: num(s, 'on'), tn: num(s, 'tn') } : undefined);
    outright = (d) => spot + pointsAt(curve, d) / pipFactor;
  } else throw fail("field source must be 'rates' or 'points'");
  const direction = c.direction === 'sellBuy' ? 'sellBuy' : 'buySell';
  try {
    const nearRate = outright(nearDay), farRate = outright(farDay);
    const legs = fxSwapLegs(num(c, 'notional'), direction, nearRate, farRate, pipFactor);
    return {
      near: { ...legs.near, pips: (nearRate - spot) * pipFactor },
      far: { ...legs.far, pips: (farRate - spot) * pipFactor },
      swapPips: legs.swapPips,
      netQuote: legs.netQuote,
      days: farDay - nearDay,
    };
  } catch (e) {
    if (e instanceof PricingError) throw fail(e.message);
    throw e;
  }
}

export const fxForwardTools: Record<string, (content: string) => Json> = {
  'ATS.OPTPRICINGSVR.FXSWAP': (content) => {
    let c: unknown;
    try { c = JSON.parse(content); } catch { throw fail('content is not JSON'); }
    if (c === null || typeof c !== 'object') throw fail('content must be a JSON object');
    try {
      return { Code: 0, ...fxSwap(c as Json) };
    } catch (e) {
      if (e instanceof PricingError || e instanceof RangeError) throw fail(e.message);
      throw e;
    }
  },
};
