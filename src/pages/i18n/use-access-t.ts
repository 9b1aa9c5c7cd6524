// The `access` i18n namespace of the access pages. Its resources live beside the pages
// (zh.json, en.json) and are added to whichever i18next instance renders them, so the
// app's own resources (src/i18n, owned elsewhere) stay untouched.
import i18next, { type i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './en.json';
import zh from './zh.json';

export const ACCESS_NS = 'access';
export const ACCESS_RESOURCES = { zh, en } as const;

export function registerAccessBundles(instance: I18n): void {
  for (const [lng, bundle] of Object.entries(ACCESS_RESOURCES)) {
    if (!instance.hasResourceBundle(lng, ACCESS_NS)) {
      instance.addResourceBundle(lng, ACCESS_NS, bundle, true, true);
    }
  }
}

// The global instance (what initReactI18next normally binds) gets them at import time.
registerAccessBundles(i18next);

export function useAccessT() {
  const { i18n } = useTranslation();
  registerAccessBundles(i18n);
  const { t } = useTranslation(ACCESS_NS);
  return { t, i18n, lang: (i18n.resolvedLanguage ?? i18n.language ?? 'zh').startsWith('en') ? 'en' : 'zh' } as const;
}
