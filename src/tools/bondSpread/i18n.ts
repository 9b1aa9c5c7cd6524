// Strings of /bondSpread (namespace `bondSpread`).
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('bondSpread', {
  zh: {
    title: '现券利差',
    swap: '互换曲线',
    swaps: { FR007: 'FR007', SHIBOR3M: 'SHIBOR 3M' },
    compute: '计算',
    note: '利差 = 债券收益率 − 国债曲线在剩余期限处的收益率（线性插值，两端平推）；I 利差 = 债券收益率 − 互换曲线同期限利率。',
    table: '现券对国债利差',
    cols: { code: '代码', name: '名称', type: '类型', years: '剩余期限 (年)', yield: '收益率 (%)', benchmark: '国债基准 (%)', spread: '利差 (bp)', iSpread: 'I 利差 (bp)', from: '收益率来源' },
    history: '利差历史',
    bond: '债券',
    historyOf: '{{curve}} {{tenor}} − 国债 {{tenor}}（bp）',
    noHistory: '国债对国债曲线的利差恒为零；请选择非国债券。',
    count: '债券数',
  },
  en: {
    title: 'Cash bond spread',
    swap: 'Swap curve',
    swaps: { FR007: 'FR007', SHIBOR3M: 'SHIBOR 3M' },
    compute: 'Compute',
    note: 'Spread = bond yield − the CGB curve at the remaining maturity (linear, flat beyond the ends); I-spread = bond yield − the swap curve at the same maturity.',
    table: 'Spreads to the CGB curve',
    cols: { code: 'Code', name: 'Name', type: 'Type', years: 'Remaining years', yield: 'Yield (%)', benchmark: 'CGB benchmark (%)', spread: 'Spread (bp)', iSpread: 'I-spread (bp)', from: 'Yield source' },
    history: 'Spread history',
    bond: 'Bond',
    historyOf: '{{curve}} {{tenor}} − CGB {{tenor}} (bp)',
    noHistory: 'A CGB\'s spread to the CGB curve is zero by construction; choose another bond.',
    count: 'Bonds',
  },
});
