// OptPricingSvr methods of the rate option screens (/rateOption, /rateOptionMain,
// /irsMarketMaking): JSON content in, JSON out, spread into `tools` in tools.ts (which wraps
// each with its error mapping). Browser-safe like tools.ts: pricing core only, so the offline
// worker answers the same. Requests and replies: src/pricing-core/engines/rates/rate-option-calculator.ts.
import { runRateOptionRequest, runSabrCalibration, runSwaptionGridRequest } from '../../engines/rates/rate-option-calculator';

type Json = Record<string, unknown>;

export const rateOptionTools: Record<string, (content: Json) => Json> = {
  /** A swaption or a cap/floor: premium, forward, annuity, greeks, DV01, caplets, implied vol. */
  'ATS.OPTPRICINGSVR.RATEOPTION': (c) => ({ ...runRateOptionRequest(c) }),
  /** The swaption market-making grid from a vol surface. */
  'ATS.OPTPRICINGSVR.SWAPTIONGRID': (c) => ({ ...runSwaptionGridRequest(c) }),
  /** SABR alpha, rho, nu (beta fixed) fitted to smile quotes. */
  'ATS.OPTPRICINGSVR.SABRCALIBRATE': (c) => ({ ...runSabrCalibration(c) }),
};
