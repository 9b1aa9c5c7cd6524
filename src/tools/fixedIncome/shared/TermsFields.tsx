// The bond's terms as fields (picker, coupon, maturity, frequency, interest start, settlement)
// shared by the bond screens. Picking a bond fills the terms; editing a term leaves the pick.
import type { BondView } from '../../../kit/bonds/contract';
import { PercentField, SelectField, TenorDateField, type TenorOrDate } from '../../../kit/fields';
import { useStrings } from '../../../kit/i18n';
import { BondPicker } from './BondPicker';
import { sharedStrings } from './i18n';
import { type BondTerms, editTerms, MANUAL_TERMS, termsFromRecord } from './terms';

export const dateValue = (d: string | null): TenorOrDate | null => (d ? { kind: 'date', date: d } : null);
export const dateOf = (v: TenorOrDate | null): string | null => (v?.kind === 'date' ? v.date : null);

export interface TermsFieldsProps {
  terms: BondTerms;
  onTerms: (t: BondTerms) => void;
  settlement: string | null;
  onSettlement: (d: string | null) => void;
  today: string;
  issuerTypes?: string[];
  /** Hide the interest start field (screens that always pick from the list). */
  compact?: boolean;
}

export function TermsFields({ terms, onTerms, settlement, onSettlement, today, issuerTypes }: TermsFieldsProps) {
  const { t } = useStrings(sharedStrings);
  const edit = (patch: Partial<BondTerms>) => onTerms(editTerms(terms, patch));
  const pick = (b: BondView | null) => onTerms(b ? termsFromRecord(b) : { ...MANUAL_TERMS, maturity: terms.maturity, coupon: terms.coupon, frequency: terms.frequency });
  return (
    <>
      <BondPicker value={terms.code} onPick={pick} issuerTypes={issuerTypes} />
      <PercentField label={t('coupon')} name="coupon" value={terms.coupon} onChange={(v) => edit({ coupon: v })} min={0} max={30} required disabled={terms.kind === 'zero'} />
      <TenorDateField label={t('maturity')} name="maturity" dateOnly today={today} value={dateValue(terms.maturity)} onChange={(v) => edit({ maturity: dateOf(v) })} required />
      <SelectField
        label={t('frequency')}
        name="frequency"
        value={String(terms.frequency) as '1' | '2' | '4' | '12'}
        onChange={(v) => edit({ frequency: Number(v) as BondTerms['frequency'] })}
        choices={[{ value: '1', label: '1' }, { value: '2', label: '2' }, { value: '4', label: '4' }, ...(terms.frequency === 12 ? [{ value: '12' as const, label: '12' }] : [])]}
      />
      <TenorDateField label={t('issue')} name="issue" dateOnly today={today} hint={t('issueHint')} value={dateValue(terms.issue)} onChange={(v) => edit({ issue: dateOf(v) })} />
      <TenorDateField label={t('settlement')} name="settlement" dateOnly today={today} value={dateValue(settlement)} onChange={(v) => onSettlement(dateOf(v))} required />
    </>
  );
}
