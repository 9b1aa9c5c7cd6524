// Words of the shared parts of the bond spread screens (namespace `bondQuotes`): the quote
// sheet, curve names, history statistics.
import { defineStrings } from '../../kit/i18n';

export const quoteStrings = defineStrings('bondQuotes', {
  zh: {
    sheet: '债券报价',
    sheetHint: '收益率默认取自发行人曲线在剩余期限处的插值（样例曲线）；可直接修改或从 Excel 粘贴，修改后标为“手工”。',
    cols: { code: '代码', name: '名称', issuerType: '类型', maturity: '到期日', coupon: '票面 (%)', yield: '收益率 (%)', from: '收益率来源' },
    typed: '手工',
    curveDate: '曲线日期',
    latest: '留空为最新',
    curves: { 'bond.CGB': '国债', 'bond.CDB': '国开债', 'bond.LGB': '地方债', 'credit.MTN.AAA': '中票 AAA', 'credit.MTN.AA+': '中票 AA+', 'credit.MTN.AA': '中票 AA', 'irs.FR007': 'FR007 互换', 'irs.SHIBOR3M': 'SHIBOR 3M 互换' },
    curveOf: '{{curve}}曲线',
    window: '历史区间',
    ranges: { '1M': '1个月', '3M': '3个月', '6M': '6个月', '1Y': '1年', '3Y': '3年', ALL: '全部' },
    stats: { current: '当前 (bp)', mean: '均值 (bp)', min: '最小 (bp)', max: '最大 (bp)', percentile: '历史分位 (%)', zScore: 'Z 值', count: '样本数', asOf: '日期' },
    noBonds: '没有可用的债券',
    years: '剩余期限（年）',
  },
  en: {
    sheet: 'Bond quotes',
    sheetHint: 'Yields default to the issuer curve read at each remaining maturity (sample curves); edit them or paste from Excel, edited yields are marked "typed".',
    cols: { code: 'Code', name: 'Name', issuerType: 'Type', maturity: 'Maturity', coupon: 'Coupon (%)', yield: 'Yield (%)', from: 'Yield source' },
    typed: 'typed',
    curveDate: 'Curve date',
    latest: 'Empty: the latest',
    curves: { 'bond.CGB': 'CGB', 'bond.CDB': 'CDB', 'bond.LGB': 'Local gov', 'credit.MTN.AAA': 'MTN AAA', 'credit.MTN.AA+': 'MTN AA+', 'credit.MTN.AA': 'MTN AA', 'irs.FR007': 'FR007 swap', 'irs.SHIBOR3M': 'SHIBOR 3M swap' },
    curveOf: '{{curve}} curve',
    window: 'History window',
    ranges: { '1M': '1 month', '3M': '3 months', '6M': '6 months', '1Y': '1 year', '3Y': '3 years', ALL: 'All' },
    stats: { current: 'Current (bp)', mean: 'Mean (bp)', min: 'Min (bp)', max: 'Max (bp)', percentile: 'Percentile (%)', zScore: 'Z-score', count: 'Observations', asOf: 'Date' },
    noBonds: 'No bonds available',
    years: 'Remaining years',
  },
});
