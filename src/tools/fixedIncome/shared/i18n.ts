// Words shared by the bond screens (namespace `bondTools`): the bond picker, terms, curve
// source and the input errors of every bond model.
import { defineStrings } from '../../../kit/i18n';

/** Input errors of the bond models, both languages (ToolFailure words). */
export const BOND_ERRORS = {
  zh: {
    coupon: '请输入 0 至 30 之间的票面利率（%）',
    maturity: '请输入到期日（YYYY-MM-DD）',
    issue: '请输入起息日（YYYY-MM-DD）',
    settlement: '请输入结算日（YYYY-MM-DD）',
    optionDate: '行权日期有误',
    settlementAfterMaturity: '结算日须早于到期日',
    settlementBeforeIssue: '结算日不能早于起息日',
    schedule: '起息日不在由到期日倒推的付息日上',
    noCurve: '收益率曲线暂不可用',
    bondsUnavailable: '债券数据暂不可用',
  },
  en: {
    coupon: 'Enter a coupon between 0 and 30 (%)',
    maturity: 'Enter the maturity date (YYYY-MM-DD)',
    issue: 'Enter the interest start date (YYYY-MM-DD)',
    settlement: 'Enter the settlement date (YYYY-MM-DD)',
    optionDate: 'An exercise date is wrong',
    settlementAfterMaturity: 'Settlement must be before maturity',
    settlementBeforeIssue: 'Settlement cannot be before the interest start date',
    schedule: 'The interest start date is not a coupon date rolled back from maturity',
    noCurve: 'The yield curve is not available',
    bondsUnavailable: 'Bond data is not available',
  },
} as const;

export const sharedStrings = defineStrings('bondTools', {
  zh: {
    search: '搜索债券',
    searchHint: '代码、名称或发行人',
    bond: '债券',
    manual: '手工输入条款',
    sampleTag: '（样例）',
    noMatch: '无匹配债券',
    coupon: '票面利率',
    maturity: '到期日',
    frequency: '付息频率',
    issue: '起息日',
    issueHint: '留空：取结算日前的付息日',
    settlement: '结算日',
    kinds: { fixed: '附息', zero: '贴现/零息', bullet: '到期一次还本付息' },
    curveSource: '国债收益率曲线',
    errors: BOND_ERRORS.zh,
  },
  en: {
    search: 'Search bonds',
    searchHint: 'Code, name or issuer',
    bond: 'Bond',
    manual: 'Terms typed by hand',
    sampleTag: ' (sample)',
    noMatch: 'No matching bond',
    coupon: 'Coupon',
    maturity: 'Maturity',
    frequency: 'Frequency',
    issue: 'Interest start date',
    issueHint: 'Empty: the coupon date before settlement',
    settlement: 'Settlement date',
    kinds: { fixed: 'Fixed coupon', zero: 'Zero / discount', bullet: 'Interest at maturity' },
    curveSource: 'CGB yield curve',
    errors: BOND_ERRORS.en,
  },
});
