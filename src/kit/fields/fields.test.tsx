// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestI18n } from '../testing/i18n';
import { AmountField, ChoiceField, NumberField, PairField, PercentField, TenorDateField, type TenorOrDate } from './index';

beforeAll(() => startTestI18n('en'));
afterEach(cleanup);

function Amount({ onValue, onCommit }: { onValue: (v: number | null) => void; onCommit: () => void }) {
  const [v, setV] = useState<number | null>(null);
  return <AmountField label="Notional" currency="USD" value={v} onChange={(x) => { setV(x); onValue(x); }} onCommit={onCommit} />;
}

describe('AmountField', () => {
  it('reads shorthands, groups on blur, keeps the full value, commits on Enter', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const onCommit = vi.fn();
    render(<Amount onValue={onValue} onCommit={onCommit} />);
    const input = screen.getByRole('textbox', { name: 'Notional' });
    await user.click(input);
    await user.keyboard('1.5mio');
    expect(onValue).toHaveBeenLastCalledWith(1_500_000);
    await user.keyboard('{Enter}');
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(input).toHaveProperty('value', '1,500,000');
    await user.clear(input);
    await user.keyboard('1234567.891');
    await user.tab();
    expect(input).toHaveProperty('value', '1,234,567.891');
    expect(onValue).toHaveBeenLastCalledWith(1234567.891);
  });

  it('keeps bad text as typed, shows the error tied to the input once left', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Amount onValue={onValue} onCommit={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Notional' });
    await user.click(input);
    await user.keyboard('12x');
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(input.getAttribute('aria-invalid')).toBeNull(); // not while first typing
    await user.tab();
    expect(input).toHaveProperty('value', '12x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const err = document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!);
    expect(err?.textContent).toBe('Not an amount: type e.g. 10m, 500k or 1,000,000');
  });

  it('speaks zh', async () => {
    await startTestI18n('zh');
    const user = userEvent.setup();
    render(<Amount onValue={() => {}} onCommit={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Notional' });
    await user.click(input);
    await user.keyboard('abc{Enter}');
    expect(screen.getByText('不是金额：请输入如 10m、500k、1,000,000 或 500万')).toBeTruthy();
    await user.clear(input);
    await user.keyboard('500万');
    await user.tab();
    expect(input).toHaveProperty('value', '5,000,000');
    await startTestI18n('en');
  });
});

describe('PercentField', () => {
  it('shows the unit and reads 5.5 as 5.5 (percent number)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<PercentField label="Volatility" value={null} onChange={onChange} />);
    expect(screen.getByText('%')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Volatility' }), '5.5');
    expect(onChange).toHaveBeenLastCalledWith(5.5, expect.objectContaining({ error: null }));
  });
});

describe('NumberField with significant digits', () => {
  function Param({ initial, onValue, onCommit }: { initial: number; onValue: (v: number | null) => void; onCommit: () => void }) {
    const [v, setV] = useState<number | null>(initial);
    return <NumberField label="SABR alpha" value={v} significant={6} onChange={(x) => { setV(x); onValue(x); }} onCommit={onCommit} />;
  }

  it('shows a calibrated value to 6 significant digits and keeps the full value until the user types', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const onCommit = vi.fn();
    render(<Param initial={0.0031756815536517734} onValue={onValue} onCommit={onCommit} />);
    const input = screen.getByRole('textbox', { name: 'SABR alpha' });
    expect(input).toHaveProperty('value', '0.00317568');
    expect(input.getAttribute('data-value')).toBe('0.0031756815536517734');
    await user.click(input);
    await user.keyboard('{Enter}');
    await user.tab();
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onValue).not.toHaveBeenCalled();
    expect(input).toHaveProperty('value', '0.00317568');
    expect(input.getAttribute('data-value')).toBe('0.0031756815536517734');
    await user.clear(input);
    await user.keyboard('0.5123456789');
    expect(onValue).toHaveBeenLastCalledWith(0.5123456789);
    await user.tab();
    expect(input).toHaveProperty('value', '0.512346');
    expect(input.getAttribute('data-value')).toBe('0.5123456789');
  });
});

describe('PairField', () => {
  it('type-ahead, arrow keys and Enter pick a pair and commit; free text like "usd cny" is taken', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onCommit = vi.fn();
    render(<PairField label="Currency pair" value={null} onChange={onChange} onCommit={onCommit} pairs={['EURUSD', 'USDJPY', 'USDCNY']} />);
    const box = screen.getByRole('combobox', { name: 'Currency pair' });
    await user.click(box);
    await user.keyboard('usd');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.getAttribute('data-code'))).toEqual(['USDJPY', 'USDCNY', 'EURUSD']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('USDCNY', expect.anything());
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(box).toHaveProperty('value', 'USD/CNY');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.clear(box);
    await user.keyboard('eur usd');
    await user.keyboard('{Escape}');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('EURUSD', expect.anything());
    expect(box).toHaveProperty('value', 'EUR/USD');
  });
});

describe('TenorDateField', () => {
  const resolve = (t: string) => (t === '3M' ? { date: '2026-08-04' } : t === '1Y' ? { error: 'No curve to 1Y' } : { date: '2026-05-06' });
  const isBusinessDay = (iso: string) => !['2026-05-01', '2026-05-02', '2026-05-03'].includes(iso) && new Date(`${iso}T00:00:00Z`).getUTCDay() % 6 !== 0;

  function Field(props: { onChange?: (v: TenorOrDate | null) => void; onCommit?: () => void }) {
    const [v, setV] = useState<TenorOrDate | null>(null);
    return <TenorDateField label="Expiry" value={v} resolve={resolve} isBusinessDay={isBusinessDay} today="2026-05-04" onChange={(x) => { setV(x); props.onChange?.(x); }} onCommit={props.onCommit} />;
  }

  it('shows the resolved date beside a tenor; the resolver error shows as the field error', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Expiry' });
    await user.click(input);
    await user.keyboard('3m');
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'tenor', tenor: '3M' });
    const out = document.querySelector('output')!;
    expect(out.getAttribute('data-value')).toBe('2026-08-04');
    expect(out.textContent).toContain('2026-08-04');
    await user.tab();
    expect(input).toHaveProperty('value', '3M');
    await user.clear(input);
    await user.keyboard('1y{Enter}');
    expect(screen.getByText('No curve to 1Y')).toBeTruthy();
  });

  it('the picker marks business days, moves by keyboard and picks with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Expiry' });
    await user.click(input);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const dialog = screen.getByRole('dialog');
    const may1 = dialog.querySelector('[data-date="2026-05-01"]')!;
    expect(may1.getAttribute('data-business-day')).toBe('false');
    expect(dialog.querySelector('[data-date="2026-05-04"]')!.getAttribute('data-business-day')).toBe('true');
    expect(dialog.querySelectorAll('[data-date]').length % 7).toBe(0);
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-05-04');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-05-12');
    await user.keyboard('{PageDown}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-06-12');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input).toHaveProperty('value', '2026-06-12');
    expect(document.activeElement).toBe(input);
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'date', date: '2026-06-12' });
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ChoiceField', () => {
  it('is a group named by its legend; a choice is named by its text; Enter commits', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    function C() {
      const [v, setV] = useState<'buy' | 'sell'>('buy');
      return <ChoiceField label="Direction" value={v} onChange={setV} onCommit={onCommit} choices={[{ value: 'buy', label: 'Buy' }, { value: 'sell', label: 'Sell' }]} />;
    }
    render(<C />);
    expect(screen.getByRole('group', { name: 'Direction' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(screen.getByRole('radio', { name: 'Sell' })).toHaveProperty('checked', true);
    await act(async () => { await user.keyboard('{Enter}'); });
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});

// A market-filled field: `null` stored means "the market's figure", which can arrive or move
// at any moment (a pricing result, a live tick). It must never change under the cursor.
function MarketVol({ market, onValue }: { market: number | null; onValue: (v: number | null) => void }) {
  const [typed, setTyped] = useState<number | null>(null);
  return <PercentField label="Volatility" value={typed ?? market} onChange={(x) => { setTyped(x); onValue(x); }} />;
}

describe('a field filled from outside', () => {
  it('keeps its text while focused: a select-all and a keystroke replace what the user saw, not a figure that arrived meanwhile', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const { rerender } = render(<MarketVol market={null} onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Volatility' }) as HTMLInputElement;
    await user.click(input);
    input.select();
    rerender(<MarketVol market={4.1127} onValue={onValue} />); // the surface's vol arrives
    expect(input.value).toBe('');
    await user.keyboard('4');
    expect(input.value).toBe('4');
    expect(onValue).toHaveBeenLastCalledWith(4);
  });

  it('clearing the field to type anew does not refill it with the market figure until it is left', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const { rerender } = render(<MarketVol market={3.75} onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Volatility' }) as HTMLInputElement;
    expect(input.value).toBe('3.75');
    await user.click(input);
    await user.clear(input);
    rerender(<MarketVol market={3.76} onValue={onValue} />); // a tick while the field is empty
    expect(input.value).toBe('');
    await user.keyboard('4.2');
    rerender(<MarketVol market={3.77} onValue={onValue} />);
    await user.tab();
    expect(input.value).toBe('4.2');
    expect(onValue).toHaveBeenLastCalledWith(4.2);
  });

  it('shows the newer figure once left when the user did not type; follows it while not focused', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<MarketVol market={3.75} onValue={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Volatility' }) as HTMLInputElement;
    await user.click(input);
    rerender(<MarketVol market={3.8} onValue={() => {}} />);
    expect(input.value).toBe('3.75');
    await user.tab();
    expect(input.value).toBe('3.8');
    rerender(<MarketVol market={3.9} onValue={() => {}} />);
    expect(input.value).toBe('3.9');
  });
});
