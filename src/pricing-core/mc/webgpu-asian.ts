/// <reference types="@webgpu/types" />
// WebGPU Monte Carlo kernel (WGSL) for the arithmetic average-rate Asian option under GBM,
// with the geometric-average control variate: each invocation simulates `pathsPerThread`
// paths with its own PCG32 stream (seeded from the job seed and its global index, so the
// result depends on the seed and path count only) and Box-Muller normals, and writes five
// f32 sums (y, y^2, c, c^2, y c). The CPU adds them up in f64 and applies the same estimator
// as the CPU engine (combineBlocks). Single precision: each path's payoff carries ~1e-7
// relative rounding, far below the statistical error; results agree with the CPU engine
// within statistical error, not bit for bit (different random numbers).
//
// Platform-neutral: the caller passes a GPU (navigator.gpu in browsers, the `webgpu`
// package's create() in Node).
import type { BlockSums, McJob } from './job';
import { combineBlocks, type McResult, validateJob } from './engine';

const WORKGROUP = 64;

const SHADER = /* wgsl */ `
struct Params {
  steps: u32,
  fixings: u32,
  pathsPerThread: u32,
  threads: u32,
  seed: u32,
  isCall: u32,
  fixingsAtZero: u32,
  _pad: u32,
  logSpot: f32,
  strike: f32,
  invFixings: f32,
  _pad2: f32,
};

@group(0) @binding(0) var<uniform> params: Params;
// Per simulation step: log-drift increment, vol * sqrt(dt), 1 if the step is a fixing.
@group(0) @binding(1) var<storage, read> steps: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> sums: array<f32>;

fn pcgHash(v: u32) -> u32 {
  let state = v * 747796405u + 2891336453u;
  let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}

struct Rng { state: u32 };

fn nextU32(rng: ptr<function, Rng>) -> u32 {
  let old = (*rng).state;
  (*rng).state = old * 747796405u + 2891336453u;
  let word = ((old >> ((old >> 28u) + 4u)) ^ old) * 277803737u;
  return (word >> 22u) ^ word;
}

fn uniform01(rng: ptr<function, Rng>) -> f32 {
  // 24 random bits, centred in their cell: never 0 or 1.
  return (f32(nextU32(rng) >> 8u) + 0.5) * (1.0 / 16777216.0);
}

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let id = gid.x + gid.y * nwg.x * ${WORKGROUP}u;
  if (id >= params.threads) { return; }
  var rng: Rng;
  rng.state = pcgHash(pcgHash(params.seed) ^ (id * 2654435761u + 1u));
  let spot = exp(params.logSpot);
  let zeroSum = f32(params.fixingsAtZero) * spot;
  let zeroLog = f32(params.fixingsAtZero) * params.logSpot;
  var sy = 0.0; var syy = 0.0; var sc = 0.0; var scc = 0.0; var syc = 0.0;
  var spare = 0.0;
  var haveSpare = false;
  for (var p = 0u; p < params.pathsPerThread; p++) {
    var x = params.logSpot;
    var sum = zeroSum;
    var logSum = zeroLog;
    for (var i = 0u; i < params.steps; i++) {
      var z: f32;
      if (haveSpare) {
        z = spare;
        haveSpare = false;
      } else {
        let u1 = uniform01(&rng);
        let u2 = uniform01(&rng);
        let r = sqrt(-2.0 * log(u1));
        let a = 6.283185307179586 * u2;
        z = r * cos(a);
        spare = r * sin(a);
        haveSpare = true;
      }
      let s = steps[i];
      x = x + s.x + s.y * z;
      if (s.z > 0.5) {
        sum = sum + exp(x);
        logSum = logSum + x;
      }
    }
    let avg = sum * params.invFixings;
    let geo = exp(logSum * params.invFixings);
    var y: f32;
    var c: f32;
    if (params.isCall == 1u) {
      y = max(avg - params.strike, 0.0);
      c = max(geo - params.strike, 0.0);
    } else {
      y = max(params.strike - avg, 0.0);
      c = max(params.strike - geo, 0.0);
    }
    sy += y; syy += y * y; sc += c; scc += c * c; syc += y * c;
  }
  let o = id * 5u;
  sums[o] = sy; sums[o + 1u] = syy; sums[o + 2u] = sc; sums[o + 3u] = scc; sums[o + 4u] = syc;
}
`;

export interface GpuAsianOptions {
  /** Paths each GPU invocation simulates (default 64). */
  pathsPerThread?: number;
}

/** A compiled kernel on one device; reuse it for many jobs. */
export class WebGpuAsianKernel {
  private constructor(
    private readonly device: GPUDevice,
    private readonly pipeline: GPUComputePipeline,
  ) {}

  static async create(gpu: GPU): Promise<WebGpuAsianKernel | undefined> {
    const adapter = await gpu.requestAdapter();
    if (!adapter) return undefined;
    const device = await adapter.requestDevice();
    const module = device.createShaderModule({ code: SHADER });
    const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
    return new WebGpuAsianKernel(device, pipeline);
  }

  /** Arithmetic average-rate Asian (job.payoff.kind must be arithmeticAverageRate; pseudo-random only). */
  async run(job: McJob, opts: GpuAsianOptions = {}): Promise<McResult> {
    validateJob(job);
    if (job.payoff.kind !== 'arithmeticAverageRate') throw new RangeError('the GPU kernel prices arithmetic average-rate Asians only');
    const { spot, rd, rf, vol } = job.model;
    const times = [...new Set([...job.fixings.filter((t) => t > 0), job.expiry])].sort((a, b) => a - b);
    const fixingSet = new Set(job.fixings.filter((t) => t > 0));
    const stepData = new Float32Array(times.length * 4);
    let prev = 0;
    for (let i = 0; i < times.length; i++) {
      const dt = times[i] - prev;
      prev = times[i];
      stepData[4 * i] = (rd - rf - 0.5 * vol * vol) * dt;
      stepData[4 * i + 1] = vol * Math.sqrt(dt);
      stepData[4 * i + 2] = fixingSet.has(times[i]) ? 1 : 0;
    }
    // A repeated fixing time counts once per repetition: weight via duplicates is not
    // supported on the GPU; refuse rather than mis-price.
    if (fixingSet.size !== job.fixings.filter((t) => t > 0).length) throw new RangeError('repeated fixing times are not supported on the GPU');
    const pathsPerThread = Math.max(1, Math.floor(opts.pathsPerThread ?? 64));
    const threads = Math.max(1, Math.ceil(job.paths / pathsPerThread));

    const params = new ArrayBuffer(48);
    const u = new Uint32Array(params);
    const f = new Float32Array(params);
    u[0] = times.length;
    u[1] = job.fixings.length;
    u[2] = pathsPerThread;
    u[3] = threads;
    u[4] = job.seed >>> 0;
    u[5] = job.payoff.type === 'call' ? 1 : 0;
    u[6] = job.fixings.filter((t) => t === 0).length;
    f[8] = Math.log(spot);
    f[9] = job.payoff.strike;
    f[10] = 1 / job.fixings.length;

    const d = this.device;
    const paramBuf = d.createBuffer({ size: 48, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    d.queue.writeBuffer(paramBuf, 0, params);
    const stepBuf = d.createBuffer({ size: stepData.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    d.queue.writeBuffer(stepBuf, 0, stepData);
    const outSize = threads * 5 * 4;
    const outBuf = d.createBuffer({ size: outSize, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
    const readBuf = d.createBuffer({ size: outSize, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const bind = d.createBindGroup({
      layout: this.pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: paramBuf } },
        { binding: 1, resource: { buffer: stepBuf } },
        { binding: 2, resource: { buffer: outBuf } },
      ],
    });
    const enc = d.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, bind);
    const groups = Math.ceil(threads / WORKGROUP);
    // Stay within the per-dimension dispatch limit by folding into y.
    pass.dispatchWorkgroups(Math.min(groups, 65535), Math.ceil(groups / 65535));
    pass.end();
    enc.copyBufferToBuffer(outBuf, 0, readBuf, 0, outSize);
    d.queue.submit([enc.finish()]);
    await readBuf.mapAsync(GPUMapMode.READ);
    const out = new Float32Array(readBuf.getMappedRange().slice(0));
    readBuf.unmap();
    for (const b of [paramBuf, stepBuf, outBuf, readBuf]) b.destroy();

    const blocks: BlockSums[] = [];
    for (let t = 0; t < threads; t++) {
      const o = 5 * t;
      blocks.push({ block: t, replica: 0, n: pathsPerThread, sy: out[o], syy: out[o + 1], sc: out[o + 2], scc: out[o + 3], syc: out[o + 4] });
    }
    return combineBlocks({ ...job, generator: 'pseudo', antithetic: false, paths: threads * pathsPerThread }, blocks);
  }

  destroy(): void {
    this.device.destroy();
  }
}
