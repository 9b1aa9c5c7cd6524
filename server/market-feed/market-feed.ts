// Publishes quote sources onto the bus. FX: pair P goes out on md.fx.P as
// { topic, pair, bid, ask, mid, ts } (PROTOCOL.md section 6) plus the market-data fields
// { id, value, date, source, sourceKind }. Other series (MarketQuoteSource): md.{id}.
import type { NotificationBus } from '../contracts';
import type { FxQuoteSource } from './fx-quote-source';
import type { MarketQuoteSource } from './market-quote-source';
import { beijingDate, marketEvent } from './market-event';

export function fxTopic(pair: string): string {
  return `md.fx.${pair}`;
}

export function startMarketFeed(source: FxQuoteSource, bus: NotificationBus): () => void {
  const sourceKind = source.simulated ? 'simulated' : 'vendor';
  const label = source.simulated ? 'simulated feed' : source.name;
  source.start((q) => {
    const e = marketEvent({ id: `fx.${q.pair}`, value: q.mid, bid: q.bid, ask: q.ask, date: beijingDate(q.ts), ts: q.ts, source: label, sourceKind });
    bus.publish(e.topic, e);
  });
  return () => source.stop();
}

export function startMarketQuotes(source: MarketQuoteSource, bus: NotificationBus): () => void {
  const label = source.simulated ? 'simulated feed' : source.name;
  source.start((q) => {
    const e = marketEvent({ id: q.id, value: q.value, bid: q.bid, ask: q.ask, date: beijingDate(q.ts), ts: q.ts, source: label, sourceKind: source.sourceKind });
    bus.publish(e.topic, e);
  });
  return () => source.stop();
}
