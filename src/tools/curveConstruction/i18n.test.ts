import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { ratesStrings, strings as curve } from './i18n';
import { strings as irs } from '../irsCal/i18n';
import { strings as yca } from '../yieldCurveAnalysis/i18n';
import { strings as carry } from '../carryRoll/i18n';

describe('rate screens strings', () => {
  it.each([ratesStrings, curve, irs, yca, carry].map((s) => [s.ns, s] as const))('%s has the same keys in zh and en', (_, s) => {
    expect(keyPaths(s.zh)).toEqual(keyPaths(s.en));
  });

  it('the binding English names of /irsCal (UI-CONTRACT section 5)', () => {
    const en = irs.en as Record<string, string>;
    expect([en.index, en.tenor, en.notional, en.fixedRate, en.direction, en.pay, en.receive, en.npv, en.parRate, en.dv01])
      .toEqual(['Index', 'Tenor', 'Notional', 'Fixed rate', 'Direction', 'Pay fixed', 'Receive fixed', 'NPV', 'Par rate', 'DV01']);
  });
});
