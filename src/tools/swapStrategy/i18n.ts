// Strings of /swapStrategy (namespace `swapStrategy`).
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('swapStrategy', {
  zh: {
    title: '掉期策略',
    kind: '策略类型', span: '跨期价差', basis: '境内外基差', basisSpan: '跨期基差', butterfly: '蝶式',
    market: '市场', USDCNY: '境内 USD/CNY', USDCNH: '境外 USD/CNH',
    near: '近端期限', mid: '中间期限', far: '远端期限',
    order: '期限错误：期限须由近到远且互不相同',
    code: '价差类型代码', level: '当前水平', percentile: '历史分位', min: '历史最低', max: '历史最高', mean: '历史均值', z: 'Z 值', n: '样本天数', from: '历史起始日',
    legs: '策略构成', leg: '序列', weight: '权重', value: '最新点数',
    history: '策略历史走势', chartLabel: '{{name}} 历史（点）',
    notReal: '掉期点没有真实历史：历史分位、均值与 Z 值基于{{kinds}}数据，不是市场统计。',
    kinds: { sample: '样例', simulated: '模拟' },
    formula: { span: '远端点数 − 近端点数（同一市场）', basis: '所选市场点数 − 另一市场点数（同一期限）', basisSpan: '所选市场跨期价差 − 另一市场跨期价差', butterfly: '2 × 中间点数 − 近端点数 − 远端点数' },
  },
  en: {
    title: 'Swap strategy',
    kind: 'Strategy', span: 'Span (intertemporal)', basis: 'Onshore/offshore basis', basisSpan: 'Basis span', butterfly: 'Butterfly',
    market: 'Market', USDCNY: 'Onshore USD/CNY', USDCNH: 'Offshore USD/CNH',
    near: 'Near tenor', mid: 'Middle tenor', far: 'Far tenor',
    order: 'Term error: tenors must be distinct and increase from near to far',
    code: 'Spread type code', level: 'Current level', percentile: 'Percentile', min: 'Historical low', max: 'Historical high', mean: 'Historical mean', z: 'Z-score', n: 'Days of history', from: 'History from',
    legs: 'Legs', leg: 'Series', weight: 'Weight', value: 'Latest points',
    history: 'Strategy history', chartLabel: '{{name}} history (points)',
    notReal: 'Swap points have no real history: the percentile, mean and z-score are computed on {{kinds}} figures, not market statistics.',
    kinds: { sample: 'sample', simulated: 'simulated' },
    formula: { span: 'Far points − near points (one market)', basis: 'Chosen market points − other market points (same tenor)', basisSpan: 'Span of the chosen market − span of the other', butterfly: '2 × middle points − near points − far points' },
  },
});
