// A fixed USD/CNY market (onshore) and its offshore twin as of a fixed trade date, for the
// tests of the FX market context and of the screens that price from it. Figures are
// plausible for late 2026, not recorded.
import type { FxMarketData } from '../fx-context';

export const TRADE_DATE = '2026-11-24';

export const USDCNY_POINTS = [
  { tenor: 'ON', value: -4.1 }, { tenor: 'TN', value: -4.3 }, { tenor: '1W', value: -29.5 }, { tenor: '1M', value: -121 },
  { tenor: '2M', value: -236 }, { tenor: '3M', value: -352 }, { tenor: '6M', value: -702 }, { tenor: '9M', value: -1030 }, { tenor: '1Y', value: -1355 },
];
export const USD_DEPOSITS = [
  { tenor: 'ON', value: 3.88 }, { tenor: '1W', value: 3.9 }, { tenor: '1M', value: 3.95 }, { tenor: '3M', value: 4.02 }, { tenor: '6M', value: 4.05 }, { tenor: '1Y', value: 4.1 },
];
export const CNY_DEPOSITS = [
  { tenor: 'ON', value: 1.32 }, { tenor: '1W', value: 1.4 }, { tenor: '1M', value: 1.48 }, { tenor: '3M', value: 1.55 }, { tenor: '6M', value: 1.6 }, { tenor: '1Y', value: 1.66 },
];

export const USDCNY_MARKET: FxMarketData = {
  pair: 'USDCNY', tradeDate: TRADE_DATE, spot: 7.1182, pipsPerUnit: 10_000,
  points: USDCNY_POINTS, baseDeposits: USD_DEPOSITS, quoteDeposits: CNY_DEPOSITS,
};

/** Offshore: its own spot and points (CNH trades richer), the same calendars. */
export const USDCNH_MARKET: FxMarketData = {
  pair: 'USDCNH', tradeDate: TRADE_DATE, spot: 7.1235, pipsPerUnit: 10_000,
  points: USDCNY_POINTS.map((p) => ({ tenor: p.tenor, value: p.value * 1.08 })), baseDeposits: USD_DEPOSITS,
  quoteDeposits: CNY_DEPOSITS.map((p) => ({ tenor: p.tenor, value: p.value + 0.2 })),
};
