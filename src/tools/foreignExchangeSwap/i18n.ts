// Strings of /foreignExchangeSwap (namespace `foreignExchangeSwap`); en names of inputs and
// results are UI-CONTRACT section 5's.
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('foreignExchangeSwap', {
  zh: {
    title: '外汇利率平价计算器',
    pair: '货币对', spot: '即期汇率', tenor: '期限', mode: '模式', modePoints: '掉期点', modeParity: '利率平价',
    swapPoints: '掉期点', forward: '远期汇率', rd: '本币利率', rf: '外币利率',
    hint: '留空一项即求解该项',
    valueDate: '起息日', maturityDate: '到期日', days: '天数', dayCountD: '本币计息基准', dayCountF: '外币计息基准',
    solved: '求解项', solvedForward: '远期汇率 / 掉期点', solvedRd: '本币利率', solvedRf: '外币利率',
    implied: '境内外隐含收益率', impliedNote: '由境内（USD/CNY）与境外（USD/CNH）掉期点及美元/人民币存款利率按利率平价推算；期限取上方期限（未报价时为 3M）。',
    market: '市场', onshore: '境内 USD/CNY', offshore: '境外 USD/CNH', points: '掉期点', usdRate: '美元利率', cnyRate: '人民币利率（CNY/CNH）', byMarket: '{{tenor}} 各市场隐含收益率',
    impliedCny: '隐含人民币收益率（CNY/CNH）', impliedUsd: '隐含美元收益率',
  },
  en: {
    title: 'FX interest parity calculator',
    pair: 'Currency pair', spot: 'Spot', tenor: 'Tenor', mode: 'Mode', modePoints: 'Swap points', modeParity: 'Rate parity',
    swapPoints: 'Swap points', forward: 'Forward', rd: 'Domestic rate', rf: 'Foreign rate',
    hint: 'Leave one empty: it is solved',
    valueDate: 'Value date', maturityDate: 'Maturity date', days: 'Days', dayCountD: 'Domestic day count', dayCountF: 'Foreign day count',
    solved: 'Solved for', solvedForward: 'Forward / swap points', solvedRd: 'Domestic rate', solvedRf: 'Foreign rate',
    implied: 'Implied yields onshore and offshore', impliedNote: 'From the onshore (USD/CNY) and offshore (USD/CNH) swap points and the USD and CNY deposit rates by interest-rate parity, for the tenor above (3M when it is not quoted).',
    market: 'Market', onshore: 'Onshore USD/CNY', offshore: 'Offshore USD/CNH', points: 'Swap points', usdRate: 'USD rate', cnyRate: 'CNY/CNH rate', byMarket: 'Implied yields by market, {{tenor}}',
    impliedCny: 'Implied CNY/CNH yield', impliedUsd: 'Implied USD yield',
  },
});
