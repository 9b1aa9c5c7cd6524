// Checks raw import rows against the catalogue: known series, real dates not in the future,
// finite values in a plausible range for the series' unit, optional known_at not in the
// future, no duplicate (series, date, known_at) within the file. Every bad row is reported.
import { isValidSeriesId, type SeriesInfo } from '../../../../src/kit/market-data/series';
import { fromYMD, type CalendarDate } from '../../../../src/pricing-core/dates/date';
import { rowError, type ImportRowError } from './errors';
import type { RawRow } from './parse';

export interface ValidRow {
  line: number;
  seriesId: string;
  date: CalendarDate;
  value: number;
  /** Epoch ms, when the file said when the figure was known. */
  knownAt?: number;
}

export const MAX_IMPORT_ROWS = 2_000_000;
const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;

/** Today's business date in Beijing (the desk's clock). */
export function todayInBeijing(now: number): CalendarDate {
  return Math.floor((now + BEIJING_MS) / DAY_MS) as CalendarDate;
}

export function parseDateCell(v: unknown): CalendarDate | null {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    return fromYMD(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate());
  }
  if (typeof v !== 'string') return null;
  // YYYY-MM-DD, and the unambiguous forms spreadsheets in China export: 2026/11/20, 2026.11.20, 20261120.
  const m = /^(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2})|(\d{2})(\d{2}))$/.exec(v.trim());
  if (!m) return null;
  try {
    return fromYMD(Number(m[1]), Number(m[2] ?? m[4]), Number(m[3] ?? m[5]));
  } catch {
    return null;
  }
}

export function parseNumberCell(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseKnownAt(v: unknown): number | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  if (typeof v !== 'string' || !TIMESTAMP.test(v.trim())) return null;
  const t = Date.parse(v.trim());
  return Number.isFinite(t) ? t : null;
}

/** Plausible bounds by unit and kind: catches a value typed in the wrong unit (0.03 vs 3). */
export function plausible(info: SeriesInfo, x: number): boolean {
  switch (info.unit) {
    case 'pct':
      if (info.kind === 'vol') return info.quote === 'ATM' || !info.quote ? x > 0 && x <= 1000 : Math.abs(x) <= 100;
      return x >= -20 && x <= 100;
    case 'pips':
      return Math.abs(x) < 1e7;
    default:
      return x > 0 && x < 1e9;
  }
}

/**
 * A figure more than 20 times away from the series' last stored one is almost always a unit
 * slip (0.0148 or 148 for 1.48 %). Not checked where values cross zero (forward points, risk
 * reversals, butterflies) or sit near it.
 */
export function unitSlip(info: SeriesInfo, x: number, reference: number | undefined): boolean {
  if (reference === undefined || info.unit === 'pips' || (info.kind === 'vol' && info.quote && info.quote !== 'ATM')) return false;
  const r = Math.abs(reference);
  if (r < 0.05) return false;
  const a = Math.abs(x);
  return a < r / 20 || a > r * 20;
}

export function validateRows(
  raw: readonly RawRow[],
  catalogue: ReadonlyMap<string, SeriesInfo>,
  now: number,
  reference: ReadonlyMap<string, number> = new Map(),
): { rows: ValidRow[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const rows: ValidRow[] = [];
  if (raw.length > MAX_IMPORT_ROWS) return { rows, errors: [rowError(0, 'tooManyRows')] };
  const latestDate = todayInBeijing(now) + 1; // a day of slack for other time zones
  const seen = new Map<string, number>();
  for (const r of raw) {
    const before = errors.length;
    const id = typeof r.series === 'string' ? r.series.trim() : '';
    if (r.optional && !catalogue.has(id)) continue;
    let info: SeriesInfo | undefined;
    if (!isValidSeriesId(id)) errors.push(rowError(r.line, 'badSeriesId', r.column ?? 'series', String(r.series ?? '')));
    else if (!(info = catalogue.get(id))) errors.push(rowError(r.line, 'unknownSeries', r.column ?? 'series', id));
    const date = parseDateCell(r.date);
    if (date === null) errors.push(rowError(r.line, 'badDate', 'date', String(r.date ?? '')));
    else if (date > latestDate) errors.push(rowError(r.line, 'futureDate', 'date', String(r.date)));
    const value = parseNumberCell(r.value);
    if (value === null) errors.push(rowError(r.line, 'badValue', r.column ?? 'value', String(r.value ?? '')));
    else if (info && !plausible(info, value)) errors.push(rowError(r.line, 'outOfRange', r.column ?? 'value', `${value} ${info.unit}`));
    else if (info && unitSlip(info, value, reference.get(id))) errors.push(rowError(r.line, 'unitSlip', r.column ?? 'value', `${value}; last stored ${reference.get(id)} ${info.unit}`));
    let knownAt: number | undefined;
    if (r.knownAt !== undefined && r.knownAt !== null && String(r.knownAt).trim() !== '') {
      const k = parseKnownAt(r.knownAt);
      if (k === null) errors.push(rowError(r.line, 'badKnownAt', 'known_at', String(r.knownAt)));
      else if (k > now) errors.push(rowError(r.line, 'futureKnownAt', 'known_at', String(r.knownAt)));
      else knownAt = k;
    }
    if (errors.length > before || date === null || value === null) continue;
    const key = `${id}|${date}|${knownAt ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(rowError(r.line, 'duplicate', r.column, `line ${first}`));
      continue;
    }
    seen.set(key, r.line);
    rows.push({ line: r.line, seriesId: id, date, value, ...(knownAt !== undefined ? { knownAt } : {}) });
  }
  return { rows, errors };
}
