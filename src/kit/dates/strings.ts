import { defineStrings } from '../i18n';

export const dateStrings = defineStrings('kitDates', {
  zh: {
    rolled: '今天（{{today}}，{{weekday}}）不是 {{ccys}} 的营业日，交易日按下一营业日 {{date}}（{{dateWeekday}}）计算。',
    rolledBack: '今天（{{today}}，{{weekday}}）不是 {{ccys}} 的营业日，估值日按上一营业日 {{date}}（{{dateWeekday}}）的收盘计算。',
    dataRolled: '市场数据日期为 {{data}}，已前推至估值日 {{valuation}}（报价不变，仅日期前移）。',
    weekday: { 0: '周日', 1: '周一', 2: '周二', 3: '周三', 4: '周四', 5: '周五', 6: '周六' },
  },
  en: {
    rolled: 'Today ({{weekday}} {{today}}) is not a business day of {{ccys}}: dates are from the next business day, {{dateWeekday}} {{date}}.',
    rolledBack: 'Today ({{weekday}} {{today}}) is not a business day of {{ccys}}: valued as of the latest close, {{dateWeekday}} {{date}}.',
    dataRolled: 'Market data of {{data}}, rolled forward to the valuation date {{valuation}} (same quotes, later date).',
    weekday: { 0: 'Sun', 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri', 6: 'Sat' },
  },
});
