// The news contract both sides read: NewsSvr's method names, reply codes, push topic, limits,
// the article shapes, and the HTML allow-list (server/services/news sanitises with it on
// import, the browser purifies with the same list at render, see purify.ts). Pure and
// dependency-free: the server imports it, so both apply the very same rules.

export const NEWS_SERVER = 'NewsSvr';

export const NewsMethod = {
  list: 'ATS.NEWSSVR.LIST',
  get: 'ATS.NEWSSVR.GET',
  collect: 'ATS.NEWSSVR.COLLECT',
  uncollect: 'ATS.NEWSSVR.UNCOLLECT',
  collection: 'ATS.NEWSSVR.COLLECTION',
  tags: 'ATS.NEWSSVR.TAGS',
  sources: 'ATS.NEWSSVR.SOURCES',
  import: 'ATS.NEWSSVR.IMPORT',
} as const;
export type NewsMethodName = (typeof NewsMethod)[keyof typeof NewsMethod];

/** Reply codes (docs/api/news.md). Success is '0000', as the gateway's own replies. */
export const NewsCode = {
  ok: '0000',
  sessionInvalid: '1009',
  /** A request field is missing or wrong (`field` names it). */
  badRequest: '3601',
  /** No such article. */
  notFound: '3602',
  /** IMPORT: the caller is not one of the importers (NEWS_IMPORTERS). */
  forbidden: '3603',
  /** IMPORT: the file is not an RSS 2.0 or Atom 1.0 feed (`errors` says where and why). */
  feedInvalid: '3604',
  /** IMPORT: some items are invalid (`errors`, each with its position); nothing was imported. */
  itemsInvalid: '3605',
  /** IMPORT: the file is larger than `limit` bytes, or has more than `limit` items. */
  tooLarge: '3606',
  serverError: '9999',
} as const;
export type NewsCodeValue = (typeof NewsCode)[keyof typeof NewsCode];

/** Topic of the push sent after an import added or changed articles (NewsPush). */
export const NEWS_TOPIC = 'news.new';
export const NEWS_PUSH_MAX_IDS = 100;

export const NEWS_LIMITS = {
  /** Largest feed file accepted (bytes, before decoding). */
  fileBytes: 5 * 1024 * 1024,
  /** Most items in one file. */
  itemsPerFile: 2000,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** Plain-text summary length (characters). */
  summaryChars: 280,
  titleChars: 500,
  /** Sanitised HTML of one article (UTF-16 code units). */
  htmlChars: 512 * 1024,
  tagChars: 40,
  tagsPerArticle: 20,
  /** Text search: words (all must match) and their length. */
  searchTerms: 5,
  searchTermChars: 50,
} as const;

/** One row of a list or collection. Times are epoch milliseconds. */
export interface NewsArticleSummary {
  id: number;
  title: string;
  /** Plain text (never HTML), at most NEWS_LIMITS.summaryChars. */
  summary: string;
  /** Where it comes from (the feed's title or the importer's name for it); "sample" for the shipped samples. */
  source: string;
  sourceUrl: string | null;
  /** The original article (http/https only), or null. */
  link: string | null;
  /** Primary language subtag: 'zh', 'en', ... */
  lang: string;
  tags: string[];
  publishedAt: number;
  /** Shipped sample text, not a real article: screens must say so. */
  sample: boolean;
  /** The caller has it in their collection. */
  collected: boolean;
  /** COLLECTION only: when the caller collected it. */
  collectedAt?: number;
}

/** GET: an article with its sanitised HTML (purify again at render: purify.ts). */
export interface NewsArticle extends NewsArticleSummary {
  html: string;
  author: string | null;
  updatedAt: number | null;
  importedAt: number;
}

/** What a NEWS_TOPIC event carries: ids and facets only, never article text (the topic is public). */
export interface NewsPush {
  /** Articles added by the import, newest first (the first NEWS_PUSH_MAX_IDS; `count` says how many). */
  ids: number[];
  count: number;
  /** Articles whose content changed (re-imported with new text); first NEWS_PUSH_MAX_IDS. */
  updatedIds: number[];
  updatedCount: number;
  sources: string[];
  tags: string[];
  langs: string[];
  at: number;
}

/** The reply to IMPORT (docs/api/news.md). */
export interface NewsImportResult {
  format: 'rss2' | 'atom1';
  source: string;
  items: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Ids of inserted articles, newest first. */
  ids: number[];
}

/** A problem found while importing, with where it is. */
export interface NewsImportProblem {
  /** 1-based item (RSS <item> / Atom <entry>) number; absent for a problem of the whole file. */
  item?: number;
  /** 1-based line and column of the item (or of the problem) in the decoded file. */
  line?: number;
  column?: number;
  /** The element or field at fault: 'pubDate', 'title', 'category', 'encoding', 'xml', ... */
  field?: string;
  /** Message id (messages.ts turns it into zh or en) and its values. */
  key: NewsProblemKey;
  values?: Record<string, string | number>;
  /** The same in English (logs, CLI). */
  message: string;
}

export type NewsProblemKey =
  | 'empty' | 'binary' | 'encodingUnknown' | 'encodingInvalid' | 'notWellFormed' | 'entityDeclaration' | 'htmlPage' | 'rss1' | 'rssVersion'
  | 'notAFeed' | 'noChannel' | 'noSource' | 'tooManyItems' | 'noItems'
  | 'noTitle' | 'titleTooLong' | 'noId' | 'linkInvalid' | 'noDate' | 'dateInvalid' | 'dateNoZone' | 'dateOutOfRange'
  | 'tagTooLong' | 'tooManyTags' | 'htmlTooLong' | 'duplicateInFile';

// ---- HTML allow-list --------------------------------------------------------------------
// What an article's HTML may contain: text structure, links and images, tables, emphasis.
// Nothing that runs or styles (script, style, iframe, object, embed, form, svg, math, on*
// handlers, style attributes), no URL schemes but http(s) (and mailto for links).

export const NEWS_ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'blockquote', 'pre', 'code', 'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'em', 'strong', 'b', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr', 'q', 'cite', 'span', 'div',
] as const;

export const NEWS_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'referrerpolicy', 'loading'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
  abbr: ['title'],
  q: ['cite'],
  blockquote: ['cite'],
};

export const NEWS_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
export const NEWS_IMAGE_SCHEMES = ['http', 'https'] as const;
/** Every link opens apart from the app, without a handle back to it. */
export const NEWS_LINK_REL = 'noopener noreferrer';
