// An article's HTML on screen. The server sanitised it on import (sanitize-html); it is
// purified again here with DOMPurify under the same allow-list right before it enters the
// page (defence in depth: docs/api/news.md). Nothing else in the app sets inner HTML.
import { useMemo } from 'react';
import { purifyArticleHtml } from './purify';

export function ArticleBody({ html, lang }: { html: string; lang?: string }) {
  const clean = useMemo(() => purifyArticleHtml(html), [html]);
  return <div className="news-body" lang={lang} data-testid="news-body" dangerouslySetInnerHTML={{ __html: clean }} />;
}
