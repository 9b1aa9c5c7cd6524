// PRICING-CLI model `heston`: semi-analytic Heston European option.
import type { ModelHandler } from '../price-request';
import { hestonPrice } from '../../engines/heston/heston';
import { blackFields, nonNegative, num, oneOf, optionTypes, positive } from './fields';

export const heston: ModelHandler = (req) => {
  const type = oneOf(req, 'type', optionTypes);
  const { spot, t, rd, rf } = blackFields(req, false);
  const strike = num(req, 'strike', positive);
  const params = {
    v0: num(req, 'v0', nonNegative),
    kappa: num(req, 'kappa', positive),
    theta: num(req, 'theta', nonNegative),
    sigma: num(req, 'sigma', positive),
    rho: num(req, 'rho', { min: -1, max: 1 }),
  };
  return { npv: hestonPrice(type, spot, strike, t, rd, rf, params) };
};
