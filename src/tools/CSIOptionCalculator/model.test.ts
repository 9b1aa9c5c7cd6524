import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { runCsiRequest, type CsiRow } from '../../pricing-core/engines/csi-option-calculator';
import { strings } from './i18n';
import { chartPrices, contractMonths, CSI_MARKETS, fromReply, marketFill, marketOf, modelKeys, nearStrike, optionRequest, seriesIds, switchContract, toCall, volAt, type ScreenInputs } from './model';
import { DEFAULTS } from './state';

const base: ScreenInputs = {
  ...DEFAULTS, contract: 'M', exercise: 'american', method: 'qdfp', type: 'put', expiry: '2026-12-07', valuationDate: '2026-11-24',
  underlyingPrice: 2958, strike: 3000, vol: 20, r: 1.8, q: 0, quantity: 2, marketPrice: null,
};

const call = (i: ScreenInputs) => {
  const p = toCall(i);
  if (!('call' in p)) throw new Error(JSON.stringify(p.invalid));
  return p.call;
};

describe('CSI option model', () => {
  it('has the same keys in zh and en', () => expect(keyPaths(strings.zh)).toEqual(keyPaths(strings.en)));

  it('interpolates ATM vol in total variance, flat outside the tenors', () => {
    const pts = [[1 / 12, 20], [0.25, 22]] as const;
    expect(volAt(0.01, pts)).toBe(20);
    expect(volAt(2, pts)).toBe(22);
    expect(volAt(0.25, pts)).toBeCloseTo(22, 12);
    const t = 1 / 6;
    const w1 = (1 / 12) * 0.2 ** 2; // total variance at 1M (vol 20 %)
    const expected = Math.sqrt((w1 + ((t - 1 / 12) / (0.25 - 1 / 12)) * (0.25 * 0.22 ** 2 - w1)) / t) * 100;
    expect(volAt(t, pts)).toBeCloseTo(expected, 10);
    expect(volAt(0.5, [])).toBeNull();
  });

  it('rounds a price to a listed-looking strike', () => {
    expect(nearStrike(4552.3)).toBe(4550);
    expect(nearStrike(3.052)).toBe(3.05);
    expect(nearStrike(930.5)).toBe(930);
  });

  it('lists contract months with the exchange rule expiry, and says when the rule cannot', () => {
    const io = contractMonths('IO', '2026-11-24');
    const dec = io.find((m) => m.month === '2026-12');
    expect(dec?.expiry).toBe('2026-12-18'); // third Friday
    expect(io.find((m) => m.month === '2027-03')?.expiry).toBeNull(); // no 2027 exchange calendar yet
    // the November contract expired on 2026-11-20: not offered
    expect(io.some((m) => m.month === '2026-11')).toBe(false);
  });

  it('fills from market figures: price, rate, dividend yield, vol at the expiry', () => {
    const m = marketOf('IO')!;
    const v = new Map<string, number>([['idx.CSI300', 4552.3], ['rate.SHIBOR.3M', 1.6], ['divy.CSI300', 2.3], ['vol.CSI300.1M.ATM', 18.5], ['vol.CSI300.2M.ATM', 19]]);
    const f = marketFill(m, (id) => v.get(id), '2026-11-24', '2026-12-18');
    expect(f).toMatchObject({ underlyingPrice: 4552.3, r: 1.6, q: 2.3, vol: 18.5 });
    expect(seriesIds(m)).toContain('vol.CSI300.1Y.ATM');
    expect(marketFill(marketOf('AU')!, () => undefined, '2026-11-24', null)).toEqual({ q: 0 });
    expect(CSI_MARKETS.every((x) => seriesIds(x).length >= 6)).toBe(true);
  });

  it('refuses bad input with a message naming the field', () => {
    expect(toCall({ ...base, strike: null })).toEqual({ invalid: { key: 'csiOption:errors.field', values: { field: 'csiOption:strike' } } });
    expect(toCall({ ...base, underlyingPrice: -1 })).toMatchObject({ invalid: { values: { field: 'csiOption:underlyingPrice' } } });
    expect(toCall({ ...base, expiry: '2026-11-01' })).toEqual({ invalid: { key: 'csiOption:errors.expired' } });
    expect(toCall({ ...base, contract: 'XX' })).toEqual({ invalid: { key: 'csiOption:errors.contract' } });
  });

  it('prices an American futures put at or above the European, per contract = per unit x multiplier', () => {
    const c = call(base);
    const shown = fromReply(runCsiRequest(c.content) as never, base);
    expect(shown.row.value).toBeGreaterThanOrEqual(shown.row.european);
    expect(shown.row.earlyExercisePremium).toBeGreaterThan(0);
    expect(shown.row.premiumPerContract).toBeCloseTo(shown.row.value * 10, 10);
    expect(shown.row.position.premium).toBeCloseTo(shown.row.value * 20, 10);
    // row 0 is exactly the single-option request (what the e2e check runs in Node)
    const single = runCsiRequest((optionRequest(base) as { request: object }).request) as CsiRow;
    expect(shown.row.value).toBe(single.value);
    expect(shown.chart.x.length).toBe(chartPrices(2958).length);
    expect(shown.chart.today.every((v) => v >= 0)).toBe(true);
  });

  it('round-trips the implied vol from a market price', () => {
    const priced = fromReply(runCsiRequest(call(base).content) as never, base).row.value;
    const i = { ...base, vol: 30, marketPrice: priced };
    const shown = fromReply(runCsiRequest(call(i).content) as never, i);
    expect(shown.implied && 'vol' in shown.implied ? shown.implied.vol : NaN).toBeCloseTo(20, 6);
    const below = { ...base, marketPrice: 1 }; // under intrinsic (42): no vol gives it
    const bad = fromReply(runCsiRequest(call(below).content) as never, below);
    expect(bad.implied && 'error' in bad.implied ? bad.implied.error : '').toMatch(/inverse result cannot be obtained/);
  });

  it('names the model', () => {
    expect(modelKeys('futures', 'european', 'qdfp')).toEqual(['model.black76']);
    expect(modelKeys('futures', 'american', 'baw')).toEqual(['model.black76', 'model.baw']);
    expect(modelKeys('index', 'american', 'qdfp')).toEqual(['model.bsm', 'model.qdfp']);
    for (const lang of ['zh', 'en'] as const) {
      const model = (strings[lang] as { model: Record<string, string> }).model;
      for (const k of ['black76', 'bsm', 'qdfp', 'baw', 'bjerksund_stensland_2002', 'numerical']) expect(model[k]).toBeTruthy();
    }
  });
});

describe('a change of contract reloads its market (issue 20)', () => {
  it('drops the previous underlying\'s price, strike, vol and dividend yield, then fills from the new market', () => {
    const m = { ...DEFAULTS, contract: 'IO', underlyingPrice: 3950, strike: 4000, vol: 18, r: 1.8, q: 2.1, marketPrice: 55, expiry: '2026-12-18', month: '2026-12' };
    const next = switchContract(m, 'AU')!;
    expect(next).toMatchObject({ contract: 'AU', exercise: 'american', underlyingPrice: null, strike: null, vol: null, q: null, marketPrice: null, expiry: null, month: null, r: 1.8 });
    // Nothing of CSI300 is priced against gold: without its figures the call is refused.
    expect('invalid' in toCall({ ...next, expiry: '2026-12-24', valuationDate: '2026-11-24' })).toBe(true);
    // The fill from the new contract's series gives its own price and vol.
    const au = marketOf('AU')!;
    const fig: Record<string, number> = { [au.underlying]: 612.4, 'rate.SHIBOR.3M': 1.6, 'vol.AU.1M.ATM': 15, 'vol.AU.3M.ATM': 16 };
    const f = marketFill(au, (id) => fig[id], '2026-11-24', '2026-12-24');
    expect(f.underlyingPrice).toBe(612.4);
    expect(f.vol).toBeCloseTo(15, 6);
    expect(switchContract(m, 'IO')).toBe(m);
    expect(switchContract(m, 'nope')).toBeNull();
  });
});
