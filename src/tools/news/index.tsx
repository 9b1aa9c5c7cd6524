// /news: articles from NewsSvr with source, time and tags; filter by tag, source and
// language, search, keyset paging; an article's text (sanitised on import, purified again
// here); collect with a star and read "my collection"; new articles announced live by
// `news.new`. Importers can import an RSS/Atom feed. Sample articles say so.
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { ChoiceField, SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { FileDrop, Panel, ToolLayout } from '../../kit/layout';
import { useLang, type Lang } from '../../kit/locale';
import { fmt, LiveValue, ResultsRegion, ResultTable, ToolError, ToolFailure } from '../../kit/results';
import { toast } from '../../ui/toast';
import { newsApi, NewsError, type ImportResult } from './api';
import { ArticleBody } from './ArticleBody';
import { NEWS_LIMITS, type NewsArticle, type NewsArticleSummary } from './contract';
import { newsStrings } from './i18n';
import { newsCodeText, newsProblemText } from './messages';
import { arrivalsFor, INITIAL_LIST, listReducer, newsTime, queryKey, toBase64, updatedOnScreen, type ListQuery, type NewsView } from './model';
import { newsInputsAtom } from './state';
import './news.css';

const PAGE = 20;

/** A NewsSvr failure as the kit's error (both languages; ToolError shows the current one). */
function failure(e: unknown, t: (k: string, o?: Record<string, unknown>) => string): ToolFailure {
  const code = e instanceof NewsError ? e.code : '';
  const words = (lang: Lang) => {
    if (code === 'network') return t('network', { lng: lang });
    const base = newsCodeText(code, lang) ?? t('failed', { lng: lang });
    const problems = e instanceof NewsError ? e.problems.slice(0, 5).map((p) => newsProblemText(p, lang)) : [];
    return [base, ...problems].join(lang === 'en' ? ' ' : '');
  };
  return new ToolFailure(code === 'network' ? 'offline' : 'server', e instanceof Error ? e.message : undefined, { zh: words('zh'), en: words('en') });
}

export default function NewsScreen() {
  const { t } = useStrings(newsStrings);
  const lang = useLang();
  const api = newsApi();
  const [inputs, setInputs] = useAtom(newsInputsAtom);
  const [qText, setQText] = useState(inputs.q);
  const query: ListQuery = useMemo(() => ({ view: inputs.view as NewsView, filters: { q: inputs.q, tag: inputs.tag, source: inputs.source, lang: inputs.lang } }), [inputs.view, inputs.q, inputs.tag, inputs.source, inputs.lang]);
  const key = queryKey(query);
  const [list, dispatch] = useReducer(listReducer, INITIAL_LIST);
  const [reloads, setReloads] = useState(0);
  const [facets, setFacets] = useState<{ tags: string[]; sources: string[] }>({ tags: [], sources: [] });
  const [facetsVersion, setFacetsVersion] = useState(0);

  // Load the first page of the list shown (a newer query supersedes an older one).
  useEffect(() => {
    dispatch({ type: 'load', key });
    const read = query.view === 'collection' ? api.collection : api.list;
    read(query.filters, null, PAGE).then(
      (page) => dispatch({ type: 'page', key, page, append: false }),
      (error) => dispatch({ type: 'failed', key, error }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads]);

  const more = () => {
    if (!list.nextCursor) return;
    dispatch({ type: 'more', key });
    const read = query.view === 'collection' ? api.collection : api.list;
    read(query.filters, list.nextCursor, PAGE).then(
      (page) => dispatch({ type: 'page', key, page, append: true }),
      (error) => dispatch({ type: 'failed', key, error }),
    );
  };

  // Tags and sources for the filters (again after new articles arrive).
  useEffect(() => {
    let live = true;
    Promise.all([api.tags(), api.sources()]).then(
      ([tags, sources]) => live && setFacets({ tags: tags.map((x) => x.tag), sources: sources.map((x) => x.source) }),
      () => undefined, // the list shows the service's failure; the filters keep what they had
    );
    return () => { live = false; };
  }, [api, facetsVersion]);

  // Live: new articles are counted for the list shown; changed ones on screen are re-read.
  const [openVersion, setOpenVersion] = useState(0);
  const listRef = useMemo(() => ({ current: list }), []); // eslint-disable-line react-hooks/exhaustive-deps
  listRef.current = list;
  useEffect(() => api.onNew((push) => {
    const n = arrivalsFor(push, query);
    if (n > 0) dispatch({ type: 'arrivals', count: n });
    if (updatedOnScreen(push, listRef.current.articles).length) setReloads((x) => x + 1);
    if (inputs.openId !== null && push.updatedIds.includes(inputs.openId)) setOpenVersion((x) => x + 1);
    setFacetsVersion((x) => x + 1);
  }), [api, key, inputs.openId]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = useCallback(async (a: Collectable) => {
    try {
      if (a.collected) await api.uncollect(a.id);
      else await api.collect(a.id);
      dispatch({ type: 'collected', id: a.id, collected: !a.collected, view: query.view });
      setOpenVersion((x) => x + 1);
    } catch (e) {
      const f = failure(e, t);
      toast(f.words![lang], 'error');
    }
  }, [api, query.view, t, lang]);

  const set = (patch: Partial<typeof inputs>) => setInputs((s) => ({ ...s, ...patch }));
  const search = () => set({ q: qText.trim() });
  const busy = list.status === 'loading' || list.loadingMore;
  const listError = list.error ? failure(list.error, t) : null;
  const collectionView = query.view === 'collection';

  return (
    <div className="news" data-testid="news-screen">
      <ToolLayout
        title={t('title')}
        variant="stacked"
        meta={
          <span className="news-total" aria-label={t('total', { count: list.total })}>
            {list.status === 'idle' || (list.status === 'loading' && list.articles.length === 0) ? '…' : list.total} {t('totalWord')}
          </span>
        }
      >
        <div className="news-grid">
          <section className="kit-panel news-side" aria-label={t('list')}>
            <form className="news-filters" onSubmit={(e) => { e.preventDefault(); search(); }}>
              <ChoiceField label={t('views')} name="view" value={query.view} onChange={(v) => set({ view: v })}
                choices={[{ value: 'all', label: t('all') }, { value: 'collection', label: t('collection') }]} />
              <div className="kit-field news-search">
                <label className="kit-field__label" htmlFor="news-q">{t('search')}</label>
                <div className="kit-field__control">
                  <input id="news-q" className="kit-input" type="search" value={qText} maxLength={NEWS_LIMITS.searchTerms * (NEWS_LIMITS.searchTermChars + 1)}
                    placeholder={t('searchHint')} onChange={(e) => setQText(e.target.value)} />
                  <button type="submit" className="btn btn--primary">{t('apply')}</button>
                </div>
              </div>
              <SelectField label={t('tag')} name="tag" value={inputs.tag} onChange={(v) => set({ tag: v })}
                choices={[{ value: '', label: t('any') }, ...withCurrent(facets.tags, inputs.tag).map((x) => ({ value: x, label: x }))]} />
              <SelectField label={t('source')} name="source" value={inputs.source} onChange={(v) => set({ source: v })}
                choices={[{ value: '', label: t('any') }, ...withCurrent(facets.sources, inputs.source).map((x) => ({ value: x, label: x === 'sample' ? `${x} (${t('sample')})` : x }))]} />
              <SelectField label={t('lang')} name="lang" value={inputs.lang} onChange={(v) => set({ lang: v })}
                choices={[{ value: '', label: t('any') }, { value: 'zh', label: t('langs.zh') }, { value: 'en', label: t('langs.en') }]} />
              <button type="button" className="btn news-clear" onClick={() => { setQText(''); set({ q: '', tag: '', source: '', lang: '' }); }}>{t('clear')}</button>
            </form>
            {list.arrivals > 0 ? (
              <div className="news-arrivals" role="status" data-testid="news-arrivals">
                <span aria-label={t('arrivals', { count: list.arrivals })}><LiveValue value={list.arrivals} format={fmt.fixed(0)} /> {t('newWord')}</span>
                <button type="button" className="btn btn--primary" onClick={() => setReloads((x) => x + 1)}>{t('showNew')}</button>
              </div>
            ) : null}
            <ResultsRegion busy={busy} error={listError} heading={false}>
              <ArticleTable
                articles={list.articles}
                openId={inputs.openId}
                collectionView={collectionView}
                onOpen={(id) => set({ openId: id })}
                onToggle={toggle}
              />
              {list.status === 'loaded' && list.articles.length === 0 ? (
                <p className="news-empty">{collectionView && !query.filters.q && !query.filters.tag && !query.filters.source && !query.filters.lang ? t('emptyCollection') : t('empty')}</p>
              ) : null}
              <div className="news-paging">
                <span className="news-count">{list.status === 'loaded' ? t('shown', { shown: list.articles.length, total: list.total }) : busy ? t('loading') : ''}</span>
                {list.nextCursor ? <button type="button" className="btn" onClick={more} disabled={list.loadingMore}>{t('loadMore')}</button> : null}
              </div>
            </ResultsRegion>
            {!collectionView ? <ImportPanel onImported={() => { setReloads((x) => x + 1); setFacetsVersion((x) => x + 1); }} /> : null}
          </section>
          <section className="kit-panel news-main" aria-label={t('article')}>
            {inputs.openId === null ? <p className="news-pick">{t('pick')}</p> : <ArticleView id={inputs.openId} version={openVersion} onToggle={toggle} />}
          </section>
        </div>
      </ToolLayout>
    </div>
  );
}

/** The option list keeps the current choice even when the service no longer lists it. */
const withCurrent = (list: string[], current: string) => (current && !list.includes(current) ? [current, ...list] : list);

function Star({ a, onToggle }: { a: Collectable; onToggle: (a: Collectable) => void }) {
  const { t } = useStrings(newsStrings);
  return (
    <button type="button" className={`news-star${a.collected ? ' news-star--on' : ''}`} aria-pressed={a.collected}
      aria-label={a.collected ? t('uncollect', { title: a.title }) : t('collect', { title: a.title })}
      title={a.collected ? t('collected') : t('col.star')} onClick={() => onToggle(a)} data-testid={`star-${a.id}`}>
      {a.collected ? '★' : '☆'}
    </button>
  );
}

function SampleBadge() {
  const { t } = useStrings(newsStrings);
  return <span className="kit-badge kit-badge--sample" title={t('sampleHint')}>{t('sample')}</span>;
}

function ArticleTable(p: { articles: NewsArticleSummary[]; openId: number | null; collectionView: boolean; onOpen: (id: number) => void; onToggle: (a: Collectable) => void }) {
  const { t } = useStrings(newsStrings);
  return (
    <ResultTable
      caption={t('list')}
      hideCaption
      exportName={p.collectionView ? 'news-collection' : 'news'}
      sortable
      rowKey={(a) => String(a.id)}
      rows={p.articles}
      className="news-table"
      columns={[
        { key: 'star', header: t('col.star'), value: (a) => (a.collected ? '★' : ''), format: fmt.text, render: (a) => <Star a={a} onToggle={p.onToggle} /> },
        { key: 'time', header: p.collectionView ? t('col.collectedAt') : t('col.time'), value: (a) => newsTime(p.collectionView && a.collectedAt ? a.collectedAt : a.publishedAt), format: fmt.text },
        {
          key: 'title', header: t('col.title'), value: (a) => a.title, format: fmt.text, rowHeader: true,
          render: (a) => (
            <div className="news-row" lang={a.lang}>
              <button type="button" className="news-row__title" aria-current={a.id === p.openId ? 'true' : undefined} onClick={() => p.onOpen(a.id)}>{a.title}</button>
              {a.sample ? <SampleBadge /> : null}
              <div className="news-row__summary">{a.summary}</div>
            </div>
          ),
        },
        { key: 'source', header: t('col.source'), value: (a) => a.source, format: fmt.text },
        { key: 'tags', header: t('col.tags'), value: (a) => a.tags.join(', '), format: fmt.text, render: (a) => <span className="news-tags">{a.tags.map((x) => <span key={x} className="news-tag">{x}</span>)}</span> },
      ]}
    />
  );
}

type Collectable = Pick<NewsArticleSummary, 'id' | 'title' | 'collected'>;

type ArticleState = { status: 'loading' } | { status: 'loaded'; article: NewsArticle } | { status: 'failed'; error: unknown };

function ArticleView({ id, version, onToggle }: { id: number; version: number; onToggle: (a: Collectable) => Promise<void> | void }) {
  const { t } = useStrings(newsStrings);
  const api = newsApi();
  const [state, setState] = useState<ArticleState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState((s) => (s.status === 'loaded' && s.article.id === id ? s : { status: 'loading' }));
    api.get(id).then(
      (article) => live && setState({ status: 'loaded', article }),
      (error) => live && setState({ status: 'failed', error }),
    );
    return () => { live = false; };
  }, [api, id, version]);
  if (state.status === 'failed') return <ToolError error={failure(state.error, t)} />;
  if (state.status === 'loading') return <p className="news-pick" aria-busy="true">{t('loading')}</p>;
  const a = state.article;
  return (
    <article className="news-article" lang={a.lang} data-testid="news-article" data-article-id={a.id}>
      <header className="news-article__head">
        <h2 className="news-article__title">{a.title}</h2>
        <Star a={a} onToggle={onToggle} />
      </header>
      <dl className="news-article__meta">
        <div><dt>{t('col.source')}</dt><dd>{a.sourceUrl ? <a href={a.sourceUrl} target="_blank" rel="noopener noreferrer">{a.source}</a> : a.source}{a.sample ? <> <SampleBadge /></> : null}</dd></div>
        <div><dt>{t('published')}</dt><dd data-value={new Date(a.publishedAt).toISOString()}>{newsTime(a.publishedAt)}</dd></div>
        {a.updatedAt ? <div><dt>{t('updated')}</dt><dd>{newsTime(a.updatedAt)}</dd></div> : null}
        {a.author ? <div><dt>{t('author')}</dt><dd>{a.author}</dd></div> : null}
      </dl>
      {a.tags.length ? <div className="news-tags">{a.tags.map((x) => <span key={x} className="news-tag">{x}</span>)}</div> : null}
      {a.sample ? <p className="news-sample-note">{t('sampleHint')}</p> : null}
      <ArticleBody html={a.html} lang={a.lang} />
      <footer className="news-article__foot">
        {a.link ? <a href={a.link} target="_blank" rel="noopener noreferrer">{t('original')} ↗</a> : null}
        <span className="news-note">{t('sanitized')}</span>
      </footer>
    </article>
  );
}

type ImportState = { phase: 'idle' } | { phase: 'importing'; file: string } | { phase: 'done'; file: string; result: ImportResult } | { phase: 'failed'; file: string; error: unknown };

function ImportPanel({ onImported }: { onImported: () => void }) {
  const { t } = useStrings(newsStrings);
  const api = newsApi();
  const [source, setSource] = useState('');
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const run = async (file: File) => {
    setState({ phase: 'importing', file: file.name });
    try {
      const data = toBase64(new Uint8Array(await file.arrayBuffer()));
      const result = await api.importFeed({ data, fileName: file.name, ...(source.trim() ? { source: source.trim() } : {}) });
      setState({ phase: 'done', file: file.name, result });
      onImported();
    } catch (error) {
      setState({ phase: 'failed', file: file.name, error });
    }
  };
  return (
    <details className="news-import">
      <summary>{t('importTitle')}</summary>
      <Panel>
        <div className="kit-field">
          <label className="kit-field__label" htmlFor="news-import-source">{t('importSource')}</label>
          <div className="kit-field__control">
            <input id="news-import-source" className="kit-input news-import__source" value={source} onChange={(e) => setSource(e.target.value)} maxLength={200} />
          </div>
        </div>
        <FileDrop onFile={(f) => void run(f)} types="RSS 2.0, Atom 1.0" accept=".xml,.rss,.atom" maxBytes={NEWS_LIMITS.fileBytes} disabled={state.phase === 'importing'} />
        <p className="news-note">{t('importHint')}</p>
        <div className="news-import__outcome" aria-busy={state.phase === 'importing' || undefined}>
          {state.phase === 'failed' ? <ToolError error={failure(state.error, t)} /> : null}
          {state.phase === 'importing' ? <p className="news-note">{t('importing', { file: state.file })}</p> : null}
          {state.phase === 'done' ? <p className="news-imported" role="status">{t('imported', { file: state.file, inserted: state.result.inserted, updated: state.result.updated, unchanged: state.result.unchanged })}</p> : null}
        </div>
      </Panel>
    </details>
  );
}
