// The browser's second line: an article's HTML was sanitised on import (sanitize-html,
// server/services/news/sanitize.ts); the screen purifies it again with DOMPurify, under the
// same allow-list, right before it is rendered. Defence in depth: a stored row written by an
// older version, by hand or by a bug in one sanitiser is still made harmless by the other.
//
//   <div className="article" dangerouslySetInnerHTML={{ __html: purifyArticleHtml(article.html) }} />
import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';
import { NEWS_ALLOWED_ATTRIBUTES, NEWS_ALLOWED_TAGS, NEWS_LINK_REL } from './contract';

const ATTRS = [...new Set(Object.values(NEWS_ALLOWED_ATTRIBUTES).flat())];
// DOMPurify tests every attribute value against this: values naming a scheme must name an
// allowed one (DOMPurify's own default form, with only http(s) and mailto); plain values pass.
const VALUE = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// URL attributes themselves: absolute http(s), mailto for links; nothing relative (stored
// URLs are absolute) and no data: (DOMPurify would let data: images through).
const URL_ATTRS: Record<string, RegExp> = { href: /^(?:https?:\/\/|mailto:)/i, src: /^https?:\/\//i, cite: /^https?:\/\//i };

let purifier: Purifier | null = null;

function setUp(win?: WindowLike): Purifier {
  const p = win ? DOMPurify(win) : DOMPurify;
  p.addHook('uponSanitizeAttribute', (node, data) => {
    // an attribute allowed on one element is not allowed on every element
    const allowed = NEWS_ALLOWED_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
    const url = URL_ATTRS[data.attrName];
    if (url && !url.test(data.attrValue.trim())) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('rel', NEWS_LINK_REL);
      node.setAttribute('target', '_blank');
    }
    if (node.nodeName === 'IMG') node.setAttribute('referrerpolicy', 'no-referrer');
  });
  return p;
}

/**
 * Purified article HTML for rendering. `win` lets tests (or Node) pass a jsdom window; in the
 * browser the page's window is used.
 */
export function purifyArticleHtml(html: string, win?: WindowLike): string {
  const p = win ? setUp(win) : (purifier ??= setUp());
  return p.sanitize(html, {
    ALLOWED_TAGS: [...NEWS_ALLOWED_TAGS],
    ALLOWED_ATTR: ATTRS,
    ALLOWED_URI_REGEXP: VALUE,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_TAGS: ['style', 'script', 'svg', 'math', 'iframe', 'form'],
    RETURN_TRUSTED_TYPE: false,
  }) as string;
}
