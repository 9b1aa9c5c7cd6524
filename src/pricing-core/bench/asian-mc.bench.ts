// Arithmetic Asian Monte Carlo throughput in path-steps per second: our engine on one thread
// (pseudo-random and Sobol), the worker pool with 1 and 2 workers, and the WebGPU kernel
// where an adapter exists (here SwiftShader, a CPU emulation: not a GPU speed). Peer: a
// textbook JavaScript simulation of the same option (Math.random, Box-Muller, no variance
// reduction) in the same process, because the QuantLib JS port's MC Asian engine fails
// inside the library. Also the standard error each reaches, which is what the time buys.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runMonteCarlo, type McResult } from '../mc/engine';
import type { McJob } from '../mc/job';
import { createNodeMcPool } from '../../../workers/pricing/node-pool';
import { swiftShaderEnv } from '../../../workers/pricing/webgpu-node';
import { median } from '../../../scripts/bench-kit';

const STEPS = 12;
const PATHS = 1 << 18;
const fixings = Array.from({ length: STEPS }, (_, i) => (i + 1) / STEPS);
const job = (generator: 'sobol' | 'pseudo', paths = PATHS): McJob => ({
  model: { spot: 100, rd: 0.05, rf: 0.01, vol: 0.3 }, fixings, expiry: 1,
  payoff: { kind: 'arithmeticAverageRate', type: 'call', strike: 100 },
  paths, seed: 42, generator, antithetic: false, controlVariate: true,
});

/** The textbook simulation: what one writes without an engine. */
function naive(paths: number): McResult {
  const { spot, rd, rf, vol } = job('pseudo').model;
  const dt = 1 / STEPS;
  const drift = (rd - rf - 0.5 * vol * vol) * dt;
  const sd = vol * Math.sqrt(dt);
  let sum = 0;
  let sum2 = 0;
  for (let p = 0; p < paths; p++) {
    let s = spot;
    let avg = 0;
    for (let i = 0; i < STEPS; i++) {
      const z = Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
      s *= Math.exp(drift + sd * z);
      avg += s;
    }
    const y = Math.max(avg / STEPS - 100, 0);
    sum += y;
    sum2 += y * y;
  }
  const df = Math.exp(-rd);
  const m = sum / paths;
  return { npv: df * m, stderr: (df * Math.sqrt(Math.max(sum2 / paths - m * m, 0))) / Math.sqrt(paths), paths };
}

async function timeIt(f: () => McResult | Promise<McResult>, rounds = 3): Promise<{ ms: number; r: McResult }> {
  const ms: number[] = [];
  let r!: McResult;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    r = await f();
    ms.push(performance.now() - t0);
  }
  return { ms: median(ms), r };
}

const rate = (ms: number, paths = PATHS) => (paths * STEPS) / (ms / 1000);
const fmt = (x: number) => `${(x / 1e6).toFixed(2)} M`;
const rows: string[] = [];

console.log('warming up');
naive(20_000);
runMonteCarlo(job('pseudo', 20_000));
runMonteCarlo(job('sobol', 20_000));

console.log('single thread');
const peer = await timeIt(() => naive(PATHS));
const pseudo = await timeIt(() => runMonteCarlo(job('pseudo')));
const sobol = await timeIt(() => runMonteCarlo(job('sobol')));
const line = (label: string, m: { ms: number; r: McResult }) =>
  `| ${label} | ${fmt(rate(m.ms))} | ${(rate(m.ms) / rate(peer.ms)).toFixed(2)} | ${m.r.npv.toFixed(5)} | ${m.r.stderr.toExponential(2)} |`;
rows.push(line('textbook JS (peer): Math.random, Box-Muller, no variance reduction', peer));
rows.push(line('ours, 1 thread: xoshiro128** + ziggurat, geometric control variate', pseudo));
rows.push(line('ours, 1 thread: Sobol + Brownian bridge (16 shifted replicas) + control variate', sobol));

console.log('worker pool');
const pools = [createNodeMcPool(1), createNodeMcPool(2)];
for (const p of pools) await p.run(job('pseudo', 40_000)); // start threads, load code, JIT
const scaling: { w: number; ms: number }[] = [];
for (const p of pools) {
  const m = await timeIt(() => p.run(job('pseudo', 2 * PATHS)));
  scaling.push({ w: p.size, ms: m.ms });
  rows.push(`| ours, worker pool, ${p.size} worker${p.size > 1 ? 's' : ''} (pseudo-random, ${2 * PATHS} paths) | ${fmt(rate(m.ms, 2 * PATHS))} | ${(rate(m.ms, 2 * PATHS) / rate(peer.ms)).toFixed(2)} | ${m.r.npv.toFixed(5)} | ${m.r.stderr.toExponential(2)} |`);
  p.terminate();
}

console.log('webgpu');
let gpuNote = '';
const runner = fileURLToPath(new URL('../../../workers/pricing/webgpu-node-runner.ts', import.meta.url));
const gpuJobs = [job('pseudo', 1 << 16), job('pseudo', PATHS), job('pseudo', PATHS)];
const g = spawnSync(process.execPath, ['--import', 'tsx', runner, JSON.stringify(gpuJobs)], {
  env: { ...process.env, ...swiftShaderEnv() }, encoding: 'utf8', timeout: 300_000,
});
try {
  const out = JSON.parse(g.stdout.trim().split('\n').pop() ?? '');
  if (out.results) {
    const best = out.results.slice(1).reduce((a: { ms: number }, b: { ms: number }) => (a.ms < b.ms ? a : b));
    rows.push(`| WebGPU kernel (f32) on ${out.adapter} - a CPU emulation, not a GPU | ${fmt(rate(best.ms))} | ${(rate(best.ms) / rate(peer.ms)).toFixed(2)} | ${best.npv.toFixed(5)} | ${best.stderr.toExponential(2)} |`);
    gpuNote = 'No real GPU exists on this machine: the SwiftShader row is the speed of a CPU emulation of the kernel, not a GPU speed; it shows the kernel runs and agrees.';
  } else {
    gpuNote = `WebGPU not measured: ${out.skip ?? out.error}.`;
  }
} catch {
  gpuNote = `WebGPU not measured: the runner failed (exit ${g.status}).`;
}

const [one, two] = scaling;
console.log(`<!-- bench:begin -->
### src/pricing-core/bench/asian-mc.bench.ts: arithmetic Asian Monte Carlo

Average-rate call, S = K = 100, 1 year, 12 monthly fixings, rd 5%, rf 1%, vol 30%;
${PATHS} paths (${PATHS * STEPS} path-steps) per run, median of 3 runs. Rate = path-steps per
second. The peer is a textbook JS simulation (the QuantLib JS port's MC Asian engine throws
inside the library, so it cannot be timed).

| engine | path-steps/s | ratio to peer | npv | stderr |
|---|---|---|---|---|
${rows.join('\n')}

Worker scaling, 2 workers vs 1: ${(one.ms / two.ms).toFixed(2)}x (the machine has 2 logical cores shared
with other processes; results are bit-identical for any worker count). ${gpuNote}
<!-- bench:end -->`);
