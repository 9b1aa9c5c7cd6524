// Date locale setup: dayjs plugins the product uses plus the project's zh-cn locale.
// The interface language picks the dayjs locale (zh -> zh-cn, en -> dayjs's built-in en).
import dayjs from 'dayjs';
import i18next from 'i18next';
import calendar from 'dayjs/plugin/calendar';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import weekOfYear from 'dayjs/plugin/weekOfYear';
import { registerZhCn } from './zh-cn';

dayjs.extend(calendar);
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);
dayjs.extend(weekOfYear);
const ZH = registerZhCn();

export function applyDateLocale(lang: string): void {
  dayjs.locale(lang === 'en' ? 'en' : ZH);
}

// Follow the interface language from the moment this module loads.
applyDateLocale(i18next.language ?? 'zh');
i18next.on('languageChanged', applyDateLocale);
