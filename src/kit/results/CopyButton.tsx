import { useStrings } from '../i18n';
import { kitStrings } from '../strings';
import { copyWithToast } from './copy';

/** A small button copying a full-precision value (named "Copy <name>"). */
export function CopyButton({ value, name, className }: { value: string | undefined; name: string; className?: string }) {
  const { t } = useStrings(kitStrings);
  if (value === undefined) return null;
  return (
    <button
      type="button"
      className={`kit-copy${className ? ` ${className}` : ''}`}
      aria-label={t('results.copyValue', { name })}
      title={t('results.copyValue', { name })}
      onClick={() => void copyWithToast(value, { copied: t('results.copied'), failed: t('results.copyFailed') })}
    >
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
        <rect x="5" y="5" width="9" height="9.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path d="M3 11V3a1.5 1.5 0 0 1 1.5-1.5H11" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
    </button>
  );
}
