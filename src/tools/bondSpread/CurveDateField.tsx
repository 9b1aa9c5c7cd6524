// The curve date of the quote-sheet screens (/bondSpread, /relativeValue): empty = latest.
import { TenorDateField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { quoteStrings } from './quotes-i18n';

export function CurveDateField({ value, onChange }: { value: string | null; onChange: (date: string | null) => void }) {
  const { t: tq } = useStrings(quoteStrings);
  return (
    <TenorDateField label={tq('curveDate')} name="curveDate" dateOnly hint={tq('latest')} value={value ? { kind: 'date', date: value } : null} onChange={(v) => onChange(v?.kind === 'date' ? v.date : null)} />
  );
}
