// Runs arithmetic-Asian MC jobs on WebGPU in this Node process and prints one JSON line:
// { adapter: string, results: [{ npv, stderr, paths, ms }] } or { skip: reason }.
// Input: a JSON array of McJob on argv[2]. Used by the GPU test and benchmark, which start
// it as a child process so the Vulkan environment (swiftShaderEnv) is in place at start-up.
import { nodeGpu } from './webgpu-node';
import { WebGpuAsianKernel } from '../../src/pricing-core/mc/webgpu-asian';
import type { McJob } from '../../src/pricing-core/mc/job';

async function main(): Promise<void> {
  const jobs = JSON.parse(process.argv[2] ?? '[]') as McJob[];
  const gpu = await nodeGpu();
  if (!gpu) return void console.log(JSON.stringify({ skip: 'the webgpu package did not load' }));
  const adapter = await gpu.requestAdapter();
  if (!adapter) return void console.log(JSON.stringify({ skip: 'no WebGPU adapter on this machine' }));
  const info = adapter.info;
  const name = [info?.vendor, info?.architecture, info?.device, info?.description].filter(Boolean).join(' ') || 'unknown adapter';
  const kernel = await WebGpuAsianKernel.create(gpu);
  if (!kernel) return void console.log(JSON.stringify({ skip: 'no WebGPU device' }));
  const results = [];
  for (const job of jobs) {
    const t0 = performance.now();
    const r = await kernel.run(job);
    results.push({ ...r, ms: performance.now() - t0 });
  }
  kernel.destroy();
  console.log(JSON.stringify({ adapter: name, fallback: (adapter as { isFallbackAdapter?: boolean }).isFallbackAdapter ?? null, results }));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.log(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }));
    process.exit(1);
  },
);
