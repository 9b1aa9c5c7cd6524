// Exchange-listed option contracts in China as data: what one contract is (multiplier,
// tick), how it exercises, and the rule that fixes its expiry in a contract month. Transcribed
// from the exchanges' contract specifications (合约规格) named in `source`; an exchange can
// move a date by notice (e.g. around holidays), so a screen lets the user override the expiry.
// The rules are evaluated by ../engines/csi-option-calculator/expiry.ts on the exchange
// trading calendar.

export type ListedUnderlying = 'futures' | 'index' | 'etf';
export type ExerciseStyle = 'european' | 'american';

export type ExpiryRule =
  /** The n-th given weekday (0 Sunday .. 6 Saturday) of the contract month; the next trading day if that is a holiday. */
  | { kind: 'nthWeekday'; n: number; weekday: number }
  /** The n-th trading day of the month before the contract (delivery) month. */
  | { kind: 'nthTradingDayOfPriorMonth'; n: number }
  /** The n-th last trading day of the month before the contract (delivery) month. */
  | { kind: 'nthLastTradingDayOfPriorMonth'; n: number };

export interface ListedOptionContract {
  code: string;
  exchange: 'CFFEX' | 'SSE' | 'SZSE' | 'DCE' | 'ZCE' | 'SHFE';
  nameZh: string;
  nameEn: string;
  underlying: ListedUnderlying;
  exercise: ExerciseStyle;
  /** Units of the underlying per contract (index points x CNY for index options). */
  multiplier: number;
  /** Minimum price move of the option premium, in price units. */
  tick: number;
  /** Price unit of the underlying and the premium. */
  unit: string;
  expiry: ExpiryRule;
  source: string;
}

const CFFEX_EXPIRY: ExpiryRule = { kind: 'nthWeekday', n: 3, weekday: 5 };
const ETF_EXPIRY: ExpiryRule = { kind: 'nthWeekday', n: 4, weekday: 3 };
const DCE_EXPIRY: ExpiryRule = { kind: 'nthTradingDayOfPriorMonth', n: 5 };
const ZCE_EXPIRY: ExpiryRule = { kind: 'nthTradingDayOfPriorMonth', n: 3 };
const SHFE_EXPIRY: ExpiryRule = { kind: 'nthLastTradingDayOfPriorMonth', n: 5 };

const cffex = 'CFFEX index option contract specifications (沪深300/中证1000/上证50股指期权合约): multiplier CNY 100 per point, tick 0.2 point, European, last trading day the third Friday of the contract month, postponed to the next trading day on a holiday';
const etf = 'SSE and SZSE ETF option contract specifications (上证50ETF期权, 沪深300ETF期权): 10,000 fund units per contract, tick CNY 0.0001, European, expiry the fourth Wednesday of the contract month, postponed to the next trading day on a holiday';
const dce = 'DCE futures option contract specifications (大连商品交易所豆粕/玉米/铁矿石期权合约): one futures contract, tick half the futures tick, American, last trading day the 5th trading day of the month before the futures delivery month';
const zce = 'ZCE futures option contract specifications (郑州商品交易所白糖/棉花期权合约): one futures contract, American, last trading day the 3rd trading day of the month before the futures delivery month';
const shfe = 'SHFE futures option contract specifications (上海期货交易所黄金/阴极铜期货期权合约): one futures contract, American (买方可以在到期日前任一交易日提交行权申请; copper options were European when they were listed in 2018), last trading day the 5th last trading day of the month before the futures delivery month';

export const LISTED_OPTION_CONTRACTS: readonly ListedOptionContract[] = Object.freeze([
  { code: 'IO', exchange: 'CFFEX', nameZh: '沪深300股指期权', nameEn: 'CSI 300 index option', underlying: 'index', exercise: 'european', multiplier: 100, tick: 0.2, unit: 'index points', expiry: CFFEX_EXPIRY, source: cffex },
  { code: 'MO', exchange: 'CFFEX', nameZh: '中证1000股指期权', nameEn: 'CSI 1000 index option', underlying: 'index', exercise: 'european', multiplier: 100, tick: 0.2, unit: 'index points', expiry: CFFEX_EXPIRY, source: cffex },
  { code: 'HO', exchange: 'CFFEX', nameZh: '上证50股指期权', nameEn: 'SSE 50 index option', underlying: 'index', exercise: 'european', multiplier: 100, tick: 0.2, unit: 'index points', expiry: CFFEX_EXPIRY, source: cffex },
  { code: '510050', exchange: 'SSE', nameZh: '上证50ETF期权', nameEn: 'SSE 50 ETF option', underlying: 'etf', exercise: 'european', multiplier: 10_000, tick: 0.0001, unit: 'CNY per fund unit', expiry: ETF_EXPIRY, source: etf },
  { code: '510300', exchange: 'SSE', nameZh: '沪深300ETF期权(上交所)', nameEn: 'CSI 300 ETF option (SSE)', underlying: 'etf', exercise: 'european', multiplier: 10_000, tick: 0.0001, unit: 'CNY per fund unit', expiry: ETF_EXPIRY, source: etf },
  { code: '159919', exchange: 'SZSE', nameZh: '沪深300ETF期权(深交所)', nameEn: 'CSI 300 ETF option (SZSE)', underlying: 'etf', exercise: 'european', multiplier: 10_000, tick: 0.0001, unit: 'CNY per fund unit', expiry: ETF_EXPIRY, source: etf },
  { code: 'M', exchange: 'DCE', nameZh: '豆粕期权', nameEn: 'Soybean meal option', underlying: 'futures', exercise: 'american', multiplier: 10, tick: 0.5, unit: 'CNY/tonne', expiry: DCE_EXPIRY, source: dce },
  { code: 'C', exchange: 'DCE', nameZh: '玉米期权', nameEn: 'Corn option', underlying: 'futures', exercise: 'american', multiplier: 10, tick: 0.5, unit: 'CNY/tonne', expiry: DCE_EXPIRY, source: dce },
  { code: 'I', exchange: 'DCE', nameZh: '铁矿石期权', nameEn: 'Iron ore option', underlying: 'futures', exercise: 'american', multiplier: 100, tick: 0.1, unit: 'CNY/tonne', expiry: DCE_EXPIRY, source: dce },
  { code: 'SR', exchange: 'ZCE', nameZh: '白糖期权', nameEn: 'White sugar option', underlying: 'futures', exercise: 'american', multiplier: 10, tick: 0.5, unit: 'CNY/tonne', expiry: ZCE_EXPIRY, source: zce },
  { code: 'CF', exchange: 'ZCE', nameZh: '棉花期权', nameEn: 'Cotton option', underlying: 'futures', exercise: 'american', multiplier: 5, tick: 1, unit: 'CNY/tonne', expiry: ZCE_EXPIRY, source: zce },
  { code: 'CU', exchange: 'SHFE', nameZh: '铜期权', nameEn: 'Copper option', underlying: 'futures', exercise: 'american', multiplier: 5, tick: 1, unit: 'CNY/tonne', expiry: SHFE_EXPIRY, source: shfe },
  { code: 'AU', exchange: 'SHFE', nameZh: '黄金期权', nameEn: 'Gold option', underlying: 'futures', exercise: 'american', multiplier: 1000, tick: 0.02, unit: 'CNY/gram', expiry: SHFE_EXPIRY, source: shfe },
].map((c) => Object.freeze(c as ListedOptionContract)));

export function listedContract(code: string): ListedOptionContract | undefined {
  const c = code.trim().toUpperCase();
  return LISTED_OPTION_CONTRACTS.find((x) => x.code === c);
}
