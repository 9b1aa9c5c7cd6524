// The interface language as the kit's formatters need it. zh is the default everywhere
// (SPEC); formatters take a `Lang` so they stay pure and testable in Node.
import { useTranslation } from 'react-i18next';

export type Lang = 'zh' | 'en';

export function normalizeLang(lang: string | null | undefined): Lang {
  return lang === 'en' || lang?.startsWith('en-') ? 'en' : 'zh';
}

/** BCP 47 locale for Intl and dayjs of an interface language. */
export function intlLocale(lang: Lang): string {
  return lang === 'en' ? 'en-US' : 'zh-CN';
}

/** The current interface language, re-rendering on a switch. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return normalizeLang(i18n.language);
}
