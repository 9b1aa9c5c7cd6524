// NewsSvr: news articles imported from RSS/Atom files, sanitised, searchable, collected per
// user (docs/api/news.md). server/main.ts registers it with one call:
//   await registerNewsService(registry, { db, bus, log })
// which also loads the shipped sample feeds into an empty news table (NEWS_SAMPLE=off: not).
// Every method needs a live session: the caller is the session's user (ctx.user), never a
// user named in the content.
import type { Database, NotificationBus, ServiceRegistry } from '../../contracts';
import { type SessionHandlers, sessionHandlers } from '../handlers';
import { NEWS_SERVER, NewsCode, NewsMethod } from '../../../src/tools/news/contract';
import { findUserByName } from '../login/users';
import { type Caller, NewsFailure, NewsService } from './service';
import { loadSampleNews } from './sample';
import { onStartupFailure, startupTask } from '../../storage/startup-work';

export { NEWS_SERVER };

export interface NewsServiceDeps {
  db: Database;
  bus?: NotificationBus;
  now?: () => number;
  /** User names allowed to IMPORT over the socket; default env NEWS_IMPORTERS (comma-separated). */
  importers?: readonly string[];
  /** Load the sample feeds into an empty table; default env NEWS_SAMPLE (anything but "off"). */
  sample?: boolean;
  /** Failures of handlers (default console.error). */
  log?: (msg: string) => void;
}

export function importersFromEnv(raw = process.env.NEWS_IMPORTERS): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export type NewsHandlers = SessionHandlers;

/** Methods that change stored data: done once per request key (docs/protocol.md). */
export const NEWS_CHANGES: ReadonlySet<string> = new Set([NewsMethod.collect, NewsMethod.uncollect, NewsMethod.import]);

export function createNewsService(deps: NewsServiceDeps): NewsService {
  return new NewsService(deps.db, {
    now: deps.now ?? Date.now,
    bus: deps.bus,
    importers: new Set((deps.importers ?? importersFromEnv()).map((n) => n.toLowerCase())),
  });
}

export function createNewsHandlers(deps: NewsServiceDeps, svc: NewsService = createNewsService(deps)): NewsHandlers {
  const log = deps.log ?? ((m: string) => console.error(m));
  const ops: Record<string, (caller: Caller, f: Record<string, unknown>) => Promise<Record<string, unknown>>> = {
    [NewsMethod.list]: (c, f) => svc.list(c, f),
    [NewsMethod.get]: (c, f) => svc.get(c, f),
    [NewsMethod.collect]: (c, f) => svc.collect(c, f),
    [NewsMethod.uncollect]: (c, f) => svc.uncollect(c, f),
    [NewsMethod.collection]: (c, f) => svc.collection(c, f),
    [NewsMethod.tags]: (c, f) => svc.tags(c, f),
    [NewsMethod.sources]: (c, f) => svc.sources(c, f),
    [NewsMethod.import]: (c, f) => svc.importRequest(c, f),
  };
  return sessionHandlers<Caller>({
    server: 'NewsSvr',
    failure: NewsFailure,
    codes: NewsCode,
    log,
    badContentExtra: { field: 'content' },
    caller: async (u) => {
      const user = await findUserByName(deps.db, u.userName);
      return user ? { id: Number(user.id), userName: user.user_name } : null;
    },
  }, ops);
}

/**
 * Registers NewsSvr's methods; loads the sample feeds when the news table is empty, once the
 * database is available (one instance at a time, again after an outage). Resolves when that
 * load is done (the server does not wait for it).
 */
export function registerNewsService(registry: ServiceRegistry, deps: NewsServiceDeps): { sampleLoaded: Promise<void> } {
  const svc = createNewsService(deps);
  for (const [method, handler] of Object.entries(createNewsHandlers(deps, svc))) registry.register(NEWS_SERVER, method, handler, { changesData: NEWS_CHANGES.has(method) });
  if (!(deps.sample ?? process.env.NEWS_SAMPLE !== 'off')) return { sampleLoaded: Promise.resolve() };
  const log = deps.log ?? ((m: string) => console.error(m));
  const sampleLoaded = startupTask(deps.db, 'news-sample', () => loadSampleNews(deps.db, svc), { log }).then(
    (loaded) => {
      if (loaded > 0) console.log(`News: loaded ${loaded} SAMPLE articles (source "sample", not real news) into the empty news table`);
    },
    onStartupFailure(log, '[NewsSvr] sample load'),
  );
  return { sampleLoaded };
}
