// Heston semi-analytic pricing: ours (little trap + Lewis integral, adaptive Gauss-Kronrod)
// against QuantLib's AnalyticHestonEngine (adaptive Gauss-Lobatto, same 1e-12 target) on the
// same options, single core, rates per second of process CPU time, plus their agreement.
import { hestonPrice } from '../engines/heston/heston';
import { peerHeston } from '../testing/quantlib-peer';
import { cpuRate } from '../../../scripts/bench-kit';

const N = 200;
let seed = 12345;
const u = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const cases = Array.from({ length: N }, () => ({
  type: (u() < 0.5 ? 'call' : 'put') as 'call' | 'put',
  strike: 100 * Math.exp(0.6 * u() - 0.3), days: 30 + Math.floor(u() * 1800), rd: 0.05 * u(), rf: 0.05 * u(),
  p: { v0: 0.01 + 0.1 * u(), kappa: 0.5 + 3 * u(), theta: 0.01 + 0.1 * u(), sigma: 0.1 + 0.8 * u(), rho: -0.9 + 1.2 * u() },
}));
const rate = (run: () => void, minMs: number) => cpuRate(() => (run(), N), minMs);
let sink = 0, maxRel = 0;
for (const c of cases) {
  const a = hestonPrice(c.type, 100, c.strike, c.days / 365, c.rd, c.rf, c.p);
  const b = peerHeston(c.type, 100, c.strike, c.days, c.rd, c.rf, c.p);
  if (b > 1e-6) maxRel = Math.max(maxRel, Math.abs(a - b) / b);
}
console.log('measuring heston');
const ours: number[] = [], peer: number[] = [];
for (let r = 0; r < 3; r++) {
  ours.push(rate(() => { for (const c of cases) sink += hestonPrice(c.type, 100, c.strike, c.days / 365, c.rd, c.rf, c.p); }, 300));
  peer.push(rate(() => { for (const c of cases) sink += peerHeston(c.type, 100, c.strike, c.days, c.rd, c.rf, c.p); }, 300));
}
const med = (x: number[]) => [...x].sort((a, b) => a - b)[1];
console.log(`checksum finite: ${Number.isFinite(sink)}`);
console.log(['<!-- bench:begin -->',
  '### Heston semi-analytic (src/pricing-core/bench/heston.bench.ts)',
  '',
  `${N} random options (strikes ±30%, 1 month to 5 years, varied parameters), single core, per second of`,
  'process CPU time. Peer: @quantlib/ql AnalyticHestonEngine with adaptive Gauss-Lobatto at relative',
  'tolerance 1e-12 (a new option and engine each, as our call is stateless too).',
  '',
  '| ours | QuantLib JS | ratio | max relative difference |',
  '|---|---|---|---|',
  `| ${(med(ours) / 1e3).toFixed(1)} k/s | ${(med(peer) / 1e3).toFixed(2)} k/s | ${(med(ours) / med(peer)).toFixed(1)}x | ${maxRel.toExponential(1)} |`,
  '',
  '<!-- bench:end -->'].join('\n'));
