// PRICING-CLI model `fxDates`: spot, start, delivery and expiry dates of an FX tenor
// (../../../../../shared/PRICING-CLI.md, "fxDates"; rules in src/pricing-core/dates/fx-dates.ts).
import type { ModelHandler } from '../price-request';
import { PricingError } from '../../core/types';
import { CALENDAR_CODES, fxDatesFor, isCalendarCode } from '../../dates/calendars';
import { isoDateField } from './fixed-bond';

const TENOR = /^(ON|TN|SN|SPOT|[1-9]\d*[WMY])$/;

export const fxDates: ModelHandler = (req) => {
  const pair = req.pair;
  if (pair === undefined) throw new PricingError('missing field: pair');
  if (typeof pair !== 'string' || !/^[A-Z]{6}$/.test(pair)) throw new PricingError('field pair must be six capital letters, base then quote (e.g. USDCNY)');
  for (const ccy of [pair.slice(0, 3), pair.slice(3)]) {
    if (!isCalendarCode(ccy)) throw new PricingError(`pair ${pair}: no calendar for ${ccy} (calendars: ${CALENDAR_CODES.join(', ')})`);
  }
  if (pair.slice(0, 3) === pair.slice(3)) throw new PricingError(`pair ${pair}: base and quote must differ`);
  isoDateField(req, 'tradeDate');
  const tenor = req.tenor;
  if (tenor === undefined) throw new PricingError('missing field: tenor');
  if (typeof tenor !== 'string' || !TENOR.test(tenor)) throw new PricingError('field tenor must be ON, TN, SN, SPOT, or nW, nM, nY with n >= 1');
  return { ...fxDatesFor(pair, req.tradeDate as string, tenor) };
};
