// The generated WebGPU kernel against the CPU interpreter, in Node through the `webgpu`
// package (Dawn) on Chromium's SwiftShader: same Sobol points, so the two agree far inside
// the standard error (f32 rounding); checked at 3 combined standard errors as required, and
// much closer.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swiftShaderEnv } from './webgpu-node';
import { HolidayCalendar } from '../../src/pricing-core/dates/calendar';
import { addDays, fromISO, toISO } from '../../src/pricing-core/dates/date';
import type { TemplateName } from '../../src/pricing-core/instruments/structured/ast';
import { templatePackage } from '../../src/pricing-core/instruments/structured/templates';
import { parsePackageText } from '../../src/pricing-core/instruments/structured/parser';
import { resolvePackage } from '../../src/pricing-core/instruments/structured/resolve';
import { lowerProduct, runStructuredJob, type StructuredJob, type StructuredMcResult } from '../../src/pricing-core/mc/structured';
import { generateKernel, gpuUnsupported } from '../../src/pricing-core/mc/structured/wgsl';

const runner = fileURLToPath(new URL('./webgpu-structured-runner.ts', import.meta.url));

interface RunnerOutput {
  skip?: string;
  error?: string;
  adapter?: string;
  results?: (StructuredMcResult & { ms: number })[];
}

function runOnGpu(jobs: StructuredJob[]): RunnerOutput {
  const file = join(mkdtempSync(join(tmpdir(), 'sgpu-')), 'jobs.json');
  writeFileSync(file, JSON.stringify(jobs));
  const r = spawnSync(process.execPath, ['--import', 'tsx', runner, file], { env: { ...process.env, ...swiftShaderEnv() }, encoding: 'utf8', timeout: 240_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as RunnerOutput;
  } catch {
    return { error: `runner printed no result (exit ${r.status}): ${r.stderr.slice(0, 500)}` };
  }
}

const fx = { spot: 7.1, rd: 0.02, rf: 0.04, vol: 0.07 };
const years = (t: TemplateName, maturity: number, paths = 8192, seed = 3) =>
  lowerProduct(resolvePackage(templatePackage(t, { timeline: 'years', maturity })), fx, { paths, seed });

/** A seasoned shark-fin on calendar dates: past fixings (fixed slots), continuous monitoring from today. */
function seasonedSharkfin(): StructuredJob {
  const cal = new HolidayCalendar('TST', { holidays: [] });
  const product = templatePackage('sharkfinBullAmerican', { calendar: 'TST', trade: '2025-01-06', maturity: 'start + 6M' });
  const fixings: Record<string, number> = {};
  for (let d = fromISO('2025-01-06'); d <= fromISO('2025-03-03'); d = addDays(d, 1)) fixings[toISO(d)] = 7.1;
  const r = resolvePackage(product, { valuationDate: '2025-03-03', calendars: () => cal, fixings });
  return lowerProduct(r, fx, { paths: 8192, seed: 9 });
}

/**
 * A product of no template: forward start (S0 fixed in a month, so levels are path values),
 * capped and floored monthly returns against the previous month's fixing (fixing(now - ...)),
 * a counter and a digital: the generic expression code on both engines.
 */
function customCliquet(): StructuredJob {
  const { ast, diagnostics } = parsePackageText(`language 1
package Cliquet version 1
underlying fx USDCNY
timeline years
trade 0
start 0.1
maturity 1.1
initialFixing start
schedule months = count 12 from start to maturity
param cap = 2%
param floor = -2%
var total = 0
var ups = 0
on months: set total = total + max(min(spot / fixing(now - 0.075) - 1, cap), floor), set ups = ups + if spot > S0 then 1 else 0
on maturity: pay 1 + max(total, 0) + 0.001 * ups + if spot >= 1.02 * S0 then 0.01 else 0
`);
  expect(diagnostics).toEqual([]);
  return lowerProduct(resolvePackage(ast), fx, { paths: 8192, seed: 5 });
}

describe('generated WebGPU kernel (Node + Dawn, SwiftShader here)', () => {
  it('every kind of product (templates, a seasoned one, a custom forward-start cliquet) agrees with the CPU engine (same Sobol points) and is deterministic', (ctx) => {
    const jobs = [
      years('snowball', 1),
      years('sharkfinBullAmerican', 0.5),
      years('sharkfinBearEuropean', 0.5),
      years('rangeAccrual', 0.5),
      years('accumulator', 1),
      years('threeTier', 0.25),
      seasonedSharkfin(),
      customCliquet(),
      years('snowball', 1),
      years('snowball', 1, 8192, 4),
    ];
    for (const j of jobs) expect(gpuUnsupported(j)).toBeUndefined();
    const out = runOnGpu(jobs);
    if (out.skip) {
      console.warn(`WebGPU test skipped: ${out.skip}`);
      ctx.skip(out.skip);
      return;
    }
    expect(out.error).toBeUndefined();
    const res = out.results!;
    expect(res).toHaveLength(jobs.length);
    for (let i = 0; i < 8; i++) {
      const cpu = runStructuredJob(jobs[i]);
      const gpu = res[i];
      expect(gpu.engine).toBe('gpu');
      expect(Math.abs(gpu.npv - cpu.npv), `job ${i}: ${gpu.npv} vs ${cpu.npv}`).toBeLessThan(3 * Math.hypot(gpu.stderr, cpu.stderr) + 1e-6 * Math.abs(cpu.npv));
      // Same random numbers: only f32 rounding separates them.
      expect(Math.abs(gpu.npv - cpu.npv)).toBeLessThan(Math.max(0.05 * cpu.stderr, 2e-6 * Math.abs(cpu.npv)));
      expect(gpu.ruleProbabilities.map((r) => r.probability)).toEqual(cpu.ruleProbabilities.map((r) => r.probability));
    }
    expect([res[8].npv, res[8].stderr]).toEqual([res[0].npv, res[0].stderr]);
    expect(res[9].npv).not.toBe(res[0].npv);
  }, 240_000);

  it('the kernel is generated from the rules: different products give different code, one product one code', () => {
    const a = generateKernel(years('snowball', 1)).code;
    expect(generateKernel(years('snowball', 1, 8192, 7)).code).toBe(a);
    expect(generateKernel(years('accumulator', 1)).code).not.toBe(a);
    expect(a).toContain('fn runPath');
    expect(gpuUnsupported(lowerProduct(resolvePackage(templatePackage('snowball', { timeline: 'years', maturity: 1 })), fx, { generator: 'pseudo' }))).toMatch(/Sobol/);
  });
});
