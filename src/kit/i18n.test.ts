import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { defineStrings, keyPaths } from './i18n';

describe('kit i18n', () => {
  it('accepts strings defined before i18next starts and adds them once it has', async () => {
    const early = defineStrings('kitEarly', { zh: { a: '甲' }, en: { a: 'A' } });
    if (!i18next.isInitialized) await i18next.init({ lng: 'zh', fallbackLng: 'zh', resources: {} });
    expect(i18next.getFixedT('en', early.ns)('a')).toBe('A');
  });
  it('registers a namespace in both languages', async () => {
    if (!i18next.isInitialized) await i18next.init({ lng: 'zh', fallbackLng: 'zh', resources: {} });
    const s = defineStrings('kitTest', { zh: { a: { b: '乙' } }, en: { a: { b: 'B' } } });
    expect(i18next.getFixedT('en', s.ns)('a.b')).toBe('B');
    expect(i18next.getFixedT('zh', s.ns)('a.b')).toBe('乙');
  });
  it('lists key paths for parity checks', () => {
    expect(keyPaths({ x: 'a', y: { z: 'b', w: 'c' } })).toEqual(['x', 'y.w', 'y.z']);
    expect(keyPaths({ x: 'a' })).not.toEqual(keyPaths({ x: 'a', y: 'b' }));
  });
});
