// SQL of the news service. Articles are readable by every signed-in user; collections are
// per user, and every statement on news_collections names the caller's user id in its WHERE
// (or VALUES): no statement reads or writes another user's rows.
import type { Database } from '../../contracts';
import type { ArticleInput } from './feed';

export type Queryable = Pick<Database, 'query'>;

export interface ArticleRow {
  id: number;
  title: string;
  summary: string;
  source: string;
  source_url: string | null;
  link: string | null;
  lang: string;
  published_at: number;
  sample: boolean;
  tags: string[];
  collected: boolean;
  collected_at?: number | null;
  body_html?: string;
  author?: string | null;
  updated_at?: number | null;
  imported_at?: number;
}

export interface ListFilter {
  tag?: string;
  source?: string;
  lang?: string;
  /** Words, each must appear (case-insensitive) in the title, summary or text. */
  terms: string[];
}

export interface Page {
  /** Keyset: rows strictly after (t, id) in the order of the list. */
  after: { t: number; id: number } | null;
  size: number;
}

// Tags come with the row (one round trip per page, not two).
const SUMMARY_COLUMNS = `a.id, a.title, a.summary, a.source, a.source_url, a.link, a.lang, a.published_at, a.sample,
  ARRAY(SELECT t.tag FROM news_tags t WHERE t.article_id = a.id ORDER BY t.tag_key) AS tags`;

/** How tags and sources are compared: in JavaScript, so both backends' collations agree. */
export const tagKey = (tag: string) => tag.toLowerCase();

/** LIKE pattern matching `term` literally anywhere. */
export function likeAnywhere(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(f: ListFilter, params: unknown[]): string {
  const parts: string[] = [];
  const p = (v: unknown) => { params.push(v); return `$${params.length}`; };
  if (f.tag !== undefined) parts.push(`EXISTS (SELECT 1 FROM news_tags t WHERE t.article_id = a.id AND t.tag_key = ${p(tagKey(f.tag))})`);
  if (f.source !== undefined) parts.push(`a.source_key = ${p(tagKey(f.source))}`);
  if (f.lang !== undefined) parts.push(`a.lang = ${p(f.lang)}`);
  for (const term of f.terms) {
    const x = p(likeAnywhere(term));
    parts.push(`(a.title ILIKE ${x} ESCAPE '\\' OR a.summary ILIKE ${x} ESCAPE '\\' OR a.body_text ILIKE ${x} ESCAPE '\\')`);
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/** Parameters of a keyset-paged listing ordered by (`sortColumn`, a.id) descending; `$1` is the user. */
function listing(userId: number, f: ListFilter, page: Page, sortColumn: string) {
  const params: unknown[] = [userId];
  const filter = where(f, params);
  const countParams = [...params];
  let keyset = '';
  if (page.after) {
    params.push(page.after.t, page.after.id);
    keyset = ` AND (${sortColumn}, a.id) < ($${params.length - 1}, $${params.length})`;
  }
  params.push(page.size + 1);
  return { params, countParams, filter, keyset, limit: `$${params.length}` };
}

/** Newest first; `collected` for `userId`. Returns up to size + 1 rows (the extra says "more"). */
export async function listArticles(q: Queryable, userId: number, f: ListFilter, page: Page): Promise<{ rows: ArticleRow[]; total: number }> {
  const { params, countParams, filter, keyset, limit } = listing(userId, f, page, 'a.published_at');
  const { rows } = await q.query<ArticleRow>(
    `SELECT ${SUMMARY_COLUMNS}, (c.user_id IS NOT NULL) AS collected
       FROM news_articles a
       LEFT JOIN news_collections c ON c.article_id = a.id AND c.user_id = $1
      WHERE ${filter}${keyset}
      ORDER BY a.published_at DESC, a.id DESC
      LIMIT ${limit}`,
    params,
  );
  const count = await q.query<{ n: number | string }>(`SELECT count(*) AS n FROM news_articles a WHERE ($1::bigint IS NOT NULL) AND ${filter}`, countParams);
  return { rows, total: Number(count.rows[0].n) };
}

/** The caller's collection, most recently collected first. */
export async function listCollection(q: Queryable, userId: number, f: ListFilter, page: Page): Promise<{ rows: ArticleRow[]; total: number }> {
  const { params, countParams, filter, keyset, limit } = listing(userId, f, page, 'c.collected_at');
  const { rows } = await q.query<ArticleRow>(
    `SELECT ${SUMMARY_COLUMNS}, TRUE AS collected, c.collected_at
       FROM news_collections c
       JOIN news_articles a ON a.id = c.article_id
      WHERE c.user_id = $1 AND ${filter}${keyset}
      ORDER BY c.collected_at DESC, a.id DESC
      LIMIT ${limit}`,
    params,
  );
  const count = await q.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM news_collections c JOIN news_articles a ON a.id = c.article_id WHERE c.user_id = $1 AND ${filter}`,
    countParams,
  );
  return { rows, total: Number(count.rows[0].n) };
}

export async function getArticle(q: Queryable, userId: number, id: number): Promise<ArticleRow | null> {
  const { rows } = await q.query<ArticleRow>(
    `SELECT ${SUMMARY_COLUMNS}, a.body_html, a.author, a.updated_at, a.imported_at, (c.user_id IS NOT NULL) AS collected, c.collected_at
       FROM news_articles a
       LEFT JOIN news_collections c ON c.article_id = a.id AND c.user_id = $1
      WHERE a.id = $2`,
    [userId, id],
  );
  return rows[0] ?? null;
}

/** Adds to the caller's collection (idempotent); false when the article does not exist. */
export async function collect(q: Queryable, userId: number, articleId: number, now: number): Promise<{ collectedAt: number } | null> {
  const { rows } = await q.query<{ collected_at: number }>(
    `INSERT INTO news_collections (user_id, article_id, collected_at)
     SELECT $1, a.id, $3 FROM news_articles a WHERE a.id = $2
     ON CONFLICT (user_id, article_id) DO UPDATE SET collected_at = news_collections.collected_at
     RETURNING collected_at`,
    [userId, articleId, now],
  );
  return rows[0] ? { collectedAt: Number(rows[0].collected_at) } : null;
}

/** Removes from the caller's collection; true when it was there. */
export async function uncollect(q: Queryable, userId: number, articleId: number): Promise<boolean> {
  const { rows } = await q.query<{ article_id: number }>(
    'DELETE FROM news_collections WHERE user_id = $1 AND article_id = $2 RETURNING article_id',
    [userId, articleId],
  );
  return rows.length > 0;
}

export async function articleExists(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM news_articles WHERE id = $1', [id]);
  return rows.length > 0;
}

export async function tagCounts(q: Queryable, f: { lang?: string; source?: string }, limit: number): Promise<{ tag: string; count: number }[]> {
  const params: unknown[] = [];
  const filter = where({ ...f, terms: [] }, params);
  params.push(limit);
  const { rows } = await q.query<{ tag: string; n: number | string }>(
    `SELECT min(t.tag) AS tag, count(*) AS n
       FROM news_tags t JOIN news_articles a ON a.id = t.article_id
      WHERE ${filter}
      GROUP BY t.tag_key
      ORDER BY count(*) DESC, t.tag_key
      LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }));
}

export async function sourceCounts(q: Queryable, f: { lang?: string }): Promise<{ source: string; count: number; sample: boolean; latest: number }[]> {
  const params: unknown[] = [];
  const filter = where({ ...f, terms: [] }, params);
  const { rows } = await q.query<{ source: string; n: number | string; sample: boolean; latest: number | string }>(
    `SELECT min(a.source) AS source, count(*) AS n, bool_and(a.sample) AS sample, max(a.published_at) AS latest
       FROM news_articles a
      WHERE ${filter}
      GROUP BY a.source_key
      ORDER BY max(a.published_at) DESC`,
    params,
  );
  return rows.map((r) => ({ source: r.source, count: Number(r.n), sample: r.sample, latest: Number(r.latest) }));
}

export async function hasArticles(q: Queryable): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM news_articles LIMIT 1');
  return rows.length > 0;
}

/**
 * Inserts an article, or updates the stored one of the same source and guid/link when its
 * content changed. 'inserted' | 'updated' with the id, or 'unchanged'.
 */
export async function upsertArticle(q: Queryable, a: ArticleInput, now: number): Promise<{ id: number; outcome: 'inserted' | 'updated' } | { outcome: 'unchanged' }> {
  const { rows } = await q.query<{ id: number; inserted: boolean }>(
    `INSERT INTO news_articles (source, source_key, source_url, dedupe_key, guid, link, title, summary, body_html, body_text, author, lang,
                                published_at, updated_at, imported_at, content_hash, sample)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     ON CONFLICT (source_key, dedupe_key) DO UPDATE SET
       source = EXCLUDED.source, source_url = EXCLUDED.source_url, guid = EXCLUDED.guid, link = EXCLUDED.link, title = EXCLUDED.title,
       summary = EXCLUDED.summary, body_html = EXCLUDED.body_html, body_text = EXCLUDED.body_text, author = EXCLUDED.author,
       lang = EXCLUDED.lang, published_at = EXCLUDED.published_at, updated_at = EXCLUDED.updated_at, imported_at = EXCLUDED.imported_at,
       content_hash = EXCLUDED.content_hash, sample = EXCLUDED.sample
     WHERE news_articles.content_hash <> EXCLUDED.content_hash
     RETURNING id, (xmax = 0) AS inserted`,
    [a.source, tagKey(a.source), a.sourceUrl, a.dedupeKey, a.guid, a.link, a.title, a.summary, a.html, a.text, a.author, a.lang,
      a.publishedAt, a.updatedAt, now, a.contentHash, a.sample],
  );
  if (rows.length === 0) return { outcome: 'unchanged' };
  const id = Number(rows[0].id);
  const inserted = rows[0].inserted;
  if (!inserted) await q.query('DELETE FROM news_tags WHERE article_id = $1', [id]); // a new row has none yet
  if (a.tags.length) {
    await q.query(
      'INSERT INTO news_tags (article_id, tag, tag_key) SELECT $1, t.tag, t.tag_key FROM unnest($2::text[], $3::text[]) AS t(tag, tag_key)',
      [id, a.tags, a.tags.map(tagKey)],
    );
  }
  return { id, outcome: inserted ? 'inserted' : 'updated' };
}
