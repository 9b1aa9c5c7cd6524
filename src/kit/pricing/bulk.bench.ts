// Bulk vanilla pricing in the browser, end to end: 10,000 rows (price and seven greeks)
// handed to the pricing worker pool and back on the main thread, in Debian's headless
// Chromium. Peer, measured in the same page and run: the same batch priced on the main
// thread (priceVanillaBatch), and the per-row PRICING-CLI call (priceOne) a tool would make
// without the batch API. `npx tsx scripts/bench.ts src/kit/pricing/bulk`.
import { median, percentile } from '../../../scripts/bench-kit';
import { openPricingPage } from './testing/browser-harness';

const PAGE = `
import { PricingWorkerPool, browserPricingEndpoint } from './worker-pool';
import { allocateVanillaOutputs, priceVanillaBatch } from '../../pricing-core/batch/vanilla-batch';
import { randomVanillaBatch } from '../../pricing-core/batch/random-inputs';
import { priceOne } from '../../pricing-core/api/price-request';
const w = window as any;
const now = () => performance.now();
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Cold: a fresh pool, the worker's module fetched (from the HTTP cache after the first),
// parsed and started, then the batch priced and returned.
w.cold = async (n: number, reps: number) => {
  const out: number[] = [];
  for (let r = 0; r < reps; r++) {
    const book = randomVanillaBatch(n, 100 + r);
    const t0 = now();
    const pool = new PricingWorkerPool(browserPricingEndpoint, 1);
    await pool.vanillaBatch(book, { transfer: true });
    out.push(now() - t0);
    pool.terminate();
  }
  return out;
};

// Warm: the pool already started. sync = main-thread time until the call returned its
// promise (copies and postMessage): what the page is blocked for.
w.warm = async (n: number, reps: number, workers: number, transfer: boolean) => {
  const pool = new PricingWorkerPool(browserPricingEndpoint, workers);
  pool.warm();
  await pool.vanillaBatch(randomVanillaBatch(1000, 1));
  const total: number[] = [], sync: number[] = [];
  for (let r = 0; r < reps; r++) {
    const book = randomVanillaBatch(n, 200 + r);
    const t0 = now();
    const p = pool.vanillaBatch(book, { transfer, minRowsPerWorker: Math.ceil(n / workers) });
    sync.push(now() - t0);
    const res = await p;
    total.push(now() - t0);
    if (!(res.npv.length === n)) throw new Error('short result');
  }
  pool.terminate();
  return { total, sync };
};

w.mainBatch = (n: number, reps: number) => {
  const out: number[] = [];
  let sink = 0;
  for (let r = 0; r < reps; r++) {
    const book = randomVanillaBatch(n, 200 + r);
    const t0 = now();
    const res = allocateVanillaOutputs(n);
    priceVanillaBatch(book, res);
    out.push(now() - t0);
    sink += res.npv[0];
  }
  return { out, sink };
};

w.perRow = (n: number, reps: number) => {
  const out: number[] = [];
  let sink = 0;
  for (let r = 0; r < reps; r++) {
    const b = randomVanillaBatch(n, 200 + r);
    const t0 = now();
    for (let i = 0; i < n; i++) {
      const res = priceOne({ model: 'vanilla', type: b.omega[i] > 0 ? 'call' : 'put', spot: b.spot[i], strike: b.strike[i], t: b.t[i], rd: b.rd[i], rf: b.rf[i], vol: b.vol[i] }) as any;
      sink += res.npv ?? res.price ?? 0;
    }
    out.push(now() - t0);
  }
  return { out, sink };
};
w.cores = navigator.hardwareConcurrency;
w.ready = true;
`;

const N = 10_000;
const h = await openPricingPage(PAGE);
try {
  const ev = <T>(fn: string, ...args: unknown[]) => h.page.evaluate(([f, a]) => (window as any)[f as string](...(a as unknown[])), [fn, args] as const) as Promise<T>;
  const cores = await h.page.evaluate(() => (window as any).cores as number);
  // Alternating rounds, so the shared machine's noise falls on both sides alike.
  const warmCopy: number[] = [], warmTransfer: number[] = [], syncCopy: number[] = [], main: number[] = [], cold: number[] = [];
  for (let round = 0; round < 5; round++) {
    const a = await ev<{ total: number[]; sync: number[] }>('warm', N, 20, 1, false);
    warmCopy.push(...a.total);
    syncCopy.push(...a.sync);
    warmTransfer.push(...(await ev<{ total: number[] }>('warm', N, 20, 1, true)).total);
    main.push(...(await ev<{ out: number[] }>('mainBatch', N, 20)).out);
    cold.push(...(await ev<number[]>('cold', N, 2)));
  }
  const perRow = (await ev<{ out: number[] }>('perRow', N, 5)).out;
  const big = await ev<{ total: number[] }>('warm', 100_000, 10, 1, true);
  const big2 = await ev<{ total: number[] }>('warm', 100_000, 10, 2, true);
  const mainBig = (await ev<{ out: number[] }>('mainBatch', 100_000, 10)).out;

  const ms = (xs: number[]) => `${median(xs).toFixed(2)} ms`;
  const p90 = (xs: number[]) => `${percentile([...xs].sort((a, b) => a - b), 90).toFixed(2)} ms`;
  const rate = (xs: number[], n = N) => `${((n / median(xs)) * 1000 / 1e6).toFixed(2)} M rows/s`;
  const vsMain = (xs: number[], ref = main) => `${(median(xs) / median(ref)).toFixed(2)}x`;
  console.log(`<!-- bench:begin -->
### src/kit/pricing/bulk.bench.ts: bulk vanilla pricing in the browser, off the main thread

${N.toLocaleString('en')} random European FX vanillas (\`randomVanillaBatch\`), price and seven greeks, in
headless Chromium (${cores} logical cores) through the kit's pricing pool
(\`priceVanillaBatchInWorkers\`: module Web Worker, Float64Arrays transferred both ways).
End to end = from the call on the main thread to the outputs back on it. Peer measured in
the same page and run: the same batch on the main thread (\`priceVanillaBatch\`), and the
per-row PRICING-CLI call (\`priceOne\`). Median (p90) over 100 runs in alternating rounds;
cold over 10. Target: 10,000 rows with greeks well under 1 s end to end.

| case | median (p90) | throughput | time / main-thread batch |
|---|---|---|---|
| workers, warm, inputs copied (default) | ${ms(warmCopy)} (${p90(warmCopy)}) | ${rate(warmCopy)} | ${vsMain(warmCopy)} |
| workers, warm, inputs transferred | ${ms(warmTransfer)} (${p90(warmTransfer)}) | ${rate(warmTransfer)} | ${vsMain(warmTransfer)} |
| workers, cold (new worker started and loaded) | ${ms(cold)} (${p90(cold)}) | ${rate(cold)} | ${vsMain(cold)} |
| main thread blocked by the worker call (copy + postMessage) | ${ms(syncCopy)} (${p90(syncCopy)}) | - | ${vsMain(syncCopy)} |
| peer: main-thread batch \`priceVanillaBatch\` | ${ms(main)} (${p90(main)}) | ${rate(main)} | 1.00x |
| peer: main-thread per-row \`priceOne\` (PRICING-CLI) | ${ms(perRow)} | ${rate(perRow)} | ${vsMain(perRow)} |
| 100,000 rows, 1 worker, warm, transferred | ${ms(big.total)} | ${rate(big.total, 100_000)} | ${vsMain(big.total, mainBig)} of main-thread 100k |
| 100,000 rows, 2 workers, warm, transferred | ${ms(big2.total)} | ${rate(big2.total, 100_000)} | ${vsMain(big2.total, mainBig)} of main-thread 100k |
| peer: 100,000 rows main-thread batch | ${ms(mainBig)} | ${rate(mainBig, 100_000)} | 1.00x |

The workers cost a message round trip over the main-thread batch but leave the page free to
paint and take input (the main thread is blocked only for the copy-and-post line); on this
2-core machine a second worker competes with the page and the test harness.
<!-- bench:end -->`);
} finally {
  await h.close();
}
