// Strings of /exchangeRate (namespace `exchangeRate`).
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('exchangeRate', {
  zh: {
    title: '市场基准汇率',
    cnyParity: '人民币汇率中间价',
    fxFixings: '收盘价、定盘价与人民币汇率指数',
    fxSpot: '即期报价',
    history: '历史走势',
    pair: '货币对',
    benchmark: '基准',
    last: '最新',
    mid: '中间价',
    chartLabel: '{{pair}} 历史走势',
    spotNote: '即期报价随行情推送实时更新；涨跌相对前一交易日收盘。',
  },
  en: {
    title: 'Benchmark FX rates',
    cnyParity: 'CNY central parity',
    fxFixings: 'Closes, fixings and the CFETS RMB index',
    fxSpot: 'Spot quotes',
    history: 'History',
    pair: 'Pair',
    benchmark: 'Benchmark',
    last: 'Last',
    mid: 'Mid',
    chartLabel: '{{pair}} history',
    spotNote: 'Spot quotes update live as they are pushed; change is against the previous business day’s close.',
  },
});
