import { describe, expect, it } from 'vitest';
import type { CurvePoint } from '../../kit/market-data';
import type { SeriesInfo } from '../../kit/market-data/series';
import { compareDate, curveChartData, curveChoices, curveDate, curveName, curveRows, tenorsOf } from './model';

const pt = (tenor: string, value: number, date = '2026-11-20'): CurvePoint => ({ id: `irs.FR007.${tenor}`, tenor, value, date, asOf: date, source: 's', sourceKind: 'sample' });

describe('curve names and choices', () => {
  it('names swap, OIS, bond, credit, fixing and deposit curves in both languages', () => {
    expect(curveName('irs.FR007', 'en')).toBe('IRS FR007');
    expect(curveName('irs.SHIBOR3M', 'zh')).toBe('SHIBOR 3M 利率互换');
    expect(curveName('irs.SOFR', 'en')).toBe('SOFR OIS');
    expect(curveName('irs.ESTR', 'en')).toBe('€STR OIS');
    expect(curveName('bond.CGB', 'zh')).toBe('中国国债');
    expect(curveName('credit.MTN.AA+', 'en')).toBe('MTN AA+');
    expect(curveName('rate.CNHHIBOR', 'en')).toBe('CNH HIBOR');
    expect(curveName('depo.USD', 'en')).toBe('USD deposit curve');
  });
  it('offers curves of two points or more, swaps first, never vol surfaces or forward points', () => {
    const groups = [
      { id: 'rate.SHIBOR', size: 8, kind: 'rateFixing' as const },
      { id: 'bond.CGB', size: 12, kind: 'bondYield' as const },
      { id: 'irs.FR007', size: 11, kind: 'swapRate' as const },
      { id: 'vol.USDCNY', size: 40, kind: 'vol' as const },
      { id: 'fwd.USDCNY', size: 12, kind: 'fxForwardPoints' as const },
      { id: 'rate.X', size: 1, kind: 'rateFixing' as const },
    ];
    expect(curveChoices(groups, 'en').map((c) => c.value)).toEqual(['irs.FR007', 'bond.CGB', 'rate.SHIBOR']);
  });
});

describe('comparison date', () => {
  it('goes back from the date of curve A', () => {
    expect(compareDate('prev', '2026-11-20', null)).toBe('2026-11-19');
    expect(compareDate('1W', '2026-11-20', null)).toBe('2026-11-13');
    expect(compareDate('1M', '2026-03-31', null)).toBe('2026-02-28');
    expect(compareDate('1Y', '2026-11-20', null)).toBe('2025-11-20');
    expect(compareDate('custom', '2026-11-20', '2026-06-30')).toBe('2026-06-30');
    expect(compareDate('custom', '2026-11-20', null)).toBeNull();
  });
  it('takes the newest point date as the curve date', () => {
    expect(curveDate([pt('1Y', 1, '2026-11-19'), pt('5Y', 1, '2026-11-20')])).toBe('2026-11-20');
    expect(curveDate(undefined)).toBeNull();
  });
});

describe('curve rows', () => {
  it('joins both curves by tenor in tenor order with the change in bp', () => {
    const rows = curveRows([pt('5Y', 1.66), pt('1Y', 1.52), pt('6M', 1.5)], [pt('1Y', 1.5, '2026-10-20'), pt('5Y', 1.7, '2026-10-20'), pt('10Y', 1.8, '2026-10-20')]);
    expect(rows.map((r) => r.tenor)).toEqual(['6M', '1Y', '5Y', '10Y']);
    expect(rows[1].changeBp).toBeCloseTo(2, 10);
    expect(rows[2].changeBp).toBeCloseTo(-4, 10);
    expect(rows[0]).toMatchObject({ b: null, changeBp: null });
    expect(rows[3]).toMatchObject({ a: null, b: 1.8, bDate: '2026-10-20' });
    const [x, a, b] = curveChartData(rows);
    expect(x[1]).toBeCloseTo(1, 2);
    expect(x[3]).toBeCloseTo(10, 2);
    expect(a).toEqual([1.5, 1.52, 1.66, null]);
    expect(b).toEqual([null, 1.5, 1.7, 1.8]);
  });
  it('lists a curve’s tenors from the catalogue', () => {
    const info = (id: string, tenor: string): SeriesInfo => ({ id, tenor, group: 'irs.FR007', kind: 'swapRate', nameZh: '', nameEn: '', unit: 'pct', decimals: 4, calendar: 'CN', intraday: false, public: false, source: '', sourceKind: 'sample' });
    expect(tenorsOf([info('irs.FR007.5Y', '5Y'), info('irs.FR007.1Y', '1Y')], 'irs.FR007').map((t) => t.tenor)).toEqual(['1Y', '5Y']);
  });
});
