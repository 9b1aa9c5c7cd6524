// Test helper (jsdom environment): everything wrong with article HTML as a browser parses it.
import { NEWS_ALLOWED_ATTRIBUTES, NEWS_ALLOWED_TAGS } from '../../../../src/tools/news/contract';

const ALLOWED_TAGS = new Set<string>(NEWS_ALLOWED_TAGS);
const URL_ATTRS = new Set(['href', 'src', 'cite']);

/** Everything wrong with `html` as a browser would parse it. */
export function problems(html: string): string[] {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = html; // parsed, never attached to a live page: nothing loads or runs
  const out: string[] = [];
  for (const el of doc.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) out.push(`element <${tag}>`);
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') out.push(`foreign element <${tag}>`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) out.push(`handler ${name} on <${tag}>`);
      if (name === 'style') out.push(`style on <${tag}>`);
      if (!(NEWS_ALLOWED_ATTRIBUTES[tag] ?? []).includes(name)) out.push(`attribute ${name} on <${tag}>`);
      if (URL_ATTRS.has(name)) {
        let u: URL | null = null;
        try { u = new URL(attr.value); } catch { out.push(`relative or bad URL ${attr.value}`); }
        const ok = tag === 'img' ? ['http:', 'https:'] : ['http:', 'https:', 'mailto:'];
        if (u && !ok.includes(u.protocol)) out.push(`scheme ${u.protocol} in ${name}`);
      }
    }
    if (tag === 'a' && el.hasAttribute('href') && el.getAttribute('rel') !== 'noopener noreferrer') out.push('link without rel=noopener noreferrer');
  }
  return out;
}
