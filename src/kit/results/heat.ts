// Colour scale of a heat map (e.g. the volatility monitor's tenor x delta surface): pure.
export type Rgb = [number, number, number];

/** Sequential blue scale, low (light) to high (dark). */
export const SEQUENTIAL: readonly Rgb[] = [[240, 245, 252], [188, 210, 241], [109, 156, 230], [47, 111, 214], [26, 51, 84]];
/** Diverging: red (low) - white - green (high), for changes. */
export const DIVERGING: readonly Rgb[] = [[194, 59, 59], [240, 180, 180], [250, 250, 250], [170, 220, 190], [31, 138, 76]];

/** Colour of `v` on `[min, max]` through evenly spaced stops (NaN/null: no colour). */
export function heatColor(v: number | null | undefined, min: number, max: number, stops: readonly Rgb[] = SEQUENTIAL): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  const x = max > min ? Math.min(1, Math.max(0, (v - min) / (max - min))) : 0.5;
  const pos = x * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(pos));
  const f = pos - i;
  const c = stops[i].map((a, k) => Math.round(a + (stops[i + 1][k] - a) * f));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Text colour readable on a background (WCAG relative luminance). */
export function inkOn(bg: string | undefined): string {
  const m = bg && /rgb\((\d+), (\d+), (\d+)\)/.exec(bg);
  if (!m) return 'inherit';
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(+m[1]) + 0.7152 * lin(+m[2]) + 0.0722 * lin(+m[3]);
  return l > 0.4 ? '#1c2733' : '#ffffff';
}

/** Finite min and max of a matrix, or null when it holds no number. */
export function extent(values: ArrayLike<number | null> | readonly (readonly (number | null)[])[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  const visit = (v: unknown) => {
    if (typeof v === 'number' && Number.isFinite(v)) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  };
  for (let i = 0; i < values.length; i++) {
    const row = (values as ArrayLike<unknown>)[i];
    if (Array.isArray(row)) row.forEach(visit);
    else visit(row);
  }
  return lo <= hi ? [lo, hi] : null;
}
