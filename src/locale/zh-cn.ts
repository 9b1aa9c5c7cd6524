// Simplified Chinese dayjs locale, written to SPEC section 9 (not dayjs/locale/zh-cn).
// Week starts on Monday; week 1 is the week holding January 4 (yearStart: 4, read by the
// weekOfYear plugin). Calendar words are read by the calendar plugin.
import dayjs from 'dayjs';

/** Day period of SPEC section 9 for a wall-clock time. */
export function meridiem(hour: number, minute: number): string {
  const hm = hour * 100 + minute;
  if (hm < 600) return '凌晨';
  if (hm < 900) return '早上';
  if (hm < 1130) return '上午';
  if (hm < 1230) return '中午';
  if (hm < 1800) return '下午';
  return '晚上';
}

export const zhCn = {
  name: 'zh-cn',
  months: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
  monthsShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  weekdaysShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  weekdaysMin: ['日', '一', '二', '三', '四', '五', '六'],
  weekStart: 1,
  yearStart: 4,
  ordinal: (n: number, period?: string) => (period === 'W' ? `${n}周` : `${n}日`),
  formats: {
    LT: 'HH:mm',
    LTS: 'HH:mm:ss',
    L: 'YYYY-MM-DD',
    LL: 'YYYY年MM月DD日',
    LLL: 'YYYY年MM月DD日 HH:mm',
    LLLL: 'YYYY年MM月DD日dddd HH:mm',
    l: 'YYYY-MM-DD',
    ll: 'YYYY年MM月DD日',
    lll: 'YYYY年MM月DD日 HH:mm',
    llll: 'YYYY年MM月DD日dddd HH:mm',
  },
  calendar: {
    sameDay: '[今天]LT',
    nextDay: '[明天]LT',
    lastDay: '[昨天]LT',
    nextWeek: '[下]ddddLT',
    lastWeek: '[上]ddddLT',
    sameElse: 'L',
  },
  relativeTime: {
    future: '%s内',
    past: '%s前',
    s: '几秒',
    m: '1 分钟',
    mm: '%d 分钟',
    h: '1 小时',
    hh: '%d 小时',
    d: '1 天',
    dd: '%d 天',
    M: '1 个月',
    MM: '%d 个月',
    y: '1 年',
    yy: '%d 年',
  },
  meridiem,
};

/** Register the locale (without making it global) and return its name. */
export function registerZhCn(): string {
  dayjs.locale(zhCn as unknown as Parameters<typeof dayjs.locale>[0], undefined, true);
  return zhCn.name;
}
