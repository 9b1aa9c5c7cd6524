// The trade ledger: FXLEDGER's figures against independent computations from the same market
// figures (forward, swap, option by QuantLib and by the option calculator's core), the
// reporting-currency conversion, the row check with line numbers, and the request built from
// an MD.FXMARKET reply.
import { describe, expect, it } from 'vitest';
import type { FxMarketReply } from '../../kit/market-data';
import { normCdf } from '../../pricing-core/math/normal';
import { rowsFromTable } from '../../kit/grid/io';
import type { GridColumn } from '../../kit/grid';
import { fromISO } from '../../pricing-core/dates/date';
import { priceFxVanilla } from '../../pricing-core/engines/fx/fx-conventions';
import { conversionRate, runFxLedgerRequest, type LedgerPairMarket, type LedgerRequest } from '../../pricing-core/engines/fx-ledger';
import { peerEuropean, peerMarket, setMarket } from '../../pricing-core/testing/quantlib-peer';
import { answerLocally } from '../../kit/pricing/offline-core';
import { buildRequest, checkRows, conversionPairs, INPUT_KEYS, normalizeRow, pairMarketOf, problemWords, sampleLedger, type LedgerGridRow, type WordTable } from './model';
import { strings } from './i18n';

const VAL = '2026-11-24';
const day = (iso: string) => fromISO(iso) - fromISO(VAL);

// USDCNY as dated curves: spot for 2026-11-26, points to 1Y, deposits (simple, ACT/360 USD, ACT/365 CNY).
const USDCNY: LedgerPairMarket = {
  spot: 7.118, spotDate: '2026-11-26', pipsPerUnit: 10_000,
  points: [{ date: '2026-12-28', pips: -120 }, { date: '2027-02-26', pips: -330 }, { date: '2027-05-26', pips: -640 }, { date: '2027-11-26', pips: -1250 }],
  quoteRates: [{ date: '2026-11-25', rate: 0.0138 }, { date: '2027-02-26', rate: 0.0157 }, { date: '2027-11-26', rate: 0.0163 }],
  baseRates: [{ date: '2026-11-25', rate: 0.0362 }, { date: '2027-02-26', rate: 0.0355 }, { date: '2027-11-26', rate: 0.034 }],
  smiles: [{ t: 0.25, atm: 0.0375, rr25: 0.005, bf25: 0.0015 }, { t: 1, atm: 0.0425, rr25: 0.0085, bf25: 0.002 }],
};
const EURUSD: LedgerPairMarket = { spot: 1.162 };

const req = (trades: unknown[], extra: Partial<LedgerRequest> = {}): LedgerRequest => ({ valuationDate: VAL, reportingCurrency: 'CNY', markets: { USDCNY, EURUSD }, trades, ...extra });
const value = (trades: unknown[], extra: Partial<LedgerRequest> = {}) => runFxLedgerRequest(req(trades, extra) as never);

/** Independent: linear interpolation of the quoted figures by date, then the textbook formulas. */
function lin(xs: Array<{ date: string; v: number }>, iso: string): number {
  const d = fromISO(iso);
  if (d <= fromISO(xs[0].date)) return xs[0].v;
  for (let i = 1; i < xs.length; i++) {
    const a = fromISO(xs[i - 1].date), b = fromISO(xs[i].date);
    if (d <= b) return xs[i - 1].v + ((xs[i].v - xs[i - 1].v) * (d - a)) / (b - a);
  }
  return xs[xs.length - 1].v;
}
const fwdOf = (iso: string) => 7.118 + lin([{ date: '2026-11-26', v: 0 }, ...USDCNY.points!.map((p) => ({ date: p.date, v: p.pips }))], iso) / 10_000;
const dfCny = (iso: string) => 1 / (1 + lin(USDCNY.quoteRates!.map((p) => ({ date: p.date, v: p.rate })), iso) * day(iso) / 365);
const dfUsd = (iso: string) => 1 / (1 + lin(USDCNY.baseRates!.map((p) => ({ date: p.date, v: p.rate })), iso) * day(iso) / 360);

const fwd = { id: 'F1', type: 'forward', pair: 'USDCNY', direction: 'buy', notional: 10_000_000, rate: 7.05, valueDate: '2027-04-15' };

describe('FXLEDGER valuation', () => {
  it('a forward: MTM = N (F_mkt - K) DF_quote, from the swap points and the CNY deposit curve', () => {
    const r = value([fwd]).rows[0];
    const F = fwdOf('2027-04-15'), df = dfCny('2027-04-15');
    expect(r.status).toBe('valued');
    expect(r.marketRate).toBeCloseTo(F, 12);
    expect(r.df).toBeCloseTo(df, 14);
    expect(r.mtm).toBeCloseTo(10_000_000 * (F - 7.05) * df, 6);
    expect(r.delta).toBeCloseTo(10_000_000 * dfUsd('2027-04-15'), 6);
    // sold: the opposite
    expect(value([{ ...fwd, direction: 'sell' }]).rows[0].mtm).toBeCloseTo(-r.mtm!, 8);
  });

  it('a forward past the quoted points is valued by money-market parity on the deposit curves', () => {
    const r = value([{ ...fwd, valueDate: '2028-05-26' }]).rows[0];
    const n = fromISO('2028-05-26') - fromISO('2026-11-26');
    const F = (7.118 * (1 + 0.0163 * n / 365)) / (1 + 0.034 * n / 360);
    expect(r.marketRate).toBeCloseTo(F, 12);
  });

  it('a swap is its two legs (near buy, far sell), and a settled near leg is flagged, not valued', () => {
    const swap = { id: 'S1', type: 'swap', pair: 'USDCNY', direction: 'buy', notional: 5e6, rate: 7.11, valueDate: '2026-12-28', farRate: 7.06, farDate: '2027-05-26' };
    const [s, near, far] = value([swap, { ...fwd, id: 'n', notional: 5e6, rate: 7.11, valueDate: '2026-12-28' }, { ...fwd, id: 'f', direction: 'sell', notional: 5e6, rate: 7.06, valueDate: '2027-05-26' }]).rows;
    expect(s.mtm).toBeCloseTo(near.mtm! + far.mtm!, 6);
    expect(s.nearMtm).toBeCloseTo(near.mtm!, 8);
    expect(s.farMtm).toBeCloseTo(far.mtm!, 8);
    const late = value([{ ...swap, valueDate: '2026-11-20' }]).rows[0];
    expect(late.nearSettled).toBe(true);
    expect(late.mtm).toBeCloseTo(far.mtm!, 8);
  });

  it('expired trades are flagged and left out of the totals', () => {
    const r = value([{ ...fwd, valueDate: '2026-11-20' }, fwd]);
    expect(r.rows[0].status).toBe('expired');
    expect(r.rows[0].mtm).toBeUndefined();
    expect(r.totals).toMatchObject({ valued: 1, expired: 1, failed: 0 });
    expect(r.totals.mtmReporting).toBeCloseTo(r.rows[1].mtmReporting!, 8);
  });

  it('an option equals QuantLib (Garman-Kohlhagen) and the option calculator\'s core for the same inputs', () => {
    const opt = { id: 'O1', type: 'option', pair: 'USDCNY', direction: 'buy', notional: 1e6, rate: 7.2, optionType: 'call', expiry: '2027-05-24', valueDate: '2027-05-26', premium: 30_000, premiumCurrency: 'CNY' };
    const r = value([opt]).rows[0];
    // The desk's one rule (as /optionCalculator): the premium for value spot,
    // e^{-rd (tD - tS)} Black(F(D), K, vol, tE), F(D) the market outright to delivery
    // (2027-05-26 is a quoted point: -640 pips), rd = -ln DF_CNY(D) / tD.
    const days = day('2027-05-24'), tE = days / 365, tD = day('2027-05-26') / 365, tS = day('2026-11-26') / 365;
    const F = 7.118 - 0.064;
    const rd = -Math.log(dfCny('2027-05-26')) / tD;
    const disc = Math.exp(-rd * (tD - tS));
    const vol = r.vol!;
    expect(vol).toBeGreaterThan(0.03);
    expect(r.marketRate).toBeCloseTo(F, 12);
    // Black-Scholes inputs giving that discount and that forward over tE, checked against QuantLib.
    const rdB = -Math.log(disc) / tE, rfB = rdB - Math.log(F / 7.118) / tE;
    const ql = peerMarket();
    setMarket(ql, 7.118, rdB, rfB, vol);
    const peer = peerEuropean(ql, 'call', 7.2, days);
    expect(r.mtm).toBeCloseTo(1e6 * peer.npv, 4);
    expect(r.delta).toBeCloseTo(1e6 * peer.delta, 4);
    expect(r.vega).toBeCloseTo((1e6 * peer.vega) / 100, 4);
    const sd = vol * Math.sqrt(tE), d1 = Math.log(F / 7.2) / sd + sd / 2;
    expect(r.mtm! / (1e6 * disc * (F * normCdf(d1) - 7.2 * normCdf(d1 - sd))) - 1).toBeLessThan(1e-12);
    const core = priceFxVanilla('call', 7.2, { spot: 7.118, t: tE, rd: rdB, rf: rfB, vol }, 1e6);
    expect(r.mtm).toBeCloseTo(core.domAmount, 6);
    expect(r.premiumIncl).toBeCloseTo(r.mtm! - 30_000, 6);
    // sold, premium received in USD (base): + premium x spot
    const sold = value([{ ...opt, direction: 'sell', premium: 4000, premiumCurrency: 'USD' }]).rows[0];
    expect(sold.premiumIncl).toBeCloseTo(-r.mtm! + 4000 * 7.118, 6);
  });

  it('converts into the reporting currency at spot: direct, inverse, through USD', () => {
    const spots = new Map([['USDCNY', 7.118], ['EURUSD', 1.162]]);
    expect(conversionRate('USD', 'CNY', spots)).toBe(7.118);
    expect(conversionRate('CNY', 'USD', spots)).toBeCloseTo(1 / 7.118, 15);
    expect(conversionRate('EUR', 'CNY', spots)).toBeCloseTo(1.162 * 7.118, 12);
    expect(conversionRate('JPY', 'CNY', spots)).toBeNull();
    const eur = { ...fwd, id: 'E', pair: 'EURUSD', rate: 1.15, valueDate: '2026-11-26', type: 'spot' };
    const r = value([eur], { markets: { USDCNY, EURUSD: { ...EURUSD, spotDate: '2026-11-26', quoteRates: [{ date: '2027-01-01', rate: 0.036 }], baseRates: [{ date: '2027-01-01', rate: 0.019 }] } } });
    const row = r.rows[0];
    expect(row.quoteCurrency).toBe('USD');
    expect(row.mtmReporting).toBeCloseTo(row.mtm! * 7.118, 8);
    expect(r.conversion.USD).toBe(7.118);
    const inUsd = value([fwd], { reportingCurrency: 'USD' }).rows[0];
    expect(inUsd.mtmReporting).toBeCloseTo(inUsd.mtm! / 7.118, 8);
  });

  it('net exposure by currency: base deltas and quote balances (their value at spot is the MTM)', () => {
    const r = value([fwd, { ...fwd, id: 'F2', direction: 'sell', notional: 4e6, rate: 7.0 }]);
    const usd = r.byCurrency.find((c) => c.currency === 'USD')!, cny = r.byCurrency.find((c) => c.currency === 'CNY')!;
    expect(usd.exposure * 7.118 + cny.exposure).toBeCloseTo(r.rows[0].mtm! + r.rows[1].mtm!, 6);
    expect(usd.exposure).toBeCloseTo(6e6 * dfUsd('2027-04-15'), 4);
    expect(r.byPair[0]).toMatchObject({ pair: 'USDCNY', trades: 2 });
  });

  it('bad trades and missing markets fail on their row; the others are valued', () => {
    const r = value([{ ...fwd, notional: -1 }, { ...fwd, id: 'X', pair: 'GBPJPY' }, fwd]);
    expect(r.rows[0].error).toMatchObject({ code: 'positive', field: 'notional' });
    expect(r.rows[1].error?.code).toBe('market');
    expect(r.totals).toMatchObject({ valued: 1, failed: 2 });
  });

  it('the offline worker answers FXLEDGER with the same figures', async () => {
    const off = (await answerLocally('ATS.OPTPRICINGSVR.FXLEDGER', JSON.stringify(req([fwd])))) as unknown as { rows: Array<{ mtm: number }> };
    expect(off.rows[0].mtm).toBe(value([fwd]).rows[0].mtm);
  });
});

const COLS = INPUT_KEYS.map((id) => ({
  id, header: id, type: (['notional', 'rate', 'farRate', 'farNotional', 'premium'].includes(id) ? 'number' : ['tradeDate', 'valueDate', 'farDate', 'expiry'].includes(id) ? 'date' : 'text') as 'number' | 'date' | 'text',
})) as GridColumn<LedgerGridRow>[];

describe('ledger rows', () => {
  it('names the file line of every bad row (blank lines skipped), good rows pass', () => {
    const table = [
      ['id', 'type', 'pair', 'direction', 'notional', 'rate', 'valueDate', 'farRate', 'farDate', 'optionType', 'expiry'],
      ['F1', 'forward', 'USD/CNY', 'buy', '1000000', '7.05', '2027-04-15'],
      [],
      ['S1', 'swap', 'USDCNY', 'sell', '1000000', '7.1', '2027-01-15'],
      ['O1', 'option', 'EURUSD', 'buy', 'abc', '1.2', '2027-03-01', '', '', 'call', '2027-02-26'],
      ['O2', 'option', 'EURUSD', 'buy', '1000000', '1.2', '2027-03-01', '', '', '', '2027-02-26'],
    ];
    const res = rowsFromTable<LedgerGridRow>(table, COLS);
    expect(res.lines).toEqual([2, 4, 5, 6]);
    const { trades, problems } = checkRows(res.rows.map(normalizeRow), res.lines);
    expect(trades.map((t) => t.trade.id)).toEqual(['F1']);
    expect(trades[0].trade.pair).toBe('USDCNY');
    expect(problems).toEqual([
      { line: 4, field: 'farRate', code: 'swapFar' },
      { line: 5, field: 'notional', code: 'number' },
      { line: 6, field: 'optionType', code: 'option' },
    ]);
  });

  it('words a problem in both languages with its line, column and reason', () => {
    const W = (l: 'zh' | 'en') => ({ line: strings[l].line, row: strings[l].row, cols: strings[l].cols, issues: strings[l].issues }) as WordTable;
    const w = problemWords({ line: 4, field: 'farDate', code: 'swapFar' }, { zh: W('zh'), en: W('en') });
    expect(w.en).toBe('Line 4: Far date — a swap needs the far rate and far date');
    expect(w.zh).toBe('第 4 行：远端起息日 — 掉期须填写远端汇率和远端起息日');
    expect(normalizeRow({ pair: 'usd / cny' }).pair).toBe('USDCNY');
  });

  it('the sample ledger passes the schema', () => {
    const rows = sampleLedger(200, VAL);
    expect(checkRows(rows).problems).toEqual([]);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['spot', 'forward', 'swap', 'option']));
  });

  it('builds the request from MD.FXMARKET replies (dated points and deposits, smiles, conversion spots)', async () => {
    const obs = (id: string, value: number, tenor?: string) => ({ id, value, date: '2026-11-23', asOf: '2026-11-23', source: 'sample snapshot', sourceKind: 'sample' as const, ...(tenor ? { tenor } : {}) });
    const reply = (pair: string, spot: number): FxMarketReply => ({
      pair, asOf: VAL, offline: false, pipFactor: 1e-4, spot: obs(`fx.${pair}`, spot),
      forwardPoints: [['ON', -3], ['TN', -3], ['1M', -120], ['3M', -330], ['1Y', -1250]].map(([t, v]) => obs(`fwd.${pair}.${t}`, v as number, t as string)) as never,
      deposits: { USD: [obs('depo.USD.1M', 3.6, '1M'), obs('depo.USD.1Y', 3.4, '1Y')], CNY: [obs('depo.CNY.1M', 1.52, '1M'), obs('depo.CNY.1Y', 1.63, '1Y')] } as never,
      surface: null,
    }) as unknown as FxMarketReply;
    const m = pairMarketOf(reply('USDCNY', 7.118), VAL)!;
    expect(m.market.spotDate).toBe('2026-11-27'); // T+2 skips US Thanksgiving (2026-11-26)
    expect(m.market.points!.length).toBe(3);
    expect(m.market.quoteRates![0].rate).toBeCloseTo(0.0152, 12);
    expect(m.market.short).toMatchObject({ on: -3, tn: -3 });
    expect(conversionPairs(['EUR', 'USD'], 'CNY')).toContain('USDCNY');
    const asked: string[] = [];
    const run = await buildRequest(checkRows([normalizeRow({ id: 'F1', type: 'forward', pair: 'USDCNY', direction: 'buy', notional: 1e6, rate: 7, valueDate: '2027-01-15' })]).trades, VAL, 'CNY',
      async (p) => { asked.push(p); if (p !== 'USDCNY') throw new Error('not carried'); return reply(p, 7.118); });
    expect(run.missing).toEqual([]);
    expect(Object.keys(run.request.markets)).toEqual(['USDCNY']);
    const out = runFxLedgerRequest(run.request as never);
    expect(out.rows[0].status).toBe('valued');
  });
});
