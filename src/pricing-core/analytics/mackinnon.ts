// MacKinnon p-values (1994) and critical values (2010) for unit-root and Engle-Granger
// cointegration tests, with the tables exactly as printed in PRICING-CLI (statsmodels'
// adfvalues.py after its scaling). N = number of I(1) series, `n`/`c`/`ct` the deterministic terms.
import { normCdf } from '../math/normal';

export type MacKinnonTable = 'N1_n' | 'N1_c' | 'N1_ct' | 'N2_c' | 'N2_ct';

interface PTable { tauMin: number; tauStar: number; tauMax: number | null; small: number[]; large: number[] }

const P_TABLES: Record<MacKinnonTable, PTable> = {
  N1_n: { tauMin: -19.04, tauStar: -1.04, tauMax: null, small: [0.6344, 1.2378, 0.032496], large: [0.4797, 0.93557, -0.06999, 0.033066] },
  N1_c: { tauMin: -18.83, tauStar: -1.61, tauMax: 2.74, small: [2.1659, 1.4412, 0.038269], large: [1.7339, 0.93202, -0.12745, -0.010368] },
  N1_ct: { tauMin: -16.18, tauStar: -2.89, tauMax: 0.7, small: [3.2512, 1.6047, 0.049588], large: [2.5261, 0.61654, -0.37956, -0.060285] },
  N2_c: { tauMin: -18.86, tauStar: -2.62, tauMax: 0.92, small: [2.92, 1.5012, 0.039796], large: [2.1945, 0.64695, -0.29198, -0.042377] },
  N2_ct: { tauMin: -21.15, tauStar: -3.19, tauMax: 0.63, small: [3.6646, 1.5419, 0.036448], large: [2.85, 0.5272, -0.36622, -0.051695] },
};

// Rows: 1 %, 5 %, 10 %; c0 + c1/T + c2/T^2 + c3/T^3.
const CRITICAL: Record<MacKinnonTable, number[][]> = {
  N1_n: [[-2.56574, -2.2358, -3.627, 0], [-1.941, -0.2686, -3.365, 31.223], [-1.61682, 0.2656, -2.714, 25.364]],
  N1_c: [[-3.43035, -6.5393, -16.786, -79.433], [-2.86154, -2.8903, -4.234, -40.04], [-2.56677, -1.5384, -2.809, 0]],
  N1_ct: [[-3.95877, -9.0531, -28.428, -134.155], [-3.41049, -4.3904, -9.036, -45.374], [-3.12705, -2.5856, -3.925, -22.38]],
  N2_c: [[-3.89644, -10.9519, -33.527, 0], [-3.33613, -6.1101, -6.823, 0], [-3.04445, -4.2412, -2.72, 0]],
  N2_ct: [[-4.32762, -15.4387, -35.679, 0], [-3.78057, -9.5106, -12.074, 0], [-3.49631, -7.0815, -7.538, 21.892]],
};

/** Asymptotic p-value of the statistic tau. */
export function mackinnonP(tau: number, table: MacKinnonTable): number {
  const t = P_TABLES[table];
  if (t.tauMax !== null && tau > t.tauMax) return 1;
  if (tau < t.tauMin) return 0;
  const c = tau <= t.tauStar ? t.small : t.large;
  let poly = 0;
  for (let i = c.length - 1; i >= 0; i--) poly = poly * tau + c[i];
  return normCdf(poly);
}

/** Critical values at 1 %, 5 %, 10 % for T observations, as the result object. */
export function mackinnonCritical(table: MacKinnonTable, T: number): { '1%': number; '5%': number; '10%': number } {
  const v = CRITICAL[table].map((r) => r[0] + r[1] / T + r[2] / (T * T) + r[3] / (T * T * T));
  return { '1%': v[0], '5%': v[1], '10%': v[2] };
}
