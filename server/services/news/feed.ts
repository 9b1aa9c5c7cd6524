// A feed file's bytes -> the articles to store, or the problems that stop it, each with its
// position. Pure: no database. Checked by content, never by file name: the bytes are decoded
// (BOM, XML declaration, else UTF-8), must be well-formed XML with an <rss version="2.0"> or
// Atom 1.0 <feed> root; every item is then checked and sanitised, and one bad item stops the
// whole file (all or nothing: the importer fixes the file and imports it again).
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NEWS_LIMITS, type NewsImportProblem, type NewsProblemKey } from '../../../src/tools/news/contract';
import { newsProblemText } from '../../../src/tools/news/messages';
import { clip, htmlToText, safeUrl, sanitizeArticleHtml } from './sanitize';

export const ATOM_NS = 'http://www.w3.org/2005/Atom';

export interface FeedOptions {
  /** Source name; default the feed's title. */
  source?: string;
  /** Language when neither the item nor the feed says (else detected from the text). */
  lang?: string;
  /** Offset for dates without a zone, e.g. '+08:00'; without it such dates are refused. */
  assumeTimeZone?: string;
  /** Mark every article as shipped sample text. */
  sample?: boolean;
  /** Clock (tests). */
  now?: number;
}

export interface ArticleInput {
  /** 1-based position in the file. */
  item: number;
  line: number;
  column: number;
  source: string;
  sourceUrl: string | null;
  /** `guid:<guid or Atom id>` or `link:<url>`: what a re-import is recognised by, per source. */
  dedupeKey: string;
  guid: string | null;
  link: string | null;
  title: string;
  summary: string;
  html: string;
  text: string;
  author: string | null;
  lang: string;
  tags: string[];
  publishedAt: number;
  updatedAt: number | null;
  sample: boolean;
  /** Hash of everything shown: a re-import with other content updates the stored article. */
  contentHash: string;
}

export interface ParsedFeed {
  format: 'rss2' | 'atom1';
  title: string;
  source: string;
  sourceUrl: string | null;
  articles: ArticleInput[];
}

export type FeedResult =
  | { ok: true; feed: ParsedFeed }
  | { ok: false; kind: 'feedInvalid' | 'itemsInvalid' | 'tooLarge'; problems: NewsImportProblem[]; limit?: number };

type Values = Record<string, string | number>;

function problem(key: NewsProblemKey, values: Values = {}, where: { item?: number; line?: number; column?: number; field?: string } = {}): NewsImportProblem {
  const p: NewsImportProblem = { ...where, key, values, message: '' };
  p.message = newsProblemText(p, 'en');
  return p;
}

const fileProblem = (key: NewsProblemKey, values: Values = {}, where: { line?: number; column?: number; field?: string } = {}): FeedResult =>
  ({ ok: false, kind: 'feedInvalid', problems: [problem(key, values, where)] });

// ---- bytes -> text ----------------------------------------------------------------------

/** Decodes the file: BOM, then the XML declaration's encoding, else UTF-8 (the XML default). */
export function decodeFeed(bytes: Uint8Array): { text: string } | { problem: NewsImportProblem } {
  if (bytes.length === 0) return { problem: problem('empty', {}, { field: 'file' }) };
  let label = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) { label = 'utf-16be'; start = 2; }
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) { label = 'utf-16le'; start = 2; }
  else if (bytes[0] === 0x3c && bytes[1] === 0x00) label = 'utf-16le';
  else if (bytes[0] === 0x00 && bytes[1] === 0x3c) label = 'utf-16be';
  else {
    // The declaration is ASCII whatever the encoding: <?xml version="1.0" encoding="GB2312"?>
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
    const decl = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']/.exec(head);
    if (decl) label = decl[1].toLowerCase();
  }
  const utf16 = label.startsWith('utf-16');
  if (!utf16 && bytes.subarray(start, Math.min(bytes.length, 8192)).includes(0)) return { problem: problem('binary', {}, { field: 'file' }) };
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    return { problem: problem('encodingUnknown', { encoding: label }, { field: 'encoding' }) };
  }
  let text: string;
  try {
    text = decoder.decode(bytes.subarray(start));
  } catch {
    return { problem: problem('encodingInvalid', { encoding: decoder.encoding.toUpperCase() }, { field: 'encoding' }) };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) return { problem: problem('binary', {}, { field: 'file' }) };
  return { text };
}

// ---- positions --------------------------------------------------------------------------

function lineIndex(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function position(starts: number[], index: number): { line: number; column: number } {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= index) lo = mid; else hi = mid - 1;
  }
  return { line: lo + 1, column: index - starts[lo] + 1 };
}

// ---- XML ---------------------------------------------------------------------------------

const META = XMLParser.getMetaDataSymbol() as unknown as string;
const ARRAYS = new Set(['item', 'entry', 'category', 'link', 'author', 'atom:link']);

type XNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  captureMetaData: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Numeric references and HTML's named entities in text (feeds use &nbsp; &#x4e2d; ...).
  htmlEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

interface Doc {
  text: string;
  starts: number[];
}

const metaOf = (n: unknown): { startIndex?: number; endIndex?: number } | undefined =>
  n !== null && typeof n === 'object' ? ((n as Record<string, unknown>)[META] as { startIndex?: number; endIndex?: number } | undefined) : undefined;

/** The XML between an element's start and end tags, exactly as in the file. */
function rawInner(doc: Doc, node: unknown): string {
  const m = metaOf(node);
  if (!m || m.startIndex === undefined || m.endIndex === undefined) return '';
  const outer = doc.text.slice(m.startIndex, m.endIndex);
  // End of the start tag: the first '>' outside a quoted attribute value.
  let quote = '';
  let i = 0;
  for (; i < outer.length; i++) {
    const c = outer[i];
    if (quote) { if (c === quote) quote = ''; } else if (c === '"' || c === "'") quote = c; else if (c === '>') break;
  }
  if (outer[i - 1] === '/') return ''; // <empty/>
  const close = outer.lastIndexOf('</');
  return close > i ? outer.slice(i + 1, close) : '';
}

const hasChildElements = (n: XNode) => Object.keys(n).some((k) => !k.startsWith('@_') && k !== '#text');

/** Text of an element: its decoded text, or for mixed markup the raw XML inside it. */
function textOf(doc: Doc, n: unknown): string | undefined {
  if (n === undefined || n === null) return undefined;
  if (Array.isArray(n)) return textOf(doc, n[0]);
  if (typeof n === 'string') return n;
  if (typeof n === 'number' || typeof n === 'boolean') return String(n);
  if (typeof n === 'object') {
    const o = n as XNode;
    if (hasChildElements(o)) return rawInner(doc, o).trim();
    return typeof o['#text'] === 'string' ? (o['#text'] as string) : o['#text'] !== undefined ? String(o['#text']) : '';
  }
  return undefined;
}

const attr = (n: unknown, name: string): string | undefined => {
  if (n === null || typeof n !== 'object' || Array.isArray(n)) return undefined;
  const v = (n as XNode)[`@_${name}`];
  return typeof v === 'string' ? v : v === undefined ? undefined : String(v);
};

const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An Atom text construct (type text, html or xhtml) as HTML. */
function atomHtml(doc: Doc, n: unknown): string | undefined {
  if (n === undefined || n === null) return undefined;
  const type = (attr(n, 'type') ?? 'text').toLowerCase();
  if (attr(n, 'src') !== undefined) return undefined; // out-of-line content: nothing here
  if (type === 'xhtml') return rawInner(doc, n);
  const t = textOf(doc, n) ?? '';
  return type === 'html' || type === 'text/html' ? t : `<p>${escapeText(t)}</p>`;
}

// ---- dates --------------------------------------------------------------------------------

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// RFC 822 zones; "CST" is refused: Chinese feeds write it for China Standard Time (+08:00)
// while RFC 822 means US Central (-06:00), and guessing would move the news by 14 hours.
const ZONES: Record<string, number> = { UT: 0, UTC: 0, GMT: 0, Z: 0, EST: -300, EDT: -240, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420 };

function offsetMinutes(z: string): number | null {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(z);
  if (m) {
    const v = Number(m[2]) * 60 + Number(m[3]);
    return Number(m[3]) < 60 && Number(m[2]) <= 14 ? (m[1] === '-' ? -v : v) : null;
  }
  return z.toUpperCase() in ZONES ? ZONES[z.toUpperCase()] : null;
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, offset: number): number | null {
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 60) return null;
  return t - offset * 60_000;
}

export type DateResult = { ok: true; t: number } | { ok: false; key: 'dateInvalid' | 'dateNoZone'; reason?: string };

/** RFC 822/1123 (RSS) or RFC 3339/ISO 8601 (Atom, and many RSS feeds) to epoch ms. */
export function parseFeedDate(raw: string, assumeTimeZone?: string): DateResult {
  const s = raw.trim().replace(/\s+/g, ' ');
  const rfc822 = /^(?:[A-Za-z]{3},? ?)?(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{2}|\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))? ?([+-]\d{2}:?\d{2}|[A-Za-z]{1,4})?$/.exec(s);
  if (rfc822) {
    const [, d, mon, yy, h, mi, sec, zone] = rfc822;
    const mo = MONTHS.indexOf(mon.toLowerCase()) + 1;
    if (mo === 0) return { ok: false, key: 'dateInvalid', reason: ` (month "${mon}")` };
    const y = yy.length === 2 ? (Number(yy) < 50 ? 2000 : 1900) + Number(yy) : Number(yy);
    if (zone && zone.toUpperCase() === 'CST') return { ok: false, key: 'dateInvalid', reason: ': "CST" is ambiguous (US Central or China Standard Time), write +0800 or -0600' };
    const z = zone ?? assumeTimeZone;
    if (z === undefined) return { ok: false, key: 'dateNoZone' };
    const off = offsetMinutes(z);
    if (off === null) return { ok: false, key: 'dateInvalid', reason: ` (time zone "${z}")` };
    const t = utc(y, mo, Number(d), Number(h), Number(mi), Number(sec ?? 0), off);
    return t === null ? { ok: false, key: 'dateInvalid' } : { ok: true, t };
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)? ?([Zz]|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (iso) {
    const [, y, mo, d, h, mi, sec, zone] = iso;
    const z = zone ?? assumeTimeZone;
    if (z === undefined) return { ok: false, key: 'dateNoZone' };
    const off = offsetMinutes(z);
    if (off === null) return { ok: false, key: 'dateInvalid', reason: ` (time zone "${z}")` };
    const t = utc(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(sec ?? 0), off);
    return t === null ? { ok: false, key: 'dateInvalid' } : { ok: true, t };
  }
  return { ok: false, key: 'dateInvalid' };
}

const EARLIEST = Date.UTC(1990, 0, 1);

// ---- items ----------------------------------------------------------------------------------

/** Primary language subtag ('zh-CN' -> 'zh'), or undefined. */
export function normalizeLang(raw: string | undefined): string | undefined {
  const m = raw ? /^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*\s*$/.exec(raw) : null;
  return m ? m[1].toLowerCase() : undefined;
}

const detectLang = (text: string) => (/\p{Script=Han}/u.test(text) ? 'zh' : 'en');

/** Tag as shown: NFKC, trimmed, inner whitespace collapsed. */
export function normalizeTag(raw: string): string {
  return raw.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

interface RawItem {
  index: number;
  node: XNode;
  guid?: string;
  link?: string;
  titleHtml?: string;
  contentHtml?: string;
  summaryHtml?: string;
  dates: { published?: string; updated?: string; field: string };
  categories: string[];
  author?: string;
  lang?: string;
}

interface FeedMeta {
  format: 'rss2' | 'atom1';
  title: string;
  link?: string;
  lang?: string;
  items: RawItem[];
}

function rssMeta(doc: Doc, rss: XNode): FeedMeta | FeedResult {
  const version = attr(rss, 'version');
  if (version !== '2.0') return fileProblem('rssVersion', { version: version ?? '(none)' }, { field: 'rss' });
  const channel = rss.channel as XNode | undefined;
  if (!channel || typeof channel !== 'object') return fileProblem('noChannel', {}, { field: 'channel' });
  const items = asArray(channel.item).map((n, i): RawItem => {
    const node = (typeof n === 'object' && n !== null ? n : {}) as XNode;
    const guid = textOf(doc, node.guid)?.trim();
    return {
      index: i + 1,
      node,
      guid: guid || undefined,
      link: textOf(doc, node.link)?.trim() || undefined,
      // RSS titles are plain text, but feeds put entity-escaped markup in them: read as HTML.
      titleHtml: textOf(doc, node.title),
      contentHtml: textOf(doc, node['content:encoded']),
      summaryHtml: textOf(doc, node.description),
      dates: { published: textOf(doc, node.pubDate) ?? textOf(doc, node['dc:date']), field: node.pubDate !== undefined ? 'pubDate' : 'dc:date' },
      categories: asArray(node.category).map((c) => textOf(doc, c) ?? ''),
      author: (textOf(doc, node.author) ?? textOf(doc, node['dc:creator']))?.trim() || undefined,
      lang: attr(node, 'xml:lang'),
    };
  });
  return {
    format: 'rss2',
    title: htmlToText(textOf(doc, channel.title) ?? ''),
    link: textOf(doc, channel.link)?.trim(),
    lang: textOf(doc, channel.language) ?? attr(channel, 'xml:lang') ?? attr(rss, 'xml:lang'),
    items,
  };
}

function atomLink(links: unknown): string | undefined {
  const all = asArray(links);
  const alt = all.find((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate' && (attr(l, 'type') ?? 'text/html').includes('html')) ?? all.find((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate');
  return attr(alt, 'href')?.trim();
}

function atomMeta(doc: Doc, feed: XNode): FeedMeta {
  const items = asArray(feed.entry).map((n, i): RawItem => {
    const node = (typeof n === 'object' && n !== null ? n : {}) as XNode;
    const id = textOf(doc, node.id)?.trim();
    const title = node.title;
    const titleType = (attr(title, 'type') ?? 'text').toLowerCase();
    return {
      index: i + 1,
      node,
      guid: id || undefined,
      link: atomLink(node.link),
      titleHtml: title === undefined ? undefined : titleType === 'text' ? escapeText(textOf(doc, title) ?? '') : atomHtml(doc, title),
      contentHtml: atomHtml(doc, node.content),
      summaryHtml: atomHtml(doc, node.summary),
      dates: { published: textOf(doc, node.published) ?? textOf(doc, node.updated), updated: textOf(doc, node.updated), field: node.published !== undefined ? 'published' : 'updated' },
      categories: asArray(node.category).map((c) => attr(c, 'label') ?? attr(c, 'term') ?? ''),
      author: textOf(doc, asArray(node.author)[0] && (asArray(node.author)[0] as XNode).name)?.trim() || undefined,
      lang: attr(node, 'xml:lang'),
    };
  });
  const title = feed.title;
  const titleType = (attr(title, 'type') ?? 'text').toLowerCase();
  return {
    format: 'atom1',
    title: titleType === 'text' ? (textOf(doc, title) ?? '').trim() : htmlToText(atomHtml(doc, title) ?? ''),
    link: atomLink(feed.link),
    lang: attr(feed, 'xml:lang'),
    items,
  };
}

const HTML_PAGE = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html)[\s>]/i;

/** Bytes of a feed file -> its articles (sanitised, checked) or what is wrong, with positions. */
export function parseFeed(bytes: Uint8Array, opts: FeedOptions = {}): FeedResult {
  if (bytes.length > NEWS_LIMITS.fileBytes) return { ok: false, kind: 'tooLarge', limit: NEWS_LIMITS.fileBytes, problems: [] };
  const decoded = decodeFeed(bytes);
  if ('problem' in decoded) return { ok: false, kind: 'feedInvalid', problems: [decoded.problem] };
  const doc: Doc = { text: decoded.text, starts: lineIndex(decoded.text) };
  if (HTML_PAGE.test(doc.text.slice(0, 4096))) return fileProblem('htmlPage', {}, { field: 'file' });
  const valid = XMLValidator.validate(doc.text);
  if (valid !== true) return fileProblem('notWellFormed', { detail: valid.err.msg }, { line: valid.err.line, column: valid.err.col, field: 'xml' });
  let tree: XNode;
  try {
    tree = parser.parse(doc.text) as XNode;
  } catch (e) {
    return fileProblem('notWellFormed', { detail: (e as Error).message }, { field: 'xml' });
  }
  const roots = Object.keys(tree).filter((k) => !k.startsWith('?') && !k.startsWith('#'));
  const root = roots[0];
  if (roots.length !== 1) return fileProblem('notAFeed', { root: roots.join('>, <') || '(none)' }, { field: 'root' });
  const rootNode = tree[root] as XNode;
  const rootStart = metaOf(rootNode)?.startIndex ?? 0;
  if (doc.text.slice(0, rootStart).includes('<!ENTITY')) return fileProblem('entityDeclaration', {}, { field: 'doctype' });
  let meta: FeedMeta | FeedResult;
  if (root === 'rss') meta = rssMeta(doc, typeof rootNode === 'object' ? rootNode : {});
  else if (root === 'feed' && attr(rootNode, 'xmlns') === ATOM_NS) meta = atomMeta(doc, rootNode);
  else if (root === 'rdf:RDF' || root.endsWith(':RDF')) return fileProblem('rss1', {}, { field: 'root' });
  else return fileProblem('notAFeed', { root }, { field: 'root' });
  if ('ok' in meta) return meta;

  if (meta.items.length > NEWS_LIMITS.itemsPerFile) {
    return { ok: false, kind: 'tooLarge', limit: NEWS_LIMITS.itemsPerFile, problems: [problem('tooManyItems', { count: meta.items.length, limit: NEWS_LIMITS.itemsPerFile }, { field: 'items' })] };
  }
  const source = (opts.source ?? meta.title).replace(/\s+/g, ' ').trim().slice(0, 100);
  if (source === '') return fileProblem('noSource', {}, { field: 'title' });
  const sourceUrl = safeUrl(meta.link, null, ['http', 'https']);
  const feedLang = normalizeLang(meta.lang) ?? normalizeLang(opts.lang);
  const now = opts.now ?? Date.now();

  const problems: NewsImportProblem[] = [];
  const articles: ArticleInput[] = [];
  const seen = new Map<string, number>();
  for (const it of meta.items) {
    const pos = position(doc.starts, metaOf(it.node)?.startIndex ?? 0);
    const where = { item: it.index, line: pos.line, column: pos.column };
    const bad = (key: NewsProblemKey, field: string, values: Values = {}) => problems.push(problem(key, values, { ...where, field }));
    const before = problems.length;

    const link = it.link === undefined ? null : safeUrl(it.link, null, ['http', 'https']);
    if (it.link !== undefined && link === null) bad('linkInvalid', 'link', { value: it.link.slice(0, 200) });
    const rawHtml = it.contentHtml ?? it.summaryHtml ?? '';
    const html = sanitizeArticleHtml(rawHtml, link ?? sourceUrl);
    const text = htmlToText(html);
    const summarySource = it.contentHtml !== undefined && it.summaryHtml !== undefined ? htmlToText(sanitizeArticleHtml(it.summaryHtml, link)) : text;
    let title = it.titleHtml === undefined ? '' : htmlToText(it.titleHtml);
    if (title === '') title = clip(summarySource || text, 80);
    if (title === '') bad('noTitle', 'title');
    if (Array.from(title).length > NEWS_LIMITS.titleChars) bad('titleTooLong', 'title', { count: Array.from(title).length, limit: NEWS_LIMITS.titleChars });
    if (html.length > NEWS_LIMITS.htmlChars) bad('htmlTooLong', it.contentHtml !== undefined ? 'content' : 'description', { count: html.length, limit: NEWS_LIMITS.htmlChars });

    const guid = it.guid?.slice(0, 2000) ?? null;
    const dedupeKey = guid ? `guid:${guid}` : link ? `link:${link}` : null;
    if (dedupeKey === null) bad('noId', meta.format === 'rss2' ? 'guid' : 'id');
    else if (seen.has(dedupeKey)) bad('duplicateInFile', meta.format === 'rss2' ? 'guid' : 'id', { other: seen.get(dedupeKey)! });
    else seen.set(dedupeKey, it.index);

    let publishedAt = NaN;
    if (it.dates.published === undefined || it.dates.published.trim() === '') {
      bad('noDate', meta.format === 'rss2' ? 'pubDate' : 'published');
    } else {
      const d = parseFeedDate(it.dates.published, opts.assumeTimeZone);
      if (!d.ok) bad(d.key, it.dates.field, { value: it.dates.published.trim().slice(0, 100), reason: d.reason ?? '' });
      else if (d.t < EARLIEST || d.t > now + 86_400_000) bad('dateOutOfRange', it.dates.field, { value: new Date(d.t).toISOString() });
      else publishedAt = d.t;
    }
    let updatedAt: number | null = null;
    if (it.dates.updated !== undefined && it.dates.updated !== it.dates.published) {
      const d = parseFeedDate(it.dates.updated, opts.assumeTimeZone);
      if (!d.ok) bad(d.key, 'updated', { value: it.dates.updated.trim().slice(0, 100), reason: d.reason ?? '' });
      else updatedAt = d.t;
    }

    const tags: string[] = [];
    const tagKeys = new Set<string>();
    for (const raw of it.categories) {
      const tag = normalizeTag(htmlToText(raw));
      if (tag === '') continue;
      if (Array.from(tag).length > NEWS_LIMITS.tagChars) { bad('tagTooLong', 'category', { value: clip(tag, 60), limit: NEWS_LIMITS.tagChars }); continue; }
      const key = tag.toLowerCase();
      if (!tagKeys.has(key)) { tagKeys.add(key); tags.push(tag); }
    }
    if (tags.length > NEWS_LIMITS.tagsPerArticle) bad('tooManyTags', 'category', { count: tags.length, limit: NEWS_LIMITS.tagsPerArticle });

    if (problems.length > before) continue;
    const lang = normalizeLang(it.lang) ?? feedLang ?? detectLang(title);
    const summary = clip(summarySource, NEWS_LIMITS.summaryChars);
    const author = it.author ? clip(htmlToText(it.author), 200) : null;
    const contentHash = createHash('sha256').update(JSON.stringify([title, summary, html, link, author, lang, tags, publishedAt, updatedAt])).digest('base64url');
    articles.push({
      ...where, source, sourceUrl, dedupeKey: dedupeKey!, guid, link, title, summary, html, text, author: author || null, lang, tags,
      publishedAt, updatedAt, sample: opts.sample === true, contentHash,
    });
  }
  if (problems.length) return { ok: false, kind: 'itemsInvalid', problems };
  return { ok: true, feed: { format: meta.format, title: meta.title, source, sourceUrl, articles } };
}
