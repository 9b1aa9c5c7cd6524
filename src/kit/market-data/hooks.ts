// React hooks over the page's MarketDataClient: live latest values (one md.{id} subscription
// per series per page, released on unmount) and request results (history, curve, surface,
// FX market, catalogue). Every figure carries its Provenance; `offline` says it came from
// the browser cache (show "as of ... (offline)").
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AsOfOptions, CatalogReply, CurveReply, FxMarketReply, HistoryReply, ImportReply, ImportRowError, MarketDataClient, SurfaceReply } from './client';
import { getMarketDataClient } from './page';
import type { Observation } from './series';

const ClientContext = createContext<MarketDataClient | null>(null);

/** Supplies a client (tests, a tool with its own socket); default: the page's client. */
export function MarketDataProvider(props: { client: MarketDataClient; children?: ReactNode }) {
  return createElement(ClientContext.Provider, { value: props.client }, props.children);
}

export function useMarketDataClient(): MarketDataClient {
  return useContext(ClientContext) ?? getMarketDataClient();
}

export interface LatestState {
  /** Current figure per series id (missing until known). */
  values: ReadonlyMap<string, Observation>;
  /** True until every requested series has a figure or the first fetch answered. */
  loading: boolean;
}

/** Latest values with live updates. `ids` may change; pass the same ids in any order. */
export function useLatest(ids: readonly string[]): LatestState {
  const client = useMarketDataClient();
  const key = [...new Set(ids)].sort().join('|');
  const [state, setState] = useState<LatestState & { key: string }>({ key, values: new Map(), loading: true });
  useEffect(() => {
    const list = key ? key.split('|') : [];
    let calls = 0;
    // The first call is what the page already knows; the second follows the first fetch.
    const off = client.watch(list, (values) => {
      calls++;
      setState({ key, values, loading: values.size < list.length && calls < 2 });
    });
    return off;
  }, [client, key]);
  // Right after the ids change, the state still holds the previous set's figures: a screen
  // must not read them as this set's (a contract change filling from the old underlying).
  return useMemo(() => (state.key === key ? state : staleFor(state.values, key)), [state, key]);
}

/** The figures of the previous id set that are also in `key`'s, still loading. */
function staleFor(values: ReadonlyMap<string, Observation>, key: string): LatestState {
  const ids = new Set(key ? key.split('|') : []);
  return { values: new Map([...values].filter(([id]) => ids.has(id))), loading: true };
}

export interface RequestState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
}

/** One request per distinct key; a late reply for an old key is dropped. */
export function useMarketRequest<T>(key: string | null, run: (c: MarketDataClient) => Promise<T>): RequestState<T> {
  const client = useMarketDataClient();
  const [state, setState] = useState<RequestState<T>>({ data: undefined, error: undefined, loading: key !== null });
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, error: undefined, loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    runRef.current(client).then(
      (data) => live && setState({ data, error: undefined, loading: false }),
      (error: Error) => live && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [client, key]);
  return state;
}

export function useHistory(ids: readonly string[], range: { from?: string; to?: string; knownAt?: string } = {}): RequestState<HistoryReply> {
  const key = ids.length ? `${ids.join('|')}#${range.from ?? ''}#${range.to ?? ''}#${range.knownAt ?? ''}` : null;
  return useMarketRequest(key, (c) => c.history(ids, range));
}

export function useCurve(id: string | null, opts: AsOfOptions = {}): RequestState<CurveReply> {
  return useMarketRequest(id ? `${id}#${opts.asOf ?? ''}#${opts.knownAt ?? ''}` : null, (c) => c.curve(id!, opts));
}

export function useSurface(id: string | null, opts: AsOfOptions = {}): RequestState<SurfaceReply> {
  return useMarketRequest(id ? `${id}#${opts.asOf ?? ''}#${opts.knownAt ?? ''}` : null, (c) => c.surface(id!, opts));
}

export function useFxMarket(pair: string | null, opts: AsOfOptions = {}): RequestState<FxMarketReply> {
  return useMarketRequest(pair ? `${pair}#${opts.asOf ?? ''}#${opts.knownAt ?? ''}` : null, (c) => c.fxMarket(pair!, opts));
}

export function useCatalog(q: { prefix?: string; kind?: string; group?: string } = {}): RequestState<CatalogReply> {
  return useMarketRequest(`${q.prefix ?? ''}#${q.kind ?? ''}#${q.group ?? ''}`, (c) => c.catalog(q));
}

/** Largest file the server takes (server/services/market-data/import/parse.ts). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

/**
 * An import's lifecycle: idle -> uploading -> done | rejected (bad rows, nothing stored) |
 * failed (transport or permission). A new run from any state starts over.
 */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string }
  | { phase: 'done'; fileName: string; result: Extract<ImportReply, { ok: true }> }
  | { phase: 'rejected'; fileName: string; errors: ImportRowError[] }
  | { phase: 'failed'; fileName: string; error: Error };

/** For a drop area: `run(file)` uploads it (session needed); `state` says what happened. */
export function useMarketImport(): { state: ImportState; run(file: File | Blob, fileName?: string): Promise<ImportState>; reset(): void } {
  const client = useMarketDataClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const seq = useRef(0);
  const run = useCallback(
    async (file: File | Blob, fileName = (file as File).name ?? 'upload') => {
      const mine = ++seq.current;
      const set = (s: ImportState) => {
        if (mine === seq.current) setState(s);
        return s;
      };
      if (file.size > MAX_IMPORT_BYTES) {
        return set({ phase: 'rejected', fileName, errors: [{ line: 0, code: 'tooLarge', en: 'The file is larger than 32 MB', zh: '文件超过 32 MB' }] });
      }
      set({ phase: 'uploading', fileName });
      try {
        const r = await client.importFile(file, fileName);
        return set(r.ok ? { phase: 'done', fileName, result: r } : { phase: 'rejected', fileName, errors: r.errors });
      } catch (error) {
        return set({ phase: 'failed', fileName, error: error as Error });
      }
    },
    [client],
  );
  const reset = useCallback(() => {
    seq.current++;
    setState({ phase: 'idle' });
  }, []);
  return { state, run, reset };
}
