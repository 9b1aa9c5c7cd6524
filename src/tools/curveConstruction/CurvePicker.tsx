// The curve picker of the rate screens (/irsCal, /carryRoll, /rateOption, /rateOptionMain,
// /irsMarketMaking): the market curve of the index or a curve saved on /curveConstruction
// (own and shared, listed afresh when the picker gets focus), with the label of the curve in
// use as its hint. The choice itself: use-curve-choice.ts.
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { ratesStrings } from './i18n';
import { INDEX_LABELS, type RateIndexId } from './market-curve';
import type { SavedChoice, SavedCurveChoice } from './use-curve-choice';

type T = (key: string, values?: Record<string, unknown>) => string;

/** "Market curve (FR007, date)" or "Saved: NAME (INDEX, date)": what the screen prices off. */
export function curveLabel(tr: T, saved: SavedChoice | null, index: RateIndexId, date: string | null): string {
  return saved
    ? tr('savedCurve', { name: saved.name, index: INDEX_LABELS[saved.definition.index], date: saved.definition.asOf })
    : tr('marketCurve', { index: INDEX_LABELS[index], date: date ?? '…' });
}

/** The label of the curve in use, in the current language. */
export function useCurveLabel(saved: SavedChoice | null, index: RateIndexId, date: string | null): string {
  const { t: tr } = useStrings(ratesStrings);
  return curveLabel(tr, saved, index, date);
}

export function CurvePicker({ choice, index, date, label }: {
  choice: Pick<SavedCurveChoice, 'saved' | 'value' | 'choices' | 'choose' | 'reload'>;
  index: RateIndexId;
  /** The market curve's date (null while it loads). */
  date: string | null;
  /** The field's name; the shared "Curve" by default. */
  label?: string;
}) {
  const { t: tr } = useStrings(ratesStrings);
  return (
    <div onFocusCapture={() => void choice.reload()}>
      <SelectField<string> label={label ?? tr('curve')} name="curve" value={choice.value} onChange={(x) => void choice.choose(x)}
        hint={curveLabel(tr, choice.saved, index, date)}
        choices={[{ value: 'market', label: curveLabel(tr, null, index, date) }, ...choice.choices]} />
    </div>
  );
}
