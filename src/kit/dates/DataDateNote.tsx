// Says that a screen values today on market data of an earlier date (rolled forward: the same
// quotes re-anchored at the valuation date). Renders nothing when the data is today's.
import { useStrings } from '../i18n';
import { dateStrings } from './strings';

export function DataDateNote({ dataDate, valuationDate }: { dataDate: string | null | undefined; valuationDate: string | null | undefined }) {
  const { t } = useStrings(dateStrings);
  if (!dataDate || !valuationDate || dataDate >= valuationDate) return null;
  return (
    <p className="kit-note kit-form__wide" role="note" data-testid="data-date-note" data-value={dataDate}>
      {t('dataRolled', { data: dataDate, valuation: valuationDate })}
    </p>
  );
}
