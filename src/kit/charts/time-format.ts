// Time axis and legend text for uPlot with dayjs, in zh-CN (src/locale, SPEC section 9) or
// en. uPlot time is epoch seconds. The tick format follows the tick spacing; the year is
// shown where it changes (and on the first tick) so a long history reads without guessing.
import type uPlot from 'uplot';
import { dayIn } from '../format/dates';
import type { Lang } from '../locale';

const MIN = 60;
const HOUR = 3600;
const DAY = 86400;

interface Formats { sec: string; min: string; dayTime: string; day: string; dayYear: string; month: string; monthYear: string; year: string }

const FORMATS: Record<Lang, Formats> = {
  zh: { sec: 'HH:mm:ss', min: 'HH:mm', dayTime: 'M月D日 HH:mm', day: 'M月D日', dayYear: 'YYYY年M月D日', month: 'M月', monthYear: 'YYYY年M月', year: 'YYYY年' },
  en: { sec: 'HH:mm:ss', min: 'HH:mm', dayTime: 'MMM D HH:mm', day: 'MMM D', dayYear: 'MMM D, YYYY', month: 'MMM', monthYear: 'MMM YYYY', year: 'YYYY' },
};

/** Tick labels for ticks `incr` seconds apart. */
export function formatTimeTicks(splits: readonly number[], incr: number, lang: Lang): string[] {
  const f = FORMATS[lang];
  let prev: ReturnType<typeof dayIn> | null = null;
  return splits.map((s) => {
    if (s == null) return '';
    const d = dayIn(s * 1000, lang);
    let out: string;
    if (incr < MIN) out = d.format(f.sec);
    else if (incr < DAY) out = !prev || !d.isSame(prev, 'day') ? d.format(f.dayTime) : d.format(f.min);
    else if (incr < 28 * DAY) out = !prev || !d.isSame(prev, 'year') ? d.format(f.dayYear) : d.format(f.day);
    else if (incr < 365 * DAY) out = !prev || !d.isSame(prev, 'year') ? d.format(f.monthYear) : d.format(f.month);
    else out = d.format(f.year);
    prev = d;
    return out;
  });
}

export function timeAxisValues(lang: Lang): uPlot.Axis.DynamicValues {
  return (_u, splits, _axisIdx, _space, incr) => formatTimeTicks(splits, incr, lang);
}

/** The x under the cursor: a date, with the time when it is not midnight. */
export function timeLegendValue(lang: Lang): (x: number) => string {
  return (x) => {
    const d = dayIn(x * 1000, lang);
    const midnight = d.hour() === 0 && d.minute() === 0 && d.second() === 0;
    return d.format(midnight ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss');
  };
}
