import { describe, expect, it } from 'vitest';
import { templatePackage } from '../../instruments/structured/templates';
import { resolvePackage } from '../../instruments/structured/resolve';
import { combineStructured, lowerProduct, planStructuredBlocks, runStructuredBlock, runStructuredJob } from './index';
import { dimensionsOf } from './program';

const fx = { spot: 7.1, rd: 0.02, rf: 0.04, vol: 0.06 };
const snowball = (maturity = 1, params: Record<string, number> = {}) => resolvePackage(templatePackage('snowball', { timeline: 'years', maturity, params }));

describe('structured Monte Carlo engine mechanics', () => {
  it('blocks combine to the same bits in any order (so any number of workers gives the same answer)', () => {
    for (const generator of ['sobol', 'pseudo'] as const) {
      const job = lowerProduct(snowball(), fx, { paths: 12_000, generator, seed: 12 });
      const blocks = planStructuredBlocks(job).map((t) => runStructuredBlock(job, t));
      const a = combineStructured(job, blocks);
      const b = combineStructured(job, [...blocks].reverse());
      expect(b).toEqual(a);
      expect(runStructuredJob(job)).toEqual(a);
    }
  });

  it('with zero volatility every path is the forward path: knock-out at the first date the forward reaches the level', () => {
    const m = { spot: 100, rd: 0.1, rf: 0, vol: 0 };
    // Forward 100 e^{0.1 t} reaches 103% (koStepDown 0) at t = ln(1.03)/0.1 = 0.2956: first monthly date on or after it is 4/12.
    const job = lowerProduct(snowball(1, { koStepDown: 0, coupon: 0.2 }), m, { paths: 4096 });
    const r = runStructuredJob(job);
    expect(r.stderr).toBeLessThan(1e-14);
    expect(r.npv).toBeCloseTo(Math.exp(-0.1 * (4 / 12)) * (1 + 0.2 * (4 / 12)), 14);
    expect(r.ruleProbabilities[0]).toEqual({ label: 'koDates#1', probability: 1 });
    expect(r.expectedLife).toBeCloseTo(4 / 12, 14);
  });

  it('the controls never widen the pseudo-random error, and help the accumulator', () => {
    const acc = resolvePackage(templatePackage('accumulator', { timeline: 'years', maturity: 1 }));
    const r = runStructuredJob(lowerProduct(acc, fx, { paths: 65_536, generator: 'pseudo' }));
    expect(r.controlVariate).toBe(true);
    expect(r.stderr).toBeLessThan(r.stderrPlain);
    const off = runStructuredJob(lowerProduct(acc, fx, { paths: 65_536, generator: 'pseudo', controlVariate: false }));
    expect(off.controlVariate).toBe(false);
    expect(Math.abs(off.npv - r.npv)).toBeLessThan(4 * Math.hypot(off.stderr, r.stderr));
  });

  it('more than 1024 simulated dates fall back to pseudo-random numbers (and say so)', () => {
    const job = lowerProduct(snowball(5, { koStepDown: 0 }), fx, { paths: 2048 });
    expect(dimensionsOf(job.program)).toBeGreaterThan(1024);
    expect(job.generator).toBe('pseudo');
    expect(runStructuredJob(job).generator).toBe('pseudo');
  });

  it('a knock-out test comes before a knock-in test on a shared date, and the knock-in rule stops once it fired', () => {
    const job = lowerProduct(snowball(), fx, { paths: 8192 });
    const p = job.program;
    // Every knock-out date is also a knock-in date here; the knock-out rule is first in each slot.
    for (const ev of p.events) if (ev.length >= 4 && ev.includes(0)) expect(ev[0]).toBe(0);
    expect(p.rules.map((r) => r.kind === 'discrete' && r.idempotent)).toEqual([false, true, false]);
  });
});
