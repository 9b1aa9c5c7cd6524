// Strings of /exchangeSpread (namespace `exchangeSpread`).
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('exchangeSpread', {
  zh: {
    title: '汇率利差监控',
    terms: '监控期限', addTerm: '期限', add: '添加期限', remove: '移除 {{term}}',
    spot: '即期', onshoreSpot: '境内即期 USD/CNY', offshoreSpot: '境外即期 USD/CNH', spotSpread: '即期价差（CNH−CNY）',
    table: '境内外掉期点与隐含收益率', term: '期限', endDate: '到期日', onshore: '境内掉期点', offshore: '境外掉期点', spread: '掉期点价差（CNH−CNY）',
    cny: '境内隐含人民币收益率', cnh: '境外隐含人民币收益率', yieldSpread: '收益率价差（CNH−CNY）',
    note: '隐含收益率按利率平价由掉期点与美元存款利率推算（人民币 ACT/365F，美元 ACT/360）。数值随行情推送实时更新。',
    history: '价差历史走势', pointsAxis: '掉期点价差（点）', spotSpreadLine: '即期价差（点）', termLine: '{{term}} 掉期点价差',
    saved: '保存与分享', duplicate: '该期限已在监控中',
    notReal: '价差及其历史为{{kinds}}数据：境外 USD/CNH 与掉期点没有真实历史，境内 USD/CNY 的真实历史（美联储 H.10）不与之混算。',
    kinds: { sample: '样例', simulated: '模拟' },
  },
  en: {
    title: 'FX interest spread monitor',
    terms: 'Terms', addTerm: 'Term', add: 'Add term', remove: 'Remove {{term}}',
    spot: 'Spot', onshoreSpot: 'Onshore spot USD/CNY', offshoreSpot: 'Offshore spot USD/CNH', spotSpread: 'Spot spread (CNH−CNY)',
    table: 'Onshore and offshore swap points and implied yields', term: 'Term', endDate: 'Maturity date', onshore: 'Onshore points', offshore: 'Offshore points', spread: 'Points spread (CNH−CNY)',
    cny: 'CNY implied', cnh: 'CNH implied', yieldSpread: 'Yield spread (CNH−CNY)',
    note: 'Implied yields by interest-rate parity from the swap points and the USD deposit rate (CNY ACT/365F, USD ACT/360). Figures update live as they are pushed.',
    history: 'Spread history', pointsAxis: 'Points spread (pips)', spotSpreadLine: 'Spot spread (pips)', termLine: '{{term}} points spread',
    saved: 'Save and share', duplicate: 'This term is already monitored',
    notReal: 'The spreads and their history are {{kinds}} figures: offshore USD/CNH and the swap points have no real history, and onshore USD/CNY\'s real history (Fed H.10) is not mixed with them.',
    kinds: { sample: 'sample', simulated: 'simulated' },
  },
});
