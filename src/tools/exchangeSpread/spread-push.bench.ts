// The spread monitor's work per live push (spot or points of either market): 5 terms, onshore
// and offshore, implied yields and spreads. Ours: value dates resolved once per market reply,
// a push only swaps figures (liveCurves + spreadRows). Peer in the same run: the obvious
// alternative, re-dating every tenor on the calendars at each push (marketCurves + spreadRows).
// `npx tsx scripts/bench.ts spread-push`.
import { cpuRate, machine, median } from '../../../scripts/bench-kit';
import type { FxMarketReply } from '../../kit/market-data/client';
import type { Observation } from '../../kit/market-data/series';
import { marketCurves } from '../../kit/fx-market';
import { liveCurves, OFFSHORE, ONSHORE, spreadRows } from './model';

const TRADE = '2026-11-24';
const TENORS = ['ON', 'TN', '1W', '2W', '3W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y'];
const DEPO = ['ON', '1W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y'];
const prov = { source: 'bench', sourceKind: 'sample' as const, asOf: '2026-11-20' };
const obs = (id: string, value: number, tenor?: string) => ({ ...prov, id, value, date: '2026-11-20', ...(tenor ? { tenor } : {}) });

function reply(pair: string, spot: number, scale: number, quote: string): FxMarketReply {
  return {
    pair, asOf: '2026-11-20', offline: false, spot: obs(`fx.${pair}`, spot), pipFactor: 0.0001, surface: null,
    forwardPoints: TENORS.map((t, i) => obs(`fwd.${pair}.${t}`, -scale * (i + 1), t)),
    deposits: { USD: DEPO.map((t) => obs(`depo.USD.${t}`, 3.5, t)), [quote]: DEPO.map((t) => obs(`depo.${quote}.${t}`, 1.7, t)) },
  } as unknown as FxMarketReply;
}

const on = reply(ONSHORE, 7.118, 90, 'CNY');
const off = reply(OFFSHORE, 7.1235, 75, 'CNH');
const terms = ['1W', '1M', '3M', '6M', '1Y'];
const live = new Map<string, Observation>([[`fx.${ONSHORE}`, obs(`fx.${ONSHORE}`, 7.12)], [`fwd.${OFFSHORE}.3M`, obs(`fwd.${OFFSHORE}.3M`, -300)]]);

const onBase = marketCurves(on, TRADE), offBase = marketCurves(off, TRADE);
const ours = () => spreadRows(terms, liveCurves(onBase, ONSHORE, live), liveCurves(offBase, OFFSHORE, live), TRADE);
const peer = () => spreadRows(terms, liveCurves(marketCurves(on, TRADE), ONSHORE, live), liveCurves(marketCurves(off, TRADE), OFFSHORE, live), TRADE);
if (JSON.stringify(ours()) !== JSON.stringify(peer())) throw new Error('ours and the peer differ');

const a: number[] = [], b: number[] = [];
for (let r = 0; r < 5; r++) {
  a.push(cpuRate(() => (ours(), 1), 200));
  b.push(cpuRate(() => (peer(), 1), 200));
}
const us = 1e6 / median(a), them = 1e6 / median(b);
console.log(`<!-- bench:begin -->
### src/tools/exchangeSpread: work per live push of the spread monitor

${machine()}; CPU time of this process, median of 5 runs; same rows checked first.

5 terms, onshore USD/CNY and offshore USD/CNH, implied CNY/CNH yields and spreads. Ours: value
dates resolved once per market reply (liveCurves + spreadRows); peer: re-dating every quoted
tenor on the calendars at each push (marketCurves + spreadRows).

| per push | ours | re-dating peer | ratio peer / ours |
|---|---|---|---|
| 5 terms x 2 markets | ${us.toFixed(1)} µs | ${them.toFixed(1)} µs | ${(them / us).toFixed(1)} |

<!-- bench:end -->`);
