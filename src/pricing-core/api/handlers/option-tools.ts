// PRICING-CLI models for the options desk's tools (extra models of the core; fields as the
// OptPricingSvr methods of the same tools, docs/api/pricing.md):
//   fxOptionCalculator  the FX option calculator request (OPTIONCALC)
//   listedOption        a futures / index / ETF option or a chain (CSIOPTION)
//   cryptoOption        an inverse or linear BTC / ETH option or a chain (CRYPTOOPTION)
// A solve with no answer is an { error } line like any other refusal.
import type { ModelHandler } from '../price-request';
import { runCalcRequest } from '../../engines/fx-option-calculator';
import { runCsiRequest } from '../../engines/csi-option-calculator';
import { runCryptoRequest } from '../../engines/crypto-option-calculator';

function withoutModel(req: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, ...rest } = req;
  void _model;
  return rest;
}

export const fxOptionCalculator: ModelHandler = (req) => runCalcRequest(withoutModel(req));
export const listedOption: ModelHandler = (req) => ({ ...runCsiRequest(withoutModel(req)) });
export const cryptoOption: ModelHandler = (req) => ({ ...runCryptoRequest(withoutModel(req)) });
