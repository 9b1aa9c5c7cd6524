// Writes snapshot.json, the market data the product ships with (loaded on first start by
// ../sample-loader.ts). Run `npx tsx server/services/market-data/sample/build-snapshot.ts`
// after changing a level here; commit both files.
//
// Two kinds of figures, never mixed within a series:
// - PUBLISHED: official figures copied from the cited announcements (LPR, central-bank policy
//   rates). Each observation is a real published value on its real date.
// - SAMPLE: levels set by hand to look like a late-2026 market (no vendor data was available
//   to us), forward points from covered interest parity on the sample deposit curves, bank
//   quotes from the sample spot with fixed spreads. History is generated backwards from the
//   last value at load time (seeded random walk, see the loader). Labelled sample everywhere.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SeriesInfo, VolQuote } from '../../../../src/kit/market-data/series';
import { BANK_QUOTE_SIDES, VOL_QUOTES, ids } from '../../../../src/kit/market-data/series';

export const SNAPSHOT_AS_OF = '2026-11-20';
const SAMPLE_SOURCE = 'sample snapshot (generated, not market data)';

type Info = Omit<SeriesInfo, 'source' | 'sourceKind' | 'calendar' | 'intraday' | 'public'> &
  Partial<Pick<SeriesInfo, 'calendar' | 'intraday' | 'public'>>;

interface History {
  /** Business days of generated history before the snapshot date. */
  days: number;
  /** Daily standard deviation: absolute in the series' unit, or relative when `log`. */
  vol: number;
  log?: boolean;
  /** Series of one group share most of their daily moves (curves keep their shape). */
  group?: string;
  /** History is `factor x` the generated history of another series (bank quotes). */
  derive?: { from: string; factor: number };
}

type Entry =
  | { info: SeriesInfo; last: number; history: History }
  | { info: SeriesInfo; observations: Array<[string, number]> };

const out: Entry[] = [];

function sample(info: Info, last: number, history: History): void {
  const full: SeriesInfo = { calendar: 'CN', intraday: false, public: false, ...info, source: SAMPLE_SOURCE, sourceKind: 'sample' };
  out.push({ info: full, last: round(last, info.decimals), history });
}

function published(info: Info & { source: string; sourceUrl: string }, observations: Array<[string, number]>): void {
  const full: SeriesInfo = { calendar: 'CN', intraday: false, public: true, ...info, sourceKind: 'published' };
  out.push({ info: full, observations });
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

// Names ----------------------------------------------------------------------------------

const CCY_ZH: Record<string, string> = {
  USD: '美元', CNY: '人民币', CNH: '离岸人民币', EUR: '欧元', JPY: '日元', GBP: '英镑', AUD: '澳元', HKD: '港元',
  CHF: '瑞士法郎', CAD: '加元', SGD: '新加坡元', NZD: '新西兰元',
};
const pairZh = (p: string) => `${CCY_ZH[p.slice(0, 3)]}/${CCY_ZH[p.slice(3)] ?? p.slice(3)}`;
const pairEn = (p: string) => `${p.slice(0, 3)}/${p.slice(3)}`;
const tenorZh = (t: string) =>
  t === 'ON' ? '隔夜' : t === 'TN' ? '明日/次日' : t.replace(/^(\d+)D$/, '$1天').replace(/^(\d+)W$/, '$1周').replace(/^(\d+)M$/, '$1个月').replace(/^(\d+)Y$/, '$1年');
const QUOTE_ZH: Record<VolQuote, string> = { ATM: 'ATM', RR25: '25D风险逆转', BF25: '25D蝶式', RR10: '10D风险逆转', BF10: '10D蝶式' };
const QUOTE_EN: Record<VolQuote, string> = { ATM: 'ATM', RR25: '25D risk reversal', BF25: '25D butterfly', RR10: '10D risk reversal', BF10: '10D butterfly' };

// FX spot, deposit curves, forward points ---------------------------------------------------

interface PairSpec {
  pair: string;
  spot: number;
  decimals: number;
  pip: number;
  /** Day-count denominators of base and quote currency money markets. */
  baseDays: number;
  quoteDays: number;
  calendar: string;
}

const PAIRS: PairSpec[] = [
  { pair: 'USDCNY', spot: 7.118, decimals: 4, pip: 1e-4, baseDays: 360, quoteDays: 360, calendar: 'CN' },
  { pair: 'USDCNH', spot: 7.1235, decimals: 4, pip: 1e-4, baseDays: 360, quoteDays: 360, calendar: 'HK' },
  { pair: 'EURCNY', spot: 8.2711, decimals: 4, pip: 1e-4, baseDays: 360, quoteDays: 360, calendar: 'CN' },
  { pair: 'JPYCNY', spot: 0.046706, decimals: 6, pip: 1e-6, baseDays: 365, quoteDays: 360, calendar: 'CN' },
  { pair: 'EURUSD', spot: 1.162, decimals: 5, pip: 1e-4, baseDays: 360, quoteDays: 360, calendar: 'US' },
  { pair: 'USDJPY', spot: 152.4, decimals: 3, pip: 1e-2, baseDays: 360, quoteDays: 365, calendar: 'US' },
  { pair: 'GBPUSD', spot: 1.328, decimals: 5, pip: 1e-4, baseDays: 365, quoteDays: 360, calendar: 'US' },
  { pair: 'AUDUSD', spot: 0.658, decimals: 5, pip: 1e-4, baseDays: 365, quoteDays: 360, calendar: 'US' },
  { pair: 'USDCHF', spot: 0.798, decimals: 5, pip: 1e-4, baseDays: 360, quoteDays: 360, calendar: 'US' },
  { pair: 'USDHKD', spot: 7.781, decimals: 4, pip: 1e-4, baseDays: 360, quoteDays: 365, calendar: 'HK' },
  { pair: 'GBPCNY', spot: 9.4527, decimals: 4, pip: 1e-4, baseDays: 365, quoteDays: 360, calendar: 'CN' },
  { pair: 'AUDCNY', spot: 4.6836, decimals: 4, pip: 1e-4, baseDays: 365, quoteDays: 360, calendar: 'CN' },
  { pair: 'HKDCNY', spot: 0.91479, decimals: 5, pip: 1e-5, baseDays: 365, quoteDays: 360, calendar: 'CN' },
];

const DEPO_TENORS = ['ON', '1W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y'];
/** Sample money-market curves, % a year, by DEPO_TENORS. */
const DEPO: Record<string, number[]> = {
  USD: [3.62, 3.62, 3.6, 3.58, 3.55, 3.5, 3.45, 3.4, 3.35, 3.32],
  CNY: [1.38, 1.48, 1.52, 1.55, 1.57, 1.6, 1.62, 1.63, 1.64, 1.66],
  CNH: [1.72, 1.8, 1.85, 1.87, 1.9, 1.94, 1.97, 2.0, 2.02, 2.05],
  EUR: [1.92, 1.92, 1.93, 1.94, 1.95, 1.97, 1.99, 2.01, 2.05, 2.08],
  JPY: [0.73, 0.74, 0.76, 0.78, 0.8, 0.84, 0.87, 0.9, 0.94, 0.97],
  GBP: [3.72, 3.72, 3.7, 3.67, 3.64, 3.58, 3.53, 3.48, 3.44, 3.42],
  AUD: [3.6, 3.6, 3.59, 3.57, 3.55, 3.5, 3.47, 3.45, 3.43, 3.42],
  HKD: [2.9, 3.0, 3.2, 3.28, 3.35, 3.45, 3.5, 3.55, 3.55, 3.56],
  CHF: [0.0, 0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1],
};
const FWD_TENORS = ['ON', 'TN', '1W', '2W', '3W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y'];
const tenorYearFraction = (t: string, denom: number): number => {
  const days: Record<string, number> = { ON: 1, TN: 1, '1W': 7, '2W': 14, '3W': 21, '1M': 30, '2M': 61, '3M': 91, '6M': 182, '9M': 273, '1Y': 365, '18M': 548, '2Y': 730 };
  return days[t] / denom;
};
function depoRate(ccy: string, t: string): number {
  const curve = DEPO[ccy];
  const i = DEPO_TENORS.indexOf(t === 'TN' ? 'ON' : ['2W', '3W'].includes(t) ? '1W' : t);
  return curve[i] / 100;
}

for (const p of PAIRS) {
  const spotVol = p.pair.includes('CNY') && !p.pair.startsWith('JPY') ? 0.0022 : p.pair === 'USDHKD' ? 0.0004 : 0.005;
  sample(
    { id: ids.fxSpot(p.pair), kind: 'fxSpot', nameZh: `${pairZh(p.pair)} 即期`, nameEn: `${pairEn(p.pair)} spot`, unit: 'price', decimals: p.decimals, pair: p.pair, currency: p.pair.slice(3), calendar: p.calendar, intraday: true, public: true,
      note: 'Daily history is sample closes; intraday moves come from the simulated feed (md.fx.PAIR).' },
    p.spot,
    { days: 780, vol: spotVol, log: true },
  );
  const base = p.pair.slice(0, 3);
  const quote = p.pair === 'USDCNH' ? 'CNH' : p.pair.slice(3);
  if (!DEPO[base] || !DEPO[quote]) continue;
  for (const t of FWD_TENORS) {
    const rb = depoRate(base === 'CNY' && p.pair === 'USDCNH' ? 'CNH' : base, t);
    const rq = depoRate(quote, t);
    const fwd = (p.spot * (1 + rq * tenorYearFraction(t, p.quoteDays))) / (1 + rb * tenorYearFraction(t, p.baseDays));
    const points = (fwd - p.spot) / p.pip;
    sample(
      { id: ids.fwdPoints(p.pair, t), kind: 'fxForwardPoints', nameZh: `${pairZh(p.pair)} ${tenorZh(t)} 远期点`, nameEn: `${pairEn(p.pair)} ${t} forward points`, unit: 'pips', decimals: 2, pair: p.pair, tenor: t, pipFactor: p.pip, group: `fwd.${p.pair}`, calendar: p.calendar, intraday: true,
        note: t === 'ON' ? 'Swap points today/tomorrow.' : t === 'TN' ? 'Swap points tomorrow/spot.' : 'Swap points spot/tenor (outright = spot + points x pipFactor). Sample from covered interest parity on the sample deposit curves.' },
      points,
      { days: 260, vol: Math.max(0.02, Math.abs(points) * 0.01), group: `fwd.${p.pair}` },
    );
  }
}

for (const [ccy, curve] of Object.entries(DEPO)) {
  DEPO_TENORS.forEach((t, i) =>
    sample(
      { id: ids.deposit(ccy, t), kind: 'depositRate', nameZh: `${CCY_ZH[ccy]} ${tenorZh(t)} 存款/货币市场利率`, nameEn: `${ccy} ${t} deposit rate`, unit: 'pct', decimals: 4, currency: ccy, tenor: t, group: `depo.${ccy}`,
        note: 'Money-market yield used for FX forwards and option pricing (ACT/360, GBP/AUD/HKD/JPY ACT/365).' },
      curve[i],
      { days: 520, vol: 0.012, group: `depo.${ccy}` },
    ),
  );
}

// Benchmark fixings (public routes) -------------------------------------------------------

const CP: Array<[string, number, number, number?]> = [
  ['USDCNY', 7.085, 4], ['EURCNY', 8.2327, 4], ['JPYCNY', 4.6489, 4, 100], ['HKDCNY', 0.91055, 5], ['GBPCNY', 9.4089, 4],
  ['AUDCNY', 4.6619, 4], ['NZDCNY', 4.0162, 4], ['SGDCNY', 5.4711, 4], ['CHFCNY', 8.8785, 4], ['CADCNY', 5.0623, 4],
];
for (const [pair, v, dec, per] of CP) {
  sample(
    { id: ids.fxFixing('CP', pair), kind: 'fxFixing', nameZh: `人民币汇率中间价 ${per ? '100' : ''}${pairZh(pair)}`, nameEn: `CNY central parity ${per ? '100 ' : ''}${pairEn(pair)}`, unit: 'price', decimals: dec, pair, currency: 'CNY', public: true, ...(per ? { per } : {}),
      note: 'CFETS publishes the central parity at 9:15 Beijing time on business days.' + (per ? ' Quoted per 100 JPY.' : '') },
    v,
    { days: 780, vol: 0.0012, log: true, group: 'fxfix.CP' },
  );
}
sample(
  { id: ids.fxFixing('CLOSE', 'USDCNY'), kind: 'fxFixing', nameZh: '美元/人民币 16:30 收盘价', nameEn: 'USD/CNY 16:30 official close', unit: 'price', decimals: 4, pair: 'USDCNY', currency: 'CNY', public: true },
  7.1176,
  { days: 780, vol: 0.0022, log: true },
);
sample(
  { id: ids.fxFixing('TMA', 'USDCNH'), kind: 'fxFixing', nameZh: '美元/离岸人民币 定盘价 (香港财资市场公会)', nameEn: 'USD/CNY(HK) spot fixing (TMA)', unit: 'price', decimals: 4, pair: 'USDCNH', currency: 'CNH', calendar: 'HK', public: true },
  7.1228,
  { days: 780, vol: 0.0025, log: true },
);
sample(
  { id: 'fxidx.CFETS', kind: 'fxIndex', nameZh: 'CFETS人民币汇率指数', nameEn: 'CFETS RMB index', unit: 'index', decimals: 2, currency: 'CNY', public: true, note: 'CFETS publishes it weekly; the sample is daily.' },
  97.62,
  { days: 780, vol: 0.0015, log: true },
);

const SHIBOR: Array<[string, number]> = [['ON', 1.352], ['1W', 1.451], ['2W', 1.498], ['1M', 1.521], ['3M', 1.572], ['6M', 1.601], ['9M', 1.618], ['1Y', 1.63]];
for (const [t, v] of SHIBOR) {
  sample(
    { id: ids.rate('SHIBOR', t), kind: 'rateFixing', nameZh: `上海银行间同业拆放利率 SHIBOR ${tenorZh(t)}`, nameEn: `SHIBOR ${t}`, unit: 'pct', decimals: 4, tenor: t, currency: 'CNY', group: 'rate.SHIBOR', public: true,
      note: 'Published daily at 11:00 Beijing time by the National Interbank Funding Center.' },
    v,
    { days: 780, vol: t === 'ON' ? 0.04 : 0.008, group: 'rate.SHIBOR' },
  );
}
const REPO: Array<[string, string, string, number]> = [
  ['FR001', '银行间回购定盘利率 FR001', 'Interbank repo fixing FR001', 1.38], ['FR007', '银行间回购定盘利率 FR007', 'Interbank repo fixing FR007', 1.48],
  ['FR014', '银行间回购定盘利率 FR014', 'Interbank repo fixing FR014', 1.52], ['DR001', '存款类机构质押式回购加权利率 DR001', 'Depository-institution repo rate DR001', 1.33],
  ['DR007', '存款类机构质押式回购加权利率 DR007', 'Depository-institution repo rate DR007', 1.42],
];
for (const [idx, zh, en, v] of REPO) {
  sample({ id: ids.rate(idx), kind: 'rateFixing', nameZh: zh, nameEn: en, unit: 'pct', decimals: 4, tenor: idx.endsWith('001') ? 'ON' : idx.endsWith('007') ? '1W' : '2W', currency: 'CNY', public: true }, v, {
    days: 780, vol: idx.endsWith('001') ? 0.05 : 0.025, group: 'rate.repo',
  });
}
const OVERNIGHT: Array<[string, string, string, string, number, string]> = [
  ['SOFR', 'USD', '美元担保隔夜融资利率 SOFR', 'SOFR (Secured Overnight Financing Rate)', 3.62, 'US'],
  ['ESTR', 'EUR', '欧元短期利率 €STR', '€STR (euro short-term rate)', 1.92, 'EU'],
  ['SONIA', 'GBP', '英镑隔夜平均指数 SONIA', 'SONIA', 3.72, 'UK'],
  ['TONA', 'JPY', '日元无担保隔夜拆借利率 TONA', 'TONA', 0.73, 'JP'],
];
for (const [idx, ccy, zh, en, v, cal] of OVERNIGHT) {
  sample({ id: ids.rate(idx), kind: 'rateFixing', nameZh: zh, nameEn: en, unit: 'pct', decimals: 4, tenor: 'ON', currency: ccy, calendar: cal, public: true }, v, { days: 780, vol: 0.006 });
}
const HIBOR: Array<[string, number, number]> = [['ON', 2.9, 1.72], ['1W', 3.0, 1.8], ['2W', 3.08, 1.83], ['1M', 3.2, 1.86], ['2M', 3.28, 1.88], ['3M', 3.35, 1.9], ['6M', 3.45, 1.95], ['12M', 3.55, 2.0]];
for (const [t, hkd, cnh] of HIBOR) {
  sample({ id: ids.rate('HIBOR', t), kind: 'rateFixing', nameZh: `香港银行同业拆息 HIBOR ${tenorZh(t)}`, nameEn: `HIBOR ${t}`, unit: 'pct', decimals: 5, tenor: t, currency: 'HKD', calendar: 'HK', group: 'rate.HIBOR', public: true }, hkd, {
    days: 780, vol: t === 'ON' ? 0.08 : 0.02, group: 'rate.HIBOR',
  });
  sample({ id: ids.rate('CNHHIBOR', t), kind: 'rateFixing', nameZh: `离岸人民币香港银行同业拆息 CNH HIBOR ${tenorZh(t)}`, nameEn: `CNH HIBOR ${t}`, unit: 'pct', decimals: 5, tenor: t, currency: 'CNH', calendar: 'HK', group: 'rate.CNHHIBOR', public: true }, cnh, {
    days: 780, vol: t === 'ON' ? 0.15 : 0.03, group: 'rate.CNHHIBOR',
  });
}
for (const [t, v] of [['3M', 2.05], ['6M', 2.12]] as Array<[string, number]>) {
  sample({ id: ids.rate('EURIBOR', t), kind: 'rateFixing', nameZh: `欧元银行同业拆借利率 EURIBOR ${tenorZh(t)}`, nameEn: `EURIBOR ${t}`, unit: 'pct', decimals: 3, tenor: t, currency: 'EUR', calendar: 'EU', group: 'rate.EURIBOR', public: true }, v, {
    days: 780, vol: 0.01, group: 'rate.EURIBOR',
  });
}

// Published: LPR and central-bank policy rates (public) ------------------------------------

const LPR: Array<[string, number, number]> = [
  ['2019-08-20', 4.25, 4.85], ['2019-09-20', 4.2, 4.85], ['2019-11-20', 4.15, 4.8], ['2020-02-20', 4.05, 4.75], ['2020-04-20', 3.85, 4.65],
  ['2021-12-20', 3.8, 4.65], ['2022-01-20', 3.7, 4.6], ['2022-05-20', 3.7, 4.45], ['2022-08-22', 3.65, 4.3], ['2023-06-20', 3.55, 4.2],
  ['2023-08-21', 3.45, 4.2], ['2024-02-20', 3.45, 3.95], ['2024-07-22', 3.35, 3.85], ['2024-10-21', 3.1, 3.6], ['2025-05-20', 3.0, 3.5],
];
const LPR_NOTE =
  'Loan prime rate published monthly (on the 20th, or the next business day) by the National Interbank Funding Center as authorised by the PBOC. Stored here: the announcements at which a rate changed (the months between repeated the prior figure). Changes after 2025-05-20, if any, are not in this snapshot.';
for (const [t, col] of [['1Y', 1], ['5Y', 2]] as const) {
  published(
    { id: ids.rate('LPR', t), kind: 'rateFixing', nameZh: `贷款市场报价利率 LPR ${tenorZh(t)}`, nameEn: `Loan prime rate (LPR) ${t}`, unit: 'pct', decimals: 2, tenor: t, currency: 'CNY', group: 'rate.LPR',
      source: 'PBOC / National Interbank Funding Center LPR announcements', sourceUrl: 'https://www.chinamoney.com.cn/chinese/bklpr/', note: LPR_NOTE },
    LPR.map((r) => [r[0], r[col]]),
  );
}
published(
  { id: ids.policy('PBOC', 'RR7D'), kind: 'policyRate', nameZh: '中国人民银行 7天逆回购利率', nameEn: 'PBOC 7-day reverse repo rate', unit: 'pct', decimals: 2, tenor: '1W', currency: 'CNY',
    source: 'PBOC open market operation announcements (公开市场业务交易公告)', sourceUrl: 'http://www.pbc.gov.cn/zhengcehuobisi/125207/125213/125431/index.html',
    note: 'Operation rate at each change, dated by the first operation at the new rate. Changes after 2025-05-08, if any, are not in this snapshot.' },
  [['2022-01-17', 2.1], ['2022-08-15', 2.0], ['2023-06-13', 1.9], ['2023-08-15', 1.8], ['2024-07-22', 1.7], ['2024-09-27', 1.5], ['2025-05-08', 1.4]],
);
const FOMC: Array<[string, number, number]> = [
  ['2022-03-16', 0.25, 0.5], ['2022-05-04', 0.75, 1.0], ['2022-06-15', 1.5, 1.75], ['2022-07-27', 2.25, 2.5], ['2022-09-21', 3.0, 3.25],
  ['2022-11-02', 3.75, 4.0], ['2022-12-14', 4.25, 4.5], ['2023-02-01', 4.5, 4.75], ['2023-03-22', 4.75, 5.0], ['2023-05-03', 5.0, 5.25],
  ['2023-07-26', 5.25, 5.5], ['2024-09-18', 4.75, 5.0], ['2024-11-07', 4.5, 4.75], ['2024-12-18', 4.25, 4.5], ['2025-09-17', 4.0, 4.25],
  ['2025-10-29', 3.75, 4.0],
];
for (const [bound, col, zh] of [['LOWER', 1, '下限'], ['UPPER', 2, '上限']] as const) {
  published(
    { id: ids.policy('FED', bound), kind: 'policyRate', nameZh: `美联储联邦基金目标利率${zh}`, nameEn: `Fed funds target range, ${bound.toLowerCase()} bound`, unit: 'pct', decimals: 2, currency: 'USD', calendar: 'US',
      source: 'Federal Reserve, FOMC statements', sourceUrl: 'https://www.federalreserve.gov/monetarypolicy/openmarket.htm',
      note: 'Dated by the FOMC decision (announcement) date. Decisions after 2025-10-29, if any, are not in this snapshot.' },
    FOMC.map((r) => [r[0], r[col]]),
  );
}
published(
  { id: ids.policy('ECB', 'DFR'), kind: 'policyRate', nameZh: '欧洲央行存款便利利率', nameEn: 'ECB deposit facility rate', unit: 'pct', decimals: 2, currency: 'EUR', calendar: 'EU',
    source: 'European Central Bank, key ECB interest rates', sourceUrl: 'https://www.ecb.europa.eu/stats/policy_and_exchange_rates/key_ecb_interest_rates/html/index.en.html',
    note: 'Dated by the date the rate took effect. Changes after 2025-06-11, if any, are not in this snapshot.' },
  [['2023-09-20', 4.0], ['2024-06-12', 3.75], ['2024-09-18', 3.5], ['2024-10-23', 3.25], ['2024-12-18', 3.0], ['2025-02-05', 2.75], ['2025-03-12', 2.5], ['2025-04-23', 2.25], ['2025-06-11', 2.0]],
);
published(
  { id: ids.policy('BOE', 'BANK'), kind: 'policyRate', nameZh: '英格兰银行基准利率', nameEn: 'Bank of England Bank Rate', unit: 'pct', decimals: 2, currency: 'GBP', calendar: 'UK',
    source: 'Bank of England, Bank Rate history', sourceUrl: 'https://www.bankofengland.co.uk/boeapps/database/Bank-Rate.asp',
    note: 'Dated by the Monetary Policy Committee decision date. Changes after 2025-08-07, if any, are not in this snapshot.' },
  [['2023-08-03', 5.25], ['2024-08-01', 5.0], ['2024-11-07', 4.75], ['2025-02-06', 4.5], ['2025-05-08', 4.25], ['2025-08-07', 4.0]],
);
published(
  { id: ids.policy('BOJ', 'POLICY'), kind: 'policyRate', nameZh: '日本央行政策利率 (无担保隔夜拆借利率目标)', nameEn: 'Bank of Japan policy rate (uncollateralised overnight call rate target)', unit: 'pct', decimals: 2, currency: 'JPY', calendar: 'JP',
    source: 'Bank of Japan, Statements on Monetary Policy', sourceUrl: 'https://www.boj.or.jp/en/mopo/mpmdeci/index.htm',
    note: 'Dated by the policy meeting decision date; 2024-03-19 set a 0 to 0.1 % range, shown as 0.1 (its top). Changes after 2025-01-24, if any, are not in this snapshot.' },
  [['2024-03-19', 0.1], ['2024-07-31', 0.25], ['2025-01-24', 0.5]],
);

// Swap curves -------------------------------------------------------------------------------

const SWAPS: Array<[string, string, string, string, string, Array<[string, number]>]> = [
  ['FR007', 'CNY', 'CN', 'FR007 利率互换', 'FR007 IRS', [['1M', 1.48], ['3M', 1.49], ['6M', 1.5], ['9M', 1.51], ['1Y', 1.52], ['2Y', 1.55], ['3Y', 1.58], ['4Y', 1.62], ['5Y', 1.66], ['7Y', 1.74], ['10Y', 1.82]]],
  ['SHIBOR3M', 'CNY', 'CN', 'SHIBOR 3M 利率互换', 'SHIBOR 3M IRS', [['6M', 1.58], ['9M', 1.59], ['1Y', 1.6], ['2Y', 1.63], ['3Y', 1.66], ['4Y', 1.7], ['5Y', 1.74], ['7Y', 1.8], ['10Y', 1.88]]],
  ['SHIBORON', 'CNY', 'CN', 'SHIBOR O/N 利率互换', 'SHIBOR O/N IRS', [['1M', 1.36], ['3M', 1.38], ['6M', 1.4], ['9M', 1.42], ['1Y', 1.44], ['2Y', 1.48], ['3Y', 1.52]]],
  ['LPR1Y', 'CNY', 'CN', 'LPR 1Y 利率互换', 'LPR 1Y swap', [['1Y', 2.98], ['2Y', 2.96], ['3Y', 2.95], ['4Y', 2.95], ['5Y', 2.95]]],
  ['LPR5Y', 'CNY', 'CN', 'LPR 5Y 利率互换', 'LPR 5Y swap', [['1Y', 3.48], ['2Y', 3.46], ['3Y', 3.45], ['4Y', 3.45], ['5Y', 3.45]]],
  ['SOFR', 'USD', 'US', 'SOFR 隔夜指数互换', 'SOFR OIS', [['1W', 3.62], ['1M', 3.6], ['3M', 3.55], ['6M', 3.48], ['1Y', 3.38], ['2Y', 3.3], ['3Y', 3.32], ['5Y', 3.4], ['7Y', 3.52], ['10Y', 3.68], ['15Y', 3.85], ['20Y', 3.92], ['30Y', 3.88]]],
  ['ESTR', 'EUR', 'EU', '€STR 隔夜指数互换', '€STR OIS', [['1M', 1.92], ['3M', 1.93], ['6M', 1.95], ['1Y', 2.0], ['2Y', 2.08], ['3Y', 2.15], ['5Y', 2.3], ['7Y', 2.45], ['10Y', 2.62], ['20Y', 2.85], ['30Y', 2.8]]],
];
for (const [idx, ccy, cal, zh, en, pts] of SWAPS) {
  for (const [t, v] of pts) {
    sample({ id: ids.swap(idx, t), kind: 'swapRate', nameZh: `${zh} ${tenorZh(t)}`, nameEn: `${en} ${t}`, unit: 'pct', decimals: 4, tenor: t, currency: ccy, calendar: cal, group: `irs.${idx}`,
      note: 'Par fixed rate against the floating index (mid).' }, v, { days: 520, vol: 0.015, group: `irs.${idx}` });
  }
}

// Government bond and credit curves --------------------------------------------------------

const BONDS: Array<[string, string, string, string, string, Array<[string, number]>]> = [
  ['CGB', 'CNY', 'CN', '中国国债到期收益率', 'China government bond yield', [['3M', 1.35], ['6M', 1.38], ['1Y', 1.42], ['2Y', 1.48], ['3Y', 1.53], ['5Y', 1.62], ['7Y', 1.72], ['10Y', 1.8], ['15Y', 1.95], ['20Y', 2.05], ['30Y', 2.15], ['50Y', 2.25]]],
  ['CDB', 'CNY', 'CN', '国开债到期收益率', 'China Development Bank bond yield', [['3M', 1.45], ['6M', 1.48], ['1Y', 1.52], ['2Y', 1.58], ['3Y', 1.63], ['5Y', 1.72], ['7Y', 1.83], ['10Y', 1.92], ['15Y', 2.06], ['20Y', 2.15], ['30Y', 2.25], ['50Y', 2.36]]],
  ['LGB', 'CNY', 'CN', '地方政府债到期收益率', 'Local government bond yield', [['3M', 1.48], ['6M', 1.52], ['1Y', 1.56], ['2Y', 1.63], ['3Y', 1.69], ['5Y', 1.8], ['7Y', 1.92], ['10Y', 2.0], ['15Y', 2.15], ['20Y', 2.22], ['30Y', 2.3], ['50Y', 2.4]]],
  ['UST', 'USD', 'US', '美国国债收益率', 'US Treasury yield', [['3M', 3.7], ['6M', 3.62], ['1Y', 3.5], ['2Y', 3.45], ['3Y', 3.48], ['5Y', 3.62], ['7Y', 3.8], ['10Y', 4.05], ['20Y', 4.6], ['30Y', 4.65]]],
];
for (const [issuer, ccy, cal, zh, en, pts] of BONDS) {
  for (const [t, v] of pts) {
    sample({ id: ids.bond(issuer, t), kind: 'bondYield', nameZh: `${zh} ${tenorZh(t)}`, nameEn: `${en} ${t}`, unit: 'pct', decimals: 4, tenor: t, currency: ccy, calendar: cal, group: `bond.${issuer}`, public: issuer === 'CGB',
      note: 'Par yield to maturity (mid).' }, v, { days: 780, vol: 0.018, group: `bond.${issuer}` });
  }
}
const CREDIT_TENORS = ['3M', '6M', '1Y', '2Y', '3Y', '4Y', '5Y', '7Y', '10Y'];
const CGB_AT: Record<string, number> = { '3M': 1.35, '6M': 1.38, '1Y': 1.42, '2Y': 1.48, '3Y': 1.53, '4Y': 1.58, '5Y': 1.62, '7Y': 1.72, '10Y': 1.8 };
const SPREAD_BP: Record<string, number[]> = { AAA: [28, 30, 32, 36, 40, 44, 47, 52, 58], 'AA+': [42, 45, 50, 56, 63, 70, 76, 85, 95], AA: [70, 76, 85, 98, 112, 125, 138, 155, 172] };
for (const [rating, spreads] of Object.entries(SPREAD_BP)) {
  CREDIT_TENORS.forEach((t, i) =>
    sample({ id: ids.credit('MTN', rating, t), kind: 'creditYield', nameZh: `中短期票据收益率 ${rating} ${tenorZh(t)}`, nameEn: `Medium-term note yield ${rating} ${t}`, unit: 'pct', decimals: 4, tenor: t, currency: 'CNY', group: `credit.MTN.${rating}`,
      note: 'Yield of CNY medium-term notes by domestic rating; spread to CGB = this minus bond.CGB of the same tenor.' },
      CGB_AT[t] + spreads[i] / 100, { days: 520, vol: 0.02, group: `credit.MTN.${rating}` }),
  );
}

// Bank settlement and sale quotes (public: /bankExchange) -------------------------------------

const BANKS: Array<[string, string, string, number]> = [
  ['BOC', '中国银行', 'Bank of China', 1.0], ['ICBC', '工商银行', 'ICBC', 1.02], ['CCB', '建设银行', 'China Construction Bank', 0.99],
  ['ABC', '农业银行', 'Agricultural Bank of China', 1.01], ['BOCOM', '交通银行', 'Bank of Communications', 1.03], ['CMB', '招商银行', 'China Merchants Bank', 0.98],
];
const SIDE_ZH = { spotBuy: '现汇买入价', cashBuy: '现钞买入价', spotSell: '现汇卖出价', cashSell: '现钞卖出价' };
const SIDE_EN = { spotBuy: 'spot buying rate', cashBuy: 'cash buying rate', spotSell: 'spot selling rate', cashSell: 'cash selling rate' };
/** Currency, spot pair it follows, units per quote, half spread (spot), extra cash discount. */
const BANK_CCY: Array<[string, string, number, number, number]> = [
  ['USD', 'USDCNY', 1, 0.0021, 0.0], ['EUR', 'EURCNY', 1, 0.0038, 0.033], ['JPY', 'JPYCNY', 1, 0.0039, 0.033], ['HKD', 'HKDCNY', 1, 0.0021, 0.0],
  ['GBP', 'GBPCNY', 1, 0.0038, 0.033], ['AUD', 'AUDCNY', 1, 0.0038, 0.033],
];
for (const [bank, zh, en, spreadMult] of BANKS) {
  for (const [ccy, pair, , half, cashExtra] of BANK_CCY) {
    const mid = PAIRS.find((p) => p.pair === pair)!.spot * 100;
    for (const side of BANK_QUOTE_SIDES) {
      const f = side.endsWith('Sell') ? 1 + half * spreadMult : side === 'spotBuy' ? 1 - half * spreadMult : 1 - half * spreadMult - cashExtra;
      sample({ id: ids.bankQuote(bank, ccy, side), kind: 'bankQuote', nameZh: `${zh} ${CCY_ZH[ccy]} ${SIDE_ZH[side]}`, nameEn: `${en} ${ccy} ${SIDE_EN[side]}`, unit: 'cnyPer100', decimals: 2, currency: ccy, public: true,
        note: 'CNY per 100 units of the currency. Sample: the sample spot times a fixed spread.' },
        mid * f, { days: 260, vol: 0, derive: { from: ids.fxSpot(pair), factor: 100 * f } });
    }
  }
}

// FX volatility surfaces --------------------------------------------------------------------

const VOL_TENORS = ['1W', '2W', '1M', '2M', '3M', '6M', '9M', '1Y', '2Y'];
/** ATM by VOL_TENORS, and 25D RR / BF at 1M and 1Y (interpolated in log tenor between). */
const SURFACES: Array<[string, number[], [number, number], [number, number]]> = [
  ['USDCNY', [3.1, 3.25, 3.45, 3.6, 3.75, 3.95, 4.1, 4.25, 4.5], [0.35, 0.85], [0.12, 0.2]],
  ['USDCNH', [3.9, 4.0, 4.15, 4.3, 4.45, 4.65, 4.8, 4.95, 5.2], [0.45, 1.05], [0.15, 0.25]],
  ['EURCNY', [5.4, 5.5, 5.65, 5.8, 5.95, 6.15, 6.3, 6.45, 6.7], [0.25, 0.45], [0.18, 0.28]],
  ['EURUSD', [6.6, 6.75, 6.9, 7.0, 7.1, 7.3, 7.45, 7.6, 7.85], [0.15, 0.35], [0.18, 0.3]],
  ['USDJPY', [9.4, 9.6, 9.8, 9.95, 10.1, 10.3, 10.45, 10.6, 10.8], [-1.1, -1.6], [0.25, 0.38]],
  ['GBPUSD', [7.0, 7.15, 7.3, 7.45, 7.6, 7.8, 7.95, 8.1, 8.35], [-0.25, -0.45], [0.2, 0.3]],
  ['AUDUSD', [8.9, 9.1, 9.3, 9.45, 9.6, 9.85, 10.0, 10.15, 10.4], [-0.7, -1.2], [0.22, 0.35]],
  ['USDCHF', [7.2, 7.35, 7.5, 7.65, 7.8, 8.0, 8.15, 8.3, 8.55], [-0.3, -0.55], [0.2, 0.3]],
  ['USDHKD', [1.3, 1.45, 1.6, 1.8, 1.95, 2.3, 2.55, 2.75, 3.1], [0.3, 0.7], [0.2, 0.35]],
  ['JPYCNY', [9.0, 9.2, 9.4, 9.55, 9.7, 9.9, 10.05, 10.2, 10.45], [0.9, 1.4], [0.25, 0.36]],
];
const logT = (t: string) => Math.log(tenorYearFraction(t, 365));
function interp(t: string, at1M: number, at1Y: number): number {
  const a = Math.log(30 / 365);
  const b = 0;
  const x = Math.min(Math.max(logT(t), a - 1), b + 0.7);
  return at1M + ((at1Y - at1M) * (x - a)) / (b - a);
}
for (const [pair, atm, rr, bf] of SURFACES) {
  VOL_TENORS.forEach((t, i) => {
    for (const q of VOL_QUOTES) {
      const rr25 = interp(t, rr[0], rr[1]);
      const bf25 = interp(t, bf[0], bf[1]);
      const v = q === 'ATM' ? atm[i] : q === 'RR25' ? rr25 : q === 'BF25' ? bf25 : q === 'RR10' ? rr25 * 1.85 : bf25 * 3.1;
      sample({ id: ids.vol(pair, t, q), kind: 'vol', nameZh: `${pairZh(pair)} ${tenorZh(t)} ${QUOTE_ZH[q]} 波动率`, nameEn: `${pairEn(pair)} ${t} ${QUOTE_EN[q]} vol`, unit: 'pct', decimals: 3, pair, tenor: t, quote: q, group: `vol.${pair}`, calendar: PAIRS.find((p) => p.pair === pair)?.calendar ?? 'CN', intraday: true,
        note: q === 'ATM' ? 'Delta-neutral straddle vol.' : q.startsWith('RR') ? 'Call minus put vol at the delta, on the base currency.' : 'Smile strangle: average of call and put vol minus ATM.' },
        v, q === 'ATM' ? { days: 260, vol: 0.02, log: true, group: `vol.${pair}` } : { days: 260, vol: 0.03, group: `vol.${pair}.${q}` });
    }
  });
}

// Commodity futures, stock index and ETF, crypto -------------------------------------------

const FUTURES: Array<[string, string, string, string, number, number, string, number[]]> = [
  ['SHFE', 'AU', '沪金主力', 'SHFE gold (main contract), CNY/g', 930.5, 2, 'CNY', [17.5, 17.8, 18.2, 18.6, 19.0]],
  ['SHFE', 'AG', '沪银主力', 'SHFE silver (main contract), CNY/kg', 11820, 0, 'CNY', [27, 27.5, 28, 28.5, 29]],
  ['SHFE', 'CU', '沪铜主力', 'SHFE copper (main contract), CNY/t', 86250, 0, 'CNY', [16.2, 16.5, 17, 17.4, 17.8]],
  ['DCE', 'M', '豆粕主力', 'DCE soybean meal (main contract), CNY/t', 2958, 0, 'CNY', [19.5, 19.8, 20.2, 20.5, 20.8]],
  ['ZCE', 'SR', '白糖主力', 'ZCE white sugar (main contract), CNY/t', 5612, 0, 'CNY', [13.5, 13.8, 14.2, 14.6, 15]],
  ['INE', 'SC', '原油主力', 'INE crude oil (main contract), CNY/bbl', 482.3, 1, 'CNY', [33, 33.5, 34.5, 35, 35.5]],
  ['GFEX', 'SI', '工业硅主力', 'GFEX industrial silicon (main contract), CNY/t', 9015, 0, 'CNY', [24, 24.5, 25, 25.5, 26]],
  ['GFEX', 'LC', '碳酸锂主力', 'GFEX lithium carbonate (main contract), CNY/t', 75200, 0, 'CNY', [38, 39, 40, 41, 42]],
];
const OPT_TENORS = ['1M', '2M', '3M', '6M', '1Y'];
for (const [exch, code, zh, en, price, dec, ccy, vols] of FUTURES) {
  sample({ id: ids.futures(exch, code), kind: 'futuresPrice', nameZh: zh, nameEn: en, unit: 'price', decimals: dec, currency: ccy, intraday: true, note: 'Main (most active) contract, continuous.' }, price, { days: 520, vol: 0.013, log: true });
  OPT_TENORS.forEach((t, i) =>
    sample({ id: ids.vol(code, t, 'ATM'), kind: 'vol', nameZh: `${zh} ${tenorZh(t)} ATM 隐含波动率`, nameEn: `${exch} ${code} ${t} ATM implied vol`, unit: 'pct', decimals: 2, tenor: t, quote: 'ATM', currency: ccy, group: `vol.${code}`, intraday: true },
      vols[i], { days: 260, vol: 0.025, log: true, group: `vol.${code}` }),
  );
}
const CFFEX: Array<[string, string, string, number]> = [
  ['TS', '2年期国债期货主力', 'CFFEX 2-year CGB futures (main)', 102.41], ['TF', '5年期国债期货主力', 'CFFEX 5-year CGB futures (main)', 105.93],
  ['T', '10年期国债期货主力', 'CFFEX 10-year CGB futures (main)', 108.22], ['TL', '30年期国债期货主力', 'CFFEX 30-year CGB futures (main)', 116.48],
];
for (const [code, zh, en, px] of CFFEX) {
  sample({ id: ids.futures('CFFEX', code), kind: 'futuresPrice', nameZh: zh, nameEn: en, unit: 'price', decimals: 3, currency: 'CNY', intraday: true, note: 'Clean price per 100 face, main contract.' }, px, { days: 520, vol: code === 'TL' ? 0.004 : 0.0015, log: true, group: 'fut.CFFEX' });
}
const EQ: Array<[string, string, string, string, number, number, number, number[]]> = [
  ['idx', 'CSI300', '沪深300指数', 'CSI 300 index', 4552.3, 2, 2.3, [18.5, 19, 19.6, 20.3, 21]],
  ['idx', 'SSE50', '上证50指数', 'SSE 50 index', 3012.6, 2, 2.9, [16.8, 17.2, 17.8, 18.5, 19.2]],
  ['etf', '510050', '华夏上证50ETF', 'SSE 50 ETF (510050)', 3.052, 3, 2.8, [16.5, 17, 17.6, 18.3, 19]],
  ['etf', '510300', '华泰柏瑞沪深300ETF', 'CSI 300 ETF (510300)', 4.651, 3, 2.2, [18, 18.6, 19.2, 20, 20.8]],
];
for (const [fam, code, zh, en, px, dec, divy, vols] of EQ) {
  sample({ id: fam === 'idx' ? ids.index(code) : ids.etf(code), kind: fam === 'idx' ? 'indexLevel' : 'etfPrice', nameZh: zh, nameEn: en, unit: fam === 'idx' ? 'index' : 'price', decimals: dec, currency: 'CNY', intraday: true }, px, { days: 520, vol: 0.012, log: true, group: 'eq.CN' });
  sample({ id: ids.dividendYield(code), kind: 'dividendYield', nameZh: `${zh} 股息率`, nameEn: `${en} dividend yield`, unit: 'pct', decimals: 2, currency: 'CNY', note: 'Trailing 12-month dividend yield, continuous-equivalent for pricing.' }, divy, { days: 520, vol: 0.01 });
  OPT_TENORS.forEach((t, i) =>
    sample({ id: ids.vol(code, t, 'ATM'), kind: 'vol', nameZh: `${zh} ${tenorZh(t)} ATM 隐含波动率`, nameEn: `${en} ${t} ATM implied vol`, unit: 'pct', decimals: 2, tenor: t, quote: 'ATM', currency: 'CNY', group: `vol.${code}`, intraday: true },
      vols[i], { days: 260, vol: 0.025, log: true, group: `vol.${code}` }),
  );
}
const CRYPTO: Array<[string, string, string, number, number[]]> = [
  ['BTC', '比特币', 'Bitcoin', 91250, [42, 44, 46, 48, 51, 53, 55]],
  ['ETH', '以太坊', 'Ether', 3052, [55, 57, 59, 61, 63, 65, 67]],
];
for (const [coin, zh, en, px, vols] of CRYPTO) {
  sample({ id: ids.crypto(coin), kind: 'cryptoSpot', nameZh: `${zh}/美元`, nameEn: `${en} / USD`, unit: 'price', decimals: 2, currency: 'USD', calendar: '24x7', intraday: true, note: 'Trades 24/7: history has every calendar day.' }, px, { days: 730, vol: 0.03, log: true });
  ['1W', '2W', '1M', '2M', '3M', '6M', '1Y'].forEach((t, i) =>
    sample({ id: ids.vol(coin, t, 'ATM'), kind: 'vol', nameZh: `${zh} ${tenorZh(t)} ATM 隐含波动率`, nameEn: `${en} ${t} ATM implied vol`, unit: 'pct', decimals: 2, tenor: t, quote: 'ATM', currency: 'USD', calendar: '24x7', group: `vol.${coin}`, intraday: true },
      vols[i], { days: 365, vol: 0.03, log: true, group: `vol.${coin}` }),
  );
}

// Output ------------------------------------------------------------------------------------

export interface SnapshotFile {
  format: 'desk-market-snapshot/1';
  version: string;
  asOf: string;
  notice: string;
  series: Entry[];
}

const file: SnapshotFile = {
  format: 'desk-market-snapshot/1',
  version: `${SNAPSHOT_AS_OF}.1`,
  asOf: SNAPSHOT_AS_OF,
  notice:
    'Series with sourceKind "published" are real figures from the cited announcements. Everything else is SAMPLE data: hand-set levels, generated history. It is not market data and must be shown with a SAMPLE badge.',
  series: out,
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ids = new Set<string>();
  for (const e of out) {
    if (ids.has(e.info.id)) throw new Error(`duplicate id ${e.info.id}`);
    ids.add(e.info.id);
  }
  const path = fileURLToPath(new URL('./snapshot.json', import.meta.url));
  // One series a line: readable diffs when a level changes.
  const { series, ...head } = file;
  const text = JSON.stringify(head).slice(0, -1) + ',"series":[\n' + series.map((e) => JSON.stringify(e)).join(',\n') + '\n]}\n';
  writeFileSync(path, text);
  console.log(`wrote ${path}: ${out.length} series`);
}
