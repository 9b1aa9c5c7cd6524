// The progress line of the two bulk screens (beside their results): a bar, "n / total" or the
// cancelled text, and where the run happens. The words are the screen's own (its run verb).
import { useStrings } from '../../kit/i18n';
import { sharedStrings } from './i18n';
import type { BulkProgress } from './use-bulk-run';

export function BulkProgressBar({ progress: p, words }: { progress: BulkProgress; words: (key: 'progress' | 'cancelled', p: BulkProgress) => string }) {
  const { t: ts } = useStrings(sharedStrings);
  return (
    <span className="sp-progress" role="status" data-testid="bulk-progress">
      <progress max={p.total} value={p.done} aria-label={words('progress', p)} />
      {p.cancelled ? words('cancelled', p) : words('progress', p)} · {ts(`where.${p.where}`)}
    </span>
  );
}
