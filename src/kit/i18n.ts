// Strings of a tool or kit area live beside its code, in its own i18next namespace, so tools
// built in parallel never edit the shell's locale files. A tool chunk is lazy, so carrying
// both languages in it costs the login page nothing.
//
//   // src/tools/irsCal/i18n.ts
//   export const strings = defineStrings('irsCal', { zh: { title: '利率互换' }, en: { title: 'Interest rate swap' } });
//   // in a component
//   const { t } = useStrings(strings);   t('title')
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

type Tree = { [key: string]: string | Tree };

export interface Strings {
  readonly ns: string;
  readonly zh: Tree;
  readonly en: Tree;
}

/** Declares a namespace's strings in both languages and registers them with i18next. */
export function defineStrings(ns: string, res: { zh: Tree; en: Tree }): Strings {
  const s = { ns, zh: res.zh, en: res.en };
  register(s);
  return s;
}

// A module defining strings can be imported before i18next starts (tests, harnesses): its
// store does not exist yet, so those namespaces wait for the `initialized` event.
const waiting: Strings[] = [];
i18next.on('initialized', () => waiting.splice(0).forEach(register));

function register(s: Strings): void {
  if (!i18next.store) {
    waiting.push(s);
    return;
  }
  // deep + overwrite: a hot-reloaded or re-imported module replaces its own strings only.
  if (!i18next.hasResourceBundle('zh', s.ns)) i18next.addResourceBundle('zh', s.ns, s.zh, true, true);
  if (!i18next.hasResourceBundle('en', s.ns)) i18next.addResourceBundle('en', s.ns, s.en, true, true);
}

/** `t` of the namespace (falls back to the shell's `translation` keys with `translation:key`). */
export function useStrings(s: Strings) {
  register(s); // i18next may have been initialised after the module was imported
  return useTranslation([s.ns, 'translation']);
}

/** Key paths of a tree, for the zh/en parity test every namespace should have. */
export function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keyPaths(v, `${prefix}${k}.`))).sort();
}
