// The page's one MarketDataClient, over getSocketClient() and the IndexedDB cache. Pages
// only: a worker builds its own MarketDataClient with the socket it has.
import { getSocketClient } from '../../socket-client';
import { MarketDataCache } from './cache';
import { MarketDataClient } from './client';

let pageClient: MarketDataClient | null = null;

export function getMarketDataClient(): MarketDataClient {
  pageClient ??= new MarketDataClient({ socket: getSocketClient(), cache: MarketDataCache.create() });
  return pageClient;
}
