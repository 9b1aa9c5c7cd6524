import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { ToolFailure } from '../../kit/results/errors';
import type { CurvePoint } from '../../kit/market-data/client';
import { runRateOptionRequest, runSwaptionGridRequest } from '../../pricing-core/engines/rates/rate-option-calculator';
import { strings } from './i18n';
import { DEFAULT_CALC, curveDefinitions, pct, quotesDate, toRateOptionRequest } from './model';
import { matrix, toGridRequest, DEFAULT_MM } from '../irsMarketMaking/model';

const point = (id: string, tenor: string, value: number, date = '2026-11-20'): CurvePoint => ({ id, tenor, value, date, source: 'sample', sourceKind: 'sample', asOf: date });
const fr = ['1M', '3M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y'].map((t, i) => point(`irs.FR007.${t}`, t, 1.48 + 0.04 * i));
const sh = ['6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y'].map((t, i) => point(`irs.SHIBOR3M.${t}`, t, 1.58 + 0.05 * i));
const words = (k: string) => ({ zh: `zh:${k}`, en: `en:${k}` });

describe('rate option model', () => {
  it('curve definitions from irs quotes: percent to decimal, CNY term indices discounted on FR007', () => {
    const single = curveDefinitions('FR007', fr, null, '2026-11-20');
    expect(single).toHaveLength(1);
    expect(single[0].instruments[0]).toEqual({ type: 'swap', tenor: '1M', quote: 0.0148 });
    const dual = curveDefinitions('SHIBOR3M', sh, fr, '2026-11-20');
    expect(dual.map((d) => d.index)).toEqual(['FR007', 'SHIBOR3M']);
    expect(dual[1].discountCurve).toBe(dual[0].name);
  });
  it('the valuation date is the newest quote date', () => {
    expect(quotesDate([point('a', '1Y', 1, '2026-11-19'), point('b', '2Y', 1, '2026-11-20')], '2026-11-24')).toBe('2026-11-20');
    expect(quotesDate([], '2026-11-24')).toBe('2026-11-24');
  });
  it('inputs in percent become decimals; ATM sends no strike; the request prices', () => {
    const req = toRateOptionRequest({ ...DEFAULT_CALC, volModel: 'black', vol: 25, shift: 1 }, curveDefinitions('FR007', fr, null, '2026-11-20'), words);
    expect(req).toMatchObject({ strike: null, vol: { model: 'black', vol: 0.25, shift: 0.01 }, expiry: '1Y', payer: true });
    const r = runRateOptionRequest(req);
    expect(r.npv).toBeGreaterThan(0);
    expect(r.valuationDate).toBe('2026-11-20');
  });
  it('bad inputs fail in both languages before anything is sent', () => {
    const defs = curveDefinitions('FR007', fr, null, '2026-11-20');
    const fails = (patch: object, key: string) => {
      try {
        toRateOptionRequest({ ...DEFAULT_CALC, ...patch }, defs, words);
      } catch (e) {
        expect(e).toBeInstanceOf(ToolFailure);
        expect((e as ToolFailure).words).toEqual(words(key));
        return;
      }
      throw new Error(`no failure for ${key}`);
    };
    fails({ notional: 0 }, 'errors.notional');
    fails({ vol: 0 }, 'errors.vol');
    fails({ atm: false, strike: null }, 'errors.strike');
    fails({ expiry: null }, 'errors.expiry');
    fails({ volModel: 'sabr', rho: 1 }, 'errors.sabr');
    fails({ volModel: 'black', shift: 60 }, 'errors.shift');
  });
  it('percent values carry no float noise', () => {
    expect(pct(0.018)).toBe(1.8);
    expect(pct(0.0175432)).toBe(1.75432);
  });
  it('the market-making request and its heat-map matrix (expiries x tenors)', () => {
    const defs = curveDefinitions('FR007', fr, null, '2026-11-20');
    const reply = runSwaptionGridRequest(toGridRequest(DEFAULT_MM, defs, '2026-11-20', words));
    const m = matrix(reply, (q) => q.volMid);
    expect(m.rows).toEqual(['1M', '3M', '6M', '1Y', '2Y', '3Y', '5Y']);
    expect(m.columns).toEqual(['1Y', '2Y', '3Y', '5Y']);
    expect(m.values.flat().every((v) => v > 0)).toBe(true);
    expect(() => toGridRequest({ ...DEFAULT_MM, halfSpread: -1 }, defs, '2026-11-20', words)).toThrow(ToolFailure);
  });
  it('zh and en strings have the same keys', () => {
    expect(keyPaths(strings.zh)).toEqual(keyPaths(strings.en));
  });
});
