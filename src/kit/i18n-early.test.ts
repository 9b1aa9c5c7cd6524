// A module that defines strings may be imported before i18next starts (unit tests of kit
// components, the bench harness): its namespace must arrive once i18next is up.
import i18next from 'i18next';
import { expect, it } from 'vitest';
import { defineStrings } from './i18n';

it('registers namespaces defined before i18next starts', async () => {
  expect(i18next.isInitialized).toBeFalsy();
  const s = defineStrings('kitEarly', { zh: { a: '甲' }, en: { a: 'A' } });
  await i18next.init({ lng: 'en', fallbackLng: 'zh', resources: {} });
  expect(i18next.getFixedT('en', s.ns)('a')).toBe('A');
  expect(i18next.getFixedT('zh', s.ns)('a')).toBe('甲');
});
