// Unit tests of kit components: start i18next (react-i18next bound) in a language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../locale';

export async function startTestI18n(lang: Lang = 'en'): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({ lng: lang, fallbackLng: 'zh', resources: {}, interpolation: { escapeValue: false } });
  } else if (i18next.language !== lang) {
    await i18next.changeLanguage(lang);
  }
}
