// Every error case of the ten analytics models (PRICING-CLI "Statistical and portfolio
// analytics") through the JSON Lines handler of `npm run price`: each bad line answers
// `{ "error": ... }` and the next line, a valid request of the same model, is still priced.
// One spawn of the real command checks that the models are in the built CLI too.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { priceOne } from '../../src/pricing-core/api/price-request';
import { priceLines } from './price-cli';
import { mulberry32 } from '../../src/pricing-core/math/random';

const root = fileURLToPath(new URL('../..', import.meta.url));
type Req = Record<string, unknown>;

// Seeded random walks (a smooth deterministic series would make the ADF lags collinear).
const rand = mulberry32(15);
const walk2: number[] = [];
for (let i = 0, v = 0; i < 40; i++) walk2.push((v += rand() - 0.5));
const walk = walk2.map((v) => 0.8 * v + 0.3 * (rand() - 0.5));
const cov3 = [[0.04, 0.006, 0.002], [0.006, 0.09, 0.01], [0.002, 0.01, 0.0225]];
const mu3 = [0.05, 0.08, 0.04];

const valid: Record<string, Req> = {
  ols: { model: 'ols', x: [1, 2, 4, 5], y: [0.5, 2.5, 2, 4] },
  adf: { model: 'adf', series: walk },
  engleGranger: { model: 'engleGranger', y: walk, x: walk2 },
  kalmanBeta: { model: 'kalmanBeta', y: walk, x: walk2 },
  zScore: { model: 'zScore', series: walk, window: 10 },
  ewmaVol: { model: 'ewmaVol', returns: [0.01, -0.02, 0.005] },
  performanceStats: { model: 'performanceStats', returns: [0.01, -0.02, 0.005, 0.03, -0.01] },
  historicalVar: { model: 'historicalVar', pnl: [1, -2, 3, -4, 5] },
  hedgeEffectiveness: { model: 'hedgeEffectiveness', hedgedItem: [1, -2, 3, 0.5], hedgingInstrument: [-0.9, 2.1, -3.2, -0.4] },
  portfolioOptimize: { model: 'portfolioOptimize', objective: 'minVariance', covariance: cov3 },
};

const bad: [string, Req][] = [
  // ols
  ['ols', { x: [1, 2, 3] }],
  ['ols', { x: [1, null, 3], y: [1, 2, 3] }],
  ['ols', { x: [1, '2', 3], y: [1, 2, 3] }],
  ['ols', { x: 'abc', y: [1, 2, 3] }],
  ['ols', { x: [1, 2, 3, 4], y: [1, 2, 3] }],
  ['ols', { x: [1, 2], y: [1, 3] }],
  ['ols', { x: [1], y: [2], intercept: false }],
  ['ols', { x: [2, 2, 2], y: [1, 2, 3] }],
  ['ols', { x: [0, 0, 0], y: [1, 2, 3], intercept: false }],
  ['ols', { x: [1, 2, 3], y: [5, 5, 5] }],
  ['ols', { x: [1, 2, 3], y: [0, 0, 0], intercept: false }],
  ['ols', { x: [1, 2, 3], y: [1, 3, 2], intercept: 'yes' }],
  // adf
  ['adf', {}],
  ['adf', { series: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }],
  ['adf', { series: walk, regression: 'ctt' }],
  ['adf', { series: walk, regression: 'C' }],
  ['adf', { series: walk, autolag: 't-stat' }],
  ['adf', { series: walk, autolag: 'AIC' }],
  ['adf', { series: walk, maxlag: 2.5 }],
  ['adf', { series: walk, maxlag: -1 }],
  ['adf', { series: walk, maxlag: 19 }], // > floor(40/2) - 1 - 1
  ['adf', { series: [1, 3, 2] }], // Schwert's maxLag is negative
  ['adf', { series: walk.slice(0, 10), regression: 'n' }], // n - 2 maxLag - 2 = 0: no residual dof
  ['adf', { series: [1, 2, Number.NaN, 4] }],
  // engleGranger
  ['engleGranger', { y: walk, x: walk.map(() => 3) }],
  ['adf', { series: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] }], // constant differences: collinear lags
  ['engleGranger', { y: walk.map(() => 3), x: walk }],
  ['engleGranger', { y: walk, x: walk2, trend: 'n' }],
  ['engleGranger', { y: walk, x: walk2, trend: 'ctt' }],
  ['engleGranger', { y: walk, x: walk2.slice(1) }],
  ['engleGranger', { y: walk, x: walk2, zWindow: 1 }],
  ['engleGranger', { y: walk, x: walk2, zWindow: 41 }],
  ['engleGranger', { y: walk, x: walk2, zWindow: 5.5 }],
  ['engleGranger', { y: walk.map((v) => 2 * v + 1), x: walk }], // perfectly collinear
  ['engleGranger', { y: walk, x: walk2, maxlag: 25 }],
  ['engleGranger', { y: walk, x: walk2, autolag: 'hqic' }],
  // kalmanBeta
  ['kalmanBeta', { y: walk, x: walk2, delta: 0 }],
  ['kalmanBeta', { y: walk, x: walk2, delta: 1 }],
  ['kalmanBeta', { y: walk, x: walk2, observationVariance: 0 }],
  ['kalmanBeta', { y: walk, x: walk2, initialVariance: -1 }],
  ['kalmanBeta', { y: walk, x: walk2.slice(2) }],
  ['kalmanBeta', { y: walk, x: walk2, intercept: 'true' }],
  ['kalmanBeta', { y: [], x: [] }],
  ['kalmanBeta', { y: walk }],
  // zScore
  ['zScore', { series: walk, window: 1 }],
  ['zScore', { series: walk, window: 41 }],
  ['zScore', { series: walk, window: 2.5 }],
  ['zScore', { series: [1, 2, 3, 3, 3], window: 3 }],
  ['zScore', { series: [4] }],
  ['zScore', { window: 3 }],
  // ewmaVol
  ['ewmaVol', { returns: [] }],
  ['ewmaVol', { returns: [0.01], lambda: 1 }],
  ['ewmaVol', { returns: [0.01], lambda: 0 }],
  ['ewmaVol', { returns: [0.01], periodsPerYear: 0 }],
  ['ewmaVol', { returns: [[0.01]] }],
  // performanceStats
  ['performanceStats', { returns: [0.01, 0.02, 0.03, 0.04], equity: [1, 2, 3, 4, 5] }],
  ['performanceStats', {}],
  ['performanceStats', { equity: [100, 101, 99, 102] }], // N = 3
  ['performanceStats', { equity: [100, 101, 0, 102, 103] }],
  ['performanceStats', { returns: [0.01, -1, 0.02, 0.03] }],
  ['performanceStats', { returns: [0.01, 0.01, 0.01, 0.01, 0.01] }],
  ['performanceStats', { equity: [100, 100, 100, 100, 100] }],
  ['performanceStats', { returns: [0.01, -0.02, 0.005, 0.03], periodsPerYear: 0 }],
  // historicalVar
  ['historicalVar', { pnl: [1, 2, 3], positions: [1], scenarioReturns: [[0.1], [0.2]] }],
  ['historicalVar', {}],
  ['historicalVar', { pnl: [5] }],
  ['historicalVar', { positions: [1, 2], scenarioReturns: [[0.1, 0.2], [0.3]] }],
  ['historicalVar', { positions: [1, 2], scenarioReturns: [[0.1], [0.3]] }],
  ['historicalVar', { positions: [1, 2] }],
  ['historicalVar', { pnl: [1, -2, 3], confidenceLevels: [0.95, 1] }],
  ['historicalVar', { pnl: [1, -2, 3], confidenceLevels: [0] }],
  ['historicalVar', { pnl: [1, -2, 3], ewmaLambda: 1 }],
  // hedgeEffectiveness
  ['hedgeEffectiveness', { hedgedItem: [1, 2], hedgingInstrument: [-1, -2] }],
  ['hedgeEffectiveness', { hedgedItem: [1, 2, 3], hedgingInstrument: [-1, -2] }],
  ['hedgeEffectiveness', { hedgedItem: [1, 1, 1], hedgingInstrument: [-1, -2, -3] }],
  ['hedgeEffectiveness', { hedgedItem: [1, 2, 3], hedgingInstrument: [-1, -1, -1] }],
  ['hedgeEffectiveness', { hedgedItem: [1, 2, 3], hedgingInstrument: [-1, -2, -3], lower: 0 }],
  ['hedgeEffectiveness', { hedgedItem: [1, 2, 3], hedgingInstrument: [-1, -2, -3], lower: 1.1, upper: 1 }],
  // portfolioOptimize
  ['portfolioOptimize', { objective: 'maxReturn', covariance: cov3 }],
  ['portfolioOptimize', { covariance: cov3 }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: cov3, expectedReturns: [0.1, 0.2] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: [[0.04, 0.006], [0.006, 0.09], [0.1, 0.1]] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: [[0.04, 0.006, 0.002], [0.006, 0.09], [0.002, 0.01, 0.0225]] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: [[0.04, 0.007, 0.002], [0.006, 0.09, 0.01], [0.002, 0.01, 0.0225]] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: [[0.04, 0.04, 0.002], [0.04, 0.04, 0.002], [0.002, 0.002, 0.0225]] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: cov3, bounds: [0, 0.3] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: cov3, bounds: [0.5, 0.4] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: cov3, bounds: [0, 1.5] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: cov3, bounds: [0.4, 1] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: cov3, bounds: [[0, 1], [0, 1]] }],
  ['portfolioOptimize', { objective: 'targetReturn', covariance: cov3, expectedReturns: mu3 }],
  ['portfolioOptimize', { objective: 'targetReturn', covariance: cov3, expectedReturns: mu3, targetReturn: 0.09 }],
  ['portfolioOptimize', { objective: 'targetReturn', covariance: cov3, expectedReturns: mu3, targetReturn: 0.075, bounds: [0, 0.4] }],
  ['portfolioOptimize', { objective: 'maxSharpe', covariance: cov3, expectedReturns: mu3, riskFree: 0.08 }],
  ['portfolioOptimize', { objective: 'maxSharpe', covariance: cov3 }],
  ['portfolioOptimize', { objective: 'riskParity', covariance: cov3, bounds: [0, 0.4] }], // the solution puts ~0.44 in asset 3
  ['portfolioOptimize', { objective: 'riskParity', covariance: cov3, riskBudgets: [1, 0, 1] }],
  ['portfolioOptimize', { objective: 'minVariance', covariance: cov3, returns: [[0.01, 0.02, 0.03], [0.02, 0.01, 0.0]] }],
  ['portfolioOptimize', { objective: 'minVariance', returns: [[0.01, 0.02, 0.03]] }],
  ['portfolioOptimize', { objective: 'minVariance', returns: [[0.01, 0.02, 0.03], [0.02, 0.01]] }],
  ['portfolioOptimize', { objective: 'minVariance' }],
];

describe('analytics error cases through the JSON Lines handler', () => {
  it('answers every bad line with an error and the next valid line of the same model with a result', () => {
    const lines: string[] = [];
    for (const [model, fields] of bad) {
      lines.push(JSON.stringify({ model, ...fields }));
      lines.push(JSON.stringify(valid[model]));
    }
    const out = priceLines(lines).trimEnd().split('\n').map((l) => JSON.parse(l) as Req);
    expect(out).toHaveLength(lines.length);
    bad.forEach(([model, fields], i) => {
      const errLine = out[2 * i], okLine = out[2 * i + 1];
      expect(typeof errLine.error, `${model} ${JSON.stringify(fields).slice(0, 120)} should be an error, got ${JSON.stringify(errLine).slice(0, 200)}`).toBe('string');
      expect(Object.keys(errLine)).toEqual(['error']);
      expect(okLine.error, `${model} valid line after the error`).toBeUndefined();
    });
    // Every model has error cases here.
    expect(new Set(bad.map(([m]) => m))).toEqual(new Set(Object.keys(valid)));
  });

  it('edge cases that are answers, not errors: a constant P&L, an exact fit, a zero item sum', () => {
    const out = priceLines([
      JSON.stringify({ model: 'historicalVar', pnl: [0, 0, 0] }),
      JSON.stringify({ model: 'ols', x: [0, 1, 2], y: [1, 3, 5] }), // exact in binary: SSR = 0
      JSON.stringify({ model: 'hedgeEffectiveness', hedgedItem: [1, -2, 1], hedgingInstrument: [-1, 2.5, -0.9] }),
      JSON.stringify({ model: 'performanceStats', equity: [100, 110, 121, 133.1, 146.41, 150] }),
    ]).trimEnd().split('\n').map((l) => JSON.parse(l) as Req);
    expect(out[0]).toMatchObject({ n: 3, std: 0, varHistorical: [0, 0], varParametric: [0, 0] });
    expect(out[1]).toMatchObject({ beta: 2, r2: 1, betaT: null, betaPValue: null, alphaT: null });
    expect(out[2]).toMatchObject({ dollarOffset: null, dollarOffsetPass: 0 });
    expect(out[3]).toMatchObject({ maxDrawdown: 0, maxDrawdownDuration: 0, calmar: null, profitFactor: null, sortino: null });
  });

  it('the ten models answer through `npm run --silent price`, equal to priceOne', () => {
    const reqs = [...Object.values(valid), { model: 'adf', series: [1, 1, 1, 1] }];
    const input = reqs.map((r) => JSON.stringify(r)).join('\n') + '\n';
    const r = spawnSync('npm', ['run', '--silent', 'price'], { cwd: root, input, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(reqs.length);
    reqs.forEach((req, i) => expect(lines[i]).toEqual(JSON.parse(JSON.stringify(priceOne(req)))));
    expect(lines.at(-1).error).toMatch(/constant/);
  }, 120_000);
});
