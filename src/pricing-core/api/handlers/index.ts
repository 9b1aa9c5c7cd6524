// One entry per model of ../shared/PRICING-CLI.md (and any extra models the core offers).
// Each handler validates its own request fields and returns the result object.
import type { ModelHandler } from '../price-request';
import { barrier, digital, forward, impliedVol, touch, vanilla } from './black';
import { heston } from './heston';
import { fixedBond } from './fixed-bond';
import { swap } from './swap';
import { american } from './american';
import { asian } from './asian';
import { calendar } from './calendar';
import { fxDates } from './fx-dates';
import { accumulator, rangeAccrual, sharkfin, snowball } from './structured';
import { bondFutureBasis, bondFutureCF, cnBond } from './cn-bond';
import { bootstrap } from './bootstrap';
import { swaption } from './swaption';
import { capFloor } from './cap-floor';
import { fxImpliedRate } from './fx-implied-rate';
import { cryptoOption, fxOptionCalculator, listedOption } from './option-tools';
import {
  adf, engleGranger, ewmaVol, hedgeEffectiveness, historicalVar, kalmanBeta, ols, performanceStats, portfolioOptimize, zScore,
} from './analytics';

export const modelHandlers: Record<string, ModelHandler> = {
  vanilla,
  barrier,
  digital,
  touch,
  impliedVol,
  forward,
  heston,
  fixedBond,
  swap,
  american,
  asian,
  calendar,
  fxDates,
  sharkfin,
  rangeAccrual,
  snowball,
  accumulator,
  cnBond,
  bondFutureCF,
  bondFutureBasis,
  bootstrap,
  swaption,
  capFloor,
  fxImpliedRate,
  fxOptionCalculator,
  listedOption,
  cryptoOption,
  ols,
  adf,
  engleGranger,
  kalmanBeta,
  zScore,
  ewmaVol,
  performanceStats,
  historicalVar,
  hedgeEffectiveness,
  portfolioOptimize,
};
