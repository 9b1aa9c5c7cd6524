// /CryptoCurrencyOption words in zh and en (namespace cryptoOption).
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('cryptoOption', {
  zh: {
    title: '数字货币期权',
    coin: '币种', settlement: '结算方式', inverse: '币本位', linear: 'U本位', settlementHint: '币本位：以币保证金和计价；U本位：美元结算', type: '看涨/看跌', call: '看涨', put: '看跌',
    direction: '方向', buy: '买入', sell: '卖出', strike: '执行价', expiry: '到期日', expiryTime: '到期时间', expiryTimeHint: 'UTC，交易所惯例 08:00',
    valuation: '估值时间', valuationDate: '估值日期', valuationTime: '估值时刻', now: '现在', index: '指数价格', forward: '远期价格', forwardHint: '留空则等于指数价格',
    vol: '波动率', rate: '利率', contracts: '合约张数', contractSize: '合约面值', marketPrice: '市场价格', marketPriceHintInverse: '以币计价，填写后反推隐含波动率',
    marketPriceHintLinear: '以美元计价，填写后反推隐含波动率', refill: '重新读取市场数据', timeInvalid: '请输入时间，如 08:00',
    perCoin: '每一个币（标的）', position: '持仓',
    results: {
      model: '模型', minutes: '距到期分钟数', t: '到期时间（年）', forward: '远期价格', coinPremium: '币价权利金', usdPremium: '美元权利金',
      delta: 'Delta', deltaUsd: 'Delta（美元）', deltaBs: 'Black-Scholes Delta', gamma: 'Gamma（标的涨1%）', vega: 'Vega（每1%波动率）', vegaCoin: 'Vega（币，每1%波动率）',
      theta: 'Theta（每天）', thetaCoin: 'Theta（币，每天）',
      positionCoin: '持仓权利金（币）', positionUsd: '持仓权利金（美元）', positionDelta: '持仓 Delta', positionDeltaUsd: '持仓 Delta（美元）',
      positionGamma: '持仓 Gamma（标的涨1%）', positionVega: '持仓 Vega（每1%波动率）', positionTheta: '持仓 Theta（每天）',
      impliedVol: '隐含波动率',
    },
    chart: '期权价值与指数价格（美元，每币）', chartToday: '当前价值', chartExpiry: '到期价值', chartX: '指数价格',
    sampleNote: '市场数据为样例或模拟数据（见来源标签），非实时行情。7×24 小时计时，按分钟计算到期时间。',
    modelInverse: 'Black-76（远期），币本位：美元价值 / 指数', modelLinear: 'Black-76（远期），美元结算',
    errors: { field: '请输入有效的{{field}}', expired: '到期时间早于估值时间：期权已到期' },
  },
  en: {
    title: 'Digital Currency Options',
    coin: 'Coin', settlement: 'Settlement', inverse: 'Inverse', linear: 'Linear', settlementHint: 'Inverse: coin-margined, premium in coin; linear: USD-settled', type: 'Call/Put', call: 'Call', put: 'Put',
    direction: 'Direction', buy: 'Buy', sell: 'Sell', strike: 'Strike', expiry: 'Expiry', expiryTime: 'Expiry time', expiryTimeHint: 'UTC; venues expire at 08:00',
    valuation: 'Valuation time', valuationDate: 'Valuation date', valuationTime: 'Valuation time', now: 'Now', index: 'Index price', forward: 'Forward', forwardHint: 'Empty: the index price',
    vol: 'Volatility', rate: 'Rate', contracts: 'Contracts', contractSize: 'Contract size', marketPrice: 'Market price', marketPriceHintInverse: 'In coin; give it to solve the implied volatility',
    marketPriceHintLinear: 'In USD; give it to solve the implied volatility', refill: 'Reload market data', timeInvalid: 'Enter a time such as 08:00',
    perCoin: 'Per coin of underlying', position: 'Position',
    results: {
      model: 'Model', minutes: 'Minutes to expiry', t: 'Time to expiry (years)', forward: 'Forward', coinPremium: 'Coin premium', usdPremium: 'USD premium',
      delta: 'Delta', deltaUsd: 'Delta (USD)', deltaBs: 'Black-Scholes delta', gamma: 'Gamma (1% move)', vega: 'Vega (per 1% vol)', vegaCoin: 'Vega in coin (per 1% vol)',
      theta: 'Theta (per day)', thetaCoin: 'Theta in coin (per day)',
      positionCoin: 'Position premium in coin', positionUsd: 'Position premium in USD', positionDelta: 'Position delta', positionDeltaUsd: 'Position delta (USD)',
      positionGamma: 'Position gamma (1% move)', positionVega: 'Position vega (per 1% vol)', positionTheta: 'Position theta (per day)',
      impliedVol: 'Implied volatility',
    },
    chart: 'Option value against the index (USD per coin)', chartToday: 'Value today', chartExpiry: 'Value at expiry', chartX: 'Index price',
    sampleNote: 'Market figures are sample or simulated data (see the source badge), not live quotes. Calendar time around the clock, to the minute.',
    modelInverse: 'Black-76 on the forward; inverse: USD value / index', modelLinear: 'Black-76 on the forward, USD-settled',
    errors: { field: 'Enter a valid {{field}}', expired: 'The expiry is before the valuation time: the option has expired' },
  },
});
