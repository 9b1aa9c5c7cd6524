import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { strikeFromPremium } from './strike-from-premium';
import { blackScholesPrice } from './black-scholes';
import type { OptionType } from '../../core/types';

describe('strike from premium', () => {
  it('inverts the premium in strike for calls and puts', () => {
    fc.assert(fc.property(
      fc.constantFrom<OptionType>('call', 'put'), fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: 0.05, max: 3, noNaN: true }), fc.double({ min: 0.05, max: 0.6, noNaN: true }),
      (type, m, t, vol) => {
        const k = 100 * Math.exp(m * vol * Math.sqrt(t));
        const premium = blackScholesPrice(type, 100, k, t, 0.03, 0.01, vol);
        fc.pre(premium > 1e-8);
        const solved = strikeFromPremium(type, premium, 100, t, 0.03, 0.01, vol);
        expect(Math.abs(blackScholesPrice(type, 100, solved, t, 0.03, 0.01, vol) - premium)).toBeLessThan(1e-10 * 100);
        expect(Math.abs(solved - k) / k).toBeLessThan(1e-8);
      }), { numRuns: 300 });
  });

  it('rejects premiums no strike can produce', () => {
    expect(() => strikeFromPremium('call', 200, 100, 1, 0.03, 0.01, 0.2)).toThrow(/below the discounted spot/);
    expect(() => strikeFromPremium('put', 0, 100, 1, 0.03, 0.01, 0.2)).toThrow(/positive/);
  });
});
