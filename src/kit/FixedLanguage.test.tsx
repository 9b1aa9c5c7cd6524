// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FixedLanguage } from './FixedLanguage';
import { defineStrings, useStrings } from './i18n';
import { useLang } from './locale';
import { startTestI18n } from './testing/i18n';

const words = defineStrings('fixedLangTest', { zh: { hello: '你好' }, en: { hello: 'Hello' } });

function Probe({ id }: { id: string }) {
  const { t } = useStrings(words);
  return <span data-testid={id}>{useLang()} {t('hello')}</span>;
}

describe('FixedLanguage', () => {
  beforeAll(() => startTestI18n('zh'));
  afterEach(cleanup);
  it('shows its part in its language while the page stays in the user language', () => {
    render(<><Probe id="page" /><FixedLanguage lang="en"><Probe id="fixed" /></FixedLanguage></>);
    expect(screen.getByTestId('page').textContent).toBe('zh 你好');
    expect(screen.getByTestId('fixed').textContent).toBe('en Hello');
    expect(screen.getByTestId('fixed').closest('[lang]')?.getAttribute('lang')).toBe('en');
  });
});
