// Says that a screen's dates start from the next business day because today is not one.
// Renders nothing on a business day.
import { weekdayOf } from '../fields/month-grid';
import { useStrings } from '../i18n';
import { dateStrings } from './strings';
import type { TradeDay } from './desk-today';

export function TradeDayNote({ day }: { day: TradeDay }) {
  const { t } = useStrings(dateStrings);
  if (!day.rolled) return null;
  return (
    <p className="kit-note kit-form__wide" role="note" data-testid="trade-day-note" data-value={day.date}>
      {t(day.roll === 'following' ? 'rolled' : 'rolledBack', {
        today: day.today,
        weekday: t(`weekday.${weekdayOf(day.today)}`),
        ccys: day.currencies.join(' / '),
        date: day.date,
        dateWeekday: t(`weekday.${weekdayOf(day.date)}`),
      })}
    </p>
  );
}
