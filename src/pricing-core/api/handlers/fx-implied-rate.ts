// PRICING-CLI model `fxImpliedRate`: interest-rate parity with money-market simple rates, each
// on its currency's day basis; solves whichever of forward, rd, rf is missing.
import type { ModelHandler } from '../price-request';
import { PricingError } from '../../core/types';
import { splitPair } from '../../dates/fx-dates';
import { moneyMarketBasis, solveMoneyMarketParity } from '../../engines/fx/fx-forward';
import { num, positive } from './fields';
import { isoDateField } from './fixed-bond';

export const fxImpliedRate: ModelHandler = (req) => {
  if (typeof req.pair !== 'string' || !/^[A-Za-z]{6}$/.test(req.pair)) throw new PricingError('field pair must be six letters, base then quote (e.g. USDCNY)');
  const [base, quote] = splitPair(req.pair);
  const basisQuote = moneyMarketBasis(quote);
  const basisBase = moneyMarketBasis(base);
  const spot = num(req, 'spot', positive);
  const pipFactor = req.pipFactor === undefined ? (quote === 'JPY' ? 100 : 10000) : num(req, 'pipFactor', positive);

  const hasDates = req.startDate !== undefined || req.endDate !== undefined;
  const hasTimes = req.tDomestic !== undefined || req.tForeign !== undefined;
  if (hasDates && hasTimes) throw new PricingError('give either startDate and endDate or tDomestic and tForeign, not both');
  if (!hasDates && !hasTimes) throw new PricingError('missing startDate and endDate (or tDomestic and tForeign)');
  let tDomestic: number, tForeign: number, days: number | undefined;
  if (hasDates) {
    const start = isoDateField(req, 'startDate');
    const end = isoDateField(req, 'endDate');
    days = end - start;
    if (!(days > 0)) throw new PricingError('endDate must be after startDate');
    tDomestic = days / basisQuote;
    tForeign = days / basisBase;
  } else {
    tDomestic = num(req, 'tDomestic', positive);
    tForeign = num(req, 'tForeign', positive);
  }

  const forms = (['forward', 'swapPoints', 'swapPips'] as const).filter((k) => req[k] !== undefined);
  if (forms.length > 1) throw new PricingError(`give the forward in one form only (got ${forms.join(', ')})`);
  let forward: number | undefined;
  if (forms[0] === 'forward') forward = num(req, 'forward', positive);
  else if (forms[0] === 'swapPoints') forward = spot + num(req, 'swapPoints');
  else if (forms[0] === 'swapPips') forward = spot + num(req, 'swapPips') / pipFactor;
  if (forward !== undefined && !(forward > 0)) throw new PricingError('the forward implied by the swap points must be positive');
  const rd = req.rd === undefined ? undefined : num(req, 'rd');
  const rf = req.rf === undefined ? undefined : num(req, 'rf');
  const given = [forward, rd, rf].filter((x) => x !== undefined).length;
  if (given !== 2) throw new PricingError(`exactly two of {forward (or swapPoints or swapPips), rd, rf} must be given (got ${given})`);
  const s = solveMoneyMarketParity({ spot, tauD: tDomestic, tauF: tForeign, forward, rd, rf });
  const swapPoints = s.forward - spot;
  return {
    forward: s.forward, swapPoints, swapPips: swapPoints * pipFactor, rd: s.rd, rf: s.rf, tDomestic, tForeign,
    ...(days !== undefined ? { days } : {}),
  };
};
