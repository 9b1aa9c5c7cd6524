import { describe, expect, it } from 'vitest';
import snapshot from '../../../server/services/market-data/sample/snapshot.json';
import { benchmarks } from './benchmarks';
import type { SeriesInfo } from './series';

const catalog = (snapshot as unknown as { series: Array<{ info: SeriesInfo }> }).series.map((s) => s.info);
const ALL = ['cnyParity', 'fxFixings', 'fxSpot', 'shibor', 'cnyRates', 'rfr', 'hibor', 'policy', 'cgb'] as const;

describe('benchmark tables from the shipped catalogue', () => {
  const b = Object.fromEntries(benchmarks(catalog, ALL).map((x) => [x.key, x.series.map((s) => s.id)]));
  it('puts every central parity, fixing and index in an FX table', () => {
    expect(b.cnyParity[0]).toBe('fxfix.CP.USDCNY');
    expect(b.cnyParity).toHaveLength(catalog.filter((s) => s.id.startsWith('fxfix.CP.')).length);
    expect(b.fxFixings).toEqual(['fxfix.CLOSE.USDCNY', 'fxfix.TMA.USDCNH', 'fxidx.CFETS']);
  });
  it('orders SHIBOR and CGB by tenor, HIBOR before CNH HIBOR', () => {
    expect(b.shibor).toEqual(['ON', '1W', '2W', '1M', '3M', '6M', '9M', '1Y'].map((t) => `rate.SHIBOR.${t}`));
    expect(b.cgb[0]).toBe('bond.CGB.3M');
    expect(b.cgb.at(-1)).toBe('bond.CGB.50Y');
    expect(b.hibor[0]).toBe('rate.HIBOR.ON');
    expect(b.hibor.indexOf('rate.CNHHIBOR.ON')).toBe(b.hibor.filter((id) => id.startsWith('rate.HIBOR.')).length);
  });
  it('leaves no rate fixing or policy rate out, and none twice', () => {
    const rateIds = catalog.filter((s) => s.kind === 'rateFixing' || s.kind === 'policyRate').map((s) => s.id).sort();
    const shown = [...b.shibor, ...b.cnyRates, ...b.rfr, ...b.hibor, ...b.policy].sort();
    expect(shown).toEqual(rateIds);
    expect(b.cnyRates).toEqual(expect.arrayContaining(['rate.LPR.1Y', 'rate.LPR.5Y', 'rate.FR007', 'rate.DR007']));
    expect(b.rfr).toEqual(expect.arrayContaining(['rate.SOFR', 'rate.ESTR']));
  });
  it('keeps only public series for the public page', () => {
    const pub = benchmarks(catalog.map((s) => (s.id === 'rate.SOFR' ? { ...s, public: false } : s)), ['rfr'], { publicOnly: true })[0];
    expect(pub.series.map((s) => s.id)).not.toContain('rate.SOFR');
  });
});
