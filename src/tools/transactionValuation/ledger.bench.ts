// Trade valuation of a 10,000-trade ledger (spot, forwards, swaps, options on five pairs) as
// OptPricingSvr FXLEDGER runs it (and the offline worker): JSON content parsed, every trade
// checked against the shared zod schema, forwards off the swap-point and deposit curves,
// options by Garman-Kohlhagen with the smile surface's vol, conversion, totals. Peer: the
// ledger's options through QuantLib JS (AnalyticEuropeanEngine, quotes reset per option, the
// same spot, rates, vol and time), the way a QuantLib user would value them. Single core.
// `npm run bench -- transactionValuation`.
import { median, percentile } from '../../../scripts/bench-kit';
import { runFxLedgerRequest, type LedgerPairMarket, type LedgerReply } from '../../pricing-core/engines/fx-ledger';
import { peerEuropean, peerMarket, setMarket } from '../../pricing-core/testing/quantlib-peer';
import { fromISO, toISO, type CalendarDate } from '../../pricing-core/dates/date';
import { checkRows, sampleLedger } from './model';

const VAL = '2026-11-24';
const N = 10_000;
const iso = (n: number) => toISO((fromISO(VAL) + n) as CalendarDate);
const TENORS = [7, 30, 61, 91, 182, 273, 365, 548, 730];

function market(spot: number, ppu: number, rq: number, rb: number, atm: number): LedgerPairMarket {
  const fwd = (d: number) => (spot * (1 + rq * d / 365)) / (1 + rb * d / 360);
  return {
    spot, spotDate: iso(2), pipsPerUnit: ppu,
    points: TENORS.map((d) => ({ date: iso(d + 2), pips: (fwd(d) - spot) * ppu })),
    quoteRates: TENORS.map((d, i) => ({ date: iso(d + 2), rate: rq + 0.0002 * i })),
    baseRates: TENORS.map((d, i) => ({ date: iso(d + 2), rate: rb - 0.0002 * i })),
    smiles: TENORS.map((d, i) => ({ t: d / 365, atm: atm + 0.001 * i, rr25: 0.004, bf25: 0.0015, rr10: 0.008, bf10: 0.005 })),
  };
}
const MARKETS: Record<string, LedgerPairMarket> = {
  USDCNY: market(7.118, 10_000, 0.0157, 0.0355, 0.0375),
  USDCNH: market(7.1235, 10_000, 0.019, 0.0355, 0.0445),
  EURUSD: market(1.162, 10_000, 0.0355, 0.0195, 0.071),
  USDJPY: market(152.4, 100, 0.008, 0.0355, 0.101),
  EURCNY: market(8.2711, 10_000, 0.0157, 0.0195, 0.0595),
};
const trades = checkRows(sampleLedger(N, VAL)).trades.map((t) => t.trade);
if (trades.length !== N) throw new Error(`sample ledger: ${trades.length} good trades`);
const content = JSON.stringify({ valuationDate: VAL, reportingCurrency: 'CNY', markets: MARKETS, trades });

const now = () => performance.now();
const ours = (): { ms: number; reply: LedgerReply } => {
  const t0 = now();
  const reply = runFxLedgerRequest(JSON.parse(content));
  return { ms: now() - t0, reply };
};

// The options of the ledger with what ours used (spot, K, days, rd, rf, vol), for the peer.
const first = ours().reply;
const opts = trades.map((t, i) => ({ t, r: first.rows[i] })).filter((x) => x.t.type === 'option' && x.r.status === 'valued');
const ql = peerMarket();
const peer = (): { ms: number; worst: number } => {
  const t0 = now();
  let worst = 0;
  for (const { t, r } of opts) {
    setMarket(ql, MARKETS[t.pair].spot, r.rates!.rd, r.rates!.rf, r.vol!);
    const g = peerEuropean(ql, t.optionType!, t.rate, Math.round(r.rates!.t * 365));
    const v = (t.direction === 'buy' ? 1 : -1) * t.notional * g.npv;
    worst = Math.max(worst, Math.abs(v - r.mtm!) / Math.max(1, Math.abs(r.mtm!)));
  }
  return { ms: now() - t0, worst };
};
const optionsOnly = JSON.stringify({ valuationDate: VAL, reportingCurrency: 'CNY', markets: MARKETS, trades: opts.map((o) => o.t) });
const oursOptions = () => { const t0 = now(); runFxLedgerRequest(JSON.parse(optionsOnly)); return now() - t0; };

const full: number[] = [], optMs: number[] = [], peerMs: number[] = [];
let worst = 0;
for (let round = 0; round < 5; round++) {
  for (let i = 0; i < 4; i++) { full.push(ours().ms); optMs.push(oursOptions()); }
  const p = peer();
  peerMs.push(p.ms);
  worst = Math.max(worst, p.worst);
}
const ms = (xs: number[]) => `${median(xs).toFixed(1)} ms`;
const p90 = (xs: number[]) => `${percentile([...xs].sort((a, b) => a - b), 90).toFixed(1)} ms`;
const kinds = trades.reduce<Record<string, number>>((a, t) => ({ ...a, [t.type]: (a[t.type] ?? 0) + 1 }), {});
console.log(`<!-- bench:begin -->
### src/tools/transactionValuation/ledger.bench.ts: a 10,000-trade FX ledger through FXLEDGER

${N.toLocaleString('en')} trades of the sample ledger (${Object.entries(kinds).map(([k, n]) => `${n.toLocaleString('en')} ${k}`).join(', ')}) on five
pairs (swap points and deposit curves by value date, 9-tenor smile surfaces), valued as
OptPricingSvr FXLEDGER runs it on the server and in the offline worker: JSON parsed, every
trade checked by the shared zod schema, forward rates and discount factors off the curves,
options by Garman-Kohlhagen with the surface's vol, reporting-currency conversion, totals by
pair and by currency. Peer: the ledger's ${opts.length.toLocaleString('en')} options through @quantlib/ql
(AnalyticEuropeanEngine, quotes reset per option, the same spot, rates, vol and time as ours).
Node, single core; median (p90) of ${full.length} runs (peer: ${peerMs.length}), alternating. Largest relative
option value difference against the peer: ${worst.toExponential(1)}.

| case | median (p90) | per trade |
|---|---|---|
| ours: FXLEDGER, ${N.toLocaleString('en')} mixed trades | ${ms(full)} (${p90(full)}) | ${(1000 * median(full) / N).toFixed(2)} µs |
| ours: FXLEDGER, the ${opts.length.toLocaleString('en')} options only | ${ms(optMs)} (${p90(optMs)}) | ${(1000 * median(optMs) / opts.length).toFixed(2)} µs |
| peer: QuantLib JS, the same ${opts.length.toLocaleString('en')} options | ${ms(peerMs)} (${p90(peerMs)}) | ${(1000 * median(peerMs) / opts.length).toFixed(2)} µs |

Options: ours ${(median(peerMs) / median(optMs)).toFixed(0)}x faster than the peer for the same values. The screen adds
the market data requests (one MD.FXMARKET per pair) and the socket round trip; the
Playwright journey (tests/e2e/trade-valuation.spec.ts) drives it end to end.
<!-- bench:end -->`);
