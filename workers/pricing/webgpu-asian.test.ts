import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { swiftShaderEnv } from './webgpu-node';
import { runMonteCarlo } from '../../src/pricing-core/mc/engine';
import type { McJob } from '../../src/pricing-core/mc/job';

const runner = fileURLToPath(new URL('./webgpu-node-runner.ts', import.meta.url));

interface RunnerOutput {
  skip?: string;
  error?: string;
  adapter?: string;
  results?: { npv: number; stderr: number; paths: number }[];
}

/** Runs jobs on WebGPU in a child process started with the SwiftShader Vulkan environment. */
function runOnGpu(jobs: McJob[]): RunnerOutput {
  const r = spawnSync(process.execPath, ['--import', 'tsx', runner, JSON.stringify(jobs)], {
    env: { ...process.env, ...swiftShaderEnv() },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as RunnerOutput;
  } catch {
    return { error: `runner printed no result (exit ${r.status}): ${r.stderr.slice(0, 500)}` };
  }
}

const job = (seed: number, type: 'call' | 'put', fixings: number[]): McJob => ({
  model: { spot: 100, rd: 0.04, rf: 0.01, vol: 0.25 },
  fixings,
  expiry: 1,
  payoff: { kind: 'arithmeticAverageRate', type, strike: 102 },
  paths: 131_072,
  seed,
  generator: 'pseudo',
  antithetic: false,
  controlVariate: true,
});

describe('WebGPU arithmetic Asian kernel (Node + Dawn, SwiftShader here)', () => {
  it('agrees with the CPU engine within 3 standard errors and is deterministic per seed', (ctx) => {
    const monthly = Array.from({ length: 12 }, (_, i) => (i + 1) / 12);
    const jobs = [job(1, 'call', monthly), job(1, 'call', monthly), job(2, 'call', monthly), job(3, 'put', [0, 0.25, 0.5, 0.75, 1])];
    const out = runOnGpu(jobs);
    if (out.skip) {
      console.warn(`WebGPU test skipped: ${out.skip}`);
      ctx.skip(out.skip);
      return;
    }
    expect(out.error).toBeUndefined();
    const res = out.results!;
    expect([res[1].npv, res[1].stderr]).toEqual([res[0].npv, res[0].stderr]); // same seed, same numbers
    expect(res[2].npv).not.toBe(res[0].npv);
    for (const i of [0, 3]) {
      const cpu = runMonteCarlo({ ...jobs[i], generator: 'sobol' });
      expect(res[i].stderr).toBeGreaterThan(0);
      expect(Math.abs(res[i].npv - cpu.npv)).toBeLessThan(3 * Math.hypot(res[i].stderr, cpu.stderr));
    }
  });
});
