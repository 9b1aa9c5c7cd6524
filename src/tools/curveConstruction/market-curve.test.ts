import { describe, expect, it } from 'vitest';
import { REPRICING_TOLERANCE, inputRows, nodeRows, parseExtra } from './model';
import { buildOnScreen, defaultSettings, instrumentRows, isEnabled, marketDefinition, savedCurve, buildPair, toDefinition, type MarketQuotes } from './market-curve';
import { tenorYears } from '../../kit/market-data/pillars';

// Figures shaped like the market-data replies (percent), as of a Friday.
const asOf = '2026-11-20';
const q = (id: string, tenor: string, value: number) => ({ id, tenor, value, date: asOf });
const FR007: MarketQuotes = {
  fixing: { id: 'rate.FR007', value: 1.48, date: asOf },
  deposits: [q('depo.CNY.3M', '3M', 1.57), q('depo.CNY.1Y', '1Y', 1.63)],
  swaps: [['1M', 1.48], ['3M', 1.49], ['6M', 1.5], ['9M', 1.51], ['1Y', 1.52], ['2Y', 1.55], ['3Y', 1.58], ['4Y', 1.62], ['5Y', 1.66], ['7Y', 1.74], ['10Y', 1.82]]
    .map(([t, v]) => q(`irs.FR007.${t}`, t as string, v as number)),
};

describe('market quotes -> curve definition', () => {
  it('takes the fixing and the swaps, deposits off by default, quotes as decimals', () => {
    const rows = instrumentRows(FR007, defaultSettings());
    expect(rows.map((r) => r.key)).toEqual(['fixing', 'deposit:3M', 'deposit:1Y', ...FR007.swaps.map((s) => `swap:${s.tenor}`)]);
    expect(rows.filter((r) => isEnabled(r, [])).length).toBe(12);
    const def = marketDefinition('FR007', FR007)!;
    expect(def.asOf).toBe(asOf);
    expect(def.instruments[0]).toMatchObject({ type: 'fixing', quote: 0.0148, enabled: true });
  });

  it('builds every index convention and reprices every input below 1e-10, under all interpolations', () => {
    for (const interpolation of ['logLinearDiscount', 'linearZero', 'naturalCubicZero'] as const) {
      const def = { ...marketDefinition('FR007', FR007)!, interpolation };
      const c = buildOnScreen(def);
      expect(c.maxRepricingError).toBeLessThan(REPRICING_TOLERANCE);
      expect(c.nodes.length).toBe(12);
    }
    const sofr: MarketQuotes = { fixing: { id: 'rate.SOFR', value: 3.62, date: asOf }, deposits: [], swaps: [['1W', 3.62], ['1M', 3.6], ['1Y', 3.38], ['5Y', 3.4], ['30Y', 3.88]].map(([t, v]) => q(`irs.SOFR.${t}`, t as string, v as number)) };
    expect(buildOnScreen(marketDefinition('SOFR', sofr)!).maxRepricingError).toBeLessThan(REPRICING_TOLERANCE);
  });

  it('toggles rows, adds FRAs and futures, and reports a pillar and error per enabled input', () => {
    const s = { ...defaultSettings(), toggled: ['swap:4Y', 'swap:3M', 'deposit:3M'], extras: [parseExtra('fra', '6x9', 1.53)!] };
    const rows = instrumentRows({ ...FR007, swaps: FR007.swaps.filter((x) => x.tenor !== '6M' && x.tenor !== '9M') }, s);
    const def = toDefinition('t', asOf, s, rows);
    const c = buildOnScreen(def);
    const shown = inputRows(rows, (r) => isEnabled(r, s.toggled), c);
    expect(shown.find((r) => r.key === 'swap:4Y')).toMatchObject({ enabled: false, repricingError: null, pillar: null });
    expect(shown.find((r) => r.key === 'deposit:3M')!.enabled).toBe(true);
    expect(shown.find((r) => r.key === 'fra:6x9')!.pillar).toMatch(/^2027-0/);
    expect(Math.max(...shown.filter((r) => r.enabled).map((r) => Math.abs(r.repricingError!)))).toBeLessThan(REPRICING_TOLERANCE);
    expect(nodeRows(c).every((n, i, a) => i === 0 || n.t > a[i - 1].t)).toBe(true);
  });

  it('a typed quote replaces the market one (percent; a future its price)', () => {
    const s = { ...defaultSettings(), overrides: { 'swap:5Y': 1.7 } };
    const rows = instrumentRows(FR007, s);
    expect(rows.find((r) => r.key === 'swap:5Y')).toMatchObject({ overridden: true, typed: 1.7 });
    expect(rows.find((r) => r.key === 'swap:3Y')!.overridden).toBeUndefined();
    const c = buildOnScreen(toDefinition('t', asOf, s, rows));
    expect(inputRows(rows, (r) => isEnabled(r, []), c).find((r) => r.key === 'swap:5Y')).toMatchObject({ quote: 1.7, overridden: true });
  });

  it('refuses bad extras and two instruments on one pillar', () => {
    expect(parseExtra('fra', '9x3', 1.5)).toBeNull();
    expect(parseExtra('future', 'A7', 98)).toBeNull();
    expect(parseExtra('future', 'h7', 98.4)).toEqual({ type: 'future', contract: 'H7', price: 98.4 });
    const s = { ...defaultSettings(), toggled: ['deposit:1Y'] };
    expect(() => buildOnScreen(toDefinition('t', asOf, s, instrumentRows(FR007, s)))).toThrow();
  });

  it('reads a saved payload back and refuses a foreign one', () => {
    const def = marketDefinition('FR007', FR007)!;
    expect(savedCurve({ definition: def, settings: defaultSettings() }).definition).toEqual(def);
    expect(() => savedCurve({ definition: { ...def, index: 'XYZ' } })).toThrow(/index/);
  });

  it('a dual curve: SHIBOR 3M forecast, discounted on the FR007 curve, still reprices its inputs', () => {
    const sh: MarketQuotes = { fixing: { id: 'rate.SHIBOR.3M', value: 1.572, date: asOf }, deposits: [], swaps: [['6M', 1.58], ['1Y', 1.6], ['2Y', 1.63], ['5Y', 1.74], ['10Y', 1.88]].map(([t, v]) => q(`irs.SHIBOR3M.${t}`, t as string, v as number)) };
    const single = buildPair(marketDefinition('SHIBOR3M', sh)!);
    const dual = buildPair(marketDefinition('SHIBOR3M', sh)!, marketDefinition('FR007', FR007)!);
    expect(single.discount).toBe(single.projection);
    expect(dual.projection.discountedBy?.name).toBe(dual.discount.name);
    expect(dual.projection.maxRepricingError).toBeLessThan(REPRICING_TOLERANCE);
    expect(dual.projection.nodes[4].discount).not.toBeCloseTo(single.projection.nodes[4].discount, 6);
  });

  it('tenors as years', () => {
    expect(tenorYears('3M')).toBe(0.25);
    expect(tenorYears('1W')).toBeCloseTo(7 / 365, 15);
    expect(tenorYears('10Y')).toBe(10);
    expect(tenorYears('x')).toBeNaN();
  });
});

// Every index's market curve from the shipped snapshot's latest figures (the screens' first run).
import { readFileSync } from 'node:fs';
import { INDEX_SOURCES, RATE_INDICES } from './market-curve';

describe('the shipped sample market builds every index', () => {
  type Entry = { info: { id: string; tenor?: string; group?: string }; last?: number; observations?: Array<[string, number]> };
  const snap = JSON.parse(readFileSync('server/services/market-data/sample/snapshot.json', 'utf8')) as { asOf: string; series: Entry[] };
  const last = (e: Entry) => e.last ?? e.observations![e.observations!.length - 1][1];
  const group = (g: string) => snap.series.filter((e) => e.info.group === g).map((e) => ({ id: e.info.id, tenor: e.info.tenor, value: last(e), date: snap.asOf }));

  it.each(RATE_INDICES.map((i) => [i]))('%s', (index) => {
    const src = INDEX_SOURCES[index];
    const fx = snap.series.find((e) => e.info.id === src.fixing)!;
    const def = marketDefinition(index, { fixing: { id: src.fixing, value: last(fx), date: snap.asOf }, deposits: group(src.deposits), swaps: group(src.swaps) })!;
    const c = buildOnScreen(def);
    expect(c.maxRepricingError).toBeLessThan(REPRICING_TOLERANCE);
    expect(c.nodes.length).toBe(group(src.swaps).length + 1);
  });
});
