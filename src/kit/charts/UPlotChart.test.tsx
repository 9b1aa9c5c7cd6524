// @vitest-environment jsdom
// The Grafana lifecycle of the chart component, against a recording stand-in for uPlot
// (jsdom has no canvas): create once per config, setData for new data, setSize on resize,
// destroy on unmount or config change.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestI18n } from '../testing/i18n';

const calls: string[] = [];
const instances: FakePlot[] = [];
class FakePlot {
  width: number;
  height: number;
  scales = { x: { min: 0, max: 2 } };
  cursor = { idx: null as number | null };
  constructor(public opts: { width: number; height: number; hooks: Record<string, Array<(u: unknown, k?: string) => void>> }, public data: unknown) {
    this.width = opts.width;
    this.height = opts.height;
    calls.push('create');
    instances.push(this);
  }
  setData(d: unknown) { this.data = d; calls.push('setData'); }
  setSize(s: { width: number; height: number }) { this.width = s.width; this.height = s.height; calls.push(`setSize ${s.width}x${s.height}`); }
  setSeries(i: number, o: { show: boolean }) { calls.push(`setSeries ${i} ${o.show}`); }
  setScale(k: string, r: { min: number; max: number }) { this.scales.x = r; calls.push(`setScale ${k}`); this.opts.hooks.setScale.forEach((h) => h(this, k)); }
  destroy() { calls.push('destroy'); }
  static paths = { stepped: () => () => null };
}
vi.mock('uplot', () => ({ default: FakePlot }));

let roCallbacks: Array<() => void> = [];
beforeAll(async () => {
  await startTestI18n('en');
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(cb: () => void) { roCallbacks.push(cb); }
    observe() {}
    disconnect() {}
  };
});
afterEach(() => { cleanup(); calls.length = 0; instances.length = 0; roCallbacks = []; });

describe('UPlotChart', () => {
  it('creates once, setData on new data, rebuilds on a new config, resizes, destroys on unmount', async () => {
    const { ChartConfigBuilder } = await import('./config');
    const { UPlotChart } = await import('./UPlotChart');
    const c1 = new ChartConfigBuilder('xy', 'en').setX('Spot').addSeries({ label: 'Payoff' }).addSeries({ label: 'Delta' }).build();
    const d1 = [new Float64Array([0, 1, 2]), new Float64Array([1, 2, 3]), new Float64Array([0, 0.5, 1])] as const;
    const { rerender, unmount } = render(<UPlotChart config={c1} data={d1} label="Payoff" height={200} />);
    expect(calls).toEqual(['create']);
    expect(screen.getByRole('figure', { name: 'Payoff' })).toBeTruthy();
    const d2 = [new Float64Array([0, 1, 2]), new Float64Array([2, 3, 4]), new Float64Array([0, 0.5, 1])] as const;
    rerender(<UPlotChart config={c1} data={d2} label="Payoff" height={200} />);
    expect(calls).toEqual(['create', 'setData']);
    expect(instances).toHaveLength(1);
    // the legend shows the last point's values, full precision in data-value
    expect(screen.getByRole('button', { name: /Payoff/ }).querySelector('.kit-chart__val')!.getAttribute('data-value')).toBe('4');
    // resize: width from the container
    Object.defineProperty(screen.getByRole('figure').querySelector('.kit-chart__box')!, 'clientWidth', { configurable: true, value: 640 });
    act(() => roCallbacks.forEach((cb) => cb()));
    expect(calls).toContain('setSize 640x200');
    // legend toggles series
    act(() => screen.getByRole('button', { name: /Delta/ }).click());
    expect(calls).toContain('setSeries 2 false');
    expect(screen.getByRole('button', { name: /Delta/ }).getAttribute('aria-pressed')).toBe('false');
    // a zoom shows Reset zoom, which restores the full x range
    act(() => instances[0].setScale('x', { min: 0.5, max: 1.5 }));
    act(() => screen.getByRole('button', { name: 'Reset zoom' }).click());
    expect(instances[0].scales.x).toEqual({ min: 0, max: 2 });
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    // new config: destroy and create
    const c2 = new ChartConfigBuilder('xy', 'en').setX('Spot').addSeries({ label: 'Payoff' }).build();
    rerender(<UPlotChart config={c2} data={d2} label="Payoff" height={200} />);
    expect(calls.slice(-2)).toEqual(['destroy', 'create']);
    unmount();
    expect(calls.at(-1)).toBe('destroy');
  });
});
