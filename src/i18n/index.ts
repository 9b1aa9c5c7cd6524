// i18next setup: zh (default) and en, persisted in localStorage `Lang`. All app resources
// live in locales/zh.json and locales/en.json (same key set; a unit test checks parity).
// The date locale (src/locale) follows i18next's languageChanged event; it is loaded with
// the home shell, not on the login page.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zh from './locales/zh.json';

export type Lang = 'zh' | 'en';
export const LANG_KEY = 'Lang';

export function normalizeLang(value: string | null | undefined): Lang {
  return value === 'en' ? 'en' : 'zh';
}

function storedLang(): Lang {
  try {
    return normalizeLang(globalThis.localStorage?.getItem(LANG_KEY));
  } catch {
    return 'zh';
  }
}

// zh (the default and the fallback) is bundled; en is fetched the first time it is needed.
let enLoaded: Promise<void> | null = null;
function ensureLang(lang: Lang): Promise<void> {
  if (lang === 'zh') return Promise.resolve();
  enLoaded ??= import('./locales/en.json').then((m) => {
    i18next.addResourceBundle('en', 'translation', m.default, true, true);
  });
  return enLoaded;
}

/** Start i18next in the stored language; resolves once that language's strings are loaded. */
export async function initI18n(lang: Lang = storedLang()): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { zh: { translation: zh } },
      partialBundledLanguages: true,
      lng: 'zh',
      fallbackLng: 'zh',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await ensureLang(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  return i18next;
}

/** Switch and persist the interface language. */
export function setLanguage(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* storage unavailable: the switch still applies to this page */
  }
  void initI18n(lang);
}

export function currentLang(): Lang {
  return normalizeLang(i18next.language);
}

export { i18next };
