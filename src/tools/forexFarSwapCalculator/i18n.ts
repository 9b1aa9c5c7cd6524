// Strings of /forexFarSwapCalculator (namespace `forexFarSwapCalculator`). The en names of
// inputs and results are UI-CONTRACT section 5's.
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('forexFarSwapCalculator', {
  zh: {
    title: '外汇远掉期计算器',
    pair: '货币对', spot: '即期汇率', nearDate: '近端日期', farDate: '远端日期',
    source: '远期价格来源', fromPoints: '按掉期点', fromRates: '按利率',
    rd: '本币利率', rf: '外币利率', notional: '名义本金', direction: '方向', buySell: '买入/卖出', sellBuy: '卖出/买入',
    marketHint: '留空为行情值 {{value}}',
    tradeDate: '交易日', spotDate: '即期起息日', nearForward: '近端远期汇率', farForward: '远端远期汇率', swapPoints: '掉期点',
    nearPoints: '近端点数', farPoints: '远端点数', days: '天数', netQuote: '两腿净额',
    flows: '两腿现金流', leg: '交割腿', date: '交割日', rate: '成交汇率', near: '近端', far: '远端',
    saved: '保存与分享', market: '行情',
    termsNote: '期限可填 ON、TN、SN、SPOT、1W、3M、1Y，或具体日期（如 2027-03-15）。',
  },
  en: {
    title: 'FX forward swap calculator',
    pair: 'Currency pair', spot: 'Spot', nearDate: 'Near date', farDate: 'Far date',
    source: 'Outrights from', fromPoints: 'Swap points', fromRates: 'Rates',
    rd: 'Domestic rate', rf: 'Foreign rate', notional: 'Notional', direction: 'Direction', buySell: 'Buy/Sell', sellBuy: 'Sell/Buy',
    marketHint: 'Empty: market {{value}}',
    tradeDate: 'Trade date', spotDate: 'Spot date', nearForward: 'Near forward', farForward: 'Far forward', swapPoints: 'Swap points',
    nearPoints: 'Near points', farPoints: 'Far points', days: 'Days', netQuote: 'Net of both legs',
    flows: 'Cash flows of both legs', leg: 'Leg', date: 'Value date', rate: 'Rate', near: 'Near', far: 'Far',
    saved: 'Save and share', market: 'Market',
    termsNote: 'Terms: ON, TN, SN, SPOT, 1W, 3M, 1Y, or a date (e.g. 2027-03-15).',
  },
});
