// The options desk's tool requests (the bodies OptPricingSvr answers for /optionCalculator,
// /bulkPricingOfForexOptions, /CSIOptionCalculator and /CryptoCurrencyOption), timed per
// second of process CPU time beside QuantLib JS doing the nearest equivalent work in the same
// process. Ours includes parsing the JSON request and building the market (a smile surface
// where the request has one) every time, as the service does.
import * as ql from '@quantlib/ql';
import { runCalcRequest } from '../engines/fx-option-calculator';
import { runBulkFxRequest } from '../engines/fx-bulk-pricing';
import { runCsiRequest } from '../engines/csi-option-calculator';
import { runCryptoRequest } from '../engines/crypto-option-calculator';
import { peerEuropeanOption, peerGreeksOf, peerMarket, setMarket } from '../testing/quantlib-peer';
import { qlAmericanOption, qlQuotedMarket } from '../mc/ql-peer';
import { cpuRate, median } from '../../../scripts/bench-kit';

let sink = 0;
const surface = { smiles: [{ t: 1 / 12, atm: 0.04, rr25: 0.004, bf25: 0.0015 }, { t: 0.25, atm: 0.042, rr25: 0.005, bf25: 0.0018 }, { t: 1, atm: 0.046, rr25: 0.007, bf25: 0.0022 }] };
const calcRequest = {
  pair: 'USDCNY', valuationDate: '2026-03-02', spotDate: '2026-03-04',
  market: { spot: 7.1, rd: 0.018, rf: 0.043, surface },
  legs: [{ direction: 'buy', type: 'call', strike: 7.15, notional: 1e6, expiryDate: '2026-06-02', deliveryDate: '2026-06-04' }],
};
const flatRequest = { ...calcRequest, market: { spot: 7.1, rd: 0.018, rf: 0.043, vol: 0.045 } };

// QuantLib: one vanilla with its greeks (price, delta, gamma, vega, theta, rho, dividend rho).
// Each peer has its own market (QuantLib JS keeps every observer it ever registered on a quote,
// so sharing one across peers would slow the later ones), and the vol moves between prices so
// QuantLib really recomputes.
const m = peerMarket();
const qlOption = peerEuropeanOption(m, 'call', 7.15, 92);
let tick = 0;
const qlVanilla = () => { setMarket(m, 7.1, 0.018, 0.043, 0.045 + 1e-9 * (tick++ % 1000)); const g = peerGreeksOf(qlOption); sink += g.npv + g.delta; return 1; };
const fwd = 7.1 * Math.exp((0.018 - 0.043) * 0.25), dfd = Math.exp(-0.018 * 0.25);
const qlImpliedVol = () => { sink += ql.blackFormulaImpliedStdDev1(ql.Option.Type.Call, 7.15, fwd, 0.06 / dfd + 1e-12 * (tick++ % 1000), dfd); return 1; };
const qlDelta = new ql.BlackDeltaCalculator(ql.Option.Type.Put, ql.DeltaVolQuote.DeltaType.PaSpot, 7.1, Math.exp(-0.018 * 0.25), Math.exp(-0.043 * 0.25), 0.045 * 0.5);
const qlStrikeFromDelta = () => { sink += qlDelta.strikeFromDelta(-0.25 - 1e-9 * (tick++ % 1000)); return 1; };

const ours = {
  vanillaSmile: () => { sink += (runCalcRequest(calcRequest) as any).total.premium.quoteAmount; return 1; },
  vanillaFlat: () => { sink += (runCalcRequest(flatRequest) as any).total.premium.quoteAmount; return 1; },
  withCurves: () => { sink += (runCalcRequest({ ...calcRequest, curves: true, smile: true }) as any).curves.valueToday[0]; return 1; },
  riskReversalZeroCost: () => {
    sink += (runCalcRequest({ ...calcRequest, instrument: 'PP', preset: 'Strike', legs: undefined, strategy: { name: 'riskReversal', notional: 1e6, expiryDate: '2026-06-02', deliveryDate: '2026-06-04' } }) as any).solved.values[0];
    return 1;
  },
  volFromPremium: () => { sink += (runCalcRequest({ ...flatRequest, preset: 'VolFromPremium', target: { field: 'Premium', type: 'Pips', currency: 'quote', value: 600 } }) as any).solved.values[0]; return 1; },
  strikeFromPaDelta: () => {
    sink += (runCalcRequest({ ...flatRequest, preset: 'StrikeFromDelta', conventions: { premiumAdjusted: true }, target: { field: 'Delta', type: 'Pct', value: 0.25 }, legs: [{ ...flatRequest.legs[0], type: 'put', strike: undefined }] }) as any).solved.values[0];
    return 1;
  },
};

// Bulk: 2,000 rows (vanillas and the three structured forwards) against two markets.
const BULK = 2000;
const products = ['vanilla', 'rangeForward', 'ratioForward', 'capForward'] as const;
const bulkRequest = {
  valuationDate: '2026-03-02',
  markets: { USDCNY: { spot: 7.1, rd: 0.018, rf: 0.043, spotDate: '2026-03-04', surface }, EURUSD: { spot: 1.08, rd: 0.04, rf: 0.025, spotDate: '2026-03-04', vol: 0.07 } },
  rows: Array.from({ length: BULK }, (_, i) => {
    const usd = i % 3 !== 0;
    const s = usd ? 7.1 : 1.08;
    const p = products[i % 4];
    const common = { id: i, product: p, pair: usd ? 'USDCNY' : 'EURUSD', notional: 1e6, expiryDate: `2026-${String(4 + (i % 8)).padStart(2, '0')}-1${i % 10}` };
    return p === 'vanilla' ? { ...common, direction: 'buy', type: i % 2 ? 'call' : 'put', strike: s * (0.97 + 0.0003 * (i % 200)) }
      : p === 'rangeForward' ? { ...common, side: 'buy', protectStrike: s * 1.01, giveUpStrike: s * 0.98 }
        : p === 'ratioForward' ? { ...common, side: 'sell', strike: s * 1.005, leverage: 2 }
          : { ...common, side: 'buy', strike: s * 0.995, cap: s * 1.03 };
  }),
};
const legsInBulk = bulkRequest.rows.reduce((n, r) => n + (r.product === 'vanilla' ? 1 : r.product === 'capForward' ? 3 : 2), 0);
const bulk = () => { sink += runBulkFxRequest(bulkRequest).rows.length; return BULK; };
const mb = peerMarket();
const qlBulkOption = peerEuropeanOption(mb, 'call', 7.15, 92);
const qlBulk = () => { for (let i = 0; i < legsInBulk; i++) { setMarket(mb, 7.1 + 1e-6 * i, 0.018, 0.043, 0.045 + 1e-6 * i); sink += peerGreeksOf(qlBulkOption).npv; } return BULK; };

// Listed options: a 40-strike American futures option chain (DCE soybean meal) with greeks.
const CHAIN = 40;
const chainRequest = {
  contract: 'M', valuationDate: '2025-01-10', contractMonth: '2025-05', underlyingPrice: 2958, r: 0.018,
  rows: Array.from({ length: CHAIN }, (_, i) => ({ type: i % 2 ? 'call' : 'put', strike: 2700 + 25 * (i >> 1), vol: 0.2 })),
};
const chain = () => { sink += (runCsiRequest(chainRequest) as { rows: unknown[] }).rows.length; return CHAIN; };
const chainBaw = () => { sink += (runCsiRequest({ ...chainRequest, method: 'baw' }) as { rows: unknown[] }).rows.length; return CHAIN; };
const qm = qlQuotedMarket();
const qlChainOptions = chainRequest.rows.map((r) => qlAmericanOption(r.type as 'call' | 'put', r.strike, 88, qm.process, 'baw'));
const qlChain = () => { for (const o of qlChainOptions) { qm.set({ spot: 2958, rd: 0.018, rf: 0.018, vol: 0.2 + 1e-9 * (tick++ % 1000) }); sink += o.NPV(); } return CHAIN; };

// Crypto: a 100-row inverse chain in coin, vol implied from coin premiums.
const crypto = {
  settlement: 'inverse', index: 60000, forward: 60400, valuationTime: '2026-03-20T08:00:00Z', expiryTime: '2026-03-27T08:00:00Z',
  rows: Array.from({ length: 100 }, (_, i) => ({ type: i % 2 ? 'call' : 'put', strike: 50000 + 200 * i, vol: 0.5 + 0.001 * i })),
};
const cryptoRows = () => { sink += (runCryptoRequest(crypto) as { rows: unknown[] }).rows.length; return 100; };
const qlCrypto = () => { for (let i = 0; i < 100; i++) sink += ql.blackFormula1(i % 2 ? ql.Option.Type.Call : ql.Option.Type.Put, 50000 + 200 * i, 60400, 0.5 * Math.sqrt(7 / 365), 1); return 100; };

function measure(a: () => number, b: (() => number) | undefined, minMs = 300, rounds = 5) {
  const x: number[] = [], y: number[] = [];
  for (let r = 0; r < rounds; r++) { x.push(cpuRate(a, minMs)); if (b) y.push(cpuRate(b, minMs)); }
  return { ours: median(x), peer: b ? median(y) : undefined };
}
const fmt = (v: number) => (v >= 1e6 ? `${(v / 1e6).toFixed(2)} M/s` : v >= 1e3 ? `${(v / 1e3).toFixed(1)} k/s` : `${v.toFixed(1)} /s`);
const rows: string[] = [];
const cases: [string, () => number, (() => number) | undefined, string][] = [
  ['OPTIONCALC vanilla on a 3-expiry smile surface (request parsed, surface built, 6 quotations, all greeks)', ours.vanillaSmile, qlVanilla, 'AnalyticEuropeanEngine price + 6 greeks, flat vol'],
  ['OPTIONCALC vanilla, flat vol', ours.vanillaFlat, qlVanilla, 'same'],
  ['OPTIONCALC vanilla with charts (101 spots, 26 times) and the smile', ours.withCurves, undefined, ''],
  ['OPTIONCALC zero-cost risk reversal on the smile (25D strikes, put strike solved)', ours.riskReversalZeroCost, undefined, ''],
  ['OPTIONCALC VolFromPremium (quote pips)', ours.volFromPremium, qlImpliedVol, 'blackFormulaImpliedStdDev alone'],
  ['OPTIONCALC StrikeFromDelta, premium-adjusted spot delta put', ours.strikeFromPaDelta, qlStrikeFromDelta, 'BlackDeltaCalculator.strikeFromDelta alone'],
  [`BULKFX, ${BULK} rows (vanillas, range, ratio, capped forwards; ${legsInBulk} legs), rows/s`, bulk, qlBulk, `${legsInBulk} vanillas with greeks, rows/s`],
  [`CSIOPTION, ${CHAIN}-strike American futures option chain with greeks (qdfp, accurate to 1e-6 K), options/s`, chain, qlChain, 'BAW engine, value only'],
  [`CSIOPTION, the same chain with method baw (greeks by bumps), options/s`, chainBaw, qlChain, 'BAW engine, value only'],
  ['CRYPTOOPTION, 100-row inverse chain in coin with greeks, options/s', cryptoRows, qlCrypto, 'blackFormula, value only'],
];
for (const [label, a, b, peerLabel] of cases) {
  console.log(`measuring ${label}`);
  const r = measure(a, b);
  rows.push(`| ${label} | ${fmt(r.ours)} | ${r.peer ? `${fmt(r.peer)} (${peerLabel})` : '-'} | ${r.peer ? `${(r.ours / r.peer).toFixed(1)}x` : '-'} |`);
}
if (!(Math.abs(sink) >= 0)) console.log('');

console.log(`<!-- bench:begin -->
### src/pricing-core/bench/options-desk.bench.ts: the options desk's tool requests

Requests as the screens send them (JSON in, the reply object out: parsing, market and smile
building, solves and greeks included), one thread, per second of process CPU time, median of 5
alternating rounds. Peers: @quantlib/ql 0.3.6 doing the nearest work in the same process (its
options built once and re-priced after setting quotes, its idiomatic use; it has no request
layer, no smile from ATM/RR/BF quotes and no quotations, so the ratio flatters it).

| request | ours | QuantLib JS | ratio |
|---|---|---|---|
${rows.join('\n')}
<!-- bench:end -->`);
