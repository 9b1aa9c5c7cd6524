// @vitest-environment jsdom
// Issue 20, section 4: validation says what is wrong with every bad field at once, in the
// user's language, never an internal field name, and "missing" only when it is missing.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AmountField, PercentField, TenorDateField, type TenorOrDate } from '../fields';
import { ToolForm, ToolLayout } from '../layout';
import { startTestI18n } from '../testing/i18n';
import { InputCheck, PROBLEM, ResultsRegion, ToolError, ToolFailure } from './index';

afterEach(cleanup);

const NOTIONAL = { zh: '名义本金', en: 'Notional' };
const TENOR = { zh: '期限', en: 'Tenor' };

/** A model that checks every input, as a tool's model does. */
function check(i: { notional: number | null; tenor: TenorOrDate | null; vol: number | null }) {
  const c = new InputCheck();
  if (i.tenor === null) c.add(TENOR, PROBLEM.missing);
  if (i.notional === null) c.add(NOTIONAL, PROBLEM.missing);
  else if (!(i.notional > 0)) c.add(NOTIONAL, PROBLEM.positive);
  c.done();
}

function Screen({ lang }: { lang: 'zh' | 'en' }) {
  const [notional, setNotional] = useState<number | null>(1_000_000);
  const [tenor, setTenor] = useState<TenorOrDate | null>({ kind: 'tenor', tenor: '3M' });
  const [vol, setVol] = useState<number | null>(5);
  let error: unknown = null;
  try { check({ notional, tenor, vol }); } catch (e) { error = e; }
  const L = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  return (
    <ToolLayout
      title="t"
      inputs={
        <ToolForm onSubmit={() => undefined}>
          <AmountField label={L('名义本金', 'Notional')} name="notional" value={notional} onChange={setNotional} required />
          <TenorDateField label={L('期限', 'Tenor')} name="tenor" value={tenor} onChange={setTenor} required />
          <PercentField label={L('波动率', 'Volatility')} name="vol" value={vol} onChange={setVol} />
        </ToolForm>
      }
      results={<ResultsRegion error={error} />}
    />
  );
}

const type = (name: string, text: string) => {
  const input = document.querySelector(`[data-field="${name}"] input`) as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
};
const items = () => [...screen.getByRole('alert').querySelectorAll('li')].map((li) => li.textContent);

describe('validation messages', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: every bad field at once, each saying what is wrong, "missing" only when empty`, async () => {
      await startTestI18n(lang);
      render(<Screen lang={lang} />);
      expect(screen.queryByRole('alert')).toBeNull();
      type('notional', 'abc');
      type('tenor', '');
      type('vol', 'x%y');
      const alert = screen.getByRole('alert');
      if (lang === 'zh') {
        expect(alert.textContent).toContain('请检查以下输入');
        expect(items()).toEqual([
          '名义本金：不是金额：请输入如 10m、500k、1,000,000 或 500万',
          '期限：请填写此项',
          '波动率：不是百分比数值：请输入如 5.5（即 5.5%）',
        ]);
      } else {
        expect(alert.textContent).toContain('Check these inputs');
        expect(items()).toEqual([
          'Notional: Not an amount: type e.g. 10m, 500k or 1,000,000',
          'Tenor: Please fill this in',
          'Volatility: Not a percentage: type e.g. 5.5 (meaning 5.5%)',
        ]);
      }
      // The notional was typed: it is not a number, not "missing".
      expect(alert.textContent).not.toMatch(/Notional: missing|名义本金：未填写/);
      expect(alert.textContent).not.toMatch(/详情|Details|\bnotional\b|\btenor\b/);
    });
  }

  it('a typed value that cannot be used says so even when the rest computes', async () => {
    await startTestI18n('en');
    render(<Screen lang="en" />);
    type('vol', 'high');
    expect(screen.getByRole('alert').textContent).toContain('These inputs are not valid and were not used');
    expect(items()).toEqual(['Volatility: Not a percentage: type e.g. 5.5 (meaning 5.5%)']);
    type('vol', '6');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a model lists every problem it found, in the user\'s language', async () => {
    const e = (() => { try { check({ notional: -5, tenor: null, vol: null }); } catch (x) { return x; } })();
    expect(e).toBeInstanceOf(ToolFailure);
    await startTestI18n('zh');
    const { unmount } = render(<ToolError error={e} />);
    expect(items()).toEqual(['期限：未填写', '名义本金：须大于零']);
    unmount();
    await startTestI18n('en');
    render(<ToolError error={e} />);
    expect(items()).toEqual(['Tenor: missing', 'Notional: must be greater than zero']);
  });

  it('never shows an internal field name as the detail', async () => {
    await startTestI18n('zh');
    const { rerender } = render(<ToolError error={new ToolFailure('badInput', 'tenor', { zh: '请输入期限', en: 'Enter a tenor' })} />);
    expect(screen.getByRole('alert').textContent).toBe('请输入期限');
    rerender(<ToolError error={new ToolFailure('badInput', 'tenor')} />);
    expect(screen.getByRole('alert').textContent).toBe('输入有误，请检查后重试');
    rerender(<ToolError error={new ToolFailure('calculationFailed', 'the discount curve has no 30Y point')} />);
    expect(screen.getByRole('alert').textContent).toContain('详情: the discount curve has no 30Y point');
    await startTestI18n('en');
  });
});
