// zh/en strings of /optionCalculator. English field and result names are UI-CONTRACT
// section 5's (binding): Currency pair, Direction, Call/Put, Spot, Strike, Expiry, Notional,
// Volatility, Domestic rate, Foreign rate, Price; Premium, Premium %, Delta, Vega, Forward,
// Expiry date, Delivery date.
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('optionCalculator', {
  zh: {
    title: '外汇期权计算器',
    f: {
      pair: '货币对', direction: '买卖方向', type: '看涨/看跌', spot: '即期汇率', strike: '执行价', expiry: '到期日',
      notional: '名义本金', notionalCurrency: '名义本金币种', vol: '波动率', rd: '本币利率', rf: '外币利率',
      premiumDate: '期权费支付日', premiumRate: '期权费折现利率', instrument: '产品类型', strategy: '组合策略', preset: '定价模式',
      targetPremium: '目标期权费', premiumType: '期权费报价方式', targetDelta: '目标 Delta', deltaType: 'Delta 报价方式', deltaField: 'Delta 类型',
      fixings: '观察频率', price: '计算', resetMarket: '恢复市场值', retry: '重试', legStrike: '腿 {{n}} 执行价',
    },
    hint: {
      market: '市场值', typed: '手工输入，点“恢复市场值”取回市场数据', atm: '留空为平值（{{atm}}）', solved: '由定价模式反推，结果见右侧',
      rateFrom: '由拆借利率 {{q}}%（单利）换算为连续复利', rfImplied: '由市场掉期点隐含（单利 {{q}}%，ACT/360），换算为连续复利', surface: '留空取波动率曲面在该执行价和到期日的值', noSurface: '该货币对无波动率曲面，请输入波动率',
      premiumDate: '留空为即期交割日', premiumRate: '留空取本币利率', projected: '{{years}} 节假日尚未公布，按往年规则推算', template: '留空取模板默认值',
    },
    buy: '买入', sell: '卖出', call: '看涨', put: '看跌', base: '基础货币', quote: '报价货币',
    instruments: { VA: '香草期权 (VA)', AR: '平均汇率期权 (AR)', AS: '平均执行价期权 (AS)', PP: '组合策略 (PP)', CU: '自定义组合 (CU)' },
    premiumTypes: { Amt: '金额', Pct: '百分比 (%)', Pips: '点 (pips)' },
    deltaTypes: { Pct: '百分比 (%)', Amt: '金额' },
    deltaFields: { Delta: '即期 Delta', ForwardDelta: '远期 Delta' },
    fixingFreq: { daily: '每日', weekly: '每周', monthly: '每月' },
    conv: {
      title: '报价惯例', premiumCurrency: '期权费币种', delta: 'Delta 惯例', spot: '即期', forward: '远期', premiumAdjusted: '期权费调整 Delta',
      yes: '是', no: '否', atm: '平值定义', atmSpot: '即期平值', atmForward: '远期平值', atmDns: 'Delta 中性', atmDnsPa: 'Delta 中性（期权费调整）',
    },
    legs: {
      title: '自定义期权腿', add: '添加一腿', remove: '删除腿 {{n}}', leg: '腿', direction: '方向', type: '类型', instrument: '品种',
      strike: '执行价', notional: '名义本金', vol: '波动率 (%)', caption: '期权腿',
    },
    r: {
      premium: '期权费', premiumPct: '期权费 %', delta: 'Delta', vega: 'Vega', forward: '远期汇率', swapPoints: '掉期点', expiryDate: '到期日期',
      deliveryDate: '交割日期', spotDate: '即期日', premiumDate: '期权费支付日', strike: '执行价', vol: '波动率', volSource: '波动率来源',
      solvedStrike: '反推执行价', solvedVol: '反推波动率', solvedStrikes: '反推执行价（腿 {{legs}}）', alternative: '另一解',
      commonDelta: '共同 Delta', premiumSettled: '结算期权费', netPremium: '净期权费',
      quotations: '期权费报价', quotation: '报价方式', value: '数值',
      quoteAmount: '报价货币金额', baseAmount: '基础货币金额', quotePips: '报价货币点数', basePips: '基础货币点数', quotePct: '报价货币百分比', basePct: '基础货币百分比',
      greeks: '希腊值', greek: '希腊值', amount: '金额', normalised: '每单位基础货币',
      legsTable: '各腿结果', legNum: '腿', total: '合计',
    },
    volSources: { input: '输入', surface: '曲面', flat: '平坦', solved: '反推' },
    g: {
      delta: 'Delta（即期）', forwardDelta: 'Delta（远期）', deltaPremiumAdjusted: 'Delta（即期，期权费调整）', forwardDeltaPremiumAdjusted: 'Delta（远期，期权费调整）',
      conventionDelta: 'Delta（所选惯例）', gamma: 'Gamma（即期涨 1%）', gammaBigFigure: 'Gamma（涨 1 个大数）', vega: 'Vega（波动率 +1%）', theta: 'Theta（1 天）',
      rhoDomestic: 'Rho 本币（+1bp）', rhoForeign: 'Rho 外币（+1bp）', vanna: 'Vanna（波动率 +1%）', volga: 'Volga（波动率 +1%）',
    },
    charts: {
      payoff: '到期损益与当前价值', vsSpot: '希腊值随即期变化', vsTime: '随时间变化', smile: '波动率微笑', spotAxis: '即期汇率', timeAxis: '距今（年）',
      payoffAtExpiry: '到期收益', pnlAtExpiry: '到期损益（扣期权费）', valueToday: '当前价值', greek: '希腊值', strikeAxis: '执行价', volAxis: '波动率 (%)', value: '价值',
    },
    strategies: { spread: '价差', riskReversal: '风险逆转', straddle: '跨式', strangle: '宽跨式', butterfly: '蝶式', seagull: '海鸥' },
    saved: '保存与分享',
    errors: {
      pair: '请选择货币对（如 USDCNY）', expiry: '请输入到期期限或日期', notional: '请输入名义本金', expiryPast: '到期日必须晚于今天',
      tenorExpiry: '期限 {{tenor}} 没有到期日', dates: '无法计算日期：{{detail}}', noSpot: '{{pair}} 无即期汇率，请输入即期汇率',
      noRate: '{{ccy}} 无利率曲线，请输入利率', noVol: '{{pair}} 无波动率曲面，请输入波动率', targetPremium: '该定价模式需要目标期权费',
      targetDelta: '该定价模式需要目标 Delta', premiumDate: '期权费支付日无效', premiumDatePast: '期权费支付日不能早于今天',
      strategy: '未知组合策略', noLegs: '请至少添加一条期权腿', market: '无法读取市场数据：{{detail}}',
    },
  },
  en: {
    title: 'FX Option Calculator',
    f: {
      pair: 'Currency pair', direction: 'Direction', type: 'Call/Put', spot: 'Spot', strike: 'Strike', expiry: 'Expiry',
      notional: 'Notional', notionalCurrency: 'Notional currency', vol: 'Volatility', rd: 'Domestic rate', rf: 'Foreign rate',
      premiumDate: 'Premium date', premiumRate: 'Premium discount rate', instrument: 'Instrument', strategy: 'Strategy', preset: 'Pricing mode',
      targetPremium: 'Target premium', premiumType: 'Premium quoted as', targetDelta: 'Target delta', deltaType: 'Delta quoted as', deltaField: 'Delta type',
      fixings: 'Fixing frequency', price: 'Price', resetMarket: 'Reset to market', retry: 'Retry', legStrike: 'Leg {{n}} strike',
    },
    hint: {
      market: 'market', typed: 'typed by you; "Reset to market" brings the market figure back', atm: 'empty: at the money ({{atm}})', solved: 'solved by the pricing mode; see Results',
      rateFrom: 'from the money-market rate {{q}}% (simple), continuously compounded', rfImplied: 'implied by the market swap points ({{q}}% simple, ACT/360), continuously compounded', surface: 'empty: the surface at this strike and expiry', noSurface: 'no volatility surface for this pair: enter a volatility',
      premiumDate: 'empty: the spot date', premiumRate: 'empty: the domestic rate', projected: '{{years}} holidays not yet published: projected from past years', template: 'empty: the template default',
    },
    buy: 'Buy', sell: 'Sell', call: 'Call', put: 'Put', base: 'Base currency', quote: 'Quote currency',
    instruments: { VA: 'Vanilla (VA)', AR: 'Average rate (AR)', AS: 'Average strike (AS)', PP: 'Strategy (PP)', CU: 'Custom legs (CU)' },
    premiumTypes: { Amt: 'Amount', Pct: 'Percent (%)', Pips: 'Pips' },
    deltaTypes: { Pct: 'Percent (%)', Amt: 'Amount' },
    deltaFields: { Delta: 'Spot delta', ForwardDelta: 'Forward delta' },
    fixingFreq: { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
    conv: {
      title: 'Conventions', premiumCurrency: 'Premium currency', delta: 'Delta convention', spot: 'Spot', forward: 'Forward', premiumAdjusted: 'Premium-adjusted delta',
      yes: 'Yes', no: 'No', atm: 'ATM definition', atmSpot: 'ATM spot', atmForward: 'ATM forward', atmDns: 'Delta neutral', atmDnsPa: 'Delta neutral (premium-adjusted)',
    },
    legs: {
      title: 'Custom legs', add: 'Add a leg', remove: 'Remove leg {{n}}', leg: 'Leg', direction: 'Side', type: 'Type', instrument: 'Instrument',
      strike: 'Strike', notional: 'Notional', vol: 'Vol (%)', caption: 'Option legs',
    },
    r: {
      premium: 'Premium', premiumPct: 'Premium %', delta: 'Delta', vega: 'Vega', forward: 'Forward', swapPoints: 'Swap points', expiryDate: 'Expiry date',
      deliveryDate: 'Delivery date', spotDate: 'Spot date', premiumDate: 'Premium payment date', strike: 'Strike priced', vol: 'Volatility priced', volSource: 'Volatility source',
      solvedStrike: 'Solved strike', solvedVol: 'Solved volatility', solvedStrikes: 'Solved strikes (leg {{legs}})', alternative: 'Other solution',
      commonDelta: 'Common delta', premiumSettled: 'Premium to settle', netPremium: 'Net premium',
      quotations: 'Premium quotations', quotation: 'Quotation', value: 'Value',
      quoteAmount: 'Quote-currency amount', baseAmount: 'Base-currency amount', quotePips: 'Quote-currency pips', basePips: 'Base-currency pips', quotePct: 'Quote-currency percent', basePct: 'Base-currency percent',
      greeks: 'Greeks', greek: 'Greek', amount: 'Amount', normalised: 'Per unit of base',
      legsTable: 'Legs', legNum: 'Leg', total: 'Total',
    },
    volSources: { input: 'typed', surface: 'surface', flat: 'flat', solved: 'solved' },
    g: {
      delta: 'Delta (spot)', forwardDelta: 'Delta (forward)', deltaPremiumAdjusted: 'Delta (spot, premium-adjusted)', forwardDeltaPremiumAdjusted: 'Delta (forward, premium-adjusted)',
      conventionDelta: 'Delta (selected conventions)', gamma: 'Gamma (spot +1%)', gammaBigFigure: 'Gamma (one big figure)', vega: 'Vega (+1 vol point)', theta: 'Theta (one day)',
      rhoDomestic: 'Rho domestic (+1bp)', rhoForeign: 'Rho foreign (+1bp)', vanna: 'Vanna (+1 vol point)', volga: 'Volga (+1 vol point)',
    },
    charts: {
      payoff: 'Payoff at expiry and value today', vsSpot: 'Greeks against spot', vsTime: 'Against time', smile: 'Volatility smile', spotAxis: 'Spot', timeAxis: 'Years from today',
      payoffAtExpiry: 'Payoff at expiry', pnlAtExpiry: 'P&L at expiry (after premium)', valueToday: 'Value today', greek: 'Greek', strikeAxis: 'Strike', volAxis: 'Volatility (%)', value: 'Value',
    },
    strategies: { spread: 'Spread', riskReversal: 'Risk reversal', straddle: 'Straddle', strangle: 'Strangle', butterfly: 'Butterfly', seagull: 'Seagull' },
    saved: 'Save and share',
    errors: {
      pair: 'Choose a currency pair (e.g. USDCNY)', expiry: 'Enter an expiry tenor or date', notional: 'Enter the notional', expiryPast: 'The expiry must be after today',
      tenorExpiry: 'The tenor {{tenor}} has no expiry date', dates: 'The dates cannot be computed: {{detail}}', noSpot: 'No spot rate for {{pair}}: enter the spot',
      noRate: 'No rate curve for {{ccy}}: enter the rate', noVol: 'No volatility surface for {{pair}}: enter a volatility', targetPremium: 'This pricing mode needs a target premium',
      targetDelta: 'This pricing mode needs a target delta', premiumDate: 'The premium date is not valid', premiumDatePast: 'The premium date cannot be before today',
      strategy: 'Unknown strategy', noLegs: 'Add at least one leg', market: 'Market data could not be read: {{detail}}',
    },
  },
});
