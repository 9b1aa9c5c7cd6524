// American option throughput: our engines against QuantLib's JS port on the same inputs,
// measured in alternating rounds in one process, per second of process CPU time (cpuRate).
// QuantLib is used idiomatically: options built once on a quote-driven process, then
// re-priced after the quotes change.
import { type AmericanInputs, type AmericanMethod, priceAmerican } from '../engines/american';
import { lastBawIterations } from '../engines/american/barone-adesi-whaley';
import { americanBawBatch, type AmericanBatchInputs } from '../batch/american-batch';
import { qlAmericanOption, qlQuotedMarket, type QlAmericanEngine } from '../mc/ql-peer';
import { Xoshiro128 } from '../math/random';
import { cpuRate, median } from '../../../scripts/bench-kit';

const N = 2000;
const rng = new Xoshiro128(20240115);
const uni = (a: number, b: number) => a + (b - a) * rng.nextDouble();
const inputs: (AmericanInputs & { days: number })[] = [];
for (let i = 0; i < N; i++) {
  const days = Math.round(uni(30, 730));
  inputs.push({
    type: i % 2 ? 'call' : 'put', spot: uni(80, 120), strike: 100, t: days / 365, days,
    rd: uni(0.01, 0.08), rf: uni(0.0, 0.08), vol: uni(0.1, 0.5),
  });
}

const market = qlQuotedMarket();
const qlOptions = (engine: QlAmericanEngine) => inputs.map((o) => qlAmericanOption(o.type, o.strike, o.days, market.process, engine));

/** Options per second of process CPU time of `price(i)` over all inputs, passes of at least `minMs`. */
function throughput(price: (i: number) => number, minMs: number): { rate: number; sink: number } {
  let sink = 0;
  const rate = cpuRate(() => {
    for (let i = 0; i < N; i++) sink += price(i);
    return N;
  }, minMs);
  return { rate, sink };
}

// The same options as struct-of-arrays for the batch API; it prices all N per call.
const batch: AmericanBatchInputs = {
  omega: Float64Array.from(inputs, (o) => (o.type === 'call' ? 1 : -1)),
  spot: Float64Array.from(inputs, (o) => o.spot), strike: Float64Array.from(inputs, (o) => o.strike),
  t: Float64Array.from(inputs, (o) => o.t), rd: Float64Array.from(inputs, (o) => o.rd),
  rf: Float64Array.from(inputs, (o) => o.rf), vol: Float64Array.from(inputs, (o) => o.vol),
};
const batchOut = new Float64Array(N);
const bawBatchPass = (i: number) => {
  if (i === 0) americanBawBatch(batch, batchOut);
  return batchOut[i];
};

// Evaluations of the smooth-pasting condition per BAW price (all inputs here have one boundary).
let bawEvaluations = 0;
for (const o of inputs) {
  priceAmerican(o, 'baw');
  bawEvaluations += lastBawIterations();
}

function measure(ours: (i: number) => number, peer: ((i: number) => number) | undefined, minMs: number, rounds = 5) {
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    a.push(throughput(ours, minMs).rate);
    if (peer) b.push(throughput(peer, minMs).rate);
  }
  return { ours: median(a), peer: peer ? median(b) : undefined };
}

const rows: string[] = [];
const fmt = (x: number) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k/s` : `${x.toFixed(1)} /s`);

const cases: { label: string; method: AmericanMethod; ql?: QlAmericanEngine; minMs: number; rounds?: number; ours?: (i: number) => number }[] = [
  { label: 'Barone-Adesi-Whaley, per-trade `baroneAdesiWhaley`', method: 'baw', ql: 'baw', minMs: 300 },
  { label: 'Barone-Adesi-Whaley, batch `americanBawBatch`', method: 'baw', ql: 'baw', minMs: 300, ours: bawBatchPass },
  { label: 'Bjerksund-Stensland 1993', method: 'bjerksund_stensland_1993', ql: 'bjerksund_stensland', minMs: 300 },
  { label: 'Bjerksund-Stensland 2002', method: 'bjerksund_stensland_2002', minMs: 300 },
  { label: 'numerical (Andersen-Lake-Offengenden)', method: 'numerical', minMs: 1, rounds: 1 },
];
for (const c of cases) {
  console.log(`measuring ${c.label}`);
  const options = c.ql ? qlOptions(c.ql) : undefined;
  const ours = c.ours ?? ((i: number) => priceAmerican(inputs[i], c.method));
  const peer = options
    ? (i: number) => {
        market.set(inputs[i]);
        return options[i].NPV();
      }
    : undefined;
  const m = measure(ours, peer, c.minMs, c.rounds);
  rows.push(
    `| ${c.label} | ${fmt(m.ours)} | ${m.peer ? fmt(m.peer) : 'not in the JS port'} | ${m.peer ? (m.ours / m.peer).toFixed(1) + 'x' : '-'} |`,
  );
}

console.log(`<!-- bench:begin -->
### src/pricing-core/bench/american.bench.ts: American options per second

${N} random options (calls and puts, S 80..120, K 100, 30..730 days, rd 1..8%, rf 0..8%,
vol 10..50%), one thread, rates per second of process CPU time (\`cpuRate\`: on the shared
machine wall time would count other processes' work), median of alternating rounds. Peer:
@quantlib/ql 0.3.6 engines re-pricing prebuilt options after setting quotes (its idiomatic
use). The JS port has no Bjerksund-Stensland 2002 and no QdFp/Andersen-Lake engine. BAW:
${(bawEvaluations / N).toFixed(2)} evaluations of the smooth-pasting condition per price
(Newton from Haug's seed, Halley's step near the root); the batch API runs the same kernel
over Float64Arrays (same bits, no per-trade object or validation). Target: >= 1 M BAW
prices/s.

| method | ours | QuantLib JS | ours / QuantLib |
|---|---|---|---|
${rows.join('\n')}
<!-- bench:end -->`);
