// A figure's provenance in a table cell: a badge for SAMPLE / SIMULATED / OFFLINE (never
// shown as live), else the kind (published, imported...) and the source, linked to its
// citation where the catalogue has one. The full text is always the cell's title; a sample or
// simulated figure shows its badge alone (its source says nothing more), and `compact` shows
// the kind alone (where a header already names the source).
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { sourceName } from './label';
import type { Provenance } from './provenance';
import { marketDataStrings } from './ui-strings';
import './market-data.css';

export function SourceCell({ provenance: p, url, compact }: { provenance: Provenance | null | undefined; url?: string; compact?: boolean }) {
  const { t } = useStrings(marketDataStrings);
  const lang = useLang();
  if (!p) return <span className="kit-md-src kit-md-src--none">—</span>;
  const badge = p.sourceKind === 'sample' || p.sourceKind === 'simulated';
  const kind = t(`source.${p.sourceKind}`);
  const name = sourceName(p.source, lang);
  return (
    <span className="kit-md-src" data-source-kind={p.sourceKind} title={`${kind}: ${name}`}>
      {badge ? <span className={`kit-badge kit-badge--${p.sourceKind}`}>{kind}</span> : <span className="kit-md-src__kind">{kind}</span>}
      {p.offline ? <span className="kit-badge kit-badge--offline">{t('source.offline')}</span> : null}
      {compact || badge ? null : url ? (
        <a className="kit-md-src__text" href={url} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
          {name}
        </a>
      ) : (
        <span className="kit-md-src__text">{name}</span>
      )}
    </span>
  );
}
