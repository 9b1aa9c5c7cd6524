// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AmountField, ChoiceField, TenorDateField } from '../fields';
import { startTestI18n } from '../testing/i18n';
import { FileDrop, ToolActions, ToolForm, ToolLayout } from './index';

beforeAll(() => startTestI18n('en'));
afterEach(cleanup);

function Tool({ onPrice }: { onPrice: (n: number | null) => void }) {
  const [n, setN] = useState<number | null>(null);
  const [d, setD] = useState<'buy' | 'sell'>('buy');
  return (
    <ToolLayout
      title="Option"
      inputs={
        <ToolForm onSubmit={() => onPrice(n)} actions={<ToolActions onSave={() => {}} />}>
          <AmountField label="Notional" value={n} onChange={setN} required />
          <ChoiceField label="Direction" value={d} onChange={setD} choices={[{ value: 'buy', label: 'Buy' }, { value: 'sell', label: 'Sell' }]} />
          <TenorDateField label="Expiry" value={null} required resolve={() => ({ date: '2027-01-04' })} />
        </ToolForm>
      }
      results={<div>results</div>}
    />
  );
}

describe('ToolForm', () => {
  it('Enter in any field and the Price button run the compute with the latest values', async () => {
    const user = userEvent.setup();
    const onPrice = vi.fn();
    render(<Tool onPrice={onPrice} />);
    await user.type(screen.getByRole('textbox', { name: 'Notional' }), '10m{Enter}');
    expect(onPrice).toHaveBeenLastCalledWith(10_000_000);
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    await user.keyboard('{Enter}');
    expect(onPrice).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(onPrice).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
  it('after a commit every field shows its error, touched or not', async () => {
    const user = userEvent.setup();
    render(<Tool onPrice={() => {}} />);
    const expiry = screen.getByRole('textbox', { name: 'Expiry' });
    expect(expiry.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Please fill this in')).toHaveLength(2);
  });
  it('the layout names its inputs region', () => {
    render(<Tool onPrice={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Option' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Inputs' })).toBeTruthy();
  });
});

describe('FileDrop', () => {
  it('takes a dropped file, refuses one over the limit with a message', () => {
    const onFile = vi.fn();
    const { container } = render(<FileDrop onFile={onFile} types="CSV, XLSX" maxBytes={10} />);
    const zone = container.querySelector('.kit-drop')!;
    const small = new File(['a,b'], 'x.csv');
    const big = new File(['0123456789abc'], 'y.csv');
    const drop = (f: File) => fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [f] } });
    drop(small);
    expect(onFile).toHaveBeenCalledWith(small);
    drop(big);
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('File too large (limit 10 B)');
    expect(screen.getByRole('button', { name: 'choose a file' })).toBeTruthy();
  });
});
