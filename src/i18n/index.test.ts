import { describe, expect, it } from 'vitest';
import { currentLang, initI18n, normalizeLang } from './index';

describe('i18n setup', () => {
  it('defaults to zh and loads en on demand', async () => {
    const i18n = await initI18n('zh');
    expect(currentLang()).toBe('zh');
    expect(i18n.t('session.loginAgain')).toBe('请重新登录');
    await initI18n('en');
    expect(currentLang()).toBe('en');
    expect(i18n.t('session.loginAgain')).toBe('Please log in again');
    expect(i18n.t('login.codes.1005')).toBe('The user name is repeated. Please reset it');
    await initI18n('zh');
    expect(i18n.t('errors.registerFailed')).toBe('注册失败');
  });
  it('accepts only zh and en', () => {
    expect(normalizeLang('en')).toBe('en');
    expect(normalizeLang('fr')).toBe('zh');
    expect(normalizeLang(null)).toBe('zh');
  });
});
