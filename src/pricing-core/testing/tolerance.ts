// Comparison helper for the tests: relative agreement plus an absolute allowance for values
// that are themselves near rounding level.

export function expectClose(actual: number, expected: number, rel: number, abs: number, what = ''): void {
  const diff = Math.abs(actual - expected);
  if (!(diff <= rel * Math.abs(expected) + abs)) {
    throw new Error(`${what}: ${actual} vs ${expected} (difference ${diff.toExponential(2)}, relative ${(diff / Math.abs(expected)).toExponential(2)})`);
  }
}
