import { describe, expect, it } from 'vitest';
import { engleGranger } from '../../pricing-core/analytics/cointegration';
import { ToolFailure } from '../../kit/results';
import { alignByDate, analysePair, backtest, csvFailure, DEFAULT_PARAMS, parsePairCsv, rollingBeta, type PairData } from './model';

/** A seeded pair: x a random walk, y = 1 + 0.8 x + an AR(1) spread (phi) or a second walk. */
function pair(n: number, phi: number, seed = 7): PairData {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
  const dates: string[] = [], y: number[] = [], x: number[] = [];
  let xv = 10, e = 0, w = 0;
  for (let i = 0; i < n; i++) {
    xv += rnd() * 0.2;
    e = phi * e + rnd() * 0.1;
    w += rnd() * 0.1;
    dates.push(new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    x.push(xv);
    y.push(1 + 0.8 * xv + (phi < 1 ? e : w));
  }
  return { dates, y, x };
}

describe('parsePairCsv', () => {
  it('reads date,y,x with a header, oldest first', () => {
    const r = parsePairCsv('date,y,x\n2024-01-02,7.1,7.8\n2024-01-03,7.2,7.81\n');
    expect(r).toEqual({ ok: true, data: { dates: ['2024-01-02', '2024-01-03'], y: [7.1, 7.2], x: [7.8, 7.81] } });
  });
  it('names every bad line and imports nothing', () => {
    const r = parsePairCsv('date,y,x\n2024-01-02,7.1,7.8\n2024-01-03,abc,7.8\n2024-02-30,1,2\n2024-01-04,1\n2024-01-01,1,2\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(r.errors[0].words.en).toContain('y is not a number');
    expect(r.errors[3].words.en).toContain('not after');
    const f = csvFailure(r.errors);
    expect(f.words?.zh).toContain('第 3 行');
    expect(f.words?.en).toContain('line 6');
  });
  it('refuses a repeated date', () => {
    const r = parsePairCsv('2024-01-02,1,2\n2024-01-02,1,2\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.line)).toEqual([2]);
  });
});

describe('alignByDate', () => {
  it('keeps the dates both series have, oldest first', () => {
    const a = alignByDate(
      { dates: ['2024-01-01', '2024-01-02', '2024-01-04'], values: [1, 2, 4] },
      { dates: ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-01'], values: [20, 30, 40, 10] },
    );
    expect(a.dates).toEqual(['2024-01-01', '2024-01-02', '2024-01-04']);
    expect(a.y).toEqual([1, 2, 4]);
    expect(a.x).toEqual([10, 20, 40]);
    expect(a.droppedX).toBe(1);
    expect(a.droppedY).toBe(0);
  });
});

describe('backtest', () => {
  it('trades the rules on a hand-checkable case', () => {
    // entry 2, exit 0.5. t1: z 2.5 -> short. t2: z 1 hold. t3: z 0.2 -> flat (P&L s1->s3 = -(8-10) = 2).
    // t4: z -2 -> long. t5: z -1 hold. t6: z -0.4 -> flat (P&L s4->s6 = 4-5 = -1).
    const s = [0, 10, 9, 8, 5, 4.5, 4];
    const z = [null, 2.5, 1, 0.2, -2, -1, -0.4];
    const b = backtest(s, z, 2, 0.5);
    expect(b.positions).toEqual([0, -1, -1, 0, 1, 1, 0]);
    expect(b.cumulative).toEqual([0, 0, 1, 2, 2, 1.5, 1]);
    expect(b.totalPnl).toBe(1);
    expect(b.trades).toBe(2);
    expect(b.closedTrades).toBe(2);
    expect(b.hitRatio).toBe(0.5);
    expect(b.maxDrawdown).toBe(1);
    expect(b.openPosition).toBe(0);
  });
  it('takes no action without a z-score and keeps an open trade out of the hit ratio', () => {
    const b = backtest([0, 1, 3], [null, -3, null], 2, 0);
    expect(b.positions).toEqual([0, 1, 1]);
    expect(b.totalPnl).toBe(2);
    expect(b.hitRatio).toBeNull();
    expect(b.openPosition).toBe(1);
  });
});

describe('analysePair', () => {
  it('shows the pricing core engleGranger figures on the same data', () => {
    const d = pair(500, 0.8);
    const a = analysePair(d, DEFAULT_PARAMS);
    const eg = engleGranger({ y: d.y, x: d.x, trend: 'c', autolag: 'aic', zWindow: 60 });
    expect(a.eg).toEqual(eg);
    expect(a.cointegrated).toBe(true);
    expect(a.zScores[499]).toBeCloseTo(eg.zScore!, 12);
    expect(a.spread[499]).toBeCloseTo(eg.spreadLast, 12);
  });
  it('calls an independent pair not cointegrated at 5 %', () => {
    const a = analysePair(pair(500, 1, 3), DEFAULT_PARAMS);
    expect(a.eg.pValue).toBeGreaterThanOrEqual(0.05);
    expect(a.cointegrated).toBe(false);
  });
  it('rolling OLS of an exact line is its slope', () => {
    const x = [1, 2, 4, 3, 5, 7], y = x.map((v) => 2 + 0.5 * v + (v % 2) * 1e-9);
    const r = rollingBeta(y, x, 4);
    expect(r.slice(0, 3)).toEqual([null, null, null]);
    for (const b of r.slice(3)) expect(b).toBeCloseTo(0.5, 6);
  });
  it('refuses too short, constant and bad windows with zh/en words', () => {
    const words = (f: () => unknown) => {
      try { f(); } catch (e) { expect(e).toBeInstanceOf(ToolFailure); return (e as ToolFailure).words; }
      throw new Error('no failure');
    };
    const short = pair(10, 0.5);
    expect(words(() => analysePair(short, DEFAULT_PARAMS))?.en).toContain('at least 20');
    const d = pair(100, 0.5);
    expect(words(() => analysePair({ ...d, x: d.x.map(() => 3) }, DEFAULT_PARAMS))?.zh).toContain('x 序列是常数');
    expect(words(() => analysePair(d, { ...DEFAULT_PARAMS, zWindow: 101 }))?.en).toContain('Z-score window');
    expect(words(() => analysePair(d, { ...DEFAULT_PARAMS, exit: 2 }))?.en).toContain('Exit level');
    expect(words(() => analysePair({ ...d, x: d.x.slice(1) }, DEFAULT_PARAMS))?.en).toContain('same dates');
  });
});
