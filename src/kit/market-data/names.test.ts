import { describe, expect, it } from 'vitest';
import { isStepped, pairName, shortName } from './names';
import type { SeriesInfo } from './series';

const info = (o: Partial<SeriesInfo>): SeriesInfo => ({ id: 'x.y', kind: 'rateFixing', nameZh: '中', nameEn: 'En', unit: 'pct', decimals: 4, calendar: 'CN', intraday: false, public: true, source: 's', sourceKind: 'sample', ...o });

describe('series names', () => {
  it('names pairs with their quote unit', () => {
    expect(pairName('USDCNY')).toBe('USD/CNY');
    expect(pairName('JPYCNY', 100)).toBe('100JPY/CNY');
    expect(shortName(info({ id: 'fxfix.CP.JPYCNY', kind: 'fxFixing', pair: 'JPYCNY', per: 100 }), 'en')).toBe('100JPY/CNY');
    expect(shortName(info({ id: 'fx.EURUSD', kind: 'fxSpot', pair: 'EURUSD' }), 'zh')).toBe('EUR/USD');
  });
  it('names closes and fixings by pair, indices and unknown fixings by the catalogue, in the language', () => {
    expect(shortName(info({ id: 'fxfix.CLOSE.USDCNY', kind: 'fxFixing', pair: 'USDCNY' }), 'zh')).toBe('USD/CNY 16:30 收盘价');
    expect(shortName(info({ id: 'fxfix.TMA.USDCNH', kind: 'fxFixing', pair: 'USDCNH' }), 'en')).toBe('USD/CNH TMA fixing');
    expect(shortName(info({ id: 'fxfix.WMR.USDCNY', kind: 'fxFixing', pair: 'USDCNY', nameEn: 'WM/R 4pm' }), 'en')).toBe('WM/R 4pm');
    expect(shortName(info({ id: 'fxidx.CFETS', kind: 'fxIndex', nameZh: 'CFETS人民币汇率指数' }), 'zh')).toBe('CFETS人民币汇率指数');
  });
  it('names policy rates by short bank and rate', () => {
    expect(shortName(info({ id: 'policy.FED.UPPER', kind: 'policyRate' }), 'en')).toBe('Fed target upper');
    expect(shortName(info({ id: 'policy.PBOC.RR7D', kind: 'policyRate' }), 'zh')).toBe('人民银行 7天逆回购');
    expect(shortName(info({ id: 'policy.SNB.POLICY', kind: 'policyRate', nameEn: 'SNB policy rate' }), 'en')).toBe('SNB policy rate');
  });
  it('names rate fixings, swaps and bonds by index and tenor', () => {
    expect(shortName(info({ id: 'rate.SHIBOR.3M' }), 'en')).toBe('SHIBOR 3M');
    expect(shortName(info({ id: 'rate.FR007' }), 'zh')).toBe('FR007');
    expect(shortName(info({ id: 'rate.CNHHIBOR.ON' }), 'en')).toBe('CNH HIBOR ON');
    expect(shortName(info({ id: 'irs.SHIBOR3M.5Y', kind: 'swapRate' }), 'en')).toBe('SHIBOR 3M 5Y');
    expect(shortName(info({ id: 'bond.CGB.10Y', kind: 'bondYield' }), 'en')).toBe('CGB 10Y');
  });
  it('draws policy rates and LPR as steps', () => {
    expect(isStepped(info({ id: 'policy.FED.UPPER', kind: 'policyRate' }))).toBe(true);
    expect(isStepped(info({ id: 'rate.LPR.1Y', group: 'rate.LPR' }))).toBe(true);
    expect(isStepped(info({ id: 'rate.SHIBOR.3M', group: 'rate.SHIBOR' }))).toBe(false);
    expect(isStepped(undefined)).toBe(false);
  });
});
