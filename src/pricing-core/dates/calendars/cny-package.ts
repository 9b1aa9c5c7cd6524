// The mainland China calendar from the chinese-days package, which holds each year's State
// Council notice (国务院办公厅关于部分节假日安排的通知): the closed days and the make-up working
// Saturdays/Sundays, with names in en and zh. Only its data file is loaded (3 KB gzip), not its
// lunar-calendar code.
import data from 'chinese-days/dist/chinese-days.json';
import { version } from 'chinese-days/package.json';
import { fromISO } from '../date';
import type { NamedDay, YearCalendar } from './year-data';

/**
 * First year taken from the package. Earlier years disagree with QuantLib's China::IB
 * calendar (the inter-bank market did not trade every make-up weekend before 2008).
 */
export const CNY_PACKAGE_FROM_YEAR = 2008;

export const CNY_PACKAGE_SOURCE = `chinese-days ${version} (State Council holiday notices)`;

type DayMap = Record<string, string>;
const { holidays, workdays } = data as { holidays: DayMap; workdays: DayMap };

const byYear = new Map<number, { holidays: [string, string][]; workdays: [string, string][] }>();
for (const [kind, map] of [['holidays', holidays], ['workdays', workdays]] as const) {
  for (const [iso, label] of Object.entries(map)) {
    const y = Number(iso.slice(0, 4));
    if (y < CNY_PACKAGE_FROM_YEAR) continue;
    let e = byYear.get(y);
    if (!e) { e = { holidays: [], workdays: [] }; byYear.set(y, e); }
    e[kind].push([iso, label]);
  }
}

/** Years the package holds a notice for (contiguous from CNY_PACKAGE_FROM_YEAR). */
export const CNY_PACKAGE_TO_YEAR = (() => {
  let y = CNY_PACKAGE_FROM_YEAR;
  while (byYear.has(y + 1)) y++;
  return y;
})();

// Labels are "English name,中文名,n".
function named(iso: string, label: string): NamedDay {
  const [en, zh] = label.split(',');
  return { date: fromISO(iso), en, zh: zh ?? en };
}

export function cnyPackageYear(year: number): YearCalendar | undefined {
  if (year < CNY_PACKAGE_FROM_YEAR || year > CNY_PACKAGE_TO_YEAR) return undefined;
  const e = byYear.get(year);
  if (!e) return undefined;
  const sort = (xs: NamedDay[]) => xs.sort((a, b) => a.date - b.date);
  return {
    year,
    holidays: sort(e.holidays.map(([d, l]) => named(d, l))),
    workingWeekends: sort(e.workdays.map(([d, l]) => {
      const n = named(d, l);
      return { ...n, en: `Make-up working day (${n.en})`, zh: `${n.zh}调休上班` };
    })),
    source: CNY_PACKAGE_SOURCE,
  };
}
