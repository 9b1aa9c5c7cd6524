// The browser pricing pool in real Chromium: module workers bundled from pricing-worker.ts,
// typed arrays transferred both ways. Batches give the main thread's bits; tool calls give
// Node's answers (to rounding across JavaScript engines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLocally, PRICE_METHOD } from './offline-core';
import { openPricingPage, type BrowserHarness } from './testing/browser-harness';

const PAGE = `
import { PricingWorkerPool, browserPricingEndpoint } from './worker-pool';
import { allocateVanillaOutputs, priceVanillaBatch } from '../../pricing-core/batch/vanilla-batch';
import { randomVanillaBatch } from '../../pricing-core/batch/random-inputs';
const w = window as any;
const keys = ['npv', 'delta', 'gamma', 'vega', 'theta', 'rhoDomestic', 'rhoForeign'];
w.compare = async (n: number, workers: number, minRows: number, transfer: boolean) => {
  const pool = new PricingWorkerPool(browserPricingEndpoint, workers);
  try {
    const book = randomVanillaBatch(n, 11);
    const want = allocateVanillaOutputs(n);
    priceVanillaBatch(book, want);
    const got = await pool.vanillaBatch(book, { minRowsPerWorker: minRows, transfer });
    let diff = 0;
    for (const k of keys) for (let i = 0; i < n; i++) if (!Object.is(got[k][i], want[k][i])) diff++;
    return { diff, spawned: pool.load().length, detached: book.spot.length === 0 };
  } finally { pool.terminate(); }
};
w.call = async (method: string, content: unknown) => {
  const pool = new PricingWorkerPool(browserPricingEndpoint, 1);
  try { return await pool.call(method, content); } finally { pool.terminate(); }
};
w.ready = true;
`;

function close(a: unknown, b: unknown, path = ''): string[] {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)) ? [] : [`${path}: ${a} vs ${b}`];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => close((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return Object.is(a, b) ? [] : [`${path}: ${String(a)} vs ${String(b)}`];
}

describe('browser pricing pool (Chromium)', () => {
  let h: BrowserHarness;
  beforeAll(async () => { h = await openPricingPage(PAGE); }, 60_000);
  afterAll(async () => { await h?.close(); });

  const compare = (n: number, workers: number, minRows: number, transfer: boolean) =>
    h.page.evaluate(([a, b, c, d]) => (window as any).compare(a, b, c, d), [n, workers, minRows, transfer] as const) as Promise<{ diff: number; spawned: number; detached: boolean }>;

  it('10,000 rows in one worker: the same bits as the main thread; the caller arrays kept unless transferred', async () => {
    expect(await compare(10_000, 2, 20_000, false)).toEqual({ diff: 0, spawned: 1, detached: false });
    expect(await compare(10_000, 1, 20_000, true)).toEqual({ diff: 0, spawned: 1, detached: true });
  }, 30_000);

  it('50,001 rows split over 3 workers: the same bits', async () => {
    expect(await compare(50_001, 3, 10_000, false)).toEqual({ diff: 0, spawned: 3, detached: false });
  }, 30_000);

  it('tool calls and PRICING-CLI requests answer as in Node (to 1e-12), failures identical', async () => {
    const calls: [string, unknown][] = [
      ['ATS.OPTPRICINGSVR.FXVANILLA', { type: 'call', spot: 7.1, t: 0.25, rd: 0.018, rf: 0.045, vol: 0.045, strike: 7.15, notional: 1e6 }],
      [PRICE_METHOD, { requests: [{ model: 'vanilla', type: 'put', spot: 100, strike: 95, t: 0.5, rd: 0.03, rf: 0.01, vol: 0.25 }, { model: 'bad' }] }],
      ['ATS.OPTPRICINGSVR.STRUCTUREDFORWARD', { product: 'seagull', side: 'buy', spot: 7.1, t: 0.5, rd: 0.018, rf: 0.045, vol: 0.05, notional: 1e6, giveUpStrike: 6.8, protectStrike: 7.0, capStrike: 7.5 }],
      ['ATS.OPTPRICINGSVR.FXVANILLA', { type: 'call', spot: -1, t: 0.25, rd: 0, rf: 0, vol: 0.1, strike: 1 }],
    ];
    for (const [method, content] of calls) {
      const got = await h.page.evaluate(([m, c]) => (window as any).call(m, c), [method, content] as const);
      expect(close(got, answerLocally(method, content)), method).toEqual([]);
    }
  }, 30_000);
});
