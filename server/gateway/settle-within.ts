// Races a promise against a timer. The promise keeps running after a timeout; its result
// is simply no longer wanted (JavaScript cannot cancel it).

export type Settled<T> = { settled: true; value: T } | { settled: false };

/** Resolves with the value of `p` if it settles within `ms`, else `{ settled: false }`. `p` must not reject. */
export function settleWithin<T>(p: Promise<T>, ms: number): Promise<Settled<T>> {
  if (!(ms > 0) || ms === Infinity) return p.then((value) => ({ settled: true as const, value }));
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ settled: false }), ms);
    p.then((value) => {
      clearTimeout(timer);
      resolve({ settled: true, value });
    });
  });
}
