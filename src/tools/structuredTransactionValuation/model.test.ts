import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { strings } from './i18n';
import { strings as editorStrings, sharedStrings } from '../structuredProducts/i18n';
import { strings as volumeStrings } from '../structuredVolumePrice/i18n';
import { MAX_PIECES, SAMPLE_PRINCIPAL, emptyRow, productInput, rowPackage, sampleBook, withOutcome } from './model';

describe('bulk valuation model', () => {
  it('has the SPEC limits: 20 pieces, sample principal 10 million', () => {
    expect(MAX_PIECES).toBe(20);
    expect(SAMPLE_PRINCIPAL).toBe(10_000_000);
    expect(emptyRow().principal).toBe(10_000_000);
  });

  it('samples 20 deals traded on stored fixing dates before the valuation date', () => {
    const dates = ['2026-01-05', '2026-03-02', '2026-06-01', '2026-09-01', '2026-11-02', '2026-11-20', '2026-11-23'];
    const book = sampleBook(dates, '2026-11-20');
    expect(book).toHaveLength(20);
    for (const r of book) {
      expect(dates).toContain(r.trade);
      expect(r.trade! < '2026-11-20').toBe(true);
      expect(() => rowPackage(r, new Map())).not.toThrow();
    }
    expect(new Set(book.map((r) => r.product)).size).toBeGreaterThan(5);
  });

  it('shows price in percent of principal and amounts for the principal', () => {
    const r = { ...emptyRow(), principal: 5_000_000 };
    const v = withOutcome(r, { npv: 1.01, stderr: 0.0004, status: 'knockedIn', market: { spot: 7.1, vol: 0.045, rd: 0.016, rf: 0.04 }, method: 'mc', used: [] }, { status: (s) => s, method: (m) => m, lang: 'en' });
    expect(v.price).toBeCloseTo(101, 12);
    expect(v.pv).toBeCloseTo(5_050_000, 6);
    expect(v.stderr).toBeCloseTo(2000, 9);
    expect(v.vol).toBeCloseTo(4.5, 12);
    expect(v.status).toBe('knockedIn');
    const failed = withOutcome(r, { error: { zh: '错', en: 'bad' }, used: [] }, { status: (s) => s, method: (m) => m, lang: 'zh' });
    expect(failed.error).toBe('错');
    expect(failed.price).toBeNull();
  });

  it('needs product, underlying, trade date and maturity', () => {
    expect(productInput({ ...emptyRow(), product: 'snowball' })).toBeNull();
  });
});

describe('structured screens: zh and en have the same keys', () => {
  it.each([['editor', editorStrings], ['shared', sharedStrings], ['valuation', strings], ['volume', volumeStrings]])('%s', (_n, s) => {
    expect(keyPaths(s.zh)).toEqual(keyPaths(s.en));
  });
});
