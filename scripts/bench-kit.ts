// Measuring helpers shared by every `*.bench.ts` (see scripts/bench.ts for the contract).
import os from 'node:os';

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Value at percentile `p` (0-100) of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function machine(): string {
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
}

/** Calls per second of `fn` over about `ms` of wall time, checking the clock every `batch` calls. */
export function wallRate(fn: () => void, ms: number, batch = 10): number {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < batch; i++) fn();
    n += batch;
    t = performance.now();
  }
  return n / ((t - t0) / 1000);
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Operations per second of this process's CPU time; `run` returns how many operations it
 * did. On the shared 2-core machines wall time would count other processes' work against
 * whichever side happened to run then.
 */
export function cpuRate(run: () => number, minMs: number): number {
  let count = 0;
  const t0 = cpuMs();
  let dt = 0;
  do {
    count += run();
    dt = cpuMs() - t0;
  } while (dt < minMs);
  return (count / dt) * 1000;
}
