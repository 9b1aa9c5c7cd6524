import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../bus/in-process-bus';
import { startMarketQuotes } from './market-feed';
import { SimulatedMarketSource, type SimulatedSeries } from './simulated-market-source';

const series: SimulatedSeries[] = [
  { info: { id: 'vol.USDCNY.1M.ATM', kind: 'vol', unit: 'pct', quote: 'ATM', decimals: 3, calendar: 'CN' }, start: 3.45 },
  { info: { id: 'vol.USDCNY.1M.RR25', kind: 'vol', unit: 'pct', quote: 'RR25', decimals: 3, calendar: 'CN' }, start: 0.35 },
  { info: { id: 'fwd.USDCNY.1Y', kind: 'fxForwardPoints', unit: 'pips', decimals: 2, calendar: 'CN' }, start: -1234.82 },
  { info: { id: 'fut.SHFE.AU', kind: 'futuresPrice', unit: 'price', decimals: 2, calendar: 'CN' }, start: 930.5 },
];

describe('simulated market source', () => {
  it('moves every series a little, stays positive where it must, and stays near its start', () => {
    let now = 0;
    const src = new SimulatedMarketSource(series, { seed: 9, now: () => now, meanGapMs: 1000 });
    const seen = new Map<string, number[]>();
    for (let i = 0; i < 20_000; i++) {
      now += 250;
      for (const q of src.tick(now)) {
        const a = seen.get(q.id) ?? [];
        a.push(q.value);
        seen.set(q.id, a);
      }
    }
    for (const s of series) {
      const v = seen.get(s.info.id)!;
      expect(v.length).toBeGreaterThan(3000); // ~5,000 expected at one per second
      expect(new Set(v).size).toBeGreaterThan(100);
      const last = v.at(-1)!;
      expect(Math.abs(last - s.start)).toBeLessThan(Math.abs(s.start) * 0.2 + 0.5);
    }
    expect(Math.min(...seen.get('vol.USDCNY.1M.ATM')!)).toBeGreaterThan(0);
    expect(Math.min(...seen.get('fut.SHFE.AU')!)).toBeGreaterThan(0);
  });

  it('publishes md.{id} pushes labelled simulated', async () => {
    const bus = new InProcessBus();
    const got: Array<Record<string, unknown>> = [];
    bus.onEvent((_t, e) => got.push(e));
    let now = Date.parse('2026-11-20T02:00:00Z');
    const src = new SimulatedMarketSource(series, { seed: 3, now: () => now, timerMs: 1e9, meanGapMs: 10 });
    const stop = startMarketQuotes(src, bus);
    now += 10_000;
    src.tick(now);
    await Promise.resolve();
    stop();
    expect(got.length).toBe(series.length);
    for (const e of got) {
      expect(e.topic).toBe(`md.${e.id}`);
      expect(e).toMatchObject({ sourceKind: 'simulated', source: 'simulated feed', date: '2026-11-20', ts: now });
      expect(typeof e.value).toBe('number');
    }
  });
});
