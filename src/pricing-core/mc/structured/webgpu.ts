/// <reference types="@webgpu/types" />
// Runs a structured-product job on WebGPU with the kernel generated from its program
// (wgsl.ts). Platform-neutral: the caller passes a GPU (navigator.gpu in a browser, the
// `webgpu` package in Node). Compiled pipelines are kept per generated source, so pricing
// the same product again (another seed, a spot or rate bump) does not recompile.
import { combineStructured, type StructuredMcResult } from './combine';
import type { StructuredJob } from './program';
import { blockSumsFromGpu, generateKernel, gpuUnsupported, WORKGROUP } from './wgsl';
import { validateStructuredJob } from './index';

export interface GpuRunOptions {
  /** Sobol points per invocation (default 32). */
  samplesPerThread?: number;
}

export class WebGpuStructuredEngine {
  private readonly pipelines = new Map<string, GPUComputePipeline>();

  private constructor(
    readonly device: GPUDevice,
    readonly adapterName: string,
    /** A software adapter (SwiftShader): correct but slower than CPU workers. */
    readonly fallback: boolean,
  ) {}

  static async create(gpu: GPU): Promise<WebGpuStructuredEngine | undefined> {
    const adapter = await gpu.requestAdapter();
    if (!adapter) return undefined;
    const device = await adapter.requestDevice();
    const info = adapter.info as GPUAdapterInfo & { isFallbackAdapter?: boolean };
    const name = [info?.vendor, info?.architecture, info?.device, info?.description].filter(Boolean).join(' ') || 'unknown adapter';
    const fallback = info?.isFallbackAdapter ?? (adapter as { isFallbackAdapter?: boolean }).isFallbackAdapter ?? /swiftshader/i.test(name);
    return new WebGpuStructuredEngine(device, name, fallback);
  }

  /** Why this job cannot run here (then use the CPU), or undefined. */
  unsupported(job: StructuredJob): string | undefined {
    return gpuUnsupported(job);
  }

  private async pipeline(code: string): Promise<GPUComputePipeline> {
    const hit = this.pipelines.get(code);
    if (hit) return hit;
    const module = this.device.createShaderModule({ code });
    const info = await module.getCompilationInfo();
    const errors = info.messages.filter((m) => m.type === 'error');
    if (errors.length) throw new Error(`WGSL: ${errors.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('; ')}`);
    const p = await this.device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
    if (this.pipelines.size > 16) this.pipelines.delete(this.pipelines.keys().next().value!);
    this.pipelines.set(code, p);
    return p;
  }

  async run(job: StructuredJob, opts: GpuRunOptions = {}): Promise<StructuredMcResult> {
    validateStructuredJob(job);
    const k = generateKernel(job, opts.samplesPerThread ?? 32);
    const pipeline = await this.pipeline(k.code);
    const d = this.device;
    const storage = (data: ArrayBufferView & { byteLength: number }) => {
      const buf = d.createBuffer({ size: Math.max(16, Math.ceil(data.byteLength / 4) * 4), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
      d.queue.writeBuffer(buf, 0, data.buffer, data.byteOffset, data.byteLength);
      return buf;
    };
    const bufs = [storage(k.f32), storage(k.i32), storage(k.u32), storage(k.tasks)];
    const outSize = k.threads * k.stride * 4;
    const out = d.createBuffer({ size: outSize, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
    const read = d.createBuffer({ size: outSize, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const bind = d.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [...bufs, out].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    const enc = d.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bind);
    const groups = Math.ceil(k.threads / WORKGROUP);
    pass.dispatchWorkgroups(Math.min(groups, 65535), Math.ceil(groups / 65535));
    pass.end();
    enc.copyBufferToBuffer(out, 0, read, 0, outSize);
    d.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const result = new Float32Array(read.getMappedRange().slice(0));
    read.unmap();
    for (const b of [...bufs, out, read]) b.destroy();
    return { ...combineStructured(job, blockSumsFromGpu(job, k, result)), engine: 'gpu' };
  }

  destroy(): void {
    this.device.destroy();
  }
}
