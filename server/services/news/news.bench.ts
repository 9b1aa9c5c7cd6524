// News benchmark (scripts/bench.ts contract): the hot paths of NewsSvr beside a peer measured
// in the same run, interleaved in rounds:
//  - sanitising one article on import (sanitize-html, our allow-list, URLs resolved) vs
//    DOMPurify under jsdom with the same allow-list (what the browser runs at render);
//  - reading a 200-item RSS file into checked, sanitised articles vs fast-xml-parser's bare
//    parse of the same bytes (the floor: what any importer pays);
//  - a LIST page (handler: session user, filters, count, tags) on 5,000 articles in PGlite vs
//    the bare SELECT of 20 newest rows (the floor).
import type { WindowLike } from 'dompurify';
import { XMLParser } from 'fast-xml-parser';
import type { RequestContext } from '../../contracts';
import { openTestDatabase } from '../../storage/test-backends';
import { insertUser } from '../login/users';
import { NewsMethod } from '../../../src/tools/news/contract';
import { purifyArticleHtml } from '../../../src/tools/news/purify';
import { machine, median } from '../../../scripts/bench-kit';
import { parseFeed } from './feed';
import { sanitizeArticleHtml } from './sanitize';
import { createNewsHandlers } from './index';

// jsdom has no bundled types here; it is only the peer's DOM.
const { JSDOM } = (await import('jsdom' as string)) as { JSDOM: new (html: string) => { window: unknown } };
const win = new JSDOM('').window as WindowLike;

let sink = 0;

/** Operations per second of an async op over ~ms of wall time. */
async function rate(op: () => unknown, ms: number): Promise<number> {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < 5; i++) await op();
    n += 5;
    t = performance.now();
  }
  return n / ((t - t0) / 1000);
}

async function compare(peer: () => unknown, ours: () => unknown, rounds = 7, ms = 300) {
  for (let i = 0; i < 20; i++) { await peer(); await ours(); }
  const p: number[] = [], o: number[] = [], r: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const a = await rate(peer, ms);
    const b = await rate(ours, ms);
    p.push(a); o.push(b); r.push(b / a);
  }
  return { peer: median(p), ours: median(o), ratio: median(r) };
}

// ---- inputs -------------------------------------------------------------------------------
const article = `<h2>Open market operations</h2>
<p>The central bank conducted <strong>7-day reverse repos</strong> by interest rate tender; see <a href="/omo/2026-11-23.html" onclick="track()">the notice</a>.</p>
<table><thead><tr><th>Tenor</th><th>Rate</th></tr></thead><tbody><tr><td>7D</td><td>1.40%</td></tr><tr><td>14D</td><td>1.55%</td></tr></tbody></table>
<ul><li>Net injection compared with maturities</li><li>Month-end and tax payments</li><li>Government bond supply</li></ul>
<p><img src="chart.png" alt="chart" onerror="alert(1)"><script>alert(1)</script><em>Analysis</em> follows in the full text with a <a href="javascript:alert(1)">bad link</a>.</p>
`.repeat(3);
const BASE = 'https://wire.example.com/n/1';

const items = Array.from({ length: 200 }, (_, i) => `<item><title>Item ${i} &amp; markets</title><guid>g-${i}</guid><link>https://wire.example.com/n/${i}</link>
<pubDate>${new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toUTCString()}</pubDate><category>PBOC</category><category>Rates</category>
<description><![CDATA[${article.slice(0, 600)}]]></description></item>`).join('\n');
const feedBytes = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Bench wire</title><link>https://wire.example.com/</link>\n${items}\n</channel></rss>`);
const bare = new XMLParser({ ignoreAttributes: false });

const rows: [string, Awaited<ReturnType<typeof compare>>][] = [];
const run = async (name: string, peer: () => unknown, ours: () => unknown) => {
  rows.push([name, await compare(peer, ours)]);
  console.log(`${name}: done`);
};

await run('sanitise one article (~4 KB HTML): sanitize-html + URL resolution vs DOMPurify/jsdom, same allow-list',
  () => { sink += purifyArticleHtml(article, win).length; },
  () => { sink += sanitizeArticleHtml(article, BASE).length; });
await run(`read a 200-item RSS file (${Math.round(feedBytes.length / 1024)} KB) into checked, sanitised articles vs a bare XML parse`,
  () => { sink += Object.keys(bare.parse(feedBytes)).length; },
  () => { const r = parseFeed(feedBytes, { now: Date.UTC(2026, 10, 23) }); sink += r.ok ? r.feed.articles.length : -1; });

// ---- LIST on 5,000 articles (PGlite) --------------------------------------------------------
const t = await openTestDatabase('pglite');
try {
  await insertUser(t.db, { userName: 'bench', passwordHash: 'x', phone: null, role: 'bank' }, Date.now());
  const h = createNewsHandlers({ db: t.db, importers: ['bench'], log: (m) => console.error(m) });
  const ctx: RequestContext = { sid: 's', user: { userName: 'bench', sid: 's', inf5: '2' }, connId: 1, remoteAddress: '::1' };
  for (let f = 0; f < 25; f++) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Wire ${f % 5}</title>\n${Array.from({ length: 200 }, (_, i) =>
      `<item><title>Item ${f}-${i} ${i % 7 === 0 ? 'liquidity' : 'rates'}</title><guid>g-${f}-${i}</guid><pubDate>${new Date(Date.UTC(2026, 0, 1) + (f * 200 + i) * 600_000).toUTCString()}</pubDate><category>T${i % 12}</category><description>Body ${i} of feed ${f}</description></item>`).join('\n')}\n</channel></rss>`;
    const r = (await h[NewsMethod.import](JSON.stringify({ data: Buffer.from(xml).toString('base64') }), ctx)) as { inserted: number };
    if (r.inserted !== 200) throw new Error(`bench import failed: ${JSON.stringify(r).slice(0, 300)}`);
  }
  const floor = () => t.db.query('SELECT id, title, summary, published_at FROM news_articles ORDER BY published_at DESC, id DESC LIMIT 20');
  await run('LIST page of 20 newest (5,000 articles, PGlite): handler with count and tags vs the bare SELECT',
    floor, async () => { sink += ((await h[NewsMethod.list]('{}', ctx)) as { total: number }).total; });
  await run('LIST with a word search (ILIKE over 5,000 texts) and a tag vs the bare SELECT',
    floor, async () => { sink += ((await h[NewsMethod.list]('{"q":"liquidity","tag":"t0"}', ctx)) as { total: number }).total; });
} finally {
  await t.dispose();
}

const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toPrecision(3));
console.log(`<!-- bench:begin -->
### News: sanitising, feed reading, listing (server/services/news/news.bench.ts)

Each row: our operation and its peer in the same process, interleaved rounds (${machine()});
operations per second are medians, the last column the median per-round ratio ours/peer (above
1 means ours is faster). Peers: DOMPurify 3 under jsdom with the same allow-list (what the
browser runs again at render); fast-xml-parser's bare parse of the same file (the floor any
importer pays, before checking and sanitising); the bare SQL SELECT of the page (the floor of
a LIST, which also resolves the user, counts the matches and reads the tags).

| Operation | Ours (ops/s) | Peer (ops/s) | Ours / peer |
|---|---:|---:|---:|
${rows.map(([n, r]) => `| ${n} | ${fmt(r.ours)} | ${fmt(r.peer)} | ${r.ratio.toFixed(2)}x |`).join('\n')}
<!-- bench:end -->`);
if (sink === 42) console.log('');
