// Generated figures for the /test kit showcase: a seeded random walk (labelled simulated on
// screen), 100,000 generated trades for the grid, a sample vol surface, and the FX date and
// option maths taken from the pricing core. Nothing here is market data.
import { fromISO, toISO, daysBetween } from '../../pricing-core/dates/date';
import { HolidayCalendar, WEEKENDS_ONLY, type Calendar } from '../../pricing-core/dates/calendar';
import { fxDeliveryDate } from '../../pricing-core/dates/fx-dates';
import { HOLIDAY_SEED } from '../../pricing-core/dates/holiday-seed';
import { priceFxVanilla } from '../../pricing-core/engines/fx/fx-conventions';
import { mulberry32 } from '../../pricing-core/math/random';
import type { Resolution } from '../../kit/fields';
import type { GridRow } from '../../kit/grid';

const calendars = new Map<string, Calendar>();
export function calendarOf(ccy: string): Calendar {
  let c = calendars.get(ccy);
  if (!c) {
    const data = (HOLIDAY_SEED as Record<string, Parameters<typeof HolidayCalendar.fromData>[0] | undefined>)[ccy];
    c = data ? HolidayCalendar.fromData(data) : WEEKENDS_ONLY;
    calendars.set(ccy, c);
  }
  return c;
}

/** Business day on both currencies of the pair (and USD, the FX rule). */
export function pairBusinessDay(pair: string): (iso: string) => boolean {
  const cals = [pair.slice(0, 3), pair.slice(3), 'USD'].map(calendarOf);
  return (iso) => {
    const d = fromISO(iso);
    return cals.every((c) => c.isBusinessDay(d));
  };
}

/** Tenor -> delivery date of the pair from `trade` (SPOT -> spot date). */
export function fxTenorResolver(pair: string, trade: string, words: { bad: string }): (tenor: string) => Resolution {
  return (tenor) => {
    try {
      const r = fxDeliveryDate(pair, fromISO(trade), tenor === 'SPOT' ? '0D' : tenor, calendarOf);
      return { date: toISO(tenor === 'SPOT' ? r.spot : r.delivery) };
    } catch {
      return { error: words.bad };
    }
  };
}

export interface OptionInputs { spot: number; strike: number; vol: number; rd: number; rf: number; notional: number; type: 'call' | 'put'; sign: 1 | -1; today: string; expiry: string }

export function priceOption(i: OptionInputs) {
  const t = daysBetween(fromISO(i.today), fromISO(i.expiry)) / 365;
  if (!(t > 0)) throw new RangeError('expiry must be after today');
  const r = priceFxVanilla(i.type, i.strike, { spot: i.spot, t, rd: i.rd / 100, rf: i.rf / 100, vol: i.vol / 100 }, i.notional);
  return {
    premium: r.domAmount, // UI-CONTRACT: positive, what the buyer pays
    premiumPct: (100 * r.domAmount) / (i.notional * i.spot),
    delta: i.sign * r.delta.spot * i.notional,
    vega: (i.sign * r.vega * i.notional) / 100,
    forward: r.forward,
    t,
  };
}

/** Payoff at expiry and value today against spot, for the x-y chart. */
export function payoffCurve(i: OptionInputs, n = 121): [Float64Array, Float64Array, Float64Array] {
  const x = new Float64Array(n);
  const payoff = new Float64Array(n);
  const value = new Float64Array(n);
  const lo = i.spot * 0.85;
  const hi = i.spot * 1.15;
  const t = daysBetween(fromISO(i.today), fromISO(i.expiry)) / 365;
  for (let k = 0; k < n; k++) {
    const s = lo + ((hi - lo) * k) / (n - 1);
    x[k] = s;
    const intrinsic = i.type === 'call' ? Math.max(0, s - i.strike) : Math.max(0, i.strike - s);
    payoff[k] = i.sign * intrinsic * i.notional;
    value[k] = t > 0 ? i.sign * priceFxVanilla(i.type, i.strike, { spot: s, t, rd: i.rd / 100, rf: i.rf / 100, vol: i.vol / 100 }, i.notional).domAmount : payoff[k];
  }
  return [x, payoff, value];
}

/** A seeded daily random walk of `days` business days ending today, with a 20-day mean. */
export function simulatedHistory(days: number, start: number, seed = 7): { x: Float64Array; y: Float64Array; ma: Float64Array } {
  const rnd = mulberry32(seed);
  const x = new Float64Array(days);
  const y = new Float64Array(days);
  const ma = new Float64Array(days);
  const now = new Date();
  let d = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const dates: number[] = [];
  while (dates.length < days) {
    if (d.getDay() !== 0 && d.getDay() !== 6) dates.push(d.getTime() / 1000);
    d = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1);
  }
  dates.reverse();
  let v = start;
  let sum = 0;
  for (let i = 0; i < days; i++) {
    v *= Math.exp(0.003 * (rnd() + rnd() + rnd() - 1.5));
    x[i] = dates[i];
    y[i] = v;
    sum += v;
    if (i >= 20) sum -= y[i - 20];
    ma[i] = sum / Math.min(i + 1, 20);
  }
  return { x, y, ma };
}

const PAIRS = ['USDCNY', 'EURUSD', 'USDJPY', 'GBPUSD', 'AUDUSD', 'EURCNY', 'USDHKD'];
const SPOTS: Record<string, number> = { USDCNY: 7.18, EURUSD: 1.08, USDJPY: 151.2, GBPUSD: 1.26, AUDUSD: 0.66, EURCNY: 7.77, USDHKD: 7.82 };

/** `n` generated trades; a few rows carry typical mistakes so validation is visible. */
export function generatedTrades(n: number, today: string, seed = 11): GridRow[] {
  const rnd = mulberry32(seed);
  const base = fromISO(today);
  const rows: GridRow[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const pair = PAIRS[Math.floor(rnd() * PAIRS.length)];
    const spot = SPOTS[pair];
    rows[i] = {
      pair,
      side: rnd() < 0.5 ? 'buy' : 'sell',
      notional: Math.round(1 + rnd() * 99) * 100_000,
      strike: Number((spot * (0.95 + rnd() * 0.1)).toFixed(spot > 50 ? 2 : 4)),
      vol: Number((4 + rnd() * 12).toFixed(2)),
      expiry: toISO((base + 7 + Math.floor(rnd() * 720)) as typeof base),
    };
  }
  if (n > 3) {
    rows[2] = { ...rows[2], notional: '12x' };
    rows[3] = { ...rows[3], side: 'hold' };
  }
  return rows;
}

export const TENORS = ['1W', '1M', '2M', '3M', '6M', '9M', '1Y'];
export const DELTAS = ['10P', '25P', 'ATM', '25C', '10C'];

/** A sample smile surface (percent), tenor x delta. */
export function sampleSurface(): number[][] {
  return TENORS.map((_, i) => DELTAS.map((_, j) => {
    const wing = [1.9, 0.7, 0, 0.5, 1.4][j];
    return Number((4.2 + 0.35 * i + wing * (1 + 0.08 * i)).toFixed(3));
  }));
}
