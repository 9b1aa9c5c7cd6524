// Runs structured-product Monte Carlo jobs on WebGPU in this Node process and prints one JSON
// line: { adapter, results: [{ npv, stderr, ..., ms }] } or { skip: reason } / { error }.
// Input: a JSON file (argv[2]) holding an array of StructuredJob. Used by the GPU test and the
// benchmark, which start it as a child process so the Vulkan environment (swiftShaderEnv)
// is in place at start-up.
import { readFileSync } from 'node:fs';
import { nodeGpu } from './webgpu-node';
import { WebGpuStructuredEngine } from '../../src/pricing-core/mc/structured/webgpu';
import type { StructuredJob } from '../../src/pricing-core/mc/structured/program';

async function main(): Promise<void> {
  const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8')) as StructuredJob[];
  const gpu = await nodeGpu();
  if (!gpu) return void console.log(JSON.stringify({ skip: 'the webgpu package did not load' }));
  const engine = await WebGpuStructuredEngine.create(gpu);
  if (!engine) return void console.log(JSON.stringify({ skip: 'no WebGPU adapter on this machine' }));
  const results = [];
  for (const job of jobs) {
    const t0 = performance.now();
    const r = await engine.run(job);
    results.push({ ...r, ms: performance.now() - t0 });
  }
  const adapter = engine.adapterName;
  engine.destroy();
  console.log(JSON.stringify({ adapter, results }));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.log(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }));
    process.exit(1);
  },
);
