// @vitest-environment jsdom
// The market screens' kit parts in a DOM: the import drop area lists every bad row with its
// line, column and reason in the user's language (and says when the upload failed); the
// figure table shows change in the desk's unit with full-precision data-value, flashes a
// pushed figure, and badges sample figures.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestI18n } from '../testing/i18n';
import { MarketDataClient, type MarketSocket } from './client';
import { FigureTable } from './FigureTable';
import { MarketDataProvider } from './hooks';
import { MarketImport } from './MarketImport';
import type { Observation, SeriesInfo } from './series';
import type { Figure } from './use-figures';

function importSocket(reply: (text: string) => Record<string, unknown> | Error): MarketSocket {
  return {
    async request<T>(_s: string, method: string, content: unknown) {
      if (method !== 'MD.IMPORT') throw new Error(`unexpected ${method}`);
      const r = reply(Buffer.from(JSON.parse(String(content)).data, 'base64').toString());
      if (r instanceof Error) throw r;
      return r as T;
    },
    subscribe: () => () => {},
    status: () => 'open',
    onStatus: () => () => {},
  };
}

const BAD = {
  Code: '2003',
  ok: false,
  format: 'csv',
  errors: [
    { line: 3, column: 'value', code: 'badValue', en: 'Value is not a number', zh: '数值不是数字', detail: 'oops' },
    { line: 4, column: 'series', code: 'unknownSeries', en: 'Unknown series (not in the catalogue)', zh: '未知序列（不在目录中）', detail: 'rate.NOPE.3M' },
  ],
};

afterEach(cleanup);

function drop(el: HTMLElement, file: File) {
  const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
  fireEvent.dragEnter(el, { dataTransfer });
  fireEvent.drop(el, { dataTransfer });
}

describe('MarketImport', () => {
  beforeAll(() => startTestI18n('en'));

  for (const lang of ['en', 'zh'] as const) {
    it(`lists every bad row with its line, column and reason (${lang})`, async () => {
      await i18next.changeLanguage(lang);
      const client = new MarketDataClient({ socket: importSocket(() => BAD) });
      const { container } = render(<MarketDataProvider client={client}><MarketImport /></MarketDataProvider>);
      drop(container.querySelector('.kit-drop') as HTMLElement, new File(['series,date,value\n'], 'fix.csv'));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(lang === 'en' ? 'fix.csv has 2 bad rows: nothing was imported.' : 'fix.csv 有 2 行错误，未导入任何数据');
      const rows = within(alert).getAllByRole('row').slice(1);
      expect(rows.map((r) => r.getAttribute('data-line'))).toEqual(['3', '4']);
      expect(rows[0].textContent).toContain(lang === 'en' ? 'Line 3' : '第 3 行');
      expect(rows[0].textContent).toContain(lang === 'en' ? 'Value is not a number' : '数值不是数字');
      expect(rows[0].textContent).toContain('oops');
      expect(rows[1].textContent).toContain(lang === 'en' ? 'Unknown series' : '未知序列');
    });
  }

  it('says what was stored, and calls back so the screen reloads its history', async () => {
    await i18next.changeLanguage('en');
    const client = new MarketDataClient({ socket: importSocket(() => ({ Code: 0, ok: true, format: 'csv', batchId: 5, rows: 2, unchanged: 1, series: ['rate.FR007', 'rate.DR007'], knownAt: '' })) });
    let called = 0;
    const { container } = render(<MarketDataProvider client={client}><MarketImport onImported={() => called++} /></MarketDataProvider>);
    drop(container.querySelector('.kit-drop') as HTMLElement, new File(['x'], 'good.csv'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Imported good.csv: 2 new rows, 1 already stored, 2 series.'));
    expect(called).toBe(1);
  });

  it('says why an upload failed, in the user’s language', async () => {
    await i18next.changeLanguage('zh');
    const client = new MarketDataClient({ socket: importSocket(() => ({ Code: '4003', msg: 'sign in' })) });
    const { container } = render(<MarketDataProvider client={client}><MarketImport /></MarketDataProvider>);
    drop(container.querySelector('.kit-drop') as HTMLElement, new File(['x'], 'a.csv'));
    expect((await screen.findByRole('alert')).textContent).toContain('请登录后查看该行情数据');
  });
});

describe('FigureTable', () => {
  beforeAll(() => startTestI18n('en'));
  const info = (o: Partial<SeriesInfo>): SeriesInfo => ({ id: 'x', kind: 'fxFixing', nameZh: '', nameEn: '', unit: 'price', decimals: 4, calendar: 'CN', intraday: false, public: true, source: 's', sourceKind: 'sample', ...o });
  const obs = (o: Partial<Observation>): Observation => ({ id: 'fxfix.CP.USDCNY', value: 7.085, date: '2026-11-20', asOf: '2026-11-20', source: 'sample snapshot', sourceKind: 'sample', ...o });
  const rows = [{ id: 'fxfix.CP.USDCNY', label: 'USD/CNY', info: info({ id: 'fxfix.CP.USDCNY', pair: 'USDCNY' }) }];
  const figs = (latest: Observation): Map<string, Figure> => new Map([['fxfix.CP.USDCNY', { id: 'fxfix.CP.USDCNY', latest, prev: { date: '2026-11-19', value: 7.0803 } }]]);

  it('shows change in pips with full precision, flashes a push, and badges sample figures', async () => {
    await i18next.changeLanguage('en');
    const view = render(<FigureTable caption="CNY central parity" rows={rows} figures={figs(obs({}))} change="pips" pct prev exportName="cp" />);
    const row = screen.getByRole('rowheader', { name: 'USD/CNY' }).closest('tr')!;
    const cells = row.querySelectorAll('td');
    expect(cells[0].getAttribute('data-value')).toBe('7.085');
    expect(Number(cells[1].getAttribute('data-value'))).toBeCloseTo(47, 9);
    expect(cells[1].textContent).toBe('+47');
    expect(Number(cells[2].getAttribute('data-value'))).toBeCloseTo(((7.085 - 7.0803) / 7.0803) * 100, 12);
    expect(cells[3].getAttribute('data-value')).toBe('7.0803');
    expect(cells[4].getAttribute('data-value')).toBe('2026-11-20');
    expect(within(row).getByText('SAMPLE')).toBeTruthy();
    await act(async () => {
      view.rerender(<FigureTable caption="CNY central parity" rows={rows} figures={figs(obs({ value: 7.0912, date: '2026-11-24', asOf: '2026-11-24', sourceKind: 'imported', source: 'e2e.csv by demo' }))} change="pips" pct prev exportName="cp" />);
    });
    const cell = screen.getByRole('rowheader', { name: 'USD/CNY' }).closest('tr')!.querySelector('td')!;
    expect(cell.getAttribute('data-value')).toBe('7.0912');
    expect(cell.querySelector('.kit-live')!.getAttribute('data-flash')).toMatch(/^up-/);
    expect(screen.queryByText('SAMPLE')).toBeNull();
    expect(screen.getByText('Imported')).toBeTruthy();
  });
});
