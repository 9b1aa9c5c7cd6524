// Calendars benchmark (scripts/bench.ts contract): our isBusinessDay and FX tenor dates
// against @quantlib/ql's calendars on the same dates, interleaved in the same process; the
// ratio is the median of per-round ratios ours/peer.
import os from 'node:os';
import { type CalendarDate, addDays, fromISO, toISO } from '../dates/date';
import { calendarFor, fxDatesFor, marketCalendars, tenorDate, trackProjection } from '../dates/calendars';
import { jointCalendar } from '../dates/calendar';
import { addBusinessDays } from '../dates/business-day';
import { advance } from '../dates/tenor';
import { fxDates } from '../dates/fx-dates';
import { ql, toQL } from '../dates/testing/quantlib-peer';
import { median, wallRate } from '../../../scripts/bench-kit';

let sink = 0;

function compare(peer: () => void, ours: () => void, rounds = 7, ms = 150) {
  for (let i = 0; i < 200; i++) { peer(); ours(); } // warm-up
  const p: number[] = [], o: number[] = [], r: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const a = wallRate(peer, ms, 20);
    const b = wallRate(ours, ms, 20);
    p.push(a); o.push(b); r.push(b / a);
  }
  return { peer: median(p), ours: median(o), ratio: median(r) };
}

// ---- inputs: every day of 2024-2026, as our serials and as QuantLib's Dates -----------------
const first = fromISO('2024-01-01');
const N = 3 * 365 + 1;
const ourDays: CalendarDate[] = [];
const qlDays: Date[] = [];
for (let i = 0; i < N; i++) { const d = addDays(first, i); ourDays.push(d); qlDays.push(toQL(d)); }
let k = 0;
const next = () => { k = k + 1 === N ? 0 : k + 1; return k; };

const usd = calendarFor('USD');
const qlUsd = new ql.UnitedStates(ql.UnitedStates.Market.FederalReserve);
const eurUsd = jointCalendar('union', [calendarFor('EUR'), usd]);
const qlEurUsd = new ql.JointCalendar(new ql.TARGET(), qlUsd, undefined, undefined, ql.JointCalendar.JointCalendarRule.JoinHolidays);

// Trade dates for the tenor rows: weekdays of 2024-2025 (deliveries stay inside 2026).
const trades = ourDays.filter((d, i) => i < 700 && usd.isBusinessDay(d));
let j = 0;
const nextTrade = () => { j = j + 1 === trades.length ? 0 : j + 1; return trades[j]; };

// QuantLib has no FX value-date convention; its nearest equivalent of "EURUSD 3M delivery" is
// spot = advance 2 business days on the joint calendar, then 3 months modified following with
// the end-of-month rule. Ours does more (per-currency spot dates, the USD T+1 rule, expiry).
const m3 = new ql.Period().init1(3, ql.TimeUnit.Months);
const d2 = new ql.Period().init1(2, ql.TimeUnit.Days);
function qlTenor(t: CalendarDate): number {
  const spot = qlEurUsd.advance2(toQL(t), d2, ql.BusinessDayConvention.Following, false);
  return qlEurUsd.advance2(spot, m3, ql.BusinessDayConvention.ModifiedFollowing, true).valueOf();
}
const threeMonths = { n: 3, unit: 'M' } as const;
function oursLikeQl(t: CalendarDate): number {
  const spot = addBusinessDays(eurUsd, t, 2);
  return advance(eurUsd, spot, threeMonths, 'ModifiedFollowing', true);
}

const rows: [string, ReturnType<typeof compare>][] = [];
const run = (name: string, peer: () => void, ours: () => void) => {
  rows.push([name, compare(peer, ours)]);
  console.log(`${name}: done`);
};
run('isBusinessDay, USD (Fed), days of 2024-2026',
  () => { if (qlUsd.isBusinessDay(qlDays[next()])) sink++; },
  () => { if (usd.isBusinessDay(ourDays[next()])) sink++; });
run('isBusinessDay, EUR+USD joint calendar',
  () => { if (qlEurUsd.isBusinessDay(qlDays[next()])) sink++; },
  () => { if (eurUsd.isBusinessDay(ourDays[next()])) sink++; });
run('EURUSD 3M delivery: spot + 3M, modified following, EOM (like for like)',
  () => { sink += qlTenor(nextTrade()); },
  () => { sink += oursLikeQl(nextTrade()); });
run('EURUSD 3M full fxDates (spot per currency, delivery, expiry) vs the QuantLib row above',
  () => { sink += qlTenor(nextTrade()); },
  () => { const r = fxDates('EURUSD', nextTrade(), '3M', marketCalendars); sink += r.delivery + (r.expiry ?? 0); });
const isoTrades = trades.map((t) => toISO(t));
let jj = 0;
run('tenorDate (ISO API: parse, EURUSD 3M spot and delivery, format) vs the QuantLib row above',
  () => { sink += qlTenor(nextTrade()); },
  () => { jj = jj + 1 === isoTrades.length ? 0 : jj + 1; sink += tenorDate('EURUSD', isoTrades[jj], '3M').length; });
const qlCnyUsd = new ql.JointCalendar(new ql.China(ql.China.Market.IB), qlUsd, undefined, undefined, ql.JointCalendar.JointCalendarRule.JoinHolidays);
run('USDCNY 3M full fxDates (onshore rule, CNY make-up days) vs QuantLib China(IB)+US advance',
  () => {
    const t = nextTrade();
    sink += qlCnyUsd.advance2(qlCnyUsd.advance2(toQL(t), d2, ql.BusinessDayConvention.Following, false), m3, ql.BusinessDayConvention.ModifiedFollowing, true).valueOf();
  },
  () => { const r = fxDates('USDCNY', nextTrade(), '3M', marketCalendars); sink += r.delivery + (r.expiry ?? 0); });

// Projected mode (screens): CNY 2027 from the projection, every read recorded for the report.
// Peer: our own default (refusing) mode on covered dates, so the ratio is the cost of opting in.
const cnyDefault = calendarFor('CNY');
const cnyProjected = calendarFor('CNY', { beyondCoverage: 'projected' });
const days2026 = Array.from({ length: 365 }, (_, i) => addDays(fromISO('2026-01-01'), i));
const days2027 = Array.from({ length: 365 }, (_, i) => addDays(fromISO('2027-01-01'), i));
run('isBusinessDay over a year (365 days): CNY 2027 projected in one trackProjection vs our default mode over CNY 2026',
  () => { for (let i = 0; i < 365; i++) if (cnyDefault.isBusinessDay(days2026[i])) sink++; },
  () => { sink += trackProjection(() => { let n = 0; for (let i = 0; i < 365; i++) if (cnyProjected.isBusinessDay(days2027[i])) n++; return n; }).value; });
const covered1Y = isoTrades.filter((t) => t < '2025-06-01');
const projected1Y = isoTrades.filter((t) => t >= '2025-06-01').map((t) => `2026${t.slice(4)}`);
let q = 0, r = 0;
run('USDCNY 1Y fxDatesFor projected (2026 trades, 2027 deliveries, with the report) vs our default mode (2024-25 trades)',
  () => { r = r + 1 === covered1Y.length ? 0 : r + 1; sink += fxDatesFor('USDCNY', covered1Y[r], '1Y').deliveryDate.length; },
  () => { q = q + 1 === projected1Y.length ? 0 : q + 1; sink += fxDatesFor('USDCNY', projected1Y[q], '1Y', { beyondCoverage: 'projected' }).projectedYears.length; });

const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toPrecision(3));
const table = rows.map(([n, r]) => `| ${n} | ${fmt(r.ours)} | ${fmt(r.peer)} | ${r.ratio.toFixed(2)}x |`).join('\n');
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`<!-- bench:begin -->
### Calendars and FX value dates (src/pricing-core/bench/calendars.bench.ts)

Peer: @quantlib/ql 0.3.6 (JavaScript port of QuantLib) calendars, same dates, same process,
interleaved rounds (${cpu}, Node ${process.version}). Operations per second are medians; the
last column is the median per-round ratio ours/peer (above 1 means we are faster). Our
calendars are compiled per year into a byte per day; QuantLib evaluates its rules per call.
QuantLib has no FX value-date convention: the tenor rows compare our dates with its joint
calendar advancing 2 days then 3 months (modified following, end of month); "full fxDates"
also computes each currency's spot date, the USD T+1 rule and the option expiry. (The port's
China(IB) data ends in 2018, so its CNY rows run on weekends only: a speed comparison only.)
The last two rows are the screens' opt-in projected mode (CNY 2027 projected from the
statutory rules, every projected read recorded so the answer can say so); their peer is our
own default mode on covered dates, so their ratio is the cost of opting in.

| Operation | Ours (ops/s) | @quantlib/ql (ops/s) | Ours / peer |
|---|---:|---:|---:|
${table}
<!-- bench:end -->`);
if (sink === 42) console.log('');
