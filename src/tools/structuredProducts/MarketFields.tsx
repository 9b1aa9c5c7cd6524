// The four flat market inputs of the engine (spot, vol, domestic and foreign rate) at the
// product's maturity, each prefilled from market data with its source and as-of shown, and
// editable: a typed figure overrides the market's until "Back to market".
import { NumberField, PercentField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { useLang } from '../../kit/locale';
import { asOfText, badgeText } from '../../kit/market-data';
import { sharedStrings } from './i18n';
import { combinedProvenance } from '../../kit/market-data/pillars';
import type { FigureSource, MarketAtMaturity, MarketField } from './pricing';
import type { Overrides } from './state';

/** Display precision of market figures: what is shown is what prices. */
export const roundMarket = (f: MarketField, v: number): number => (f === 'spot' ? Number(v.toPrecision(8)) : Number((v * 100).toFixed(4)));

export function SourceLine({ source }: { source: FigureSource | undefined }) {
  const { t } = useStrings(sharedStrings);
  const lang = useLang();
  if (!source) return null;
  if (source.kind === 'user') return <span className="sp-src sp-src--user">{t('market.user')}</span>;
  if (source.kind === 'missing') return <span className="sp-src sp-src--missing">{t('market.missing')}</span>;
  const p = combinedProvenance(source.observations);
  if (!p) return null;
  const badge = badgeText(p, lang);
  const ids = source.observations.map((o) => o.id.split('.').slice(-2).join(' ')).join(', ');
  return (
    <span className="sp-src" title={p.source}>
      {badge ? <em className={`sp-badge sp-badge--${p.sourceKind}`}>{badge}</em> : null}
      {asOfText(p, lang)} · {ids}
      {source.quoted !== undefined ? ` · ${source.quoted.toFixed(4)}%` : ''}
    </span>
  );
}

export interface MarketFieldsProps {
  market: MarketAtMaturity | null;
  overrides: Overrides;
  onOverride(field: MarketField, value: number | null): void;
  quote: string;
  futures: boolean;
}

export function MarketFields({ market, overrides, onOverride, quote, futures }: MarketFieldsProps) {
  const { t } = useStrings(sharedStrings);
  const shown = (f: MarketField): number | null => {
    const v = market?.inputs[f];
    return v === undefined ? null : roundMarket(f, v);
  };
  const reset = (f: MarketField) =>
    overrides[f] !== null ? (
      <button type="button" className="sp-link" onClick={() => onOverride(f, null)} data-testid={`reset-${f}`}>{t('market.reset')}</button>
    ) : null;
  const hint = (f: MarketField) => (
    <>
      <SourceLine source={market?.sources[f]} /> {reset(f)}
    </>
  );
  const changed = (f: MarketField, v: number | null) => {
    if (v === null) return;
    const m = market?.sources[f]?.kind === 'market' ? roundMarket(f, market.inputs[f]!) : null;
    onOverride(f, m !== null && v === m && overrides[f] === null ? null : v);
  };
  return (
    <>
      <NumberField label={t('market.spot')} name="spot" value={shown('spot')} onChange={(v) => changed('spot', v)} min={0} unit={quote} hint={hint('spot')} required />
      <PercentField label={t('market.vol')} name="vol" value={shown('vol')} onChange={(v) => changed('vol', v)} min={0} hint={hint('vol')} required />
      <PercentField label={t('market.rd')} name="rd" value={shown('rd')} onChange={(v) => changed('rd', v)} hint={hint('rd')} required />
      <PercentField label={t('market.rf')} name="rf" value={shown('rf')} onChange={(v) => changed('rf', v)} hint={futures ? <>{t('market.futuresRf')} {reset('rf')}</> : hint('rf')} required />
    </>
  );
}
