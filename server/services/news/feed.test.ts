// Feed files -> articles: content checks (encodings, not-a-feed, not well-formed), RSS 2.0 and
// Atom 1.0 mapping, dates, tags, ids, per-item problems with positions (one bad item stops the
// file), and hostile HTML in every place a feed can carry it rendered harmless.
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NEWS_LIMITS } from '../../../src/tools/news/contract';
import { newsProblemText } from '../../../src/tools/news/messages';
import { type FeedOptions, type FeedResult, parseFeed, parseFeedDate } from './feed';
import { problems } from './testing/html-check';
import { XSS_VECTORS } from './testing/xss-vectors';

const NOW = Date.UTC(2026, 10, 23, 12);
const enc = (s: string) => new TextEncoder().encode(s);
const parse = (xml: string | Uint8Array, opts: FeedOptions = {}): FeedResult => parseFeed(typeof xml === 'string' ? enc(xml) : xml, { now: NOW, ...opts });

function rss(items: string, channel = '<title>Desk wire</title><link>https://wire.example.com/</link><language>en-us</language>'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>${channel}\n${items}\n</channel>\n</rss>\n`;
}
const item = (guid: string, extra = '', date = 'Mon, 23 Nov 2026 09:20:00 +0800') =>
  `<item><title>Item ${guid}</title><guid isPermaLink="false">${guid}</guid><pubDate>${date}</pubDate>${extra}</item>`;

function atom(entries: string, attrs = 'xml:lang="en"'): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" ${attrs}><title>Atom wire</title><id>urn:x</id><updated>2026-11-23T00:00:00Z</updated><link href="https://atom.example.com/"/>\n${entries}\n</feed>`;
}
const entry = (id: string, extra = '') => `<entry><title>Entry ${id}</title><id>${id}</id><published>2026-11-22T08:00:00Z</published>${extra}</entry>`;

function ok(r: FeedResult) {
  if (!r.ok) throw new Error(`expected ok, got ${r.kind}: ${r.problems.map((p) => p.message).join('; ')}`);
  return r.feed;
}
function fail(r: FeedResult) {
  if (r.ok) throw new Error('expected a refusal');
  return r;
}

describe('hostile HTML anywhere in a feed is stored harmless', () => {
  it('RSS: every OWASP vector in content:encoded (CDATA), in description (escaped) and in the title', () => {
    // A NUL byte cannot be in XML at all: such a file is refused as binary (below).
    const vectors = Object.entries(XSS_VECTORS).filter(([name]) => name !== 'nullByte');
    const items = vectors.map(([name, v], i) => {
      const cdata = v.replace(/]]>/g, ']]]]><![CDATA[>'); // a CDATA section cannot hold "]]>" itself
      const escaped = v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      return `<item><title>Vector ${name}: ${escaped}</title><guid>v-${i}</guid><link>https://wire.example.com/a/${name}</link><pubDate>Mon, 23 Nov 2026 09:20:00 +0800</pubDate>
        <description>${escaped}</description><content:encoded><![CDATA[${cdata}]]></content:encoded></item>`;
    }).join('\n');
    const feed = ok(parse(rss(items)));
    expect(feed.articles).toHaveLength(vectors.length);
    for (const a of feed.articles) {
      expect(problems(a.html), `item ${a.item}`).toEqual([]);
      expect(a.title).not.toMatch(/<[a-z!/]/i); // titles are plain text, rendered as text
      expect(a.summary).not.toMatch(/<[a-z!/]/i);
      expect(a.text).not.toMatch(/alert\(1\)<\/script>/);
    }
  });

  it('Atom: xhtml content with script, svg and handlers; html content escaped; markup in titles', () => {
    const xhtml = `<div xmlns="http://www.w3.org/1999/xhtml"><p onclick="alert(1)">Hello <a href="javascript:alert(1)">x</a> <a href="/rel">rel</a></p>
      <script>alert(1)</script><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg><img src="x.png" onerror="alert(1)"/>
      <math xmlns="http://www.w3.org/1998/Math/MathML"><mi xlink:href="javascript:alert(1)" xmlns:xlink="http://www.w3.org/1999/xlink">x</mi></math></div>`;
    const html = '&lt;img src=x onerror=alert(1)&gt;&lt;p style="x:expression(alert(1))"&gt;para&lt;/p&gt;&lt;iframe src="https://evil.example/"&gt;&lt;/iframe&gt;';
    const feed = ok(parse(atom([
      entry('urn:1', `<link href="https://atom.example.com/n/1"/><content type="xhtml">${xhtml}</content>`),
      entry('urn:2', `<content type="html">${html}</content><summary type="html">&lt;b&gt;bold&lt;/b&gt; summary</summary>`),
      `<entry><title type="html">&lt;script&gt;alert(1)&lt;/script&gt;Rates &amp;amp; FX</title><id>urn:3</id><published>2026-11-22T08:00:00Z</published>
        <title-ignored/><content type="text">&lt;b&gt;not markup&lt;/b&gt;</content></entry>`,
    ].join('\n'))));
    const [a1, a2, a3] = feed.articles;
    for (const a of feed.articles) expect(problems(a.html), a.guid ?? '').toEqual([]);
    expect(a1.html).toContain('<a href="https://atom.example.com/rel" rel="noopener noreferrer" target="_blank">rel</a>');
    expect(a1.html).toContain('<img src="https://atom.example.com/n/x.png" referrerpolicy="no-referrer" loading="lazy" />');
    expect(a1.html).not.toMatch(/script|svg|onload|onclick|onerror|javascript/i);
    expect(a2.html).toBe('<img src="https://atom.example.com/x" referrerpolicy="no-referrer" loading="lazy" /><p>para</p>');
    expect(a2.summary).toBe('bold summary');
    expect(a3.title).toBe('Rates & FX'); // the script element is dropped with its text
    expect(a3.html).toBe('<p>&lt;b&gt;not markup&lt;/b&gt;</p>'); // type="text": shown as text
  });
});

describe('content is checked, not the file name', () => {
  const problemOf = (r: FeedResult) => fail(r).problems[0];

  it('refuses what is not an RSS 2.0 or Atom 1.0 feed, saying what it is', () => {
    expect(problemOf(parse(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])))).toMatchObject({ key: 'binary' });
    expect(problemOf(parse(rss(item('nul', `<description>${XSS_VECTORS.nullByte}</description>`))))).toMatchObject({ key: 'binary' });
    expect(problemOf(parse(''))).toMatchObject({ key: 'empty' });
    expect(problemOf(parse('<!DOCTYPE html>\n<html><head><title>Wire</title></head><body>news</body></html>'))).toMatchObject({ key: 'htmlPage' });
    expect(problemOf(parse('{"items": [{"title": "json feed"}]}'))).toMatchObject({ key: 'notWellFormed', line: 1 });
    expect(problemOf(parse('<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><channel/></rdf:RDF>'))).toMatchObject({ key: 'rss1' });
    expect(problemOf(parse('<rss version="0.91"><channel><title>x</title></channel></rss>'))).toMatchObject({ key: 'rssVersion', values: { version: '0.91' } });
    expect(problemOf(parse('<rss><channel><title>x</title></channel></rss>'))).toMatchObject({ key: 'rssVersion', values: { version: '(none)' } });
    expect(problemOf(parse('<rss version="2.0"></rss>'))).toMatchObject({ key: 'noChannel' });
    expect(problemOf(parse('<feed><title>no namespace</title></feed>'))).toMatchObject({ key: 'notAFeed', values: { root: 'feed' } });
    expect(problemOf(parse('<opml version="2.0"><body/></opml>'))).toMatchObject({ key: 'notAFeed', values: { root: 'opml' } });
    expect(problemOf(parse('<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<rss version="2.0"><channel><title>&b;</title></channel></rss>'))).toMatchObject({ key: 'entityDeclaration' });
  });

  it('names where the XML is broken (line and column)', () => {
    const r = parse('<?xml version="1.0"?>\n<rss version="2.0">\n<channel>\n  <title>x</title>\n  <item><title>unclosed</item>\n</channel></rss>');
    expect(problemOf(r)).toMatchObject({ key: 'notWellFormed', line: 5, field: 'xml' });
    expect(problemOf(r).message).toMatch(/^Line 5, column \d+: Not well-formed XML: /);
    expect(newsProblemText(problemOf(r), 'zh')).toMatch(/^第 5 行第 \d+ 列：XML 格式错误：/);
  });

  it('decodes by BOM or declaration: GBK, UTF-16, UTF-8; refuses wrong bytes and unknown encodings', () => {
    const gbkTitle = [0xd6, 0xd0, 0xce, 0xc4]; // 中文 in GBK
    const head = enc('<?xml version="1.0" encoding="GBK"?><rss version="2.0"><channel><title>');
    const tail = enc('</title><item><title>x</title><guid>g</guid><pubDate>Mon, 23 Nov 2026 09:20:00 +0800</pubDate></item></channel></rss>');
    const gbk = new Uint8Array([...head, ...gbkTitle, ...tail]);
    expect(ok(parse(gbk)).source).toBe('中文');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(rss(item('u16')).replace('Desk wire', '新闻'), 'utf16le')]);
    expect(ok(parse(new Uint8Array(utf16))).source).toBe('新闻');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...enc(rss(item('bom')))]);
    expect(ok(parse(bom)).articles).toHaveLength(1);
    const badUtf8 = new Uint8Array([...enc('<rss version="2.0"><channel><title>'), 0xc3, 0x28, ...enc('</title></channel></rss>')]);
    expect(problemOf(parse(badUtf8))).toMatchObject({ key: 'encodingInvalid', values: { encoding: 'UTF-8' } });
    expect(problemOf(parse('<?xml version="1.0" encoding="x-klingon"?><rss/>'))).toMatchObject({ key: 'encodingUnknown' });
  });

  it('refuses files over the size and item limits', () => {
    const big = new Uint8Array(NEWS_LIMITS.fileBytes + 1);
    expect(fail(parse(big))).toMatchObject({ kind: 'tooLarge', limit: NEWS_LIMITS.fileBytes });
    const many = Array.from({ length: NEWS_LIMITS.itemsPerFile + 1 }, (_, i) => `<item><guid>${i}</guid></item>`).join('');
    expect(fail(parse(rss(many)))).toMatchObject({ kind: 'tooLarge', limit: NEWS_LIMITS.itemsPerFile, problems: [{ key: 'tooManyItems' }] });
  });
});

describe('RSS 2.0 and Atom 1.0 items', () => {
  it('maps RSS: title, guid, link, time, tags, author, language, summary from description, HTML from content:encoded', () => {
    const feed = ok(parse(rss(`<item><title>PBOC &amp;amp; LPR</title><link>https://wire.example.com/n/1</link><guid>https://wire.example.com/n/1</guid>
      <pubDate>Mon, 23 Nov 2026 09:20:00 +0800</pubDate><category>PBOC</category><category> pboc </category><category>Open  market</category>
      <dc:creator>Desk</dc:creator><description>Short &lt;b&gt;summary&lt;/b&gt;</description><content:encoded><![CDATA[<p>Full <em>text</em> <a href="/n/2">next</a></p>]]></content:encoded></item>`)));
    expect(feed).toMatchObject({ format: 'rss2', title: 'Desk wire', source: 'Desk wire', sourceUrl: 'https://wire.example.com/' });
    expect(feed.articles[0]).toMatchObject({
      // RSS titles may carry escaped markup: read as HTML, so &amp;amp; is "&"
      item: 1, line: 4, column: 1, title: 'PBOC & LPR', guid: 'https://wire.example.com/n/1', dedupeKey: 'guid:https://wire.example.com/n/1',
      link: 'https://wire.example.com/n/1', publishedAt: Date.UTC(2026, 10, 23, 1, 20), tags: ['PBOC', 'Open market'], author: 'Desk', lang: 'en',
      summary: 'Short summary', html: '<p>Full <em>text</em> <a href="https://wire.example.com/n/2" rel="noopener noreferrer" target="_blank">next</a></p>', text: 'Full text next',
    });
  });

  it('maps Atom: id, alternate link, published (else updated), categories by label, author, xml:lang', () => {
    const feed = ok(parse(atom(`<entry xml:lang="zh-Hans"><title>人民币中间价</title><id>tag:atom.example.com,2026:1</id>
      <link rel="self" href="https://atom.example.com/self/1"/><link rel="alternate" type="text/html" href="https://atom.example.com/n/1"/>
      <updated>2026-11-23T01:30:00Z</updated><published>2026-11-23T01:15:00+08:00</published>
      <category term="fx" label="FX"/><category term="cny"/><author><name>Desk</name></author><summary>摘要</summary></entry>
      <entry><title>Updated only</title><id>urn:u</id><updated>2026-11-20T00:00:00Z</updated></entry>`)));
    expect(feed.format).toBe('atom1');
    expect(feed.articles[0]).toMatchObject({
      title: '人民币中间价', dedupeKey: 'guid:tag:atom.example.com,2026:1', link: 'https://atom.example.com/n/1', lang: 'zh',
      publishedAt: Date.UTC(2026, 10, 22, 17, 15), updatedAt: Date.UTC(2026, 10, 23, 1, 30), tags: ['FX', 'cny'], author: 'Desk', summary: '摘要', html: '<p>摘要</p>',
    });
    expect(feed.articles[1]).toMatchObject({ publishedAt: Date.UTC(2026, 10, 20), updatedAt: null, lang: 'en' });
  });

  it('language: the item, else the feed, else the importer\'s default, else the script of the title', () => {
    const noLang = '<title>Wire</title>';
    expect(ok(parse(rss(item('a'), noLang))).articles[0].lang).toBe('en');
    expect(ok(parse(rss(item('a').replace('Item a', '央行公告'), noLang))).articles[0].lang).toBe('zh');
    expect(ok(parse(rss(item('a'), noLang), { lang: 'zh-CN' })).articles[0].lang).toBe('zh');
    expect(ok(parse(rss(item('a'), `${noLang}<language>ja</language>`), { lang: 'zh' })).articles[0].lang).toBe('ja');
  });

  it('source: the importer\'s name wins over the feed title; a feed without either is refused', () => {
    expect(ok(parse(rss(item('a')), { source: ' CFETS  notices ' })).source).toBe('CFETS notices');
    expect(fail(parse(rss(item('a'), '<title></title>'))).problems[0]).toMatchObject({ key: 'noSource' });
  });

  it('an item is recognised by its guid, else its link; a link alone is enough', () => {
    const feed = ok(parse(rss('<item><title>x</title><link>https://wire.example.com/only-link</link><pubDate>Mon, 23 Nov 2026 09:20:00 +0800</pubDate></item>')));
    expect(feed.articles[0].dedupeKey).toBe('link:https://wire.example.com/only-link');
  });
});

describe('one bad item stops the file, and every problem says where', () => {
  it('lists each bad item with its number, line, column and field; no article comes back', () => {
    const items = [
      item('good-1'),
      '<item><title>no id</title><pubDate>Mon, 23 Nov 2026 09:20:00 +0800</pubDate></item>',
      item('good-2'),
      item('bad-date', '', 'yesterday-ish'),
      item('cst', '', 'Mon, 23 Nov 2026 09:20:00 CST'),
      item('no-zone', '', '2026-11-23 09:20:00'),
      item('future', '', 'Wed, 25 Nov 2026 09:20:00 +0800'),
      item('ancient', '', 'Mon, 01 Jan 1980 00:00:00 GMT'),
      item('good-1'),
      item('bad-link', '<link>javascript:alert(1)</link>'),
      item('long-tag', `<category>${'x'.repeat(41)}</category>`),
      item('many-tags', Array.from({ length: 21 }, (_, i) => `<category>t${i}</category>`).join('')),
      '<item><guid>untitled</guid><pubDate>Mon, 23 Nov 2026 09:20:00 +0800</pubDate></item>',
      '<item><title>undated</title><guid>undated</guid></item>',
    ].join('\n');
    const r = fail(parse(rss(items)));
    expect(r.kind).toBe('itemsInvalid');
    expect(r.problems.map((p) => [p.item, p.line, p.field, p.key])).toEqual([
      [2, 5, 'guid', 'noId'],
      [4, 7, 'pubDate', 'dateInvalid'],
      [5, 8, 'pubDate', 'dateInvalid'],
      [6, 9, 'pubDate', 'dateNoZone'],
      [7, 10, 'pubDate', 'dateOutOfRange'],
      [8, 11, 'pubDate', 'dateOutOfRange'],
      [9, 12, 'guid', 'duplicateInFile'],
      [10, 13, 'link', 'linkInvalid'],
      [11, 14, 'category', 'tagTooLong'],
      [12, 15, 'category', 'tooManyTags'],
      [13, 16, 'title', 'noTitle'],
      [14, 17, 'pubDate', 'noDate'],
    ]);
    expect(r.problems.every((p) => p.column === 1)).toBe(true);
    expect(r.problems[6].values).toMatchObject({ other: 1 });
    expect(r.problems[2].message).toMatch(/CST" is ambiguous/);
    expect(r.problems[0].message).toBe('Item 2 (line 5, column 1): The item has neither a guid/id nor a link, so a re-import could not recognise it.');
    expect(newsProblemText(r.problems[0], 'zh')).toBe('第 2 条（第 5 行第 1 列）：该条目既无 guid/id 也无链接，重新导入时无法识别。');
  });

  it('dates without a zone are accepted with an assumed one', () => {
    const feed = ok(parse(rss(item('a', '', '2026-11-23 09:20:00')), { assumeTimeZone: '+08:00' }));
    expect(feed.articles[0].publishedAt).toBe(Date.UTC(2026, 10, 23, 1, 20));
  });
});

describe('feed dates', () => {
  const t = (s: string, tz?: string) => { const r = parseFeedDate(s, tz); return r.ok ? new Date(r.t).toISOString() : r.key; };
  it('reads RFC 822/1123 and RFC 3339, with zones', () => {
    expect(t('Mon, 23 Nov 2026 09:20:00 +0800')).toBe('2026-11-23T01:20:00.000Z');
    expect(t('23 Nov 2026 01:20 GMT')).toBe('2026-11-23T01:20:00.000Z');
    expect(t('Mon, 23 Nov 26 09:20:00 EST')).toBe('2026-11-23T14:20:00.000Z');
    expect(t('Sun, 1 Mar 2026 9:05:07 -0500')).toBe('2026-03-01T14:05:07.000Z');
    expect(t('2026-11-23T09:20:00+08:00')).toBe('2026-11-23T01:20:00.000Z');
    expect(t('2026-11-23T01:20:00.123Z')).toBe('2026-11-23T01:20:00.000Z');
    expect(t('2026-11-23', '+08:00')).toBe('2026-11-22T16:00:00.000Z');
  });
  it('refuses impossible dates, unknown zones and dates without a zone', () => {
    expect(t('Mon, 31 Feb 2026 09:20:00 +0800')).toBe('dateInvalid');
    expect(t('Mon, 23 Foo 2026 09:20:00 +0800')).toBe('dateInvalid');
    expect(t('2026-11-23T25:00:00Z')).toBe('dateInvalid');
    expect(t('Mon, 23 Nov 2026 09:20:00 XYZ')).toBe('dateInvalid');
    expect(t('2026-11-23T09:20:00')).toBe('dateNoZone');
    expect(t('yesterday')).toBe('dateInvalid');
  });
});
