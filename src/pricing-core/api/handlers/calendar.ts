// PRICING-CLI model `calendar`: a calendar's closed weekdays, working weekends and business
// days between two dates (../../../../../shared/PRICING-CLI.md, "Dates and calendars").
import type { ModelHandler } from '../price-request';
import { PricingError } from '../../core/types';
import { CALENDAR_CODES, calendarSummary, isCalendarCode } from '../../dates/calendars';
import { isoDateField } from './fixed-bond';

export const calendar: ModelHandler = (req) => {
  const code = req.calendar;
  if (code === undefined) throw new PricingError('missing field: calendar');
  if (!isCalendarCode(code)) throw new PricingError(`field calendar must be one of ${CALENDAR_CODES.join(', ')}`);
  const from = isoDateField(req, 'from');
  const to = isoDateField(req, 'to');
  if (from > to) throw new PricingError('from must not be after to');
  const { holidays, workingWeekends, businessDays } = calendarSummary(code, req.from as string, req.to as string);
  return { holidays, workingWeekends, businessDays };
};
