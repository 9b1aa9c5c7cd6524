// Article HTML against the OWASP XSS filter-evasion classics: whatever goes in, the stored
// HTML parsed back (jsdom, a browser's parser) holds only allowed elements and attributes, no
// handler, no style, and only absolute http(s)/mailto URLs; DOMPurify finds nothing to remove
// in it; sanitising it again changes nothing. The browser's purifier (src/tools/news/purify.ts)
// is held to the same checks on the raw vectors.
// @vitest-environment jsdom
import createDOMPurify, { type WindowLike } from 'dompurify';
import { describe, expect, it } from 'vitest';
import { purifyArticleHtml } from '../../../src/tools/news/purify';
import { clip, htmlToText, safeUrl, sanitizeArticleHtml } from './sanitize';
import { problems } from './testing/html-check';
import { XSS_VECTORS } from './testing/xss-vectors';

const BASE = 'https://news.example.com/markets/2026/11/23/item.html';

const jsdomWindow = window as unknown as WindowLike;

describe('stored article HTML is harmless (sanitize-html on import)', () => {
  it.each(Object.entries(XSS_VECTORS))('%s', (_name, vector) => {
    const stored = sanitizeArticleHtml(vector, BASE);
    expect(problems(stored)).toEqual([]);
    // DOMPurify, at its defaults (plus the three harmless attributes we set ourselves), finds
    // nothing to remove.
    const purify = createDOMPurify(jsdomWindow);
    purify.sanitize(stored, { ADD_ATTR: ['target', 'referrerpolicy', 'loading'] });
    expect(purify.removed.map((r) => ('element' in r ? `element ${r.element?.nodeName}` : `attribute ${r.attribute?.name}`))).toEqual([]);
    // Sanitising again changes nothing (what is stored is a fixed point).
    expect(sanitizeArticleHtml(stored, BASE)).toBe(stored);
  });

  it('the harmful parts are gone and the text around them stays', () => {
    expect(sanitizeArticleHtml(XSS_VECTORS.scriptTag, BASE)).toBe('<p>before</p><p>after</p>');
    expect(sanitizeArticleHtml(XSS_VECTORS.goodLinkWithHandler, BASE)).toBe('<a href="http://ok.example/" rel="noopener noreferrer" target="_blank">ok</a>');
    expect(sanitizeArticleHtml(XSS_VECTORS.hrefJs, BASE)).toBe('<a>x</a>');
    expect(sanitizeArticleHtml(XSS_VECTORS.imgOnerror, BASE)).toBe('<img src="https://news.example.com/" referrerpolicy="no-referrer" loading="lazy" />');
    expect(sanitizeArticleHtml(XSS_VECTORS.imgJs, BASE)).toBe('');
    expect(sanitizeArticleHtml(XSS_VECTORS.styleExpression, BASE)).toBe('<div>x</div>');
    expect(sanitizeArticleHtml(XSS_VECTORS.styleTagListImage, BASE)).toBe('<ul><li>XSS<br /></li></ul>');
    expect(sanitizeArticleHtml(XSS_VECTORS.svgStyleMxss, BASE)).toBe('');
    expect(sanitizeArticleHtml(XSS_VECTORS.hrefCredentials, BASE)).toBe('<a>login</a>');
  });

  it('keeps what an article needs: structure, tables, emphasis, http(s) links and images, resolved against the article', () => {
    const html = `<h2>LPR</h2><p>The <strong>1Y</strong> LPR is <em>3.00%</em>; see <a href="/lpr/2026-11.html" title="fixing">the fixing</a> and <a href="mailto:desk@example.com">mail</a>.</p>
      <ul><li>1Y 3.00%</li><li>5Y 3.50%</li></ul><table><thead><tr><th scope="col">Tenor</th></tr></thead><tbody><tr><td colspan="2">1Y</td></tr></tbody></table>
      <figure><img src="chart.png" alt="chart" width="640" height="abc"><figcaption>Chart</figcaption></figure><blockquote cite="https://pboc.example/x">quote</blockquote>`;
    const out = sanitizeArticleHtml(html, BASE);
    expect(out).toContain('<h2>LPR</h2>');
    expect(out).toContain('<a href="https://news.example.com/lpr/2026-11.html" title="fixing" rel="noopener noreferrer" target="_blank">the fixing</a>');
    expect(out).toContain('<a href="mailto:desk@example.com" rel="noopener noreferrer" target="_blank">mail</a>');
    expect(out).toContain('<img src="https://news.example.com/markets/2026/11/23/chart.png" alt="chart" width="640" referrerpolicy="no-referrer" loading="lazy" />');
    expect(out).toContain('<th scope="col">Tenor</th>');
    expect(out).toContain('<td colspan="2">1Y</td>');
    expect(out).toContain('<blockquote cite="https://pboc.example/x">quote</blockquote>');
    expect(problems(out)).toEqual([]);
  });

  it('without an http(s) article address, relative URLs are dropped, not guessed', () => {
    expect(sanitizeArticleHtml('<a href="/x">x</a><img src="a.png">', null)).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="/x">x</a>', 'javascript:alert(1)')).toBe('<a>x</a>');
  });
});

describe('the browser purifier (DOMPurify, same allow-list) on the raw vectors', () => {
  it.each(Object.entries(XSS_VECTORS))('%s', (_name, vector) => {
    // Absolute URLs only reach the browser; relative ones are dropped by the purifier too.
    expect(problems(purifyArticleHtml(vector, jsdomWindow)).filter((p) => !p.startsWith('relative'))).toEqual([]);
  });
  it('leaves stored HTML as it is', () => {
    const stored = sanitizeArticleHtml('<p>a <a href="https://x.example/">b</a> <img src="https://x.example/i.png" alt="i"></p>', BASE);
    const dom = (h: string) => { const d = document.implementation.createHTMLDocument(''); d.body.innerHTML = h; return d.body.innerHTML; };
    expect(dom(purifyArticleHtml(stored, jsdomWindow))).toBe(dom(stored));
  });
});

describe('plain text', () => {
  it('keeps words apart at block boundaries, drops scripts and styles, decodes the text', () => {
    expect(htmlToText('<p>One</p><p>Two &amp; <b>three</b></p><script>alert(1)</script><style>p{}</style><ul><li>a&lt;b</li><li>"q"</li></ul>')).toBe('One Two & three a<b "q"');
    expect(htmlToText('<p>中国人民银行<strong>今日</strong>开展</p><p>逆回购</p>')).toBe('中国人民银行今日开展 逆回购');
    expect(htmlToText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>'); // text, rendered as text
  });
  it('clips at a word boundary with an ellipsis, by characters', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('The PBOC injected liquidity through seven-day reverse repos', 30)).toBe('The PBOC injected liquidity…');
    expect(clip('央行今日开展七天期逆回购操作', 8)).toBe('央行今日开展七…');
  });
  it('safeUrl accepts absolute http(s) and refuses the rest', () => {
    expect(safeUrl('https://a.example/x', null, ['http', 'https'])).toBe('https://a.example/x');
    expect(safeUrl('x', 'https://a.example/d/', ['http', 'https'])).toBe('https://a.example/d/x');
    for (const bad of ['javascript:alert(1)', ' jav\tascript:alert(1)', 'data:text/html,x', 'ftp://a.example/', '//', '', 'https://u:p@a.example/']) {
      expect(safeUrl(bad, null, ['http', 'https']), bad).toBeNull();
    }
  });
});
