// European vanilla throughput, single core: our batch API (price + all seven greeks, and
// implied volatility) against QuantLib's JS port on the same options in the same process.
// QuantLib is used idiomatically: each option is built once on a quote-driven process with
// AnalyticEuropeanEngine; pricing one means setting its market quotes and reading NPV and
// the greeks (delta, gamma, vega, theta, rho, dividendRho); implied vol is
// VanillaOption.impliedVolatility. Rates are ratios of medians over alternating rounds.
import { allocateVanillaOutputs, impliedVolBatch, priceVanillaBatch } from '../batch/vanilla-batch';
import { randomVanillaBatch } from '../batch/random-inputs';
import { peerEuropeanOption, peerImpliedVol, peerMarket, setMarket } from '../testing/quantlib-peer';
import { barrierPrice } from '../engines/barrier/reiner-rubinstein';
import { peerBarrier } from '../testing/quantlib-peer';
import * as ql from '@quantlib/ql';
import { cpuRate, median } from '../../../scripts/bench-kit';

const N = 1_000_000; // our batch size
const NPEER = 2000; // QuantLib options (it is ~1000x slower)

// Whole days so that QuantLib's ACT/365F dates give exactly our t.
const inp = randomVanillaBatch(N, 20240601);
for (let i = 0; i < N; i++) inp.t[i] = Math.max(1, Math.round(inp.t[i] * 365)) / 365;
const out = allocateVanillaOutputs(N);

// Rates per second of this process's CPU time (see cpuRate).
const rate = cpuRate;

// --- QuantLib side
const m = peerMarket();
const peerOptions: ql.EuropeanOption[] = [];
for (let i = 0; i < NPEER; i++) {
  peerOptions.push(peerEuropeanOption(m, inp.omega[i] > 0 ? 'call' : 'put', inp.strike[i], Math.round(inp.t[i] * 365)));
}
let sink = 0;
function peerGreeks(): number {
  for (let i = 0; i < NPEER; i++) {
    setMarket(m, inp.spot[i], inp.rd[i], inp.rf[i], inp.vol[i]);
    const o = peerOptions[i];
    sink += o.NPV() + o.delta() + o.gamma() + o.vega() + o.theta() + o.rho() + o.dividendRho();
  }
  return NPEER;
}
function oursGreeks(): number {
  priceVanillaBatch(inp, out);
  sink += out.npv[N - 1];
  return N;
}

// Agreement on the shared options, as a sanity check of what is being compared.
let maxRel = 0;
priceVanillaBatch(inp, out, 0, NPEER);
for (let i = 0; i < NPEER; i++) {
  setMarket(m, inp.spot[i], inp.rd[i], inp.rf[i], inp.vol[i]);
  const v = peerOptions[i].NPV();
  if (v > 1e-6 * inp.spot[i]) maxRel = Math.max(maxRel, Math.abs(out.npv[i] - v) / v);
}

console.log('measuring vanilla price + greeks');
const ourG: number[] = [], peerG: number[] = [];
for (let r = 0; r < 5; r++) { ourG.push(rate(oursGreeks, 200)); peerG.push(rate(peerGreeks, 200)); }

// --- implied volatility on our own premiums
priceVanillaBatch(inp, out);
const price = Float64Array.from(out.npv);
const vols = new Float64Array(N);
const ivInputs = { ...inp, price };
function oursIv(): number { impliedVolBatch(ivInputs, vols); sink += vols[0]; return N; }
const NIV = 300;
function peerIv(): number {
  for (let i = 0; i < NIV; i++) {
    setMarket(m, inp.spot[i], inp.rd[i], inp.rf[i], inp.vol[i]);
    try { sink += peerImpliedVol(m, peerOptions[i], price[i]); } catch { /* QuantLib fails on some deep ITM premiums */ }
  }
  return NIV;
}
let ivErr = 0;
impliedVolBatch(ivInputs, vols);
for (let i = 0; i < N; i++) {
  const e = Math.abs(vols[i] - inp.vol[i]) / inp.vol[i];
  // only where the premium carries the vol (vega not at rounding level)
  if (out.vega[i] * inp.vol[i] > 1e-6 * price[i] && out.vega[i] > 1e-8 * inp.spot[i] && e > ivErr) ivErr = e;
}
console.log('measuring implied vol');
const ourIv: number[] = [], peerIvR: number[] = [];
for (let r = 0; r < 5; r++) { ourIv.push(rate(oursIv, 200)); peerIvR.push(rate(peerIv, 200)); }

// --- barrier (per-trade API, down-and-out calls with rebate)
const NB = 200_000, NBP = 2000;
const bar = (i: number) => ({ type: 'call' as const, barrierType: 'downOut' as const, spot: inp.spot[i], strike: inp.strike[i], barrier: inp.spot[i] * 0.85, rebate: 1, t: inp.t[i], rd: inp.rd[i], rf: inp.rf[i], vol: inp.vol[i] });
const barInputs = Array.from({ length: NB }, (_, i) => bar(i));
function oursBarrier(): number { for (let i = 0; i < NB; i++) sink += barrierPrice(barInputs[i]); return NB; }
function peerBarrierRun(): number {
  for (let i = 0; i < NBP; i++) {
    const b = barInputs[i];
    setMarket(m, b.spot, b.rd, b.rf, b.vol);
    sink += peerBarrier(m, 'call', 'downOut', b.barrier, b.rebate, b.strike, Math.round(b.t * 365));
  }
  return NBP;
}
console.log('measuring barrier');
const ourB: number[] = [], peerB: number[] = [];
for (let r = 0; r < 3; r++) { ourB.push(rate(oursBarrier, 200)); peerB.push(rate(peerBarrierRun, 200)); }

const fmt = (x: number) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : `${(x / 1e3).toFixed(1)} k/s`);
const row = (label: string, a: number[], b: number[], note: string) =>
  `| ${label} | ${fmt(median(a))} | ${fmt(median(b))} | ${(median(a) / median(b)).toFixed(0)}x | ${note} |`;
console.log(`checksum finite: ${Number.isFinite(sink)}`);
console.log(['<!-- bench:begin -->',
  '### European options, barrier (src/pricing-core/bench/european.bench.ts)',
  '',
  `Single core. Ours: the batch API over ${N.toLocaleString('en')} random options (struct of Float64Arrays);`,
  `peer: @quantlib/ql ${NPEER} options built once, re-priced after setting their quotes. Rates per second`,
  'of process CPU time (median of alternating rounds). Targets: vanilla',
  '>= 5 M options/s and >= 30x the peer; implied vol >= 1 M solves/s.',
  '',
  '| workload | ours | QuantLib JS | ratio | note |',
  '|---|---|---|---|---|',
  row('vanilla price + 7 greeks', ourG, peerG, `max relative npv difference ${maxRel.toExponential(1)}`),
  row('implied volatility', ourIv, peerIvR, `max relative vol error ${ivErr.toExponential(1)} where vega carries the vol`),
  row('down-and-out call with rebate (per-trade API vs AnalyticBarrierEngine, new option each)', ourB, peerB, ''),
  '',
  '<!-- bench:end -->'].join('\n'));
