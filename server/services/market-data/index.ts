// MarketDataSvr: market reference data over the socket (docs/api/market-data.md). Owns the
// market-data tables (migration 3), loads the shipped sample snapshot on first start, pushes
// changes on md.{id}, and with MARKET_FEED=sim runs the simulated intraday moves of forward
// points, vols, futures, indices and crypto (FX spot has its own feed, server/market-feed).
import type { ServiceRegistry, SubscriptionGuard, SubscriptionScope } from '../../contracts';
import { matchTopic } from '../../../src/wire/topic';
import { topicOf } from '../../../src/kit/market-data/series';
import { startMarketQuotes } from '../../market-feed/market-feed';
import { SimulatedMarketSource } from '../../market-feed/simulated-market-source';
import { MARKET_DATA_SERVER, marketDataMethods } from './methods';
import { MarketData, type MarketDataDeps } from './service';
import { readSnapshot } from './sample-loader';

export interface MarketDataServiceOptions extends MarketDataDeps {
  /** 'sim': simulated intraday moves (labelled simulated); 'off': none (other instances). */
  marketFeed: 'sim' | 'off';
}

export interface MarketDataService {
  md: MarketData;
  /** Resolves once the snapshot is loaded and the catalogue read. */
  ready: Promise<void>;
  /** Resolves once the shipped real history is loaded (background, after `ready`); md.historyState says where it is. */
  historyReady: Promise<void>;
  close(): void;
}

/** The one call server/main.ts makes. */
export function registerMarketDataService(registry: ServiceRegistry, opts: MarketDataServiceOptions): MarketDataService {
  const md = new MarketData(opts);
  for (const [method, handler] of Object.entries(marketDataMethods(md))) registry.register(MARKET_DATA_SERVER, method, handler);
  registry.guardSubscriptions?.('md', subscriptionGuard(md));
  let stopFeed: (() => void) | null = null;
  let closed = false;
  if (opts.marketFeed === 'sim') {
    md.ready
      .then(async () => {
        if (closed) return;
        const entries = [...md.allSeries()].filter((e) => e.info.intraday && e.info.kind !== 'fxSpot');
        const start = await md.latest(entries, md.today());
        const value = new Map(start.map((o) => [o.id, o.value]));
        const source = new SimulatedMarketSource(entries.filter((e) => value.has(e.info.id)).map((e) => ({ info: e.info, start: value.get(e.info.id)! })));
        if (!closed) stopFeed = startMarketQuotes(source, opts.bus);
        opts.log.info(`market data: SIMULATED intraday moves for ${source.ids.length} series on md.{id} (not a real market)`);
      })
      .catch(() => {}); // already logged by MarketData
  }
  return {
    md,
    ready: md.ready,
    historyReady: md.historyReady,
    close() {
      closed = true;
      stopFeed?.();
    },
  };
}

/**
 * Live pushes follow the read rule: a session gets what it subscribes to; an anonymous socket
 * (or a public-only account) gets the public series its pattern matches. A pattern that
 * matches public series only (md.fx.*, md.rate.SHIBOR.*, md.bank.**) is allowed whole; a wide
 * one that also matches non-public series (md.**) is allowed for its public series only (the
 * reply says `scope: 'public'`); one that matches no public series (md.vol.**) needs a session.
 */
export function subscriptionGuard(md: MarketData): SubscriptionGuard {
  const verdicts = new Map<string, 'all' | 'public' | 'none'>();
  // Delivery asks the catalogue of the moment: a series imported later counts by its own flag.
  const publicOnly: SubscriptionScope = { name: 'public', deliver: (topic) => topic.startsWith('md.') && md.series(topic.slice(3))?.info.public === true };
  return async (pattern, user) => {
    if (user && user.inf5 !== '3') return null;
    // Before the first start's load finishes, the shipped snapshot is the catalogue (files
    // cannot add series), so anonymous md.fx.* subscriptions never wait for the load.
    const infos = md.loaded ? [...md.allSeries()].map((e) => e.info) : readSnapshot().series.map((e) => e.info);
    const key = `${md.loaded ? 1 : 0}${pattern}`;
    let v = verdicts.get(key);
    if (v === undefined) {
      let pub = 0, priv = 0;
      for (const info of infos) {
        if (!matchTopic(pattern, topicOf(info.id))) continue;
        if (info.public) pub++;
        else priv++;
      }
      v = priv === 0 ? 'all' : pub > 0 ? 'public' : 'none';
      if (verdicts.size > 10_000) verdicts.clear();
      verdicts.set(key, v);
    }
    return v === 'all' ? null : v === 'public' ? publicOnly : `sign in to subscribe to ${pattern} (it matches no public series)`;
  };
}

export { MARKET_DATA_SERVER } from './methods';
export { MarketData } from './service';
