// React side of sharing: the tool's saved items (own and shared with me) with their actions,
// and useSharedItem, which opens the item a share link named.
import { createContext, createElement, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { getSocketClient } from '../../socket-client';
import { decodeState, type StateSpec } from '../tool-state/codec';
import { createShareApi, ShareError, type ShareApi, type SharedItem, type SharedItemMeta } from './api';
import { claimShareTip, clearPendingShare, pendingShare } from './links';
import { shareErrorMessage, type UserMessage } from './messages';
import { ShareCode } from './rules';

let defaultApi: ShareApi | null = null;
/** The app's ShareApi over the shared socket (created on first use). */
export function shareApi(): ShareApi {
  defaultApi ??= createShareApi((server, method, content) => getSocketClient().request(server, method, content, { timeoutMs: 15_000 }));
  return defaultApi;
}

const ApiContext = createContext<ShareApi | null>(null);

/** Tests (and embedders) hand the sharing hooks another ShareApi. */
export function ShareApiProvider({ api, children }: { api: ShareApi; children: ReactNode }) {
  return createElement(ApiContext.Provider, { value: api }, children);
}

export function useShareApi(): ShareApi {
  return useContext(ApiContext) ?? shareApi();
}

export type ActionResult<T> = { ok: true; value: T } | { ok: false; message: UserMessage };

async function attempt<T>(action: Parameters<typeof shareErrorMessage>[1], run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    return { ok: false, message: shareErrorMessage(e, action) };
  }
}

/**
 * The caller's saved items of `tool` and those shared with them, with the actions a
 * tool's save/load UI needs. Each action refreshes the lists and returns either the value
 * or the message to show (never throws).
 */
export function useSavedItems(tool: string) {
  const api = useShareApi();
  const [mine, setMine] = useState<SharedItemMeta[]>([]);
  const [sharedWithMe, setShared] = useState<SharedItemMeta[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<UserMessage | null>(null);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const g = ++generation.current;
    setLoading(true);
    try {
      const [own, shared] = await Promise.all([api.list(tool), api.sharedWithMe(tool)]);
      if (g !== generation.current) return;
      setMine(own);
      setShared(shared);
      setError(null);
    } catch (e) {
      if (g === generation.current) setError(shareErrorMessage(e, 'load'));
    } finally {
      if (g === generation.current) setLoading(false);
    }
  }, [api, tool]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const after = useCallback(
    async <T,>(action: Parameters<typeof shareErrorMessage>[1], run: () => Promise<T>): Promise<ActionResult<T>> => {
      const r = await attempt(action, run);
      void reload();
      return r;
    },
    [reload],
  );

  return {
    mine,
    sharedWithMe,
    loading,
    error,
    reload,
    /** Creates an item, or updates `id` (one of the caller's own). */
    save: <P,>(name: string, payload: P, opts: { version?: number; id?: string } = {}) => after('save', () => api.save({ tool, name, payload, ...opts })),
    load: <P,>(ref: string) => attempt('load', () => api.get<P>(ref, tool)),
    rename: (id: string, name: string) => after('rename', () => api.rename(id, name)),
    remove: (id: string) => after('delete', () => api.remove(id)),
    shareToUser: (id: string, target: string) => after('share', () => api.shareToUser(id, target)),
    unshare: (id: string, target?: string) => after('share', () => api.unshare(id, target)),
    shareLink: (id: string) => after('share', () => api.shareLink(id)),
    revokeLink: (id: string) => after('share', () => api.revokeLink(id)),
  };
}

/**
 * A fetched payload through the tool's schema (tool-state codec: migrate, validate, salvage
 * field by field); null when nothing usable is left (a foreign or newer version).
 */
export function acceptPayload<P>(spec: Omit<StateSpec<P>, 'key'> | undefined, item: { version: number; payload: unknown }): { value: P } | null {
  if (!spec) return { value: item.payload as P };
  const decoded = decodeState({ ...spec, key: '' }, JSON.stringify({ v: item.version, data: item.payload }));
  return decoded.kind === 'reset' ? null : { value: decoded.value };
}

export type SharedItemStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'notShared' | 'failed';

export interface SharedItemState<P> {
  status: SharedItemStatus;
  item: SharedItem<P> | null;
  message: UserMessage | null;
  /** The one-time share tip should show (first shared item of this kind for this browser). */
  tip: boolean;
  dismissTip(): void;
  dismiss(): void;
}

export interface UseSharedItemOptions<P> {
  /** Receives the payload (validated through `spec` when given) once the item is fetched. */
  onItem(payload: P, item: SharedItem<P>): void;
  /** The tool's payload schema and version: a stale or foreign payload is salvaged or refused. */
  spec?: Omit<StateSpec<P>, 'key'>;
  /**
   * The route showing this tool (default: the tool's name). A link is taken only while this
   * route is the active one, so a tab kept alive in the background never takes a link meant
   * for the tab the user is looking at.
   */
  route?: string;
}

/**
 * Opens the item a share link named: reads the value the route guard stored for this tool
 * (once per value), fetches it with the access checks of ShareSvr, hands the payload to
 * the tool, clears the stored value and reports what happened ("not found", "not shared
 * with you"). A network failure keeps the value and tries again when the socket is back or
 * the route changes.
 */
export function useSharedItem<P = unknown>(tool: string, options: UseSharedItemOptions<P>): SharedItemState<P> {
  const api = useShareApi();
  const location = useLocation();
  const [status, setStatus] = useState<SharedItemStatus>('idle');
  const [item, setItem] = useState<SharedItem<P> | null>(null);
  const [message, setMessage] = useState<UserMessage | null>(null);
  const [tip, setTip] = useState(false);
  const [online, setOnline] = useState(0);
  const busyWith = useRef<string | null>(null);
  const opts = useRef(options);
  opts.current = options;

  useEffect(() => {
    const onStatus = (e: Event) => {
      if ((e as CustomEvent<{ status?: string }>).detail?.status === 'open') setOnline((n) => n + 1);
    };
    window.addEventListener('socketStatus', onStatus);
    return () => window.removeEventListener('socketStatus', onStatus);
  }, []);

  const active = location.pathname.replace(/^\/+/, '') === (options.route ?? tool);
  useEffect(() => {
    if (!active) return;
    const pending = pendingShare(tool);
    if (!pending || busyWith.current === pending.value) return;
    const value = pending.value;
    busyWith.current = value;
    setStatus('loading');
    setMessage(null);
    const fetched = pending.by === 'name' ? api.getByName<P>(tool, value) : api.get<P>(value, tool);
    fetched.then(
      (got) => {
        busyWith.current = null;
        clearPendingShare(tool, value);
        const accepted = acceptPayload(opts.current.spec, got);
        if (!accepted) {
          setStatus('failed');
          setMessage({ key: 'share:errors.unreadable' });
          return;
        }
        const payload = accepted.value;
        setItem(got);
        setStatus('loaded');
        opts.current.onItem(payload, { ...got, payload });
        if (got.access !== 'owner' && claimShareTip(tool)) setTip(true);
      },
      (e: unknown) => {
        busyWith.current = null;
        const network = e instanceof ShareError && (e.code === 'network' || e.code === 'timeout');
        if (!network) clearPendingShare(tool, value);
        const code = e instanceof ShareError ? e.code : '';
        setStatus(code === ShareCode.notFound ? 'notFound' : code === ShareCode.notShared ? 'notShared' : 'failed');
        setMessage(shareErrorMessage(e, 'load'));
      },
    );
  }, [api, tool, active, location.key, online]);

  return {
    status,
    item,
    message,
    tip,
    dismissTip: useCallback(() => setTip(false), []),
    dismiss: useCallback(() => {
      setMessage(null);
      setStatus((s) => (s === 'loading' ? s : 'idle'));
    }, []),
  };
}
