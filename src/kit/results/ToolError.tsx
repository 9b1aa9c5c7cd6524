// A failed computation, said once in the user's language (role="alert", UI-CONTRACT
// section 3). The inputs are not touched: the tool's fields keep what was typed.
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { kitStrings } from '../strings';
import { describeError } from './errors';
import './results.css';

export function ToolError({ error, className }: { error: unknown; className?: string }) {
  const { t } = useStrings(kitStrings);
  const lang = useLang();
  if (error === null || error === undefined) return null;
  const d = describeError(error);
  const message = d.words ? d.words[lang] : t(`error.${d.code}`);
  return (
    <div role="alert" className={`kit-alert${className ? ` ${className}` : ''}`} data-error-code={d.code}>
      <span className="kit-alert__msg">{message}</span>
      {d.detail && d.detail !== message ? (
        <span className="kit-alert__detail">
          {t('error.detail')}: {d.detail}
        </span>
      ) : null}
    </div>
  );
}
