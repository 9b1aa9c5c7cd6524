// PRICING-CLI models of "Statistical and portfolio analytics": ols, adf, engleGranger,
// kalmanBeta, zScore, ewmaVol, performanceStats, historicalVar, hedgeEffectiveness,
// portfolioOptimize. Fields are read and typed here; the models (src/pricing-core/analytics)
// check the ranges and the statistical preconditions.
import type { ModelHandler, PriceRequest } from '../price-request';
import { PricingError } from '../../core/types';
import { ADF_REGRESSIONS, AUTOLAGS, adf as adfTest } from '../../analytics/adf';
import { engleGranger as eg } from '../../analytics/cointegration';
import { kalmanBeta as kalman } from '../../analytics/kalman';
import { ewmaVol as ewma, zScore as zscore } from '../../analytics/rolling';
import { performanceStats as perf } from '../../analytics/performance';
import { historicalVar as hvar } from '../../analytics/var';
import { hedgeEffectiveness as hedge } from '../../analytics/hedge';
import { ols as olsModel } from '../../analytics/regression';
import { PORTFOLIO_OBJECTIVES, portfolioOptimize as optimize } from '../../analytics/portfolio';
import { matrix, optBool, optEnum, optFinite, optInt, optSeries, series } from './analytics-fields';
import { oneOf } from './fields';

export const ols: ModelHandler = (req) => olsModel(series(req, 'x'), series(req, 'y'), optBool(req, 'intercept', true));

export const adf: ModelHandler = (req) => ({
  ...adfTest(series(req, 'series'), optEnum(req, 'regression', ADF_REGRESSIONS, 'c'), optEnum(req, 'autolag', AUTOLAGS, 'aic'), optInt(req, 'maxlag')),
});

export const engleGranger: ModelHandler = (req) =>
  eg({
    y: series(req, 'y'), x: series(req, 'x'),
    trend: optEnum(req, 'trend', ['c', 'ct'] as const, 'c'),
    autolag: optEnum(req, 'autolag', AUTOLAGS, 'aic'),
    maxlag: optInt(req, 'maxlag'),
    zWindow: optInt(req, 'zWindow'),
  });

export const kalmanBeta: ModelHandler = (req) =>
  kalman({
    y: series(req, 'y'), x: series(req, 'x'),
    delta: optFinite(req, 'delta'), observationVariance: optFinite(req, 'observationVariance'),
    initialBeta: optFinite(req, 'initialBeta'), initialVariance: optFinite(req, 'initialVariance'),
    intercept: optBool(req, 'intercept', false), initialAlpha: optFinite(req, 'initialAlpha'),
  });

export const zScore: ModelHandler = (req) => zscore(series(req, 'series'), optInt(req, 'window'));

export const ewmaVol: ModelHandler = (req) => ewma(series(req, 'returns'), optFinite(req, 'lambda'), optFinite(req, 'periodsPerYear'));

export const performanceStats: ModelHandler = (req) =>
  perf({ equity: optSeries(req, 'equity'), returns: optSeries(req, 'returns'), periodsPerYear: optFinite(req, 'periodsPerYear'), riskFree: optFinite(req, 'riskFree') });

export const historicalVar: ModelHandler = (req) =>
  hvar({
    pnl: optSeries(req, 'pnl'),
    positions: optSeries(req, 'positions'),
    scenarioReturns: req.scenarioReturns === undefined ? undefined : matrix(req, 'scenarioReturns'),
    confidenceLevels: optSeries(req, 'confidenceLevels'),
    ewmaLambda: optFinite(req, 'ewmaLambda'),
  });

export const hedgeEffectiveness: ModelHandler = (req) =>
  hedge({
    hedgedItem: series(req, 'hedgedItem'), hedgingInstrument: series(req, 'hedgingInstrument'),
    lower: optFinite(req, 'lower'), upper: optFinite(req, 'upper'), minR2: optFinite(req, 'minR2'),
  });

export const portfolioOptimize: ModelHandler = (req) => {
  const objective = oneOf(req, 'objective', PORTFOLIO_OBJECTIVES);
  return optimize({
    objective,
    covariance: req.covariance === undefined ? undefined : matrix(req, 'covariance'),
    expectedReturns: optSeries(req, 'expectedReturns'),
    returns: req.returns === undefined ? undefined : matrix(req, 'returns'),
    periodsPerYear: optFinite(req, 'periodsPerYear'),
    riskFree: optFinite(req, 'riskFree'),
    targetReturn: optFinite(req, 'targetReturn'),
    bounds: boundsField(req),
    riskBudgets: optSeries(req, 'riskBudgets'),
  });
};

function boundsField(req: PriceRequest): [number, number] | [number, number][] | undefined {
  const v = req.bounds;
  if (v === undefined) return undefined;
  const isPair = (p: unknown): p is [number, number] =>
    Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'number' && Number.isFinite(x));
  if (isPair(v)) return v;
  if (Array.isArray(v) && v.length > 0 && v.every(isPair)) return v as [number, number][];
  throw new PricingError('field bounds must be one [lo, hi] pair or a list of [lo, hi] pairs');
}
