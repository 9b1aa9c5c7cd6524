// A usePricing error as something ToolError shows in both languages: the tool's own words
// for bad input (its message values that name a key, e.g. a field name, translated too),
// the server's or core's text for a failed computation (ToolError maps solver failures to
// SPEC's "Inverse result cannot be obtained, check input"). Candidate for src/kit/pricing.
import i18next from 'i18next';
import type { PricingError } from '../../kit/pricing';
import { ToolFailure } from '../../kit/results';

function words(lng: 'zh' | 'en', key: string, values: Record<string, unknown> | undefined): string {
  const t = i18next.getFixedT(lng);
  const v = Object.fromEntries(Object.entries(values ?? {}).map(([k, x]) => [k, typeof x === 'string' && /^[A-Za-z]+:[\w.]+$/.test(x) ? t(x) : x]));
  return t(key, v);
}

export function pricingFailure(e: PricingError | null): unknown {
  if (!e) return null;
  if (e.kind === 'failed') return { message: e.detail ?? '' };
  const w = { zh: words('zh', e.message.key, e.message.values), en: words('en', e.message.key, e.message.values) };
  return new ToolFailure(e.kind === 'invalid' ? 'badInput' : 'calculationFailed', undefined, w);
}
