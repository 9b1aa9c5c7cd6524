// Differential test of the ten analytics models against statsmodels / scipy / pandas:
// fixtures/reference.json is written by scripts/analytics-reference.py (requests on ECB FX,
// US Treasury and seeded synthetic series, with the reference libraries' outputs). Every case
// goes through priceOne (the path of `npm run price` and POST /api/price). Tolerances are
// PRICING-CLI's "Accuracy" section: 1e-9 relative for closed forms and regressions (floored at
// the quantity's scale), 1e-8 for kalmanBeta, MacKinnon p-values 1e-6 absolute, Student-t
// p-values 1e-8 absolute, portfolio weights 1e-6 and what that implies for the rest; counts exact.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { priceOne } from '../api/price-request';
import { momentsOf } from './portfolio';

interface Case { name: string; request: Record<string, unknown>; expected: Record<string, unknown> }
const fixture = JSON.parse(readFileSync(new URL('./fixtures/reference.json', import.meta.url), 'utf8')) as { cases: Case[] };

const EXACT = new Set(['nobs', 'dfResid', 'usedLag', 'maxLag', 'periods', 'n', 'maxDrawdownDuration', 'periodsInRange', 'dollarOffsetPass', 'regressionPass']);

const maxAbs = (v: unknown): number => {
  if (typeof v === 'number') return Math.abs(v);
  if (Array.isArray(v)) return v.reduce((m: number, x) => Math.max(m, maxAbs(x)), 0);
  return 0;
};
/** Spread of a series: the scale of its levels' variation (floors for coefficients and money). */
const spread = (v: unknown): number => {
  const a = (v as number[]).flat(2) as number[];
  return Math.max(...a) - Math.min(...a);
};

/** Sigma and mu of a portfolioOptimize request (from the covariance, or the returns as the model does). */
function moments(req: Record<string, unknown>): { S: number[][]; mu?: number[] } {
  if (req.returns) { const r = momentsOf(req.returns as number[][], (req.periodsPerYear as number | undefined) ?? 252); return { S: r.cov, mu: r.mu }; }
  return { S: req.covariance as number[][], mu: req.expectedReturns as number[] | undefined };
}

/** Absolute tolerance for output `field` of a model, given the expected value e. */
function tolerance(model: string, field: string, e: number, req: Record<string, unknown>, exp: Record<string, unknown>): number {
  const rel = (r: number, floor: number) => r * Math.max(Math.abs(e), floor);
  switch (model) {
    case 'ols': {
      if (field.endsWith('PValue')) return 1e-8;
      const sy = maxAbs(req.y), ratio = spread(req.y) / spread(req.x);
      if (field === 'alpha' || field === 'alphaStdError' || field === 'residualStdError') return rel(1e-9, sy);
      if (field === 'beta' || field === 'betaStdError') return rel(1e-9, ratio);
      return rel(1e-9, 1); // t statistics, R^2
    }
    case 'adf':
      if (field === 'pValue') return 1e-6;
      if (field === 'icBest') return 1e-9 * Math.abs(e); // a sum of n log terms: relative
      return rel(1e-9, 1);
    case 'engleGranger': {
      if (field === 'pValue') return 1e-6;
      const sy = maxAbs(req.y), ratio = spread(req.y) / spread(req.x);
      if (field === 'beta') return rel(1e-9, ratio);
      if (field === 'alpha') return rel(1e-9, sy);
      if (field === 'trendSlope') return rel(1e-9, spread(req.y) / (req.y as number[]).length);
      if (field.startsWith('spread')) return rel(1e-9, spread(req.y));
      return rel(1e-9, 1);
    }
    case 'kalmanBeta':
      if (field === 'betas') return 1e-8 * Math.max(Math.abs(e), maxAbs(exp.betas));
      if (field === 'logLikelihood') return 1e-8 * Math.abs(e);
      return rel(1e-8, 0);
    case 'zScore':
      if (field === 'mean' || field === 'std') return rel(1e-9, spread(req.series));
      return rel(1e-9, 1);
    case 'ewmaVol':
      return rel(1e-9, 0);
    case 'performanceStats':
      return rel(1e-9, 1e-3); // returns and ratios: 1e-9 of a 0.1 % return at least
    case 'historicalVar':
      return rel(1e-9, maxAbs(exp.std));
    case 'hedgeEffectiveness':
      if (field === 'intercept') return rel(1e-9, maxAbs(req.hedgingInstrument));
      return rel(1e-9, 1);
    case 'portfolioOptimize': {
      // What a weight error of dw = 1e-6 (each) implies, to first order, from the expected weights:
      // d(mu'w) <= dw sum|mu|, d vol <= dw sum|(S w)_j| / vol, and for RC_i = w_i (S w)_i / var
      // dRC_i <= dw (|S w|_i + w_i sum_j |S_ij| + 2 |RC_i| sum_j |S w|_j) / var.
      const dw = 1e-6;
      if (field === 'weights') return dw;
      const w = exp.weights as number[];
      const { S, mu } = moments(req);
      const Sw = S.map((row) => row.reduce((t, v, j) => t + v * w[j], 0));
      const variance = w.reduce((t, v, i) => t + v * Sw[i], 0), vol = Math.sqrt(variance);
      const sumAbsSw = Sw.reduce((t, v) => t + Math.abs(v), 0);
      const dVol = (dw * sumAbsSw) / vol;
      const dEr = dw * (mu ?? []).reduce((t, v) => t + Math.abs(v), 0);
      if (field === 'expectedReturn') return dEr;
      if (field === 'volatility') return dVol;
      if (field === 'sharpe') return dEr / vol + (Math.abs(e) * dVol) / vol;
      // riskContributions: the bound of the asset whose contribution e is (largest over assets, as
      // compare() does not pass the index)
      return Math.max(...w.map((wi, i) => (dw * (Math.abs(Sw[i]) + wi * S[i].reduce((t, v) => t + Math.abs(v), 0) + 2 * Math.abs((wi * Sw[i]) / variance) * sumAbsSw)) / variance));
    }
  }
  throw new Error(`no tolerance for ${model}.${field}`);
}

function compare(model: string, field: string, got: unknown, want: unknown, req: Record<string, unknown>, exp: Record<string, unknown>, where: string) {
  if (want === null) { expect(got, where).toBeNull(); return; }
  if (Array.isArray(want)) {
    expect(Array.isArray(got), where).toBe(true);
    expect((got as unknown[]).length, where).toBe(want.length);
    want.forEach((w, i) => compare(model, field, (got as unknown[])[i], w, req, exp, `${where}[${i}]`));
    return;
  }
  if (typeof want === 'object') {
    for (const [k, w] of Object.entries(want as object)) compare(model, field, (got as Record<string, unknown>)[k], w, req, exp, `${where}.${k}`);
    return;
  }
  expect(typeof got, where).toBe('number');
  if (EXACT.has(field)) { expect(got, where).toBe(want); return; }
  const tol = model === 'adf' || model === 'engleGranger' ? (field === 'criticalValues' ? 1e-9 : tolerance(model, field, want as number, req, exp)) : tolerance(model, field, want as number, req, exp);
  const diff = Math.abs((got as number) - (want as number));
  if (!(diff <= tol)) throw new Error(`${where}: ${got} vs ${want} (difference ${diff.toExponential(2)} > ${tol.toExponential(2)})`);
}

describe('analytics models against statsmodels / scipy / pandas (fixtures/reference.json)', () => {
  it('covers all ten models', () => {
    const models = new Set(fixture.cases.map((c) => c.request.model));
    expect([...models].sort()).toEqual(['adf', 'engleGranger', 'ewmaVol', 'hedgeEffectiveness', 'historicalVar', 'kalmanBeta', 'ols', 'performanceStats', 'portfolioOptimize', 'zScore']);
  });
  for (const c of fixture.cases) {
    it(c.name, () => {
      const model = c.request.model as string;
      // The JSON round trip is what the command line and POST /api/price write.
      const got = JSON.parse(JSON.stringify(priceOne(c.request))) as Record<string, unknown>;
      expect(got.error, 'error').toBeUndefined();
      expect(Object.keys(got).sort()).toEqual(Object.keys(c.expected).sort());
      for (const [field, want] of Object.entries(c.expected)) compare(model, field, got[field], want, c.request, c.expected, field);
    });
  }
});
