// NewsSvr's operations. Each takes the caller (resolved from the session by index.ts, never
// from the content) and the request fields, and returns the reply body. Failures are
// NewsFailure (code + English message + extra fields), turned into `{ Code, msg, ... }`.
//
// Access (docs/api/news.md): every method needs a signed-in session. Articles are readable by
// every signed-in user; a collection is its owner's alone (every collection statement names
// the caller's id). IMPORT needs the caller to be listed in NEWS_IMPORTERS.
import type { Database, NotificationBus } from '../../contracts';
import {
  NEWS_LIMITS, NEWS_PUSH_MAX_IDS, NEWS_TOPIC, NewsCode, type NewsArticle, type NewsArticleSummary, type NewsCodeValue, type NewsImportProblem, type NewsImportResult, type NewsPush,
} from '../../../src/tools/news/contract';
import { type FeedOptions, normalizeLang, normalizeTag, parseFeed } from './feed';
import * as store from './store';
import { ServiceFailure } from '../handlers';
import type { ArticleRow, ListFilter, Page } from './store';

export class NewsFailure extends ServiceFailure<NewsCodeValue> {
  override readonly name = 'NewsFailure';
}

export interface Caller {
  id: number;
  userName: string;
}

type Fields = Record<string, unknown>;

const bad = (msg: string, field: string) => new NewsFailure(NewsCode.badRequest, msg, { field });
const notFound = () => new NewsFailure(NewsCode.notFound, 'No such article');

function articleId(f: Fields): number {
  const v = f.id;
  if (v === undefined) throw bad('id is required', 'id');
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw notFound(); // cannot name an article
  return n;
}

function optionalString(f: Fields, key: string, max: number): string | undefined {
  const v = f[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > max) throw bad(`${key} must be text of at most ${max} characters`, key);
  return v;
}

function filterOf(f: Fields): ListFilter {
  const tagRaw = optionalString(f, 'tag', 200);
  const source = optionalString(f, 'source', 200)?.trim();
  const langRaw = optionalString(f, 'lang', 20);
  const lang = langRaw === undefined ? undefined : normalizeLang(langRaw);
  if (langRaw !== undefined && lang === undefined) throw bad('lang must be a language code such as zh or en', 'lang');
  const q = optionalString(f, 'q', 500);
  const terms = q === undefined ? [] : q.normalize('NFKC').split(/\s+/).filter(Boolean);
  if (terms.length > NEWS_LIMITS.searchTerms) throw bad(`search with at most ${NEWS_LIMITS.searchTerms} words`, 'q');
  if (terms.some((t) => Array.from(t).length > NEWS_LIMITS.searchTermChars)) throw bad(`search words of at most ${NEWS_LIMITS.searchTermChars} characters`, 'q');
  const tag = tagRaw === undefined ? undefined : normalizeTag(tagRaw);
  return { tag: tag || undefined, source: source || undefined, lang, terms };
}

/** Opaque keyset cursor: base64url of "<t>.<id>". */
export function encodeCursor(t: number, id: number): string {
  return Buffer.from(`${t}.${id}`).toString('base64url');
}

function pageOf(f: Fields): Page {
  const rawSize = f.pageSize ?? NEWS_LIMITS.pageSizeDefault;
  if (typeof rawSize !== 'number' || !Number.isInteger(rawSize) || rawSize < 1 || rawSize > NEWS_LIMITS.pageSizeMax) {
    throw bad(`pageSize must be a whole number from 1 to ${NEWS_LIMITS.pageSizeMax}`, 'pageSize');
  }
  const c = f.cursor;
  if (c === undefined || c === null || c === '') return { after: null, size: rawSize };
  const m = typeof c === 'string' && c.length <= 64 ? /^(\d{1,16})\.(\d{1,15})$/.exec(Buffer.from(c, 'base64url').toString('latin1')) : null;
  if (!m) throw bad('cursor is not one this service gave', 'cursor');
  return { after: { t: Number(m[1]), id: Number(m[2]) }, size: rawSize };
}

function summaryOf(r: ArticleRow): NewsArticleSummary {
  const s: NewsArticleSummary = {
    id: Number(r.id),
    title: r.title,
    summary: r.summary,
    source: r.source,
    sourceUrl: r.source_url,
    link: r.link,
    lang: r.lang,
    tags: r.tags ?? [],
    publishedAt: Number(r.published_at),
    sample: r.sample,
    collected: r.collected,
  };
  if (r.collected_at !== undefined && r.collected_at !== null) s.collectedAt = Number(r.collected_at);
  return s;
}

export interface NewsConfig {
  now: () => number;
  bus?: NotificationBus;
  /** Lower-cased user names allowed to IMPORT over the socket (NEWS_IMPORTERS). */
  importers: ReadonlySet<string>;
}

export interface ImportOutcome extends NewsImportResult {
  updatedIds: number[];
}

export class NewsService {
  constructor(
    private readonly db: Database,
    private readonly cfg: NewsConfig,
  ) {}

  private page(rows: ArticleRow[], total: number, size: number, cursorOf: (r: ArticleRow) => string): Fields {
    const more = rows.length > size;
    const shown = more ? rows.slice(0, size) : rows;
    return {
      Code: NewsCode.ok,
      articles: shown.map(summaryOf),
      total,
      nextCursor: more ? cursorOf(shown[shown.length - 1]) : null,
    };
  }

  /** Newest first, filtered by tag, source, language and words; keyset-paged. */
  async list(caller: Caller, f: Fields): Promise<Fields> {
    const filter = filterOf(f);
    const page = pageOf(f);
    const { rows, total } = await store.listArticles(this.db, caller.id, filter, page);
    return this.page(rows, total, page.size, (r) => encodeCursor(Number(r.published_at), Number(r.id)));
  }

  /** One article with its sanitised HTML. */
  async get(caller: Caller, f: Fields): Promise<Fields> {
    const r = await store.getArticle(this.db, caller.id, articleId(f));
    if (!r) throw notFound();
    const article: NewsArticle = {
      ...summaryOf(r),
      html: r.body_html ?? '',
      author: r.author ?? null,
      updatedAt: r.updated_at === null || r.updated_at === undefined ? null : Number(r.updated_at),
      importedAt: Number(r.imported_at),
    };
    return { Code: NewsCode.ok, article };
  }

  async collect(caller: Caller, f: Fields): Promise<Fields> {
    const r = await store.collect(this.db, caller.id, articleId(f), this.cfg.now());
    if (!r) throw notFound();
    return { Code: NewsCode.ok, collected: true, collectedAt: r.collectedAt };
  }

  /** Idempotent: `removed` says whether it was in the collection. */
  async uncollect(caller: Caller, f: Fields): Promise<Fields> {
    const id = articleId(f);
    const removed = await store.uncollect(this.db, caller.id, id);
    if (!removed && !(await store.articleExists(this.db, id))) throw notFound();
    return { Code: NewsCode.ok, collected: false, removed };
  }

  /** The caller's collection, most recently collected first; same filters as LIST. */
  async collection(caller: Caller, f: Fields): Promise<Fields> {
    const filter = filterOf(f);
    const page = pageOf(f);
    const { rows, total } = await store.listCollection(this.db, caller.id, filter, page);
    return this.page(rows, total, page.size, (r) => encodeCursor(Number(r.collected_at), Number(r.id)));
  }

  async tags(_caller: Caller, f: Fields): Promise<Fields> {
    const { lang, source } = filterOf({ lang: f.lang, source: f.source });
    const rawLimit = f.limit ?? 100;
    if (typeof rawLimit !== 'number' || !Number.isInteger(rawLimit) || rawLimit < 1 || rawLimit > 500) throw bad('limit must be a whole number from 1 to 500', 'limit');
    return { Code: NewsCode.ok, tags: await store.tagCounts(this.db, { lang, source }, rawLimit) };
  }

  async sources(_caller: Caller, f: Fields): Promise<Fields> {
    const { lang } = filterOf({ lang: f.lang });
    return { Code: NewsCode.ok, sources: await store.sourceCounts(this.db, { lang }) };
  }

  /** IMPORT over the socket: `data` is the file's bytes in base64. */
  async importRequest(caller: Caller, f: Fields): Promise<Fields> {
    if (!this.cfg.importers.has(caller.userName.toLowerCase())) {
      throw new NewsFailure(NewsCode.forbidden, 'You may not import news (ask an administrator to add you to NEWS_IMPORTERS)');
    }
    const data = f.data;
    if (typeof data !== 'string' || data === '') throw bad('data (the file, base64) is required', 'data');
    const b64 = data.replace(/\s+/g, '');
    if (b64.length > Math.ceil(NEWS_LIMITS.fileBytes / 3) * 4) throw new NewsFailure(NewsCode.tooLarge, `The file is larger than ${NEWS_LIMITS.fileBytes} bytes`, { limit: NEWS_LIMITS.fileBytes });
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0) throw bad('data must be base64', 'data');
    const opts: FeedOptions = {
      source: optionalString(f, 'source', 100)?.trim() || undefined,
      lang: optionalString(f, 'lang', 20),
      assumeTimeZone: optionalString(f, 'assumeTimeZone', 10),
    };
    if (opts.assumeTimeZone !== undefined && !/^(?:Z|[+-]\d{2}:?\d{2})$/.test(opts.assumeTimeZone)) throw bad('assumeTimeZone must be an offset such as +08:00', 'assumeTimeZone');
    const r = await this.importFile(Buffer.from(b64, 'base64'), opts);
    return { Code: NewsCode.ok, ...r };
  }

  /**
   * Parses, checks and stores one file, all or nothing; pushes NEWS_TOPIC when articles were
   * added or changed. Throws NewsFailure (feedInvalid, itemsInvalid, tooLarge) with `errors`.
   */
  async importFile(bytes: Uint8Array, opts: FeedOptions = {}): Promise<ImportOutcome> {
    const parsed = parseFeed(bytes, { ...opts, now: opts.now ?? this.cfg.now() });
    if (!parsed.ok) throw importFailure(parsed.kind, parsed.problems, parsed.limit);
    const { feed } = parsed;
    const now = this.cfg.now();
    const outcome = await this.db.transaction(async (tx) => {
      const added: { id: number; t: number }[] = [], updated: { id: number; t: number }[] = [];
      let unchanged = 0;
      for (const a of feed.articles) {
        const r = await store.upsertArticle(tx, a, now);
        if (r.outcome === 'inserted') added.push({ id: r.id, t: a.publishedAt });
        else if (r.outcome === 'updated') updated.push({ id: r.id, t: a.publishedAt });
        else unchanged++;
      }
      return { added, updated, unchanged };
    });
    const newestFirst = (xs: { id: number; t: number }[]) => xs.sort((a, b) => b.t - a.t || b.id - a.id).map((x) => x.id);
    const result: ImportOutcome = {
      format: feed.format,
      source: feed.source,
      items: feed.articles.length,
      inserted: outcome.added.length,
      updated: outcome.updated.length,
      unchanged: outcome.unchanged,
      ids: newestFirst(outcome.added),
      updatedIds: newestFirst(outcome.updated),
    };
    if (this.cfg.bus && (result.inserted > 0 || result.updated > 0)) this.cfg.bus.publish(NEWS_TOPIC, pushOf(result, feed.articles, now) as unknown as Record<string, unknown>);
    return result;
  }
}

function pushOf(r: ImportOutcome, articles: { tags: string[]; lang: string }[], now: number): NewsPush {
  return {
    ids: r.ids.slice(0, NEWS_PUSH_MAX_IDS),
    count: r.inserted,
    updatedIds: r.updatedIds.slice(0, NEWS_PUSH_MAX_IDS),
    updatedCount: r.updated,
    sources: [r.source],
    tags: [...new Set(articles.flatMap((a) => a.tags))].slice(0, 50),
    langs: [...new Set(articles.map((a) => a.lang))],
    at: now,
  };
}

export function importFailure(kind: 'feedInvalid' | 'itemsInvalid' | 'tooLarge', problems: NewsImportProblem[], limit?: number): NewsFailure {
  if (kind === 'tooLarge') {
    return new NewsFailure(NewsCode.tooLarge, problems[0]?.message ?? `The file is larger than ${limit} bytes`, { limit, errors: problems });
  }
  if (kind === 'feedInvalid') return new NewsFailure(NewsCode.feedInvalid, problems[0]?.message ?? 'Not a feed', { errors: problems });
  return new NewsFailure(NewsCode.itemsInvalid, `${problems.length} item problem${problems.length === 1 ? '' : 's'}; nothing was imported`, { errors: problems });
}
