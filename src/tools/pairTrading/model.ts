// /pairTrading model (pure): a pair (y, x) on common dates from an imported CSV `date,y,x` or
// two stored history series; the pricing core's Engle-Granger test (trend c, autolag aic,
// zWindow), alternative hedge ratios (rolling OLS, Kalman) for the stability chart, the
// spread's rolling z-score and a documented backtest of the entry/exit rules.
import Papa from 'papaparse';
import { engleGranger } from '../../pricing-core/analytics/cointegration';
import { kalmanBeta } from '../../pricing-core/analytics/kalman';
import { ols } from '../../pricing-core/analytics/regression';
import { zScore } from '../../pricing-core/analytics/rolling';
import { isConstant } from '../../pricing-core/analytics/stats';
import { ToolFailure, type Words } from '../../kit/results';

/** A pair on common dates, oldest first. */
export interface PairData {
  dates: string[];
  y: number[];
  x: number[];
}

export interface PairParams {
  /** Z-score window (UI-CONTRACT `Z-score window`), also the engleGranger zWindow. */
  zWindow: number;
  /** Enter when |z| >= entry. */
  entry: number;
  /** Leave a short when z <= exit, a long when z >= -exit. */
  exit: number;
  /** Window of the rolling OLS hedge ratio (beta-stability chart). */
  rollingWindow: number;
}

export const DEFAULT_PARAMS: PairParams = { zWindow: 60, entry: 2, exit: 0.5, rollingWindow: 60 };

/**
 * Fewest common dates we test. engleGranger itself runs from a handful of points, but the
 * ADF lag search (up to 12 (n/100)^(1/4) lags) on fewer than 20 residuals says nothing.
 */
export const MIN_POINTS = 20;

/** The 5 % level below which the pair is called cointegrated. */
export const SIGNIFICANCE = 0.05;

const fail = (zh: string, en: string): never => {
  throw new ToolFailure('badInput', undefined, { zh, en } satisfies Words);
};

// ---------------------------------------------------------------------------------------
// CSV import

export interface CsvRowError { line: number; words: Words }
export type CsvResult = { ok: true; data: PairData } | { ok: false; errors: CsvRowError[] };

const ISO = /^\d{4}-\d{2}-\d{2}$/;
function validIso(s: string): boolean {
  if (!ISO.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const num = (s: string): number | null => {
  const t = s.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
};

/**
 * Parses `date,y,x` (oldest first; an optional header line whose first cell is not a date).
 * Every bad line is reported with its 1-based line number; one bad line rejects the file.
 */
export function parsePairCsv(text: string): CsvResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const rows = parsed.data;
  const errors: CsvRowError[] = [];
  const data: PairData = { dates: [], y: [], x: [] };
  let prev: string | null = null;
  rows.forEach((cells, i) => {
    const line = i + 1;
    if (cells.length === 1 && cells[0].trim() === '') return; // blank line
    const first = (cells[0] ?? '').trim();
    if (i === 0 && !validIso(first) && !/^\d/.test(first)) return; // header
    if (cells.length !== 3) {
      errors.push({ line, words: { zh: `应为 3 列（日期,y,x），实为 ${cells.length} 列`, en: `expected 3 columns (date,y,x), found ${cells.length}` } });
      return;
    }
    const [d, ys, xs] = cells.map((c) => c.trim());
    if (!validIso(d)) {
      errors.push({ line, words: { zh: `日期“${d}”不是 YYYY-MM-DD`, en: `date "${d}" is not YYYY-MM-DD` } });
      return;
    }
    const y = num(ys), x = num(xs);
    if (y === null || x === null) {
      const which = y === null ? 'y' : 'x';
      errors.push({ line, words: { zh: `${which} 不是数字：“${y === null ? ys : xs}”`, en: `${which} is not a number: "${y === null ? ys : xs}"` } });
      return;
    }
    if (prev !== null && d <= prev) {
      errors.push({ line, words: { zh: `日期 ${d} 不晚于上一行的 ${prev}（应按日期从旧到新、不重复）`, en: `date ${d} is not after the previous line's ${prev} (oldest first, no repeats)` } });
      return;
    }
    prev = d;
    data.dates.push(d);
    data.y.push(y);
    data.x.push(x);
  });
  return errors.length ? { ok: false, errors } : { ok: true, data };
}

/** The import's refusal as one message naming every bad line (at most 10 spelled out). */
export function csvFailure(errors: readonly CsvRowError[]): ToolFailure {
  const shown = errors.slice(0, 10);
  const more = errors.length - shown.length;
  const zh = `导入未采用（有 ${errors.length} 行有误）：${shown.map((e) => `第 ${e.line} 行：${e.words.zh}`).join('；')}${more > 0 ? `；另有 ${more} 行` : ''}`;
  const en = `Nothing imported (${errors.length} bad line${errors.length > 1 ? 's' : ''}): ${shown.map((e) => `line ${e.line}: ${e.words.en}`).join('; ')}${more > 0 ? `; ${more} more` : ''}`;
  return new ToolFailure('importFailed', undefined, { zh, en });
}

// ---------------------------------------------------------------------------------------
// Two stored series

export interface DatedSeries { dates: readonly string[]; values: ArrayLike<number> }

/** The dates both series have (inner join), oldest first; non-finite values are skipped. */
export function alignByDate(y: DatedSeries, x: DatedSeries): PairData & { droppedY: number; droppedX: number } {
  const xi = new Map<string, number>();
  for (let i = 0; i < x.dates.length; i++) if (Number.isFinite(x.values[i])) xi.set(x.dates[i], x.values[i]);
  const out: PairData = { dates: [], y: [], x: [] };
  for (let i = 0; i < y.dates.length; i++) {
    const v = xi.get(y.dates[i]);
    if (v === undefined || !Number.isFinite(y.values[i])) continue;
    out.dates.push(y.dates[i]);
    out.y.push(y.values[i]);
    out.x.push(v);
  }
  const order = out.dates.map((_, i) => i).sort((a, b) => (out.dates[a] < out.dates[b] ? -1 : 1));
  const sorted: PairData = { dates: order.map((i) => out.dates[i]), y: order.map((i) => out.y[i]), x: order.map((i) => out.x[i]) };
  return { ...sorted, droppedY: y.dates.length - sorted.dates.length, droppedX: x.dates.length - sorted.dates.length };
}

/** Days since 1970-01-01 (history replies) as ISO dates. */
export const isoOfDay = (d: number): string => new Date(d * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------
// Checks and the analysis

/** Every check of the data and parameters before the core runs; throws one ToolFailure. */
export function checkInputs(d: PairData, p: PairParams): void {
  const n = d.dates.length;
  if (d.y.length !== n || d.x.length !== n) fail('y 与 x 的日期不一致', 'y and x do not have the same dates');
  if (n < MIN_POINTS) fail(`共同日期只有 ${n} 个，检验至少需要 ${MIN_POINTS} 个`, `Only ${n} common dates: the test needs at least ${MIN_POINTS}`);
  if (isConstant(d.y)) fail('y 序列是常数，无法检验协整', 'The y series is constant: no cointegration test');
  if (isConstant(d.x)) fail('x 序列是常数，无法检验协整', 'The x series is constant: no cointegration test');
  const int = (v: number) => Number.isInteger(v);
  if (!int(p.zWindow) || p.zWindow < 2 || p.zWindow > n) fail(`Z 分数窗口应为 2 到 ${n} 之间的整数`, `Z-score window must be a whole number from 2 to ${n}`);
  if (!int(p.rollingWindow) || p.rollingWindow < 3 || p.rollingWindow > n) fail(`滚动窗口应为 3 到 ${n} 之间的整数`, `Rolling window must be a whole number from 3 to ${n}`);
  if (!(p.entry > 0)) fail('入场阈值应大于 0', 'Entry threshold must be above 0');
  if (!(p.exit >= 0 && p.exit < p.entry)) fail('出场水平应不小于 0 且小于入场阈值', 'Exit level must be at least 0 and below the entry threshold');
}

export interface Backtest {
  /** Position in units of the spread held after each date's close (+1 long, -1 short, 0 flat). */
  positions: number[];
  /** Cumulative P&L per date, in the spread's (y's) units. */
  cumulative: number[];
  totalPnl: number;
  /** Trades opened. */
  trades: number;
  /** Closed trades with a positive P&L / closed trades; null with none closed. */
  hitRatio: number | null;
  closedTrades: number;
  /** Largest fall of the cumulative P&L from a previous peak (>= 0). */
  maxDrawdown: number;
  /** Position still open after the last date. */
  openPosition: number;
}

/**
 * The entry/exit rules traded on the spread s (one unit = long 1 y, short beta x), decided at
 * each close on that close's z, one action per date:
 * - flat: z >= entry -> short one unit; z <= -entry -> long one unit;
 * - short: z <= exit -> flat; long: z >= -exit -> flat.
 * P&L of date t = position held from t-1 times (s_t - s_{t-1}); no costs; dates without a
 * z-score (the first window) take no action.
 */
export function backtest(spread: readonly number[], z: readonly (number | null)[], entry: number, exit: number): Backtest {
  const n = spread.length;
  const positions = new Array<number>(n).fill(0);
  const cumulative = new Array<number>(n).fill(0);
  let pos = 0, cum = 0, peak = 0, maxDd = 0, trades = 0, closed = 0, wins = 0, tradeStart = 0;
  for (let t = 0; t < n; t++) {
    if (t > 0) cum += pos * (spread[t] - spread[t - 1]);
    cumulative[t] = cum;
    peak = Math.max(peak, cum);
    maxDd = Math.max(maxDd, peak - cum);
    const zt = z[t];
    if (zt !== null && zt !== undefined) {
      if (pos === 0) {
        if (zt >= entry) pos = -1;
        else if (zt <= -entry) pos = 1;
        if (pos !== 0) { trades++; tradeStart = cum; }
      } else if ((pos < 0 && zt <= exit) || (pos > 0 && zt >= -exit)) {
        closed++;
        if (cum - tradeStart > 0) wins++;
        pos = 0;
      }
    }
    positions[t] = pos;
  }
  return { positions, cumulative, totalPnl: cum, trades, hitRatio: closed ? wins / closed : null, closedTrades: closed, maxDrawdown: maxDd, openPosition: pos };
}

/** OLS beta of y on x (with a constant) over each trailing window; null before the first. */
export function rollingBeta(y: readonly number[], x: readonly number[], w: number): (number | null)[] {
  const out = new Array<number | null>(y.length).fill(null);
  for (let i = w - 1; i < y.length; i++) {
    const ys = y.slice(i - w + 1, i + 1), xs = x.slice(i - w + 1, i + 1);
    // A window where either leg does not move has no regression: a gap in the chart.
    if (isConstant(xs) || isConstant(ys)) continue;
    out[i] = ols(xs, ys, true).beta;
  }
  return out;
}

export type EgResult = ReturnType<typeof engleGranger>;

export interface PairAnalysis {
  eg: EgResult;
  n: number;
  cointegrated: boolean;
  spread: number[];
  zScores: (number | null)[];
  rolling: (number | null)[];
  kalman: number[];
  bt: Backtest;
}

/** The pricing core's PRICING-CLI engleGranger request for a pair (the UI-CONTRACT reading). */
export const egRequest = (d: PairData, p: PairParams) => ({ y: d.y, x: d.x, trend: 'c' as const, autolag: 'aic' as const, zWindow: p.zWindow });

export function analysePair(d: PairData, p: PairParams): PairAnalysis {
  checkInputs(d, p);
  let eg: EgResult;
  try {
    eg = engleGranger(egRequest(d, p));
  } catch (e) {
    const m = e instanceof Error ? e.message : String(e);
    return fail(`协整检验无法计算：${m}`, `The cointegration test cannot be computed: ${m}`);
  }
  const spread = d.y.map((y, i) => y - eg.alpha - eg.beta * d.x[i]);
  const zScores = zScore(spread, p.zWindow).zScores;
  // Kalman with an intercept so its beta reads like the OLS hedge ratio (which has one).
  const kalman = kalmanBeta({ y: d.y, x: d.x, intercept: true, initialBeta: eg.beta, initialAlpha: eg.alpha }).betas;
  return {
    eg,
    n: d.dates.length,
    cointegrated: eg.pValue < SIGNIFICANCE,
    spread,
    zScores,
    rolling: rollingBeta(d.y, d.x, p.rollingWindow),
    kalman,
    bt: backtest(spread, zScores, p.entry, p.exit),
  };
}
