// The browser side of NewsSvr (docs/api/news.md): one function per method over the shared
// socket. A reply with a failure Code, or no reply at all, becomes a NewsError that the
// screen turns into the user's language (messages.ts).
import { getSocketClient } from '../../socket-client';
import {
  NEWS_SERVER, NEWS_TOPIC, NewsCode, NewsMethod,
  type NewsArticle, type NewsArticleSummary, type NewsImportProblem, type NewsImportResult, type NewsMethodName, type NewsPush,
} from './contract';

export type Requester = (serverName: string, method: string, content: unknown) => Promise<unknown>;
export type Subscriber = (topic: string, onEvent: (event: unknown) => void) => () => void;

/** `code` is a NewsCode, or 'network' when the server could not be reached. */
export class NewsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly problems: NewsImportProblem[] = [],
  ) {
    super(message);
    this.name = 'NewsError';
  }
}

export interface ListFilters {
  tag?: string;
  source?: string;
  lang?: string;
  q?: string;
}

export interface ListPage {
  articles: NewsArticleSummary[];
  total: number;
  nextCursor: string | null;
}

export type ImportResult = NewsImportResult;

export interface NewsApi {
  list(filters: ListFilters, cursor?: string | null, pageSize?: number): Promise<ListPage>;
  collection(filters: ListFilters, cursor?: string | null, pageSize?: number): Promise<ListPage>;
  get(id: number): Promise<NewsArticle>;
  collect(id: number): Promise<{ collected: true; collectedAt: number }>;
  uncollect(id: number): Promise<{ collected: false; removed: boolean }>;
  tags(filters?: { lang?: string; source?: string }): Promise<Array<{ tag: string; count: number }>>;
  sources(filters?: { lang?: string }): Promise<Array<{ source: string; count: number; sample: boolean; latest: number }>>;
  importFeed(file: { data: string; fileName?: string; source?: string; lang?: string }): Promise<ImportResult>;
  /** `news.new` pushes (ids and facets only). */
  onNew(cb: (push: NewsPush) => void): () => void;
}

type Reply = Record<string, unknown> & { Code?: unknown; msg?: unknown };

/** Empty filters are left out (the service reads a missing field as "any"). */
function compact(f: ListFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  return out;
}

export function createNewsApi(request: Requester, subscribe: Subscriber): NewsApi {
  async function call(method: NewsMethodName, content: Record<string, unknown>): Promise<Reply> {
    let reply: Reply;
    try {
      reply = (await request(NEWS_SERVER, method, content)) as Reply;
    } catch (e) {
      throw new NewsError('network', e instanceof Error ? e.message : String(e));
    }
    const code = String(reply?.Code ?? '');
    if (code !== NewsCode.ok) {
      throw new NewsError(code || NewsCode.serverError, typeof reply?.msg === 'string' ? reply.msg : 'failed', Array.isArray(reply?.errors) ? (reply.errors as NewsImportProblem[]) : []);
    }
    return reply;
  }
  const page = (r: Reply): ListPage => ({ articles: r.articles as NewsArticleSummary[], total: Number(r.total), nextCursor: (r.nextCursor as string | null) ?? null });
  const paged = (f: ListFilters, cursor?: string | null, pageSize?: number) => ({ ...compact(f), ...(cursor ? { cursor } : {}), ...(pageSize ? { pageSize } : {}) });
  return {
    list: async (f, cursor, size) => page(await call(NewsMethod.list, paged(f, cursor, size))),
    collection: async (f, cursor, size) => page(await call(NewsMethod.collection, paged(f, cursor, size))),
    get: async (id) => (await call(NewsMethod.get, { id })).article as NewsArticle,
    collect: async (id) => ({ collected: true, collectedAt: Number((await call(NewsMethod.collect, { id })).collectedAt) }),
    uncollect: async (id) => ({ collected: false, removed: Boolean((await call(NewsMethod.uncollect, { id })).removed) }),
    tags: async (f = {}) => (await call(NewsMethod.tags, { ...compact(f), limit: 200 })).tags as Array<{ tag: string; count: number }>,
    sources: async (f = {}) => (await call(NewsMethod.sources, compact(f))).sources as Array<{ source: string; count: number; sample: boolean; latest: number }>,
    importFeed: async (file) => (await call(NewsMethod.import, { ...file })) as unknown as ImportResult,
    onNew: (cb) => subscribe(NEWS_TOPIC, (e) => cb(e as NewsPush)),
  };
}

let defaultApi: NewsApi | null = null;

/** The page's NewsSvr client over the shared socket. */
export function newsApi(): NewsApi {
  defaultApi ??= createNewsApi(
    (server, method, content) => getSocketClient().request(server, method, content, { timeoutMs: 30_000 }),
    (topic, cb) => getSocketClient().subscribe(topic, cb),
  );
  return defaultApi;
}
