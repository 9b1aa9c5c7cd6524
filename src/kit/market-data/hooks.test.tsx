// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarketDataCache } from './cache';
import { MarketDataClient, type MarketSocket } from './client';
import { MarketDataProvider, useCurve, useLatest, useMarketImport, type ImportState } from './hooks';
import { renderHook } from '@testing-library/react';

function fakeSocket() {
  const subs = new Map<string, Set<(e: any) => void>>();
  const log = { subscribe: 0, unsubscribe: 0, requests: [] as string[] };
  const socket: MarketSocket = {
    async request<T>(_s: string, method: string, content: unknown) {
      log.requests.push(method);
      const c = JSON.parse(String(content));
      if (method === 'MD.IMPORT') {
        const text = Buffer.from(c.data, 'base64').toString();
        return (text.includes('oops')
          ? { Code: '2003', msg: '1 bad row(s)', ok: false, format: 'csv', errors: [{ line: 2, code: 'badValue', en: 'Value is not a number', zh: '数值不是数字' }] }
          : { Code: 0, ok: true, format: 'csv', batchId: 3, rows: 1, unchanged: 0, series: ['rate.FR007'], knownAt: '2026-11-24T01:00:00.000Z' }) as T;
      }
      if (method === 'MD.LATEST') return { Code: 0, asOf: '2026-11-20', missing: [], values: c.ids.map((id: string) => ({ id, value: 7.118, date: '2026-11-20', asOf: '2026-11-20', source: 'sample snapshot', sourceKind: 'sample' })) } as T;
      return { Code: 0, id: c.id, asOf: '2026-11-20', points: [{ tenor: '1Y', id: `${c.id}.1Y`, value: 1.52, date: '2026-11-20', asOf: '2026-11-20', source: 's', sourceKind: 'sample' }] } as T;
    },
    subscribe(p, cb) {
      log.subscribe++;
      const s = subs.get(p) ?? new Set();
      s.add(cb);
      subs.set(p, s);
      return () => {
        log.unsubscribe++;
        s.delete(cb);
      };
    },
    status: () => 'open',
    onStatus: () => () => {},
  };
  const push = (topic: string, e: Record<string, unknown>) => subs.get(topic)?.forEach((cb) => cb({ topic, ...e }));
  return { socket, push, log };
}

function Spot({ label }: { label: string }) {
  const { values, loading } = useLatest(['fx.USDCNY']);
  const v = values.get('fx.USDCNY');
  return <p data-testid={label}>{loading ? 'loading' : `${v?.value} ${v?.sourceKind}`}</p>;
}

function Curve() {
  const { data } = useCurve('irs.FR007');
  return <p data-testid="curve">{data ? `${data.points[0].tenor} ${data.points[0].value}` : '...'}</p>;
}

describe('market data hooks', () => {
  it('share one subscription across components, update live, release it on unmount', async () => {
    const { socket, push, log } = fakeSocket();
    const client = new MarketDataClient({ socket, cache: new MarketDataCache(`h-${Math.random()}`) });
    const view = render(
      <MarketDataProvider client={client}>
        <Spot label="a" />
        <Spot label="b" />
        <Curve />
      </MarketDataProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('7.118 sample'));
    expect(screen.getByTestId('b').textContent).toBe('7.118 sample');
    expect(log.subscribe).toBe(1);
    expect(log.requests.filter((m) => m === 'MD.LATEST')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('curve').textContent).toBe('1Y 1.52'));
    act(() => push('md.fx.USDCNY', { id: 'fx.USDCNY', value: 7.1234, date: '2026-11-24', ts: 1, source: 'simulated feed', sourceKind: 'simulated' }));
    expect(screen.getByTestId('a').textContent).toBe('7.1234 simulated');
    expect(screen.getByTestId('b').textContent).toBe('7.1234 simulated');
    view.unmount();
    expect(log.unsubscribe).toBe(1);
    expect(client.subscriptions).toBe(0);
  });
});

describe('useMarketImport', () => {
  it('goes uploading -> rejected with the bad rows, then uploading -> done', async () => {
    const { socket } = fakeSocket();
    const client = new MarketDataClient({ socket, cache: null });
    const { result } = renderHook(() => useMarketImport(), { wrapper: ({ children }) => <MarketDataProvider client={client}>{children}</MarketDataProvider> });
    expect(result.current.state).toEqual({ phase: 'idle' });
    let end: ImportState | undefined;
    await act(async () => {
      end = await result.current.run(new Blob(['series,date,value\nrate.FR007,2026-11-20,oops\n']), 'bad.csv');
    });
    expect(end).toMatchObject({ phase: 'rejected', fileName: 'bad.csv', errors: [{ line: 2, code: 'badValue' }] });
    expect(result.current.state.phase).toBe('rejected');
    await act(async () => {
      await result.current.run(new Blob(['series,date,value\nrate.FR007,2026-11-20,1.5\n']), 'good.csv');
    });
    expect(result.current.state).toMatchObject({ phase: 'done', result: { rows: 1, series: ['rate.FR007'] } });
    const big = { size: 33 * 1024 * 1024, arrayBuffer: async () => new ArrayBuffer(0) } as unknown as Blob;
    await act(async () => {
      await result.current.run(big, 'huge.csv');
    });
    expect(result.current.state).toMatchObject({ phase: 'rejected', errors: [{ code: 'tooLarge' }] });
    act(() => result.current.reset());
    expect(result.current.state).toEqual({ phase: 'idle' });
  });
});

describe('useLatest after the ids change', () => {
  it('never hands the previous set\'s figures over as the new set\'s (a contract change)', async () => {
    const { socket } = fakeSocket();
    const client = new MarketDataClient({ socket, cache: null });
    const seen: Array<{ ids: string; keys: string[]; loading: boolean }> = [];
    const { rerender } = renderHook(({ ids }: { ids: string[] }) => {
      const s = useLatest(ids);
      seen.push({ ids: ids.join(','), keys: [...s.values.keys()].sort(), loading: s.loading });
      return s;
    }, { initialProps: { ids: ['idx.CSI300', 'rate.SHIBOR.3M'] }, wrapper: ({ children }) => <MarketDataProvider client={client}>{children}</MarketDataProvider> });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ keys: ['idx.CSI300', 'rate.SHIBOR.3M'], loading: false }));
    seen.length = 0;
    rerender({ ids: ['fut.SHFE.AU', 'rate.SHIBOR.3M'] });
    // The first render with the new ids: loading, and only the shared series (never CSI300).
    expect(seen[0]).toEqual({ ids: 'fut.SHFE.AU,rate.SHIBOR.3M', keys: ['rate.SHIBOR.3M'], loading: true });
    for (const s of seen) expect(s.keys).not.toContain('idx.CSI300');
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ keys: ['fut.SHFE.AU', 'rate.SHIBOR.3M'], loading: false }));
  });
});
