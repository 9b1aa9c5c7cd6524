// A failed computation, said once in the user's language (role="alert", UI-CONTRACT
// section 3). The inputs are not touched: the tool's fields keep what was typed. Every bad
// input is listed at once under its label: the fields' own errors (`fields` from the screen's
// field list) and the model's (`ToolFailure.problems`); a field's error wins over the model's
// word for the same field ("not a number" rather than "missing" when something was typed).
// A tool's own message (`words`) stays the headline; the list says field by field what is wrong.
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { kitStrings } from '../strings';
import type { FieldProblem } from '../fields/problems';
import { describeError, visibleDetail } from './errors';
import './results.css';

export function ToolError({ error, fields = [], className }: { error: unknown; fields?: readonly FieldProblem[]; className?: string }) {
  const { t } = useStrings(kitStrings);
  const lang = useLang();
  const failed = error !== null && error !== undefined;
  if (!failed && !fields.length) return null;
  const d = failed ? describeError(error) : null;
  const own = (d?.problems ?? []).map((p) => ({ label: p.field[lang], message: p.problem[lang] }));
  const listed = [...fields, ...own.filter((p) => !fields.some((f) => f.label === p.label))];
  // The tool's own words first when it has them; a bare bad-input failure with bad fields
  // is about those fields: the list says it.
  const message = !d ? t('error.notUsed')
    : d.words ? d.words[lang]
      : d.code === 'badInput' && listed.length ? t('error.checkInputs') : t(`error.${d.code}`);
  const detail = d ? visibleDetail(d) : undefined;
  return (
    <div role="alert" className={`kit-alert${className ? ` ${className}` : ''}`} data-error-code={d?.code ?? 'badInput'}>
      <span className="kit-alert__msg">{message}</span>
      {listed.length ? (
        <ul className="kit-alert__list">
          {listed.map((p) => <li key={p.label} data-problem={p.label}>{lang === 'zh' ? `${p.label}：${p.message}` : `${p.label}: ${p.message}`}</li>)}
        </ul>
      ) : null}
      {detail && detail !== message ? (
        <span className="kit-alert__detail">
          {t('error.detail')}: {detail}
        </span>
      ) : null}
    </div>
  );
}
