import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFixed, formatFull } from '../format/number';
import { parseAmount, parseNumber, parsePercent } from './parse';

const value = (r: ReturnType<typeof parseAmount>) => (r.ok ? r.value : r.error);

describe('parseAmount', () => {
  it.each([
    ['10m', 10_000_000], ['10M', 10_000_000], ['1.5mio', 1_500_000], ['500k', 500_000], ['2bn', 2e9], ['2 bn', 2e9],
    ['1,000,000', 1e6], ['1 000 000', 1e6], ['1\u00a0000\u00a0000', 1e6], ['1\u202f000', 1000], ["1'000'000", 1e6],
    ['3亿', 3e8], ['500万', 5e6], ['1.2万亿', 1.2e12], ['3千万', 3e7], ['500w', 5e6], ['2.5mm', 2.5e6], ['1 million', 1e6],
    ['-10m', -1e7], ['(1,000)', -1000], ['+7', 7], ['１２，０００', 12000], ['\u22125k', -5000], ['1.1m', 1_100_000], ['8.2m', 8_200_000],
    ['0.1k', 100], ['.5m', 500_000], ['1e6', 1e6], ['1,234.5678', 1234.5678], ['-0', 0],
  ])('%s = %d', (text, expected) => {
    expect(value(parseAmount(text))).toBe(expected);
  });

  it.each([['', 'empty'], ['  ', 'empty'], ['abc', 'invalid'], ['1,00', 'invalid'], ['1.000.000', 'invalid'], ['m', 'invalid'], ['10x', 'invalid'], ['1e999', 'range'], ['--1', 'invalid']])(
    '%j is %s',
    (text, error) => {
      expect(parseAmount(text)).toEqual({ ok: false, error });
    },
  );

  it('scales the decimal text, not a float product (8.2m is exactly 8200000)', () => {
    expect(8.2 * 1e6).not.toBe(8_200_000); // why this matters
    expect(value(parseAmount('8.2m'))).toBe(8_200_000);
    expect(value(parseAmount('1.005mio'))).toBe(1_005_000);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 6 }), (n, dp) => {
      const text = (n / 10 ** dp).toFixed(dp);
      const r = parseAmount(`${text}m`);
      return r.ok && r.value === Number(`${text}e6`);
    }));
  });

  it('reads back every double it formats in full, in both languages', () => {
    fc.assert(fc.property(fc.double({ min: -1e20, max: 1e20, noNaN: true }), fc.constantFrom('zh', 'en' as const), (x, lang) => {
      const r = parseAmount(formatFull(x, lang));
      return r.ok && r.value === (x === 0 ? 0 : x);
    }), { numRuns: 2000 });
  });

  it('reads back its own rounded display within half a unit of the last decimal', () => {
    fc.assert(fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
      const r = parseAmount(formatFixed(x, 2, 'en'));
      return r.ok && Math.abs(r.value - x) <= 0.005 + Math.abs(x) * 1e-15;
    }));
  });
});

describe('parseNumber and parsePercent', () => {
  it('plain numbers take grouping and exponents but no shorthand', () => {
    expect(value(parseNumber('1,234.5'))).toBe(1234.5);
    expect(value(parseNumber('1.5e-3'))).toBe(0.0015);
    expect(value(parseNumber('10m'))).toBe('invalid');
  });
  it('round-trips any double through String', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const r = parseNumber(String(x));
      return r.ok && r.value === (x === 0 ? 0 : x);
    }), { numRuns: 2000 });
  });
  it('percent numbers: 5.5 and 5.5% are 5.5; 25bp is 0.25', () => {
    expect(value(parsePercent('5.5'))).toBe(5.5);
    expect(value(parsePercent('5.5 %'))).toBe(5.5);
    expect(value(parsePercent('-0.25%'))).toBe(-0.25);
    expect(value(parsePercent('25bp'))).toBe(0.25);
    expect(value(parsePercent('12.5 bps'))).toBe(0.125);
    expect(value(parsePercent('%'))).toBe('invalid');
    expect(value(parsePercent('5.5x'))).toBe('invalid');
  });
});
