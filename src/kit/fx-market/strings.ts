// Words of the FX market context's parts (namespace `fxMarket`), zh and en.
import { defineStrings } from '../i18n';

export const fxMarketStrings = defineStrings('fxMarket', {
  zh: {
    forwardFrom: '远期来自',
    source: {
      marketPoints: '市场掉期点',
      typedPoints: '输入的掉期点',
      typedRates: '输入的利率',
      depositRates: '存款利率（无掉期点行情）',
    },
    hint: {
      marketPoints: '远期 = 即期 + 市场掉期点（按起息日线性插值）；利率由掉期点隐含',
      typedPoints: '远期 = 即期 + 输入的掉期点',
      typedRates: '远期由输入的利率按利率平价计算',
      depositRates: '该期限无掉期点报价：远期由两种货币的存款利率按利率平价计算',
    },
  },
  en: {
    forwardFrom: 'Forward from',
    source: {
      marketPoints: 'market points',
      typedPoints: 'typed points',
      typedRates: 'typed rates',
      depositRates: 'deposit rates (no swap points quoted)',
    },
    hint: {
      marketPoints: 'Forward = spot + market swap points (linear in days between value dates); rates implied by the points',
      typedPoints: 'Forward = spot + the typed swap points',
      typedRates: 'Forward by interest-rate parity from the typed rates',
      depositRates: 'No swap points quoted to this date: forward by parity on the two deposit curves',
    },
  },
});
