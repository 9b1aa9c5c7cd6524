// Custom legs (instrument CU): each leg's side, type, instrument (VA/AR/AS), strike, notional
// and vol as kit fields, one row per leg; empty strike = ATM, empty notional = the main one,
// empty vol = the surface. The strike priced for each leg is shown as its hint.
import { NumberField, PercentField, SelectField, AmountField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { strings } from './i18n';
import type { ShownLeg } from './model';
import type { CustomLeg } from './state';

export function LegsEditor({ legs, onChange, onCommit, priced, base }: {
  legs: readonly CustomLeg[];
  onChange: (legs: CustomLeg[]) => void;
  onCommit: () => void;
  priced: readonly ShownLeg[];
  base: string;
}) {
  const { t } = useStrings(strings);
  const patch = (n: number, p: Partial<CustomLeg>) => onChange(legs.map((l, m) => (m === n ? { ...l, ...p } : l)));
  return (
    <fieldset className="oc-legs" data-testid="custom-legs">
      <legend>{t('legs.title')}</legend>
      {legs.map((l, n) => (
        <div className="oc-legs__row" key={n} role="group" aria-label={`${t('legs.leg')} ${n + 1}`}>
          <span className="oc-legs__num">{n + 1}</span>
          <SelectField label={`${t('legs.leg')} ${n + 1} ${t('legs.direction')}`} value={l.direction} onChange={(v) => patch(n, { direction: v })} onCommit={onCommit}
            choices={[{ value: 'buy', label: t('buy') }, { value: 'sell', label: t('sell') }]} />
          <SelectField label={`${t('legs.leg')} ${n + 1} ${t('legs.type')}`} value={l.type} onChange={(v) => patch(n, { type: v })} onCommit={onCommit}
            choices={[{ value: 'call', label: t('call') }, { value: 'put', label: t('put') }]} />
          <SelectField label={`${t('legs.leg')} ${n + 1} ${t('legs.instrument')}`} value={l.instrument} onChange={(v) => patch(n, { instrument: v })} onCommit={onCommit}
            choices={(['VA', 'AR', 'AS'] as const).map((v) => ({ value: v, label: v }))} />
          <NumberField label={`${t('legs.leg')} ${n + 1} ${t('legs.strike')}`} value={l.strike} min={0} onChange={(v) => patch(n, { strike: v })} onCommit={onCommit}
            hint={priced[n]?.strike !== undefined ? priced[n].strike!.toFixed(4) : undefined} />
          <AmountField label={`${t('legs.leg')} ${n + 1} ${t('legs.notional')}`} value={l.notional} min={0} onChange={(v) => patch(n, { notional: v })} onCommit={onCommit} currency={base} />
          <PercentField label={`${t('legs.leg')} ${n + 1} ${t('legs.vol')}`} value={l.vol} min={0} onChange={(v) => patch(n, { vol: v })} onCommit={onCommit}
            hint={priced[n] ? (priced[n].vol * 100).toFixed(3) : undefined} />
          <button type="button" className="btn oc-legs__remove" aria-label={t('legs.remove', { n: n + 1 })} disabled={legs.length <= 1}
            onClick={() => onChange(legs.filter((_, m) => m !== n))}>×</button>
        </div>
      ))}
      <button type="button" className="btn" disabled={legs.length >= 12}
        onClick={() => onChange([...legs, { direction: 'buy', type: 'call', instrument: 'VA', strike: null, notional: null, vol: null }])}>{t('legs.add')}</button>
    </fieldset>
  );
}
