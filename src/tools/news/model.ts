// The news screen, pure: the list's lifecycle as a state machine (pages loaded by keyset
// cursor, a newer request superseding an older one, arrivals counted while the user reads),
// whether a `news.new` push concerns the list on screen, and collection flags kept in step.
import type { NewsArticleSummary, NewsPush } from './contract';
import type { ListFilters, ListPage } from './api';

export type NewsView = 'all' | 'collection';

export interface ListQuery {
  view: NewsView;
  filters: ListFilters;
}

/** One key per distinct list: a reply for another key is stale and dropped. */
export function queryKey(q: ListQuery): string {
  const f = q.filters;
  return JSON.stringify([q.view, f.tag ?? '', f.source ?? '', f.lang ?? '', (f.q ?? '').trim()]);
}

export type ListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ListState {
  status: ListStatus;
  key: string;
  articles: NewsArticleSummary[];
  total: number;
  nextCursor: string | null;
  /** A further page is being fetched (the loaded rows stay on screen). */
  loadingMore: boolean;
  error: unknown;
  /** Articles announced by `news.new` for this list since it was loaded. */
  arrivals: number;
}

export const INITIAL_LIST: ListState = { status: 'idle', key: '', articles: [], total: 0, nextCursor: null, loadingMore: false, error: null, arrivals: 0 };

export type ListAction =
  | { type: 'load'; key: string }
  | { type: 'more'; key: string }
  | { type: 'page'; key: string; page: ListPage; append: boolean }
  | { type: 'failed'; key: string; error: unknown }
  | { type: 'arrivals'; count: number }
  | { type: 'collected'; id: number; collected: boolean; collectedAt?: number; view: NewsView };

/**
 *   idle/loaded/failed --load--> loading --page--> loaded
 *                                         --failed--> failed
 *   loaded --more--> loaded (loadingMore) --page(append)--> loaded
 * A page or failure for a key other than the current one is ignored (superseded).
 */
export function listReducer(s: ListState, a: ListAction): ListState {
  switch (a.type) {
    case 'load':
      // a reload of the same list keeps its rows on screen until the new page arrives
      return { ...s, status: 'loading', key: a.key, articles: a.key === s.key ? s.articles : [], loadingMore: false, error: null, arrivals: 0, nextCursor: a.key === s.key ? s.nextCursor : null, total: a.key === s.key ? s.total : 0 };
    case 'more':
      if (a.key !== s.key || s.status !== 'loaded' || !s.nextCursor) return s;
      return { ...s, loadingMore: true };
    case 'page': {
      if (a.key !== s.key) return s;
      const seen = new Set(a.append ? s.articles.map((x) => x.id) : []);
      const articles = a.append ? [...s.articles, ...a.page.articles.filter((x) => !seen.has(x.id))] : a.page.articles;
      return { ...s, status: 'loaded', articles, total: a.page.total, nextCursor: a.page.nextCursor, loadingMore: false, error: null };
    }
    case 'failed':
      if (a.key !== s.key) return s;
      return { ...s, status: s.loadingMore ? 'loaded' : 'failed', loadingMore: false, error: a.error };
    case 'arrivals':
      return s.status === 'idle' ? s : { ...s, arrivals: s.arrivals + a.count };
    case 'collected': {
      if (a.view === 'collection' && !a.collected) {
        const had = s.articles.some((x) => x.id === a.id);
        return { ...s, articles: s.articles.filter((x) => x.id !== a.id), total: had ? Math.max(0, s.total - 1) : s.total };
      }
      return { ...s, articles: s.articles.map((x) => (x.id === a.id ? { ...x, collected: a.collected } : x)) };
    }
  }
}

const eqi = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * How many of a push's new articles may belong to the list shown. The push carries facets
 * (tags, sources, languages) of the whole import, not per article, so a filter that matches a
 * facet counts the push's articles as possible arrivals; one that matches none rules them out.
 * New articles never enter a collection by themselves.
 */
export function arrivalsFor(push: NewsPush, q: ListQuery): number {
  if (q.view === 'collection' || push.count <= 0) return 0;
  const f = q.filters;
  if (f.tag && !push.tags.some((t) => eqi(t, f.tag!))) return 0;
  if (f.source && !push.sources.some((s) => eqi(s, f.source!))) return 0;
  if (f.lang && !push.langs.some((l) => eqi(l, f.lang!))) return 0;
  return push.count;
}

/** Updated ids of a push that are on screen (their rows are re-read). */
export function updatedOnScreen(push: NewsPush, articles: readonly NewsArticleSummary[]): number[] {
  const shown = new Set(articles.map((a) => a.id));
  return push.updatedIds.filter((id) => shown.has(id));
}

/** `YYYY-MM-DD HH:mm` in the user's time zone. */
export function newsTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A feed file's bytes as base64 for IMPORT (chunked: no call stack limit on large files). */
export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
