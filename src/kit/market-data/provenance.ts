// Where a market figure came from. Every number a tool shows that comes from market data
// carries one of these, so the screen can always say its as-of date and source, and mark
// sample or simulated figures as such (never present them as live).

/**
 * - `live`: a real market feed (none ships today: room for a vendor adapter).
 * - `published`: an official or public figure, copied from a cited public source.
 * - `sample`: shipped with the product as an example; generated, not a real figure.
 * - `simulated`: produced by the simulated live feed.
 * - `imported`: loaded by a user from a file.
 * - `vendor`: from a configured vendor feed adapter.
 */
export type SourceKind = 'live' | 'published' | 'sample' | 'simulated' | 'imported' | 'vendor';

export interface Provenance {
  /** Human-readable source, e.g. "CFETS", "PBOC", "sample snapshot", "simulated feed". */
  source: string;
  sourceKind: SourceKind;
  /** The business date the figure is for (YYYY-MM-DD), or an ISO timestamp for intraday quotes. */
  asOf: string;
  /** When we learned it (ISO timestamp), where known. */
  knownAt?: string;
  /** True when the figure was read from the browser's offline cache, not from the server. */
  offline?: boolean;
}

/** Sample and simulated figures must be badged as such wherever they are shown. */
export function needsBadge(p: Pick<Provenance, 'sourceKind' | 'offline'>): boolean {
  return p.sourceKind === 'sample' || p.sourceKind === 'simulated' || p.offline === true;
}
