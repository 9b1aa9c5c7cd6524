import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Observation } from '../../kit/market-data/series';
import { convert, crossTable, currenciesOf, paritiesOf, parityOf, paritySeriesOf, type ParitySeries } from './model';

const fix = (id: string, value: number, date = '2026-11-20'): Observation => ({ id, value, date, asOf: date, source: 'sample snapshot', sourceKind: 'sample' });

const SERIES: ParitySeries[] = [
  { id: 'fxfix.CP.USDCNY', pair: 'USDCNY', per: 1 },
  { id: 'fxfix.CP.EURCNY', pair: 'EURCNY', per: 1 },
  { id: 'fxfix.CP.JPYCNY', pair: 'JPYCNY', per: 100 },
  { id: 'fxfix.CP.CNYRUB', pair: 'CNYRUB', per: 1 },
];
const FIXINGS = new Map([
  ['fxfix.CP.USDCNY', fix('fxfix.CP.USDCNY', 7.085)],
  ['fxfix.CP.EURCNY', fix('fxfix.CP.EURCNY', 8.2327)],
  ['fxfix.CP.JPYCNY', fix('fxfix.CP.JPYCNY', 4.6489)],
  ['fxfix.CP.CNYRUB', fix('fxfix.CP.CNYRUB', 11.2)],
]);
const P = paritiesOf(SERIES, FIXINGS);

const ok = (r: ReturnType<typeof convert>) => {
  if (!r.ok) throw new Error(`expected a conversion, got ${JSON.stringify(r.error)}`);
  return r.value;
};

describe('central parities', () => {
  it('reads XXX/CNY per unit, per 100 units, and CNY/XXX quotes as CNY per one unit', () => {
    expect(P.get('USD')!.cnyPerUnit).toBe(7.085);
    expect(P.get('JPY')!.cnyPerUnit).toBe(4.6489 / 100);
    expect(P.get('RUB')!.cnyPerUnit).toBe(1 / 11.2);
    expect(currenciesOf(P)).toEqual(['CNY', 'EUR', 'JPY', 'RUB', 'USD']);
  });
  it('ignores non-positive fixings and pairs without CNY', () => {
    expect(parityOf({ id: 'x', pair: 'USDCNY', per: 1 }, fix('x', 0))).toBeNull();
    expect(parityOf({ id: 'x', pair: 'EURUSD', per: 1 }, fix('x', 1.1))).toBeNull();
  });
  it('takes the central parity series from the catalogue', () => {
    expect(paritySeriesOf([
      { id: 'fxfix.CP.JPYCNY', kind: 'fxFixing', pair: 'JPYCNY', per: 100 },
      { id: 'fxfix.CLOSE.USDCNY', kind: 'fxFixing', pair: 'USDCNY' },
      { id: 'fx.USDCNY', kind: 'fxSpot', pair: 'USDCNY' },
    ])).toEqual([{ id: 'fxfix.CP.JPYCNY', pair: 'JPYCNY', per: 100 }]);
  });
});

describe('conversion', () => {
  it('converts into CNY at the fixing itself and out of CNY at its inverse', () => {
    const a = ok(convert({ from: 'USD', to: 'CNY', amount: 1_000_000 }, P));
    expect(a.rate).toBe(7.085);
    expect(a.converted).toBe(7_085_000);
    expect(a.asOf).toBe('2026-11-20');
    expect(a.legs).toHaveLength(1);
    expect(a.legs[0]).toMatchObject({ from: 'USD', to: 'CNY', quoted: 7.085, op: 'multiply' });
    const b = ok(convert({ from: 'CNY', to: 'USD', amount: 7_085_000 }, P));
    expect(b.rate).toBe(1 / 7.085);
    expect(b.legs[0]).toMatchObject({ from: 'CNY', to: 'USD', op: 'divide' });
  });
  it('respects the per-100 JPY quote', () => {
    const r = ok(convert({ from: 'JPY', to: 'CNY', amount: 1_000_000 }, P));
    expect(r.converted).toBeCloseTo(46_489, 9);
    expect(r.legs[0]).toMatchObject({ quoted: 4.6489, per: 100 });
  });
  it('crosses two non-CNY currencies through CNY on the same date', () => {
    const r = ok(convert({ from: 'USD', to: 'EUR', amount: 100 }, P));
    expect(r.rate).toBeCloseTo(7.085 / 8.2327, 14);
    expect(r.legs.map((l) => `${l.from}>${l.to}`)).toEqual(['USD>CNY', 'CNY>EUR']);
    expect(r.legs[1].op).toBe('divide');
    expect(r.datesDiffer).toBe(false);
    const rub = ok(convert({ from: 'USD', to: 'RUB', amount: 1 }, P));
    expect(rub.rate).toBeCloseTo(7.085 * 11.2, 12);
    expect(rub.legs[1]).toMatchObject({ from: 'CNY', to: 'RUB', op: 'multiply' });
  });
  it('gives the reverse rate as exactly 1 / rate in the canonical direction', () => {
    for (const [a, b] of [['EUR', 'USD'], ['USD', 'CNY'], ['EUR', 'JPY'], ['EUR', 'RUB'], ['JPY', 'CNY']]) {
      const fwd = ok(convert({ from: a, to: b, amount: 1 }, P));
      const back = ok(convert({ from: b, to: a, amount: 1 }, P));
      expect(back.rate).toBe(1 / fwd.rate);
      expect(fwd.inverse).toBe(back.rate);
    }
  });
  it('round trips and crosses consistently for any fixings', () => {
    const ccys = ['CNY', 'EUR', 'JPY', 'RUB', 'USD'];
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1000, noNaN: true }), fc.double({ min: 0.01, max: 1000, noNaN: true }), fc.double({ min: 0.01, max: 1000, noNaN: true }), fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.constantFrom(...ccys), fc.constantFrom(...ccys), fc.constantFrom(...ccys),
        (usd, eur, jpy, rub, a, b, c) => {
          const p = paritiesOf(SERIES, new Map([
            ['fxfix.CP.USDCNY', fix('fxfix.CP.USDCNY', usd)], ['fxfix.CP.EURCNY', fix('fxfix.CP.EURCNY', eur)],
            ['fxfix.CP.JPYCNY', fix('fxfix.CP.JPYCNY', jpy)], ['fxfix.CP.CNYRUB', fix('fxfix.CP.CNYRUB', rub)],
          ]));
          const ab = ok(convert({ from: a, to: b, amount: 1 }, p)).rate;
          const ba = ok(convert({ from: b, to: a, amount: 1 }, p)).rate;
          const bc = ok(convert({ from: b, to: c, amount: 1 }, p)).rate;
          const ac = ok(convert({ from: a, to: c, amount: 1 }, p)).rate;
          expect(Math.abs(ab * ba - 1)).toBeLessThan(1e-14);
          expect(Math.abs(ab * bc / ac - 1)).toBeLessThan(1e-13);
        },
      ),
    );
  });
  it('is the identity for one currency', () => {
    const r = ok(convert({ from: 'EUR', to: 'EUR', amount: 5 }, P));
    expect(r).toMatchObject({ rate: 1, inverse: 1, converted: 5, legs: [] });
  });
  it('says the older date when one fixing is missing on the newest date', () => {
    const p = paritiesOf(SERIES, new Map([['fxfix.CP.USDCNY', fix('fxfix.CP.USDCNY', 7.085, '2026-11-20')], ['fxfix.CP.EURCNY', fix('fxfix.CP.EURCNY', 8.23, '2026-11-19')]]));
    const r = ok(convert({ from: 'USD', to: 'EUR', amount: 1 }, p));
    expect(r.asOf).toBe('2026-11-19');
    expect(r.datesDiffer).toBe(true);
  });
});

describe('errors', () => {
  it('names what is missing', () => {
    expect(convert({ from: null, to: 'USD', amount: 1 }, P)).toEqual({ ok: false, error: { code: 'noCurrency', which: 'from' } });
    expect(convert({ from: 'USD', to: null, amount: 1 }, P)).toEqual({ ok: false, error: { code: 'noCurrency', which: 'to' } });
    expect(convert({ from: 'USD', to: 'EUR', amount: null }, P)).toEqual({ ok: false, error: { code: 'noAmount' } });
    expect(convert({ from: 'USD', to: 'THB', amount: 1 }, P)).toEqual({ ok: false, error: { code: 'noParity', ccy: 'THB' } });
    expect(convert({ from: 'USD', to: 'EUR', amount: 1 }, new Map())).toEqual({ ok: false, error: { code: 'noData' } });
  });
});

describe('presentation helpers', () => {
  it('lists the amount in every other currency', () => {
    const rows = crossTable('USD', 10, P);
    expect(rows.map((r) => r.ccy)).toEqual(['CNY', 'EUR', 'JPY', 'RUB']);
    expect(rows[0]).toMatchObject({ ccy: 'CNY', rate: 7.085, converted: 70.85 });
  });
});
