// American option throughput: our engines against QuantLib's JS port on the same inputs,
// measured in alternating rounds in one process, per second of process CPU time (cpuRate).
// QuantLib is used idiomatically: options built once on a quote-driven process, then
// re-priced after the quotes change. Each of our engines runs in its own loop function (a
// call site shared by several engines would turn megamorphic and time the dispatch).
// Accuracy: the largest error against the `numerical` method over the first ACC inputs.
import { type AmericanInputs, andersenLakeOffengenden, baroneAdesiWhaley, bjerksundStensland, qdFixedPoint } from '../engines/american';
import { lastBawIterations } from '../engines/american/barone-adesi-whaley';
import { americanBawBatch, americanQdFpBatch, type AmericanBatchInputs } from '../batch/american-batch';
import { qlAmericanOption, qlQuotedMarket, type QlAmericanEngine } from '../mc/ql-peer';
import { Xoshiro128 } from '../math/random';
import { cpuRate, median } from '../../../scripts/bench-kit';

const N = 2000;
const ACC = 150;
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

// The same options as struct-of-arrays for the batch API; it prices all N per call.
const batch: AmericanBatchInputs = {
  omega: Float64Array.from(inputs, (o) => (o.type === 'call' ? 1 : -1)),
  spot: Float64Array.from(inputs, (o) => o.spot), strike: Float64Array.from(inputs, (o) => o.strike),
  t: Float64Array.from(inputs, (o) => o.t), rd: Float64Array.from(inputs, (o) => o.rd),
  rf: Float64Array.from(inputs, (o) => o.rf), vol: Float64Array.from(inputs, (o) => o.vol),
};
const batchOut = new Float64Array(N);
let sink = 0;

// One loop function per engine: each returns the number of options priced.
const loops = {
  baw: () => { for (let i = 0; i < N; i++) sink += baroneAdesiWhaley(inputs[i]); return N; },
  bawBatch: () => { americanBawBatch(batch, batchOut); sink += batchOut[N - 1]; return N; },
  bs1993: () => { for (let i = 0; i < N; i++) sink += bjerksundStensland(inputs[i], 1993); return N; },
  bs2002: () => { for (let i = 0; i < N; i++) sink += bjerksundStensland(inputs[i], 2002); return N; },
  qdfp: () => { for (let i = 0; i < N; i++) sink += qdFixedPoint(inputs[i]); return N; },
  qdfpBatch: () => { americanQdFpBatch(batch, batchOut); sink += batchOut[N - 1]; return N; },
  numerical: () => { for (let i = 0; i < 4; i++) sink += andersenLakeOffengenden(inputs[i]); return 4; },
};

function peerLoop(engine: QlAmericanEngine): () => number {
  const options = qlOptions(engine);
  return () => {
    for (let i = 0; i < N; i++) {
      market.set(inputs[i]);
      sink += options[i].NPV();
    }
    return N;
  };
}

// Evaluations of the smooth-pasting condition per BAW price (all inputs here have one boundary).
let bawEvaluations = 0;
for (const o of inputs) {
  baroneAdesiWhaley(o);
  bawEvaluations += lastBawIterations();
}

console.log(`reference values (numerical) for ${ACC} inputs`);
const reference = inputs.slice(0, ACC).map((o) => andersenLakeOffengenden(o));
function maxError(price: (o: AmericanInputs, i: number) => number): number {
  let e = 0;
  for (let i = 0; i < ACC; i++) e = Math.max(e, Math.abs(price(inputs[i], i) - reference[i]) / inputs[i].strike);
  return e;
}

function measure(ours: () => number, peer: (() => number) | undefined, minMs: number, rounds = 5) {
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    a.push(cpuRate(ours, minMs));
    if (peer) b.push(cpuRate(peer, minMs));
  }
  return { ours: median(a), peer: peer ? median(b) : undefined };
}

const rows: string[] = [];
const fmt = (x: number) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k/s` : `${x.toFixed(1)} /s`);
const fmtErr = (x: number | undefined) => (x === undefined ? '-' : x.toExponential(1));

const qlJu = qlOptions('ju');
const cases: {
  label: string; ours: () => number; peer?: QlAmericanEngine; peerLabel?: string; minMs: number; rounds?: number;
  error?: number; peerError?: number;
}[] = [
  { label: 'Barone-Adesi-Whaley, per-trade `baroneAdesiWhaley`', ours: loops.baw, peer: 'baw', minMs: 300, error: maxError((o) => baroneAdesiWhaley(o)) },
  { label: 'Barone-Adesi-Whaley, batch `americanBawBatch`', ours: loops.bawBatch, peer: 'baw', minMs: 300 },
  { label: 'Bjerksund-Stensland 1993', ours: loops.bs1993, peer: 'bjerksund_stensland', minMs: 300, error: maxError((o) => bjerksundStensland(o, 1993)) },
  { label: 'Bjerksund-Stensland 2002', ours: loops.bs2002, minMs: 300, error: maxError((o) => bjerksundStensland(o, 2002)) },
  {
    label: '`qdfp` (QD+ start, Newton on the boundary), per-trade', ours: loops.qdfp, peer: 'ju', peerLabel: 'Ju quadratic (an approximation)', minMs: 300,
    error: maxError((o) => qdFixedPoint(o)),
    peerError: maxError((o, i) => { market.set(o); return qlJu[i].NPV(); }),
  },
  { label: '`qdfp`, batch `americanQdFpBatch`', ours: loops.qdfpBatch, minMs: 300 },
  { label: '`numerical` (Andersen-Lake-Offengenden, the reference)', ours: loops.numerical, minMs: 1, rounds: 1 },
];
for (const c of cases) {
  console.log(`measuring ${c.label}`);
  const m = measure(c.ours, c.peer ? peerLoop(c.peer) : undefined, c.minMs, c.rounds);
  const peerName = c.peerLabel ?? (c.peer ? 'QuantLib JS, same method' : '');
  rows.push(
    `| ${c.label} | ${fmt(m.ours)} | ${fmtErr(c.error)} | ${m.peer ? `${fmt(m.peer)} (${peerName})` : 'not in the JS port'} | ${fmtErr(c.peerError)} | ${m.peer ? (m.ours / m.peer).toFixed(0) + 'x' : '-'} |`,
  );
}
if (!(Math.abs(sink) >= 0)) console.log('');

console.log(`<!-- bench:begin -->
### src/pricing-core/bench/american.bench.ts: American options per second

${N} random options (calls and puts, S 80..120, K 100, 30..730 days, rd 1..8%, rf 0..8%,
vol 10..50%), one thread, rates per second of process CPU time (\`cpuRate\`: on the shared
machine wall time would count other processes' work), median of alternating rounds. Peer:
@quantlib/ql 0.3.6 engines re-pricing prebuilt options after setting quotes (its idiomatic
use). The JS port has no Bjerksund-Stensland 2002 and no QdFp/Andersen-Lake engine, and its
FdBlackScholesVanillaEngine returns the intrinsic value for American exercise (so no
finite-difference peer); its Ju quadratic approximation is the peer of \`qdfp\`. Error: the
largest |value - numerical| / strike over the first ${ACC} inputs (\`numerical\` agrees with our
Crank-Nicolson to ~1e-7 and with itself at 64 nodes to ~1e-10). BAW:
${(bawEvaluations / N).toFixed(2)} evaluations of the smooth-pasting condition per price; the batch
APIs run the same kernels over Float64Arrays (same bits). Targets: BAW >= 1 M/s; \`qdfp\` >= 20,000/s
within 1e-6 of the strike.

| method | ours | error / K | QuantLib JS | its error / K | ours / QuantLib |
|---|---|---|---|---|---|
${rows.join('\n')}
<!-- bench:end -->`);
