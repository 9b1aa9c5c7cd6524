import { describe, expect, it } from 'vitest';
import { fromISO } from '../../pricing-core/dates/date';
import type { QuoteRow } from './quotes';
import { historyPair, spreadRows } from './model';

const S = fromISO('2026-11-20');
const cgb = { tenors: [1, 5, 10], yields: [0.014, 0.016, 0.018] };
const irs = { tenors: [1, 5, 10], yields: [0.015, 0.0166, 0.0182] };
const q = (code: string, maturity: string, y: number | null, from = 'bond.CDB'): QuoteRow => ({ code, name: code, issuerType: 'CDB', maturity, coupon: 2, yield: y, from });

describe('cash bond spreads', () => {
  it('spread to CGB and I-spread at the remaining maturity, bp', () => {
    // 2029-11-19 is 1095 days after settlement: T = 3 years exactly; CGB(3) = 1.5 %, IRS(3) = 1.58 %.
    const [r] = spreadRows([q('A', '2029-11-19', 1.9)], cgb, irs, S);
    expect(r.years).toBe(3);
    expect(r.benchmark).toBeCloseTo(1.5, 12);
    expect(r.spread).toBeCloseTo(40, 9);
    expect(r.iSpread).toBeCloseTo(32, 9);
  });
  it('flat beyond the curve; rows without a yield skipped; no CGB curve refused', () => {
    const rows = spreadRows([q('L', '2056-11-20', 2.3), q('N', '2030-01-01', null)], cgb, undefined, S);
    expect(rows).toHaveLength(1);
    expect(rows[0].spread).toBeCloseTo(50, 9);
    expect(rows[0].iSpread).toBeNull();
    expect(() => spreadRows([], undefined, undefined, S)).toThrow(/CGB/);
  });
  it('history of a spread: the bond curve minus CGB at the nearest common tenor; none for CGBs', () => {
    expect(historyPair({ from: 'credit.MTN.AA+', years: 4.2 }, ['1Y', '3Y', '5Y'])).toEqual({ a: 'credit.MTN.AA+.5Y', b: 'bond.CGB.5Y', tenor: '5Y' });
    expect(historyPair({ from: 'bond.CGB', years: 4 }, ['5Y'])).toBeNull();
    expect(historyPair({ from: '', years: 4 }, ['5Y'])).toBeNull();
  });
});
