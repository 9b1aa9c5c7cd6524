// Article HTML, made harmless on import with sanitize-html (an allow-list, never a regex), and
// its plain text. The allow-list is shared with the browser (src/tools/news/contract.ts),
// which purifies again with DOMPurify at render (src/tools/news/purify.ts): defence in depth.
//
// Links and images are resolved against the article's address (feeds often carry relative
// URLs) and kept only when the result is http(s) (links: or mailto); links get
// rel="noopener noreferrer" and open in a new tab; images never send a referrer.
import sanitizeHtml from 'sanitize-html';
import {
  NEWS_ALLOWED_ATTRIBUTES, NEWS_ALLOWED_TAGS, NEWS_IMAGE_SCHEMES, NEWS_LINK_REL, NEWS_LINK_SCHEMES,
} from '../../../src/tools/news/contract';

/** An absolute http(s) (or mailto when allowed) URL resolved against `base`, or null. */
export function safeUrl(raw: string | undefined, base: string | null, schemes: readonly string[]): string | null {
  if (raw === undefined) return null;
  const text = raw.trim();
  if (text === '') return null;
  let u: URL;
  try {
    u = base ? new URL(text, base) : new URL(text);
  } catch {
    return null;
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (!schemes.includes(scheme)) return null;
  if ((scheme === 'http' || scheme === 'https') && (u.username || u.password)) return null; // user:pass@ phishing links
  return u.href;
}

/** The base URL resolution may use: an absolute http(s) address, else none. */
export function httpBase(link: string | null | undefined): string | null {
  return link ? safeUrl(link, null, ['http', 'https']) : null;
}

function withUrl(attribs: sanitizeHtml.Attributes, name: string, base: string | null, schemes: readonly string[]): sanitizeHtml.Attributes {
  const out = { ...attribs };
  const url = safeUrl(attribs[name], base, schemes);
  if (url === null) delete out[name];
  else out[name] = url;
  return out;
}

const SANITIZE_BASE: sanitizeHtml.IOptions = {
  allowedTags: [...NEWS_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(NEWS_ALLOWED_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  allowedSchemes: [...NEWS_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...NEWS_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Disallowed elements go, their text stays; script/style/textarea/... go with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'svg', 'math', 'object'],
  enforceHtmlBoundary: true,
  parseStyleAttributes: false,
  nestingLimit: 64,
};

/** Sanitised HTML of an article (empty when nothing is left). */
export function sanitizeArticleHtml(html: string, articleLink: string | null): string {
  const base = httpBase(articleLink);
  const out = sanitizeHtml(html, {
    ...SANITIZE_BASE,
    transformTags: {
      a: (tagName, attribs) => {
        const a = withUrl(attribs, 'href', base, NEWS_LINK_SCHEMES);
        if (a.href) { a.rel = NEWS_LINK_REL; a.target = '_blank'; } else { delete a.rel; delete a.target; }
        return { tagName, attribs: a };
      },
      img: (tagName, attribs) => {
        const a = withUrl(attribs, 'src', base, NEWS_IMAGE_SCHEMES);
        a.referrerpolicy = 'no-referrer';
        a.loading = 'lazy';
        for (const dim of ['width', 'height'] as const) if (a[dim] !== undefined && !/^\d{1,4}$/.test(a[dim])) delete a[dim];
        return { tagName, attribs: a };
      },
      q: (tagName, attribs) => ({ tagName, attribs: withUrl(attribs, 'cite', base, ['http', 'https']) }),
      blockquote: (tagName, attribs) => ({ tagName, attribs: withUrl(attribs, 'cite', base, ['http', 'https']) }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src, // an image without a safe source is nothing
  });
  return out.trim();
}

// Elements whose boundaries separate words in the plain text.
const BLOCK = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'div', 'section', 'article', 'header', 'footer', 'aside', 'main', 'nav',
]);

// sanitize-html escapes text as it writes it (&, <, > and, in attributes, "); the plain text
// wants the characters back. Decoding its own fixed output is not sanitising: the text is
// rendered as text, never as HTML.
const UNESCAPE: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };

/**
 * Plain text of HTML: sanitize-html with no tag allowed, words kept apart at block
 * boundaries, whitespace collapsed. Scripts, styles and the like contribute nothing.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
    nonTextTags: SANITIZE_BASE.nonTextTags,
    onOpenTag: (name) => { if (BLOCK.has(name)) parts.push(' '); },
    onCloseTag: (name) => { if (BLOCK.has(name)) parts.push(' '); },
    textFilter: (text) => {
      parts.push(text.replace(/&(?:lt|gt|quot|amp);/g, (m) => UNESCAPE[m]));
      return '';
    },
  });
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (code points), cut at a word boundary where there is one, with "…". */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
