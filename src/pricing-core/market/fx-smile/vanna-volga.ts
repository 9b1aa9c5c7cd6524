// Vanna-volga smile through three pillars (K1 < K2 < K3, vols s1, s2, s3), in Castagna and
// Mercurio's second-order approximation ("The vanna-volga method for implied volatilities",
// Risk, 2007). It reproduces the three pillar vols exactly and needs no calibration.
export interface VvPillars {
  k: [number, number, number];
  vol: [number, number, number];
  /** forward to the expiry and the expiry in years */
  forward: number;
  t: number;
}

export function vannaVolgaVol(p: VvPillars, strike: number): number {
  const [k1, k2, k3] = p.k;
  const [s1, s2, s3] = p.vol;
  const l = Math.log;
  const y1 = (l(k2 / strike) * l(k3 / strike)) / (l(k2 / k1) * l(k3 / k1));
  const y2 = (l(strike / k1) * l(k3 / strike)) / (l(k2 / k1) * l(k3 / k2));
  const y3 = (l(strike / k1) * l(strike / k2)) / (l(k3 / k1) * l(k3 / k2));
  const firstOrder = y1 * s1 + y2 * s2 + y3 * s3;
  const sd = s2 * Math.sqrt(p.t);
  const dd = (k: number) => {
    const d1 = Math.log(p.forward / k) / sd + 0.5 * sd;
    return d1 * (d1 - sd);
  };
  const D1 = firstOrder - s2;
  const D2 = y1 * dd(k1) * (s1 - s2) ** 2 + y3 * dd(k3) * (s3 - s2) ** 2;
  const x = dd(strike);
  const b = 2 * s2 * D1 + D2;
  if (Math.abs(x) < 1e-8) return s2 + b / (2 * s2); // limit of the formula as d1 d2 -> 0
  const disc = s2 * s2 + x * b;
  if (!(disc >= 0)) return firstOrder; // outside the second-order formula's domain
  return s2 + (-s2 + Math.sqrt(disc)) / x;
}
