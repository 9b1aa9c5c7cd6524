// Publishes a quote source onto the bus: pair P goes out on topic md.fx.P as
// { topic, pair, bid, ask, mid, ts } (PROTOCOL.md section 6).
import type { NotificationBus } from '../contracts';
import type { FxQuoteSource } from './fx-quote-source';

export function fxTopic(pair: string): string {
  return `md.fx.${pair}`;
}

export function startMarketFeed(source: FxQuoteSource, bus: NotificationBus): () => void {
  source.start((q) => {
    const topic = fxTopic(q.pair);
    bus.publish(topic, { topic, pair: q.pair, bid: q.bid, ask: q.ask, mid: q.mid, ts: q.ts });
  });
  return () => source.stop();
}
