// The shipped sample feeds (sample-feeds/*.xml): short texts written for the product about
// the kinds of news a desk reads, so the news screen shows something out of the box. They are
// imported under the source "sample" with every article flagged `sample` (screens say so), and
// only into an empty news table: once real news has been imported, or the samples deleted
// and NEWS_SAMPLE=off set, they never come back by themselves.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../contracts';
import type { NewsService } from './service';
import { hasArticles } from './store';

export const SAMPLE_SOURCE = 'sample';
export const SAMPLE_DIR = fileURLToPath(new URL('./sample-feeds/', import.meta.url));

export function sampleFeedFiles(): string[] {
  return readdirSync(SAMPLE_DIR).filter((f) => f.endsWith('.xml')).sort().map((f) => `${SAMPLE_DIR}${f}`);
}

/**
 * Imports the sample feeds when no article is stored; returns how many articles were added.
 * Two servers starting together on one PostgreSQL both may try: re-importing is idempotent.
 */
export async function loadSampleNews(db: Database, svc: NewsService): Promise<number> {
  if (await hasArticles(db)) return 0;
  let added = 0;
  for (const file of sampleFeedFiles()) {
    // The samples' dates are fixed (near the shipped market-data snapshot): no clock check.
    const r = await svc.importFile(readFileSync(file), { source: SAMPLE_SOURCE, sample: true, now: Number.MAX_SAFE_INTEGER });
    added += r.inserted;
  }
  return added;
}
