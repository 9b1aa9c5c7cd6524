// Nelder-Mead simplex minimisation (standard reflection/expansion/contraction/shrink
// coefficients), for small unconstrained calibrations; constraints go into the caller's
// parametrisation.

export interface NelderMeadOptions {
  /** initial simplex step per coordinate */
  step?: number;
  /** stop when the simplex's function values differ by less than this */
  fTol?: number;
  maxIter?: number;
}

export function nelderMead(f: (x: number[]) => number, x0: number[], opts: NelderMeadOptions = {}): { x: number[]; f: number } {
  const n = x0.length;
  const step = opts.step ?? 0.1, fTol = opts.fTol ?? 1e-20, maxIter = opts.maxIter ?? 5000;
  let pts = [x0.slice()];
  for (let i = 0; i < n; i++) { const p = x0.slice(); p[i] += step; pts.push(p); }
  let vals = pts.map(f);
  const combine = (a: number[], b: number[], t: number) => a.map((ai, i) => ai + t * (b[i] - ai));
  for (let it = 0; it < maxIter; it++) {
    const order = vals.map((v, i) => i).sort((i, j) => vals[i] - vals[j]);
    pts = order.map((i) => pts[i]); vals = order.map((i) => vals[i]);
    if (Math.abs(vals[n] - vals[0]) <= fTol) break;
    const centroid = new Array(n).fill(0);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) centroid[j] += pts[i][j] / n;
    const reflected = combine(centroid, pts[n], -1);
    const fr = f(reflected);
    if (fr < vals[0]) {
      const expanded = combine(centroid, pts[n], -2);
      const fe = f(expanded);
      if (fe < fr) { pts[n] = expanded; vals[n] = fe; } else { pts[n] = reflected; vals[n] = fr; }
    } else if (fr < vals[n - 1]) {
      pts[n] = reflected; vals[n] = fr;
    } else {
      const contracted = fr < vals[n] ? combine(centroid, pts[n], -0.5) : combine(centroid, pts[n], 0.5);
      const fc = f(contracted);
      if (fc < Math.min(fr, vals[n])) { pts[n] = contracted; vals[n] = fc; } else {
        for (let i = 1; i <= n; i++) { pts[i] = combine(pts[0], pts[i], 0.5); vals[i] = f(pts[i]); }
      }
    }
  }
  let best = 0;
  for (let i = 1; i <= n; i++) if (vals[i] < vals[best]) best = i;
  return { x: pts[best], f: vals[best] };
}
