import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../bus/in-process-bus';
import { fxTopic, startMarketFeed } from './market-feed';
import { readSnapshot } from '../services/market-data/sample-loader';
import { DEFAULT_PAIRS, SimulatedFxSource, gaussian, gbmStep, seededRandom } from './simulated-fx-source';

describe('simulated FX source', () => {
  it('covers the major and CNY pairs', () => {
    const pairs = new SimulatedFxSource({ seed: 1 }).pairs;
    for (const p of ['USDCNY', 'USDCNH', 'EURUSD', 'USDJPY', 'GBPUSD', 'EURCNY']) expect(pairs).toContain(p);
  });

  it('ticks each pair 1-4 times a second with bid < mid < ask at the configured spread', () => {
    let now = 1_700_000_000_000;
    const src = new SimulatedFxSource({ seed: 42, now: () => now });
    const counts = new Map<string, number>();
    for (let i = 0; i < 60 * 20; i++) {
      now += 50;
      for (const q of src.tick(now)) {
        counts.set(q.pair, (counts.get(q.pair) ?? 0) + 1);
        const cfg = DEFAULT_PAIRS.find((p) => p.pair === q.pair)!;
        expect(q.bid).toBeLessThan(q.mid);
        expect(q.mid).toBeLessThan(q.ask);
        expect(q.ask - q.bid).toBeCloseTo(cfg.spread, cfg.decimals - 1);
        expect(q.ts).toBe(now);
      }
    }
    for (const p of DEFAULT_PAIRS) {
      const perSecond = (counts.get(p.pair) ?? 0) / 60;
      expect(perSecond).toBeGreaterThan(0.7);
      expect(perSecond).toBeLessThan(4.5);
    }
  });

  it('starts every pair at the sample snapshot spot, so the feed continues the sample history', () => {
    const snap = readSnapshot();
    for (const p of DEFAULT_PAIRS) {
      const e = snap.series.find((s) => s.info.id === `fx.${p.pair}`);
      expect(e && 'last' in e ? e.last : undefined, p.pair).toBe(p.mid);
    }
  });

  it('is reproducible from its seed', () => {
    const run = () => {
      let now = 0;
      const src = new SimulatedFxSource({ seed: 7, now: () => now });
      const out = [];
      for (let i = 0; i < 100; i++) out.push(...src.tick((now += 100)));
      return out;
    };
    expect(run()).toEqual(run());
  });

  it('has the volatility it was given (log-return stdev over many steps)', () => {
    const rand = seededRandom(3);
    const vol = 0.07;
    const dt = 3600; // one-hour steps make the per-step stdev measurable
    let mid = 1.1;
    const rets: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const next = gbmStep(mid, vol, dt, gaussian(rand));
      rets.push(Math.log(next / mid));
      mid = next;
    }
    const mean = rets.reduce((a, b) => a + b, 0) / rets.length;
    const sd = Math.sqrt(rets.reduce((a, b) => a + (b - mean) ** 2, 0) / (rets.length - 1));
    const annualised = sd * Math.sqrt((365 * 24 * 3600) / dt);
    expect(annualised).toBeGreaterThan(vol * 0.95);
    expect(annualised).toBeLessThan(vol * 1.05);
  });

  it('publishes quotes on md.fx.{PAIR} through the bus', async () => {
    const bus = new InProcessBus();
    const got: Array<[string, Record<string, unknown>]> = [];
    bus.onEvent((t, e) => got.push([t, e]));
    let now = 1000;
    const src = new SimulatedFxSource({ seed: 5, now: () => now, timerMs: 1_000_000 });
    const stop = startMarketFeed(src, bus);
    now += 5_000;
    src.tick(now);
    await Promise.resolve();
    stop();
    expect(got.length).toBe(DEFAULT_PAIRS.length);
    for (const [topic, e] of got) {
      expect(topic).toBe(fxTopic(e.pair as string));
      expect(e).toEqual({
        topic, pair: e.pair, bid: expect.any(Number), ask: expect.any(Number), mid: expect.any(Number), ts: now,
        id: `fx.${e.pair}`, value: e.mid, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), source: 'simulated feed', sourceKind: 'simulated',
      });
    }
  });
});
