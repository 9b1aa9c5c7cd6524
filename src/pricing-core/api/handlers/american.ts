// PRICING-CLI model `american`: vanilla fields plus `method`.
import type { ModelHandler } from '../price-request';
import { AMERICAN_METHODS, priceAmerican } from '../../engines/american';
import { blackFields, num, oneOf, optionTypes, positive } from './fields';

export const american: ModelHandler = (req) => {
  const type = oneOf(req, 'type', optionTypes);
  const { spot, t, rd, rf, vol } = blackFields(req);
  const strike = num(req, 'strike', positive);
  const method = oneOf(req, 'method', AMERICAN_METHODS);
  return { npv: priceAmerican({ type, spot, strike, t, rd, rf, vol }, method) };
};
