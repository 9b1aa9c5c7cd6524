import { describe, expect, it } from 'vitest';
import type { BondView } from '../../kit/bonds/contract';
import { ToolFailure } from '../../kit/results';
import { fromISO, toISO, type CalendarDate } from '../../pricing-core/dates/date';
import { priceCnBond } from '../../pricing-core/engines/bond/cn-bond';
import { syntheticBonds } from '../../pricing-core/testing/synthetic-bonds';
import type { QuoteRow } from '../bondSpread/quotes';
import { chartData, maturityGaps, runFit } from './model';

const S = fromISO('2026-11-20');

function universe(n: number): { quotes: QuoteRow[]; bonds: Map<string, BondView> } {
  const syn = syntheticBonds(n, S);
  const bonds = new Map<string, BondView>();
  const quotes: QuoteRow[] = syn.map((b) => {
    bonds.set(b.code, { code: b.code, kind: 'fixed', issueDate: toISO(b.bond.issue), maturityDate: toISO(b.bond.maturity), coupon: b.bond.coupon, frequency: b.bond.frequency, options: [] } as unknown as BondView);
    const y = priceCnBond(b.bond, S, { cleanPrice: b.cleanPrice! }).yield;
    return { code: b.code, name: b.code, issuerType: 'CGB', maturity: toISO(b.bond.maturity as CalendarDate), coupon: b.bond.coupon * 100, yield: y * 100, from: 'bond.CGB' };
  });
  return { quotes, bonds };
}

describe('relative value model', () => {
  it('ranks cheapest first; residual = market - fitted yield in bp', () => {
    const { quotes, bonds } = universe(20);
    const r = runFit(quotes, bonds, S, 'nss');
    expect(r.used).toBe(20);
    for (let i = 0; i < r.rows.length; i++) {
      expect(r.rows[i].rank).toBe(i + 1);
      expect(r.rows[i].residualBp).toBeCloseTo((r.rows[i].marketPct - r.rows[i].fittedPct) * 100, 9);
      if (i) expect(r.rows[i].residualBp).toBeLessThanOrEqual(r.rows[i - 1].residualBp);
    }
    expect(r.fit.rmseBp).toBeLessThan(0.1); // priced off an NSS curve: recovered
  });
  it('a yield typed 8 bp above the curve makes that bond the cheapest, about +8 bp', () => {
    const { quotes, bonds } = universe(20);
    const moved = quotes.map((q, i) => (i === 5 ? { ...q, yield: q.yield! + 0.08, from: '' } : q));
    const r = runFit(moved, bonds, S, 'nss');
    expect(r.rows[0].code).toBe(quotes[5].code);
    expect(r.rows[0].residualBp).toBeGreaterThan(6);
    expect(r.rows[0].residualBp).toBeLessThan(8.5);
  });
  it('bonds without a yield are left out; too few is a bad input in both languages', () => {
    const { quotes, bonds } = universe(7);
    const r = runFit(quotes.map((q, i) => (i === 0 ? { ...q, yield: null } : q)), bonds, S, 'nss');
    expect(r.skipped).toEqual([quotes[0].code]);
    try {
      runFit(quotes.slice(0, 5), bonds, S, 'nss');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ToolFailure);
      expect((e as ToolFailure).code).toBe('badInput');
      expect((e as ToolFailure).words?.zh).toMatch(/至少需要 6/);
      expect((e as ToolFailure).words?.en).toMatch(/at least 6/);
    }
    expect(() => runFit(quotes.map((q, i) => (i === 1 ? { ...q, yield: 45 } : q)), bonds, S, 'ns')).toThrow(/out of range/);
  });
  it('chart columns share one x axis: the curve everywhere, bond points at their maturities', () => {
    const { quotes, bonds } = universe(10);
    const r = runFit(quotes, bonds, S, 'ns');
    const [x, zero, mkt, fit] = chartData(r);
    expect(zero.every((v) => v !== null && Number.isFinite(v))).toBe(true);
    expect(mkt.filter((v) => v !== null)).toHaveLength(10);
    expect(fit.filter((v) => v !== null)).toHaveLength(10);
    for (let i = 1; i < x.length; i++) expect(x[i]).toBeGreaterThan(x[i - 1]);
  });
  it('maturity stretches without a bond are reported', () => {
    const rows = [0.5, 1.2, 1.5, 27.9].map((t) => ({ remainingYears: t })) as Parameters<typeof maturityGaps>[0]['rows'];
    expect(maturityGaps({ rows })).toEqual([[1.5, 27.9]]);
    expect(maturityGaps({ rows: rows.slice(0, 3) })).toEqual([]);
  });
});
