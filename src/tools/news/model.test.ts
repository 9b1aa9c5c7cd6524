import { describe, expect, it } from 'vitest';
import type { NewsArticleSummary, NewsPush } from './contract';
import { arrivalsFor, INITIAL_LIST, listReducer, newsTime, queryKey, toBase64, updatedOnScreen, type ListState } from './model';

const art = (id: number, extra: Partial<NewsArticleSummary> = {}): NewsArticleSummary => ({
  id, title: `t${id}`, summary: '', source: 's', sourceUrl: null, link: null, lang: 'en', tags: [], publishedAt: id * 1000, sample: false, collected: false, ...extra,
});
const push = (extra: Partial<NewsPush> = {}): NewsPush => ({ ids: [9], count: 1, updatedIds: [], updatedCount: 0, sources: ['Desk wire'], tags: ['PBOC'], langs: ['zh'], at: 0, ...extra });

describe('list state machine', () => {
  const k1 = queryKey({ view: 'all', filters: {} });
  const k2 = queryKey({ view: 'all', filters: { tag: 'PBOC' } });
  const loaded = (): ListState => listReducer(listReducer(INITIAL_LIST, { type: 'load', key: k1 }), { type: 'page', key: k1, append: false, page: { articles: [art(3), art(2)], total: 3, nextCursor: 'c2' } });

  it('loads a page, then the next one by cursor, without repeating rows', () => {
    let s = loaded();
    expect(s).toMatchObject({ status: 'loaded', total: 3, nextCursor: 'c2' });
    s = listReducer(s, { type: 'more', key: k1 });
    expect(s.loadingMore).toBe(true);
    s = listReducer(s, { type: 'page', key: k1, append: true, page: { articles: [art(2), art(1)], total: 3, nextCursor: null } });
    expect(s.articles.map((a) => a.id)).toEqual([3, 2, 1]);
    expect(s).toMatchObject({ loadingMore: false, nextCursor: null });
    // no further page
    expect(listReducer(s, { type: 'more', key: k1 })).toBe(s);
  });
  it('drops a reply for a superseded query', () => {
    let s = listReducer(loaded(), { type: 'load', key: k2 });
    expect(s.articles).toEqual([]);
    s = listReducer(s, { type: 'page', key: k1, append: false, page: { articles: [art(7)], total: 1, nextCursor: null } });
    expect(s.status).toBe('loading');
    s = listReducer(s, { type: 'failed', key: k1, error: new Error('late') });
    expect(s.status).toBe('loading');
  });
  it('a failed further page keeps what was loaded', () => {
    let s = listReducer(loaded(), { type: 'more', key: k1 });
    s = listReducer(s, { type: 'failed', key: k1, error: new Error('x') });
    expect(s.status).toBe('loaded');
    expect(s.articles).toHaveLength(2);
    expect(s.error).toBeInstanceOf(Error);
  });
  it('reloading the same list keeps its rows until the new page; arrivals reset', () => {
    let s = listReducer(loaded(), { type: 'arrivals', count: 2 });
    expect(s.arrivals).toBe(2);
    s = listReducer(s, { type: 'load', key: k1 });
    expect(s.articles).toHaveLength(2);
    expect(s.arrivals).toBe(0);
  });
  it('collect flags in step; uncollecting in the collection removes the row', () => {
    let s = listReducer(loaded(), { type: 'collected', id: 3, collected: true, view: 'all' });
    expect(s.articles.find((a) => a.id === 3)!.collected).toBe(true);
    s = listReducer(s, { type: 'collected', id: 3, collected: false, view: 'collection' });
    expect(s.articles.map((a) => a.id)).toEqual([2]);
    expect(s.total).toBe(2);
  });
});

describe('pushes', () => {
  it('count for the list when its filters match the facets', () => {
    expect(arrivalsFor(push({ count: 3 }), { view: 'all', filters: {} })).toBe(3);
    expect(arrivalsFor(push(), { view: 'all', filters: { tag: 'pboc' } })).toBe(1);
    expect(arrivalsFor(push(), { view: 'all', filters: { tag: 'Fed' } })).toBe(0);
    expect(arrivalsFor(push(), { view: 'all', filters: { source: 'desk wire' } })).toBe(1);
    expect(arrivalsFor(push(), { view: 'all', filters: { lang: 'en' } })).toBe(0);
    expect(arrivalsFor(push(), { view: 'collection', filters: {} })).toBe(0);
    expect(arrivalsFor(push({ count: 0, ids: [] }), { view: 'all', filters: {} })).toBe(0);
  });
  it('updated articles on screen', () => {
    expect(updatedOnScreen(push({ updatedIds: [2, 5] }), [art(2), art(3)])).toEqual([2]);
  });
});

describe('helpers', () => {
  it('time and base64', () => {
    expect(newsTime(new Date(2026, 10, 23, 9, 5).getTime())).toBe('2026-11-23 09:05');
    expect(toBase64(new TextEncoder().encode('<rss>中文</rss>'))).toBe(Buffer.from('<rss>中文</rss>').toString('base64'));
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    expect(toBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });
});
