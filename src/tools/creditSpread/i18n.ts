// Strings of /creditSpread (namespace `creditSpread`).
import { defineStrings } from '../../kit/i18n';

export const strings = defineStrings('creditSpread', {
  zh: {
    title: '利差曲线',
    base: '基准曲线',
    analyse: '分析',
    note: '利差 = 曲线收益率 − 基准曲线同期限收益率（bp），取两条曲线都有数据的最近日期；分位 = 历史窗口内不高于当前值的观测占比。信用曲线为中期票据（中票）分评级曲线。',
    table: '信用利差期限结构',
    tenor: '期限',
    spreadOf: '{{curve}} 利差 (bp)',
    pctOf: '{{curve}} 分位 (%)',
    term: '利差期限结构（bp）',
    history: '利差历史',
    curve: '曲线',
    historyOf: '{{curve}} {{tenor}} − {{base}} {{tenor}}（bp）',
    tenorYears: '期限（年）',
  },
  en: {
    title: 'Spread curve',
    base: 'Base curve',
    analyse: 'Analyse',
    note: 'Spread = curve yield − base curve yield at the same tenor (bp), on the latest date both curves have; percentile = share of the window\'s observations at or below the current value. Credit curves are the medium-term note (MTN) curves by rating.',
    table: 'Credit spread term structure',
    tenor: 'Tenor',
    spreadOf: '{{curve}} spread (bp)',
    pctOf: '{{curve}} percentile (%)',
    term: 'Spread term structure (bp)',
    history: 'Spread history',
    curve: 'Curve',
    historyOf: '{{curve}} {{tenor}} − {{base}} {{tenor}} (bp)',
    tenorYears: 'Tenor (years)',
  },
});
