// Where the figures on screen come from, always visible: source, as-of date, and a badge
// for sample / simulated figures (样例 / 模拟) and for figures read offline ("as of ...
// (offline)"). Sample or simulated data is never shown without it.
import { needsBadge, type Provenance } from '../market-data/provenance';
import { sourceName } from '../market-data/label';
import { formatAsOf } from '../format/dates';
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { kitStrings } from '../strings';
import './results.css';

export function SourceBadge({ provenance: p, className }: { provenance: Provenance | null | undefined; className?: string }) {
  const { t } = useStrings(kitStrings);
  const lang = useLang();
  if (!p) return null;
  const date = formatAsOf(p.asOf, lang);
  const badge = p.sourceKind === 'sample' || p.sourceKind === 'simulated';
  return (
    <div className={`kit-source${className ? ` ${className}` : ''}`} data-source-kind={p.sourceKind} data-as-of={p.asOf} data-offline={p.offline ? 'true' : undefined}>
      {badge ? (
        <span className={`kit-badge kit-badge--${p.sourceKind}`} title={t(`source.${p.sourceKind}Hint`)}>
          {t(`source.kind.${p.sourceKind}`)}
        </span>
      ) : null}
      {p.offline ? <span className="kit-badge kit-badge--offline" title={t('source.offlineHint')}>{t('source.offline')}</span> : null}
      <span className="kit-source__text">
        {t('source.label')}: {sourceName(p.source, lang)}
        {!badge && !needsBadge(p) ? ` (${t(`source.kind.${p.sourceKind}`)})` : ''} · {p.offline ? t('source.asOfOffline', { date }) : t('source.asOf', { date })}
      </span>
    </div>
  );
}
