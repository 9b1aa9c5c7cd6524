// The real history shipped with the product (the CSV files beside this module, see
// LICENCES.md): which file column becomes which `ref.*` series, with its source as the
// screen names it. Only files whose licence allows redistribution are listed here; the
// not-cleared ones (SHIBOR, ChinaBond, CSI 300, EURUSD 1-minute) are imported by licence
// holders through the ordinary import (docs/market-history.md).
//
// `historyOf` names the desk series (sample / simulated) whose history this real series
// stands for up to its last date: MarketData composes the two (service.ts), so a chart of
// fx.USDCNY draws H.10 up to 2026-09-18 and the sample after it, each point with its source.
import type { SeriesInfo } from '../../../../src/kit/market-data/series';

export interface HistoryColumn {
  /** Header of the column in the file. */
  column: string;
  info: SeriesInfo;
}

/** A cross rate computed from two columns of one file: value = num / den, rounded. */
export interface HistoryCross {
  num: string;
  den: string;
  /** Multiplier (e.g. none today; room for per-100 quotes). */
  factor?: number;
  info: SeriesInfo;
}

export interface HistoryFile {
  file: string;
  /** Batch source (provenance of every point) and its kind. */
  source: string;
  /** First header cell: `date`, or `month` for monthly averages (YYYY-MM-01). */
  dateColumn: 'date' | 'month';
  columns: HistoryColumn[];
  crosses?: { source: string; list: HistoryCross[] };
}

const pub = { intraday: false, public: true, sourceKind: 'published' as const };

// ECB ---------------------------------------------------------------------------------------

const ECB_SOURCE = 'ECB euro reference rates';
const ECB_CROSS_SOURCE = 'ECB euro reference rates, cross (derived)';
const ECB_URL = 'https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html';
/** Column -> decimals as published (legacy currencies included: the file's 41 columns). */
const ECB_COLUMNS: Record<string, number> = {
  USD: 4, JPY: 2, BGN: 4, CYP: 6, CZK: 3, DKK: 4, EEK: 4, GBP: 5, HUF: 2, LTL: 4, LVL: 6, MTL: 4, PLN: 4, ROL: 0, RON: 4, SEK: 5,
  SIT: 4, SKK: 3, CHF: 4, ISK: 2, NOK: 4, HRK: 4, RUB: 4, TRL: 0, TRY: 4, AUD: 4, BRL: 4, CAD: 4, CNY: 4, HKD: 4, IDR: 2, ILS: 4,
  INR: 4, KRW: 2, MXN: 4, MYR: 4, NZD: 4, PHP: 3, SGD: 4, THB: 3, ZAR: 4,
};

function ecbInfo(ccy: string, decimals: number): SeriesInfo {
  return {
    id: `ref.ECB.EUR${ccy}`, kind: 'fxFixing', pair: `EUR${ccy}`, currency: ccy, unit: 'price', decimals,
    nameZh: `欧洲央行欧元参考汇率 EUR/${ccy}`, nameEn: `ECB euro reference rate EUR/${ccy}`,
    calendar: 'EU', source: ECB_SOURCE, sourceUrl: ECB_URL, group: 'ref.ECB', ...pub,
    note: `${ccy} per 1 EUR, ECB concertation at about 14:10 CET. Source: ECB.`,
  };
}

/** ECB crosses: the pair, numerator and denominator columns (CNY per EUR / USD per EUR = CNY per USD). */
const ECB_CROSSES: Array<{ pair: string; num: string; den: string; decimals: number; historyOf?: string }> = [
  { pair: 'USDCNY', num: 'CNY', den: 'USD', decimals: 4 },
  { pair: 'USDJPY', num: 'JPY', den: 'USD', decimals: 3 },
  { pair: 'GBPUSD', num: 'USD', den: 'GBP', decimals: 4 },
  { pair: 'AUDUSD', num: 'USD', den: 'AUD', decimals: 4, historyOf: 'fx.AUDUSD' },
  { pair: 'USDCHF', num: 'CHF', den: 'USD', decimals: 4, historyOf: 'fx.USDCHF' },
  { pair: 'USDHKD', num: 'HKD', den: 'USD', decimals: 4, historyOf: 'fx.USDHKD' },
  { pair: 'GBPCNY', num: 'CNY', den: 'GBP', decimals: 4, historyOf: 'fx.GBPCNY' },
  { pair: 'AUDCNY', num: 'CNY', den: 'AUD', decimals: 4, historyOf: 'fx.AUDCNY' },
  { pair: 'HKDCNY', num: 'CNY', den: 'HKD', decimals: 5, historyOf: 'fx.HKDCNY' },
  { pair: 'JPYCNY', num: 'CNY', den: 'JPY', decimals: 6, historyOf: 'fx.JPYCNY' },
];

const ECB_FILE: HistoryFile = {
  file: 'ecb-fx-daily.csv',
  source: ECB_SOURCE,
  dateColumn: 'date',
  columns: Object.entries(ECB_COLUMNS).map(([ccy, d]) => ({
    column: ccy,
    info: ccy === 'CNY' ? { ...ecbInfo(ccy, d), historyOf: 'fx.EURCNY' } : ecbInfo(ccy, d),
  })),
  crosses: {
    source: ECB_CROSS_SOURCE,
    list: ECB_CROSSES.map((c) => ({
      num: c.num,
      den: c.den,
      info: {
        id: `ref.ECB.${c.pair}`, kind: 'fxFixing', pair: c.pair, currency: c.pair.slice(3), unit: 'price', decimals: c.decimals,
        nameZh: `欧洲央行参考汇率交叉 ${c.pair.slice(0, 3)}/${c.pair.slice(3)}`, nameEn: `ECB reference rate cross ${c.pair.slice(0, 3)}/${c.pair.slice(3)}`,
        calendar: 'EU', source: ECB_CROSS_SOURCE, sourceUrl: ECB_URL, group: 'ref.ECBX', ...pub,
        ...(c.historyOf ? { historyOf: c.historyOf } : {}),
        note: `ECB cross: (${c.num} per EUR) / (${c.den} per EUR), rounded to ${c.decimals} decimals; derived here, not published by the ECB. Source: ECB.`,
      },
    })),
  },
};

// Fed H.10 via FRED ---------------------------------------------------------------------------

const H10_SOURCE = 'FRED H.10 (Federal Reserve Board)';
const H10: Array<[string, string, number, string?]> = [
  ['DEXCHUS', 'USDCNY', 4, 'fx.USDCNY'], ['DEXUSEU', 'EURUSD', 4, 'fx.EURUSD'], ['DEXJPUS', 'USDJPY', 2, 'fx.USDJPY'],
  ['DEXUSUK', 'GBPUSD', 4, 'fx.GBPUSD'], ['DEXUSAL', 'AUDUSD', 4], ['DEXCAUS', 'USDCAD', 4], ['DEXSZUS', 'USDCHF', 4],
  ['DEXHKUS', 'USDHKD', 4], ['DEXSIUS', 'USDSGD', 4], ['DEXKOUS', 'USDKRW', 2], ['DEXINUS', 'USDINR', 2], ['DEXUSNZ', 'NZDUSD', 4],
  ['DEXNOUS', 'USDNOK', 4], ['DEXSDUS', 'USDSEK', 4], ['DEXMXUS', 'USDMXN', 4], ['DEXBZUS', 'USDBRL', 4], ['DEXSFUS', 'USDZAR', 4],
];

const H10_FILE: HistoryFile = {
  file: 'fred-h10-fx-daily.csv',
  source: H10_SOURCE,
  dateColumn: 'date',
  columns: H10.map(([col, pair, decimals, historyOf]) => ({
    column: col,
    info: {
      id: `ref.H10.${pair}`, kind: 'fxFixing', pair, currency: pair.slice(3), unit: 'price', decimals,
      nameZh: `美联储 H.10 纽约午间汇率 ${pair.slice(0, 3)}/${pair.slice(3)}`, nameEn: `Fed H.10 noon buying rate ${pair.slice(0, 3)}/${pair.slice(3)}`,
      calendar: 'US', source: H10_SOURCE, sourceUrl: `https://fred.stlouisfed.org/series/${col}`, group: 'ref.H10', ...pub,
      ...(historyOf ? { historyOf } : {}),
      note: `FRED ${col}, noon buying rate in New York. Source: Board of Governors of the Federal Reserve System, retrieved from FRED, Federal Reserve Bank of St. Louis.`,
    },
  })),
};

// Rates and curves -----------------------------------------------------------------------------

/** The Treasury's 1.5-month bill is 6 weeks in our tenor grammar (no dots in an id segment). */
const UST_TENOR: Record<string, string> = { '1.5M': '6W' };
const UST_DESK = new Set(['3M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '20Y', '30Y']);
const UST_SOURCE = 'US Treasury par yield curve';

const UST_FILE: HistoryFile = {
  file: 'us-treasury-par-yields-daily.csv',
  source: UST_SOURCE,
  dateColumn: 'date',
  columns: ['1M', '1.5M', '2M', '3M', '4M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '20Y', '30Y'].map((col) => {
    const tenor = UST_TENOR[col] ?? col;
    return {
      column: col,
      info: {
        id: `ref.UST.${tenor}`, kind: 'bondYield', tenor, currency: 'USD', unit: 'pct', decimals: 2, group: 'ref.UST',
        nameZh: `美国国债平价收益率 ${col}`, nameEn: `US Treasury par yield ${col}`, calendar: 'US', source: UST_SOURCE,
        sourceUrl: 'https://home.treasury.gov/policy-issues/financing-the-government/interest-rate-statistics', ...pub,
        ...(UST_DESK.has(col) ? { historyOf: `bond.UST.${col}` } : {}),
        note: 'Daily Treasury par yield curve rates (CMT), bond-equivalent, percent. Source: U.S. Department of the Treasury.',
      } satisfies SeriesInfo,
    };
  }),
};

const ON_FILE: HistoryFile = {
  file: 'overnight-rates-daily.csv',
  source: 'NY Fed / ECB / Bank of England overnight rates',
  dateColumn: 'date',
  columns: [
    { column: 'SOFR', info: { id: 'ref.SOFR', kind: 'rateFixing', tenor: 'ON', currency: 'USD', unit: 'pct', decimals: 2, nameZh: '有担保隔夜融资利率 SOFR', nameEn: 'SOFR', calendar: 'US', source: 'Federal Reserve Bank of New York (SOFR)', sourceUrl: 'https://www.newyorkfed.org/markets/reference-rates/sofr', historyOf: 'rate.SOFR', ...pub, note: 'Source: Federal Reserve Bank of New York.' } },
    { column: 'ESTR', info: { id: 'ref.ESTR', kind: 'rateFixing', tenor: 'ON', currency: 'EUR', unit: 'pct', decimals: 3, nameZh: '欧元短期利率 €STR', nameEn: '€STR', calendar: 'EU', source: 'ECB (€STR)', sourceUrl: 'https://www.ecb.europa.eu/stats/financial_markets_and_interest_rates/euro_short-term_rate/html/index.en.html', historyOf: 'rate.ESTR', ...pub, note: 'Source: ECB.' } },
    { column: 'SONIA', info: { id: 'ref.SONIA', kind: 'rateFixing', tenor: 'ON', currency: 'GBP', unit: 'pct', decimals: 4, nameZh: '英镑隔夜指数平均利率 SONIA', nameEn: 'SONIA', calendar: 'UK', source: 'Bank of England (SONIA)', sourceUrl: 'https://www.bankofengland.co.uk/markets/sonia-benchmark', historyOf: 'rate.SONIA', ...pub, note: '© Bank of England.' } },
  ],
};

/** Each overnight rate keeps its own administrator as its source (one batch per column). */
export const PER_COLUMN_SOURCE = new Set(['overnight-rates-daily.csv']);

const EUAAA_SOURCE = 'ECB euro area AAA government spot curve';
const EUAAA_FILE: HistoryFile = {
  file: 'ecb-aaa-govt-spot-curve-daily.csv',
  source: EUAAA_SOURCE,
  dateColumn: 'date',
  columns: ['3M', '6M', '9M', '1Y', '2Y', '3Y', '4Y', '5Y', '6Y', '7Y', '8Y', '9Y', '10Y', '12Y', '15Y', '20Y', '25Y', '30Y'].map((tenor) => ({
    column: tenor,
    info: {
      id: `ref.EUAAA.${tenor}`, kind: 'bondYield', tenor, currency: 'EUR', unit: 'pct', decimals: 4, group: 'ref.EUAAA',
      nameZh: `欧元区 AAA 政府债即期利率 ${tenor}`, nameEn: `Euro area AAA govt spot rate ${tenor}`, calendar: 'EU', source: EUAAA_SOURCE,
      sourceUrl: 'https://data.ecb.europa.eu/data/datasets/YC', ...pub,
      note: 'Spot (zero-coupon) rate, continuously compounded, Svensson model, percent. Source: ECB.',
    },
  })),
};

const EIA_SOURCE = 'US EIA spot prices';
const EIA_FILE: HistoryFile = {
  file: 'eia-energy-spot-daily.csv',
  source: EIA_SOURCE,
  dateColumn: 'date',
  columns: [
    ['WTI', 'WTI', 'WTI 原油现货（库欣）', 'WTI crude spot (Cushing)', 'USD/bbl'],
    ['BRENT', 'BRENT', '布伦特原油现货', 'Brent crude spot (FOB)', 'USD/bbl'],
    ['HENRY_HUB', 'HENRYHUB', '亨利港天然气现货', 'Henry Hub natural gas spot', 'USD/MMBtu'],
  ].map(([column, code, zh, en, unit]) => ({
    column,
    info: {
      id: `ref.EIA.${code}`, kind: 'commodityPrice', currency: 'USD', unit: 'price', decimals: 2, nameZh: zh, nameEn: en, calendar: 'US',
      source: EIA_SOURCE, sourceUrl: 'https://www.eia.gov/dnav/pet/pet_pri_spt_s1_d.htm', group: 'ref.EIA', ...pub,
      note: `${unit}. May be negative (WTI -36.98 on 2020-04-20). Source: U.S. Energy Information Administration.`,
    },
  })),
};

const GOLD_FILE: HistoryFile = {
  file: 'gold-monthly-worldbank.csv',
  source: 'World Bank Commodity Price Data (The Pink Sheet)',
  dateColumn: 'month',
  columns: [{
    column: 'GOLD_USD_OZ',
    info: {
      id: 'ref.WB.GOLD', kind: 'commodityPrice', currency: 'USD', unit: 'price', decimals: 2, nameZh: '黄金月均价（美元/盎司）', nameEn: 'Gold, monthly average (USD/oz)',
      calendar: 'monthly', source: 'World Bank Commodity Price Data (The Pink Sheet)', sourceUrl: 'https://www.worldbank.org/en/research/commodity-markets', ...pub,
      note: 'Monthly average, USD per troy ounce, dated the first day of the month. CC BY 4.0, World Bank.',
    },
  }],
};

export const HISTORY_FILES: readonly HistoryFile[] = [ECB_FILE, H10_FILE, UST_FILE, ON_FILE, EUAAA_FILE, EIA_FILE, GOLD_FILE];

/** Every shipped real series (columns and crosses). */
export function historySeries(files: readonly HistoryFile[] = HISTORY_FILES): SeriesInfo[] {
  return files.flatMap((f) => [...f.columns.map((c) => c.info), ...(f.crosses?.list.map((c) => c.info) ?? [])]);
}
