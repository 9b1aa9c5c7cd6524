// The visible "forward from: market points / typed points / typed rates" of every FX screen:
// which figures the forward on screen was built from. `data-value` carries the source code.
import type { ForwardSource } from '../../pricing-core/market/fx-context';
import { useStrings } from '../i18n';
import { fxMarketStrings } from './strings';

export function ForwardFrom({ source }: { source: ForwardSource | null | undefined }) {
  const { t } = useStrings(fxMarketStrings);
  if (!source) return null;
  return (
    <p className="kit-md-note" data-testid="forward-from" data-value={source} title={t(`hint.${source}`)}>
      {t('forwardFrom')}: <strong>{t(`source.${source}`)}</strong>
    </p>
  );
}
