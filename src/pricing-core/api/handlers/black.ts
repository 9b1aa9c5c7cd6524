// Handlers for the Black-Scholes family of PRICING-CLI: vanilla, digital, barrier, touch,
// impliedVol and forward.
import type { ModelHandler } from '../price-request';
import { blackScholesGreeks, forwardPrice } from '../../engines/black/black-scholes';
import { impliedVolatility } from '../../engines/black/implied-vol';
import { digitalGreeks } from '../../engines/digital/digital';
import { touchPrice } from '../../engines/digital/touch';
import { barrierPrice, discreteMonitoringBarrier } from '../../engines/barrier/reiner-rubinstein';
import { PricingError } from '../../core/types';
import { blackFields, nonNegative, num, oneOf, optionTypes, positive } from './fields';

export const vanilla: ModelHandler = (req) => {
  const type = oneOf(req, 'type', optionTypes);
  const { spot, t, rd, rf, vol } = blackFields(req);
  const strike = num(req, 'strike', positive);
  return { ...blackScholesGreeks(type, spot, strike, t, rd, rf, vol) };
};

export const digital: ModelHandler = (req) => {
  const type = oneOf(req, 'type', optionTypes);
  const { spot, t, rd, rf, vol } = blackFields(req);
  const strike = num(req, 'strike', positive);
  const payoff = oneOf(req, 'payoff', ['cash', 'asset'] as const);
  const cash = payoff === 'cash' ? num(req, 'cash') : 0;
  return { ...digitalGreeks(type, payoff, cash, spot, strike, t, rd, rf, vol) };
};

export const barrier: ModelHandler = (req) => {
  const type = oneOf(req, 'type', optionTypes);
  const { spot, t, rd, rf, vol } = blackFields(req);
  const strike = num(req, 'strike', positive);
  const barrierType = oneOf(req, 'barrierType', ['downIn', 'downOut', 'upIn', 'upOut'] as const);
  let level = num(req, 'barrier', positive);
  const rebate = req.rebate === undefined ? 0 : num(req, 'rebate', nonNegative);
  // Optional extension: discrete monitoring every `monitoringInterval` years (BGK shift).
  if (req.monitoringInterval !== undefined) {
    level = discreteMonitoringBarrier(level, barrierType, vol, num(req, 'monitoringInterval', positive));
  }
  return { npv: barrierPrice({ type, barrierType, spot, strike, barrier: level, rebate, t, rd, rf, vol }) };
};

export const touch: ModelHandler = (req) => {
  const { spot, t, rd, rf, vol } = blackFields(req);
  const level = num(req, 'barrier', positive);
  const cash = num(req, 'cash');
  const touchType = oneOf(req, 'touchType', ['oneTouch', 'noTouch'] as const);
  const payAt = req.payAt === undefined && touchType === 'noTouch' ? 'expiry' : oneOf(req, 'payAt', ['hit', 'expiry'] as const);
  return { npv: touchPrice({ touchType, payAt, spot, barrier: level, cash, t, rd, rf, vol }) };
};

export const impliedVol: ModelHandler = (req) => {
  const type = oneOf(req, 'type', optionTypes);
  const { spot, t, rd, rf } = blackFields(req, false);
  const strike = num(req, 'strike', positive);
  const price = num(req, 'price', nonNegative);
  if (!(t > 0)) throw new PricingError('field t must be > 0 for impliedVol');
  return { vol: impliedVolatility(type, price, spot, strike, t, rd, rf) };
};

export const forward: ModelHandler = (req) => {
  const { spot, t, rd, rf } = blackFields(req, false);
  const fwd = forwardPrice(spot, t, rd, rf);
  // swap points = S (e^{(rd-rf)t} - 1), computed without cancellation
  return { forward: fwd, swapPoints: spot * Math.expm1((rd - rf) * t) };
};
