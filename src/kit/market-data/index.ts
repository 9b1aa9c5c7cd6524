// Market data for tools: series ids and topics (series.ts), provenance (provenance.ts), the
// non-React client with its IndexedDB cache (client.ts, cache.ts), React hooks (hooks.ts)
// and provenance words (label.ts). README.md says how data flows.
export * from './provenance';
export * from './series';
export * from './client';
export { MarketDataCache } from './cache';
export { asOfText, badgeText, marketErrorText, sourceName, sourceText } from './label';
export { MarketDataProvider, useCatalog, useCurve, useFxMarket, useHistory, useLatest, useMarketDataClient, useMarketImport, useMarketRequest, useSurface, type ImportState } from './hooks';
export { getMarketDataClient } from './page';
export { combinedProvenance, pillars, rateAt, tenorYears, volAt, type Pillar } from './pillars';
export { marketSheet, type MarketFigure, type MarketSheetColumn } from './market-sheet';
