// Tenor or date, as typed wherever a date is asked (UI-CONTRACT section 1): `ON`, `TN`, `SN`,
// `SPOT`, `1W`, `3M`, `18M`, `1Y`, or a date (`2027-03-15`, `2027/3/15`, `20270315`).
// This file only reads the text; turning a tenor into a date is the tool's (FX, rates and
// money-market rules differ), injected into the field as `resolve`.
import { fromYMD, toISO } from '../../pricing-core/dates/date';
import { parseTenor } from '../../pricing-core/dates/tenor';
import { fail, ok, type Parsed } from './parse';

export type ShortTenor = 'ON' | 'TN' | 'SN' | 'SPOT';
export type TenorOrDate = { kind: 'tenor'; tenor: string } | { kind: 'date'; date: string };

/** What a resolver returns: the date a tenor falls on, or why it cannot say. */
export type Resolution = { date: string } | { error: string };
export type TenorResolver = (tenor: string) => Resolution;

const SHORT: Record<string, ShortTenor> = { ON: 'ON', TN: 'TN', SN: 'SN', SPOT: 'SPOT', SP: 'SPOT', 'O/N': 'ON', 'T/N': 'TN', 'S/N': 'SN', 隔夜: 'ON', 即期: 'SPOT' };
const ZH_UNIT: Record<string, string> = { 天: 'D', 日: 'D', 周: 'W', 星期: 'W', 个月: 'M', 月: 'M', 年: 'Y' };

/** Reads a tenor (normalised: `3M`, `SPOT`) or a date (normalised: ISO) from typed text. */
export function parseTenorOrDate(text: string): Parsed<TenorOrDate> {
  const s = text.normalize('NFKC').trim().toUpperCase();
  if (s === '') return fail('empty');
  if (SHORT[s]) return ok({ kind: 'tenor', tenor: SHORT[s] });
  const zh = /^(\d+)\s*(天|日|周|星期|个月|月|年)$/.exec(s);
  if (zh) return tenorOk(`${Number(zh[1])}${ZH_UNIT[zh[2]]}`);
  if (/^\d+\s*[DWMY]$/.test(s)) return tenorOk(s.replace(/\s+/g, ''));
  const date = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (date) {
    try {
      return ok({ kind: 'date', date: toISO(fromYMD(Number(date[1]), Number(date[2]), Number(date[3]))) });
    } catch {
      return fail('range');
    }
  }
  return fail('invalid');
}

function tenorOk(code: string): Parsed<TenorOrDate> {
  try {
    const t = parseTenor(code);
    if (t.n === 0) return fail('range');
    return ok({ kind: 'tenor', tenor: `${t.n}${t.unit}` });
  } catch {
    return fail('invalid');
  }
}

/** The text a value is shown as: the tenor code or the ISO date. */
export function tenorOrDateText(v: TenorOrDate): string {
  return v.kind === 'tenor' ? v.tenor : v.date;
}

/** The date a value stands for: a date is itself; a tenor goes through the resolver. */
export function resolveTenorOrDate(v: TenorOrDate, resolve?: TenorResolver): Resolution | null {
  if (v.kind === 'date') return { date: v.date };
  return resolve ? resolve(v.tenor) : null;
}
