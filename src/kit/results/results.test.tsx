// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestI18n } from '../testing/i18n';
import { fmt, LiveValue, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolError, ToolFailure, useCalculation } from './index';

beforeAll(() => startTestI18n('en'));
afterEach(cleanup);

let clip: string[] = [];
beforeEach(() => {
  clip = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn(async (s: string) => void clip.push(s)) } });
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
}

function Tool({ tasks }: { tasks: Array<Promise<number>> }) {
  const calc = useCalculation<number>();
  const [i, setI] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => { const p = tasks[i]; setI(i + 1); void calc.run(() => p); }}>Price</button>
      <ResultsRegion calc={calc}>
        <ResultList items={[{ name: 'Premium', value: calc.result, format: fmt.amount('CNY') }]} />
      </ResultsRegion>
    </div>
  );
}

describe('ResultsRegion with useCalculation', () => {
  it('is busy in the very click that starts work, idle in the commit showing the result; a stale reply is dropped', async () => {
    const a = deferred<number>();
    const b = deferred<number>();
    render(<Tool tasks={[a.promise, b.promise]} />);
    const region = screen.getByRole('region', { name: 'Results' });
    expect(region.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    expect(region.getAttribute('aria-busy')).toBe('true'); // synchronously, same event
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    await act(async () => { b.resolve(2.5); await b.promise; });
    expect(region.getAttribute('aria-busy')).toBeNull();
    const dd = region.querySelector('dd')!;
    expect(dd.getAttribute('data-value')).toBe('2.5');
    await act(async () => { a.resolve(1); await a.promise; });
    expect(dd.getAttribute('data-value')).toBe('2.5'); // older reply ignored
  });

  it('a failure shows one alert in the user language and clears busy', async () => {
    const a = deferred<number>();
    render(<Tool tasks={[a.promise]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    await act(async () => { a.reject(new ToolFailure('inverseFailed')); await a.promise.catch(() => {}); });
    expect(screen.getByRole('alert').textContent).toContain('Inverse result cannot be obtained, check input');
    expect(screen.getByRole('region', { name: 'Results' }).getAttribute('aria-busy')).toBeNull();
    expect(screen.getByRole('region').querySelector('dd')!.hasAttribute('data-value')).toBe(false);
  });
});

describe('ResultList', () => {
  it('dt names dd; dd carries full precision, shows rounded; not computable is a dash without data-value', () => {
    render(<ResultList items={[
      { name: 'Premium', value: 123456.789012345, format: fmt.amount('CNY') },
      { name: 'Premium %', value: 1.23456789, format: fmt.percent(4) },
      { name: 'Delta', value: null },
      { name: 'Expiry date', value: '2027-03-15', format: fmt.date },
    ]} />);
    const dds = [...document.querySelectorAll('dd')];
    expect(document.querySelectorAll('dt')[0].textContent).toBe('Premium');
    expect(dds[0].getAttribute('data-value')).toBe('123456.789012345');
    expect(dds[0].textContent).toContain('123,456.79 CNY');
    expect(dds[1].textContent).toContain('1.2346%');
    expect(dds[2].hasAttribute('data-value')).toBe(false);
    expect(dds[2].textContent).toBe('—');
    expect(dds[3].getAttribute('data-value')).toBe('2027-03-15');
  });

  it('Ctrl+C on a focused value and its copy button give the full value', async () => {
    render(<ResultList items={[{ name: 'Premium', value: 0.1 + 0.2, format: fmt.fixed(2) }]} />);
    const dd = document.querySelector('dd')!;
    dd.focus();
    fireEvent.keyDown(dd, { key: 'c', ctrlKey: true });
    await act(async () => {});
    expect(clip).toEqual(['0.30000000000000004']);
    const user = userEvent.setup(); // installs its own clipboard: read through it
    await user.click(screen.getByRole('button', { name: 'Copy Premium' }));
    expect(await navigator.clipboard.readText()).toBe('0.30000000000000004');
  });
});

describe('ResultTable', () => {
  const rows = [{ t: '1M', v: 7.1 }, { t: '3M', v: 6.9 }, { t: '1Y', v: null }];
  it('header-tied cells with data-value; sorting by header, blanks last', async () => {
    const user = userEvent.setup();
    render(<ResultTable caption="Forward points" rowKey={(r) => r.t} sortable columns={[
      { key: 't', header: 'Tenor', value: (r) => r.t, rowHeader: true },
      { key: 'v', header: 'Forward', value: (r) => r.v, format: fmt.fixed(4) },
    ]} rows={rows} />);
    const table = screen.getByRole('table', { name: 'Forward points' });
    expect(table.querySelectorAll('th[scope="col"]').length).toBe(2);
    expect(table.querySelectorAll('tbody th[scope="row"]').length).toBe(3);
    const cells = () => [...table.querySelectorAll('tbody td')].map((td) => td.getAttribute('data-value'));
    expect(cells()).toEqual(['7.1', '6.9', null]);
    await user.click(screen.getByRole('button', { name: /Forward/ }));
    expect(cells()).toEqual(['6.9', '7.1', null]);
    expect(table.querySelectorAll('th')[1].getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Forward/ }));
    expect(cells()).toEqual(['7.1', '6.9', null]);
  });
});

describe('ToolError, SourceBadge, LiveValue', () => {
  it('ToolError speaks zh', async () => {
    await startTestI18n('zh');
    render(<ToolError error={new Error('calculation failure')} />);
    expect(screen.getByRole('alert').textContent).toBe('计算失败');
    await startTestI18n('en');
  });
  it('sample and simulated are badged, offline says so, as-of always shown', async () => {
    const { rerender } = render(<SourceBadge provenance={{ source: 'sample snapshot', sourceKind: 'sample', asOf: '2026-05-06' }} />);
    expect(screen.getByText('SAMPLE')).toBeTruthy();
    expect(document.body.textContent).toContain('as of 2026-05-06');
    rerender(<SourceBadge provenance={{ source: 'CFETS', sourceKind: 'published', asOf: '2026-05-06', offline: true }} />);
    expect(document.body.textContent).toContain('as of 2026-05-06 (offline)');
    await startTestI18n('zh');
    rerender(<SourceBadge provenance={{ source: '模拟行情', sourceKind: 'simulated', asOf: '2026-05-06' }} />);
    expect(screen.getByText('模拟')).toBeTruthy();
    await startTestI18n('en');
  });
  it('LiveValue flashes up and down, restarting on each change', () => {
    const { rerender, container } = render(<LiveValue value={7.1} name="Bid" format={fmt.fixed(4)} />);
    const el = () => container.querySelector('.kit-live')!;
    expect(el().getAttribute('data-flash')).toBeNull();
    rerender(<LiveValue value={7.2} name="Bid" format={fmt.fixed(4)} />);
    const first = el().getAttribute('data-flash');
    expect(first).toMatch(/^up-/);
    rerender(<LiveValue value={7.3} name="Bid" format={fmt.fixed(4)} />);
    expect(el().getAttribute('data-flash')).toMatch(/^up-/);
    expect(el().getAttribute('data-flash')).not.toBe(first);
    rerender(<LiveValue value={7.0} name="Bid" format={fmt.fixed(4)} />);
    expect(el().getAttribute('data-flash')).toMatch(/^down-/);
    expect(el().getAttribute('data-value')).toBe('7');
  });
});
