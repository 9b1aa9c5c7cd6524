// The one shape of every md. push: { topic, id, value, date, ts, source, sourceKind, ... }.
// FX spot pushes (md.fx.PAIR) also carry PROTOCOL.md section 6's { pair, bid, ask, mid }.
import { topicOf } from '../../src/kit/market-data/series';
import type { SourceKind } from '../../src/kit/market-data/provenance';

export interface MarketEventInput {
  id: string;
  value: number;
  /** Business date (YYYY-MM-DD) the figure is for. */
  date: string;
  /** Epoch ms of the quote (intraday) or of when we learned it. */
  ts: number;
  source: string;
  sourceKind: SourceKind;
  bid?: number;
  ask?: number;
}

export interface MarketEvent extends MarketEventInput {
  topic: string;
  pair?: string;
  mid?: number;
  [k: string]: unknown;
}

export function marketEvent(q: MarketEventInput): MarketEvent {
  const topic = topicOf(q.id);
  const e: MarketEvent = { topic, ...q };
  if (q.id.startsWith('fx.')) {
    e.pair = q.id.slice(3);
    e.mid = q.value;
    e.bid = q.bid ?? q.value;
    e.ask = q.ask ?? q.value;
  }
  return e;
}

const DAY_MS = 86_400_000;
/** Business date in Beijing of an instant (the desk's trading day). */
export function beijingDate(ts: number): string {
  return new Date(Math.floor((ts + 8 * 3_600_000) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}
