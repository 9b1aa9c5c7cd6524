// A part of the page in one language whatever the interface language is: the English public
// routes (/bankExchangeEn, /rateEn) show their screen in English. A clone of i18next shares
// the resources (every namespace defined with defineStrings carries both languages) and only
// fixes the language; the shell around it keeps the user's choice.
import i18next, { type i18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Lang } from './locale';

const clones = new Map<Lang, i18n>();

function fixedInstance(lang: Lang): i18n {
  let c = clones.get(lang);
  if (!c) {
    c = i18next.cloneInstance({ lng: lang });
    void c.changeLanguage(lang);
    clones.set(lang, c);
  }
  return c;
}

export function FixedLanguage({ lang, children }: { lang: Lang; children: ReactNode }) {
  const instance = useMemo(() => fixedInstance(lang), [lang]);
  return (
    <I18nextProvider i18n={instance}>
      <div lang={lang === 'en' ? 'en' : 'zh-CN'} className="kit-fixed-lang">{children}</div>
    </I18nextProvider>
  );
}
