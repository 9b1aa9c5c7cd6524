// Small descriptive statistics shared by the analytics models (PRICING-CLI conventions:
// std is the sample standard deviation, ddof = 1; "constant" is an exact comparison).

export type Series = ArrayLike<number>;

export function mean(v: Series, from = 0, to = v.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += v[i];
  return s / (to - from);
}

/** Sample standard deviation (ddof 1) of v[from..to), two-pass about the mean. */
export function sampleStd(v: Series, from = 0, to = v.length, m = mean(v, from, to)): number {
  let s = 0;
  for (let i = from; i < to; i++) { const d = v[i] - m; s += d * d; }
  return Math.sqrt(s / (to - from - 1));
}

/** True when every element of v[from..to) equals the first (exact comparison). */
export function isConstant(v: Series, from = 0, to = v.length): boolean {
  for (let i = from + 1; i < to; i++) if (v[i] !== v[from]) return false;
  return true;
}

export function allZero(v: Series): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return false;
  return true;
}
