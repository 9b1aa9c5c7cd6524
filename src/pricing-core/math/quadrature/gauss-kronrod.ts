// Adaptive Gauss-Kronrod quadrature (7-point Gauss, 15-point Kronrod), and a version over
// [a, infinity) through the map u = a + x / (1 - x).

const XGK = [
  0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
  0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
  0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
  0.207784955007898467600689403773245, 0,
];
const WGK = [
  0.02293532201052922496373200805897, 0.063092092629978553290700663189204,
  0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
  0.16900472663926790282658342659855, 0.190350578064785409913256402421014,
  0.204432940075298892414161999234649, 0.209482141084727828012999174891714,
];
// Gauss weights for the nodes XGK[1], XGK[3], XGK[5], XGK[7]
const WG = [
  0.129484966168869693270611432679082, 0.27970539148927666790146777142378,
  0.381830050505118944950369775488975, 0.417959183673469387755102040816327,
];

interface Segment { a: number; b: number; value: number; error: number }

function kronrod(f: (x: number) => number, a: number, b: number): Segment {
  const c = 0.5 * (a + b), h = 0.5 * (b - a);
  const fc = f(c);
  let k = fc * WGK[7];
  let g = fc * WG[3];
  for (let j = 0; j < 7; j++) {
    const dx = h * XGK[j];
    const s = f(c - dx) + f(c + dx);
    k += WGK[j] * s;
    if (j % 2 === 1) g += WG[(j - 1) / 2] * s;
  }
  return { a, b, value: k * h, error: Math.abs((k - g) * h) };
}

export interface QuadratureOptions {
  absTol?: number;
  relTol?: number;
  maxSegments?: number;
}

/** Integral of f over [a, b], bisecting the segment with the largest error estimate. */
export function integrateGaussKronrod(f: (x: number) => number, a: number, b: number, opts: QuadratureOptions = {}): number {
  const absTol = opts.absTol ?? 1e-14;
  const relTol = opts.relTol ?? 1e-13;
  const maxSegments = opts.maxSegments ?? 2000;
  const segs: Segment[] = [kronrod(f, a, b)];
  let total = segs[0].value, err = segs[0].error;
  while (err > Math.max(absTol, relTol * Math.abs(total)) && segs.length < maxSegments) {
    let worst = 0;
    for (let i = 1; i < segs.length; i++) if (segs[i].error > segs[worst].error) worst = i;
    const s = segs[worst];
    const m = 0.5 * (s.a + s.b);
    const left = kronrod(f, s.a, m), right = kronrod(f, m, s.b);
    segs[worst] = left;
    segs.push(right);
    total = 0; err = 0;
    for (const x of segs) { total += x.value; err += x.error; }
  }
  return total;
}

/** Integral of f over [a, infinity). */
export function integrateToInfinity(f: (u: number) => number, a: number, opts: QuadratureOptions = {}): number {
  return integrateGaussKronrod((x) => {
    if (x >= 1) return 0;
    const inv = 1 / (1 - x);
    const v = f(a + x * inv);
    return v === 0 ? 0 : v * inv * inv;
  }, 0, 1, opts);
}
