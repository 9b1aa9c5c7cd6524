// A failed market-data request as a tool failure (ToolError shows it in the user's
// language): the market-data words for its code (label.ts), the server text as detail.
import i18next from 'i18next';
import { ToolFailure } from '../results/errors';
import type { Strings } from '../i18n';
import { marketErrorText } from './label';
import { UNAVAILABLE_CODE } from '../service-unavailable';

export function marketFailure(e: unknown): ToolFailure {
  const err = (e ?? {}) as { code?: string; message?: string };
  const kind = err.code === '9999' ? 'server' : err.code === UNAVAILABLE_CODE ? 'unavailable' : 'calculationFailed';
  return new ToolFailure(kind, err.message, { zh: marketErrorText(err, 'zh'), en: marketErrorText(err, 'en') });
}

/** A tool's own message in both languages (for ToolFailure words), from its namespace. */
export function bothLanguages(s: Strings, key: string, params?: Record<string, unknown>): { zh: string; en: string } {
  return { zh: i18next.getFixedT('zh', s.ns)(key, params), en: i18next.getFixedT('en', s.ns)(key, params) };
}

/** The first of several requests' errors as a tool failure (null when none failed). */
export function firstMarketFailure(...errors: unknown[]): ToolFailure | null {
  const e = errors.find(Boolean);
  return e ? marketFailure(e) : null;
}
