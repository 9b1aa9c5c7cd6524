// The chart config builder: plain TypeScript outside React, as Grafana builds uPlot options
// (UPlotConfigBuilder). A tool describes series, axes and scales; `build()` gives a frozen
// ChartConfig whose identity tells the chart component when to rebuild (config changed)
// rather than just `setData` (data changed). Two modes: `time` (x in epoch seconds, axes
// formatted with dayjs in zh-CN or en) and `xy` (payoff or greeks against spot).
import uPlot from 'uplot';
import { palette } from '../../ui/theme';
import { formatValue, type ValueFormat } from '../format/value-format';
import type { Lang } from '../locale';
import { timeAxisValues, timeLegendValue } from './time-format';

export type ChartMode = 'time' | 'xy';

/** Series colours, in order: the shell's accent first, then well-separated hues. */
export const SERIES_COLORS: readonly string[] = [palette.accent, '#e07b24', palette.up, palette.down, '#7b4fc9', '#1b9aaa', '#b7791f', '#4a5568', '#d45087', '#2f4b7c'];

export interface ChartTheme {
  axis: string;
  grid: string;
  text: string;
  font: string;
  colors: readonly string[];
}

export const DEFAULT_THEME: ChartTheme = {
  axis: palette.border,
  grid: '#edf0f4',
  text: palette.muted,
  font: '11px "Inter", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
  colors: SERIES_COLORS,
};

export interface SeriesSpec {
  label: string;
  /** Scale key; default `y`. */
  scale?: string;
  color?: string;
  width?: number;
  dash?: number[];
  /** Fill under the line (a CSS colour). */
  fill?: string;
  /** Draw points (e.g. few strikes on a payoff). */
  points?: boolean;
  /** Step line (fixings, rates that jump). */
  step?: boolean;
  /** Legend value format. */
  format?: ValueFormat;
  /** Hidden at start (the legend toggles it). */
  hidden?: boolean;
}

/** A vertical line at x with a short label (where real history ends and sample data continues). */
export interface MarkerSpec {
  x: number;
  label: string;
  color?: string;
}

export interface AxisSpec {
  scale: string;
  side: 'left' | 'right';
  label?: string;
  format?: ValueFormat;
}

export interface ScaleSpec {
  min?: number;
  max?: number;
  log?: boolean;
}

/** What the chart component needs: options without size, plus the legend description. */
export interface ChartConfig {
  readonly mode: ChartMode;
  readonly lang: Lang;
  readonly xLabel?: string;
  readonly xFormat?: ValueFormat;
  readonly series: readonly (SeriesSpec & { color: string })[];
  readonly options: Readonly<Omit<uPlot.Options, 'width' | 'height'>>;
  /** Formats the x value under the cursor for the legend. */
  readonly formatX: (x: number) => string;
}

export class ChartConfigBuilder {
  private readonly series: SeriesSpec[] = [];
  private readonly axes: AxisSpec[] = [];
  private readonly scales = new Map<string, ScaleSpec>();
  private readonly markers: MarkerSpec[] = [];
  private xLabel?: string;
  private xFormat?: ValueFormat;

  constructor(
    private readonly mode: ChartMode,
    private readonly lang: Lang,
    private readonly theme: ChartTheme = DEFAULT_THEME,
  ) {}

  /** The x axis: its label and (xy mode) number format. */
  setX(label?: string, format?: ValueFormat): this {
    this.xLabel = label;
    this.xFormat = format;
    return this;
  }

  addSeries(s: SeriesSpec): this {
    this.series.push(s);
    return this;
  }

  /** A y axis; without any, one on the left for scale `y` (formatted as the first series). */
  addAxis(a: AxisSpec): this {
    this.axes.push(a);
    return this;
  }

  addMarker(m: MarkerSpec): this {
    this.markers.push(m);
    return this;
  }

  setScale(key: string, s: ScaleSpec): this {
    this.scales.set(key, s);
    return this;
  }

  build(): ChartConfig {
    const { theme, lang, mode } = this;
    const series = this.series.map((s, i) => ({ ...s, color: s.color ?? theme.colors[i % theme.colors.length] }));
    const axisBase = { stroke: theme.text, font: theme.font, labelFont: theme.font, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.axis, width: 1, size: 4 } };
    const xFormat = this.xFormat;
    const xAxis: uPlot.Axis = {
      ...axisBase,
      label: this.xLabel,
      labelSize: this.xLabel ? 18 : 0,
      // Room per tick for the widest label (`2026年1月8日`, `Jan 8, 2026`): uPlot's default
      // 50 px lets zh day labels overlap on a year of daily history.
      space: mode === 'time' ? (lang === 'zh' ? 84 : 72) : 50,
      values: mode === 'time' ? timeAxisValues(lang) : (_u, splits) => tickTexts(splits, xFormat ?? { kind: 'sig', digits: 6 }, lang),
    };
    const yAxes: AxisSpec[] = this.axes.length ? this.axes : [{ scale: 'y', side: 'left', format: series[0]?.format }];
    const axes: uPlot.Axis[] = [
      xAxis,
      ...yAxes.map((a): uPlot.Axis => ({
        ...axisBase,
        scale: a.scale,
        side: a.side === 'right' ? 1 : 3,
        label: a.label,
        labelSize: a.label ? 18 : 0,
        size: axisSize(theme.font),
        grid: a.side === 'right' ? { show: false } : axisBase.grid,
        values: (_u, splits) => tickTexts(splits, axisFormat(a.format), lang),
      })),
    ];
    const scales: uPlot.Scales = { x: { time: mode === 'time' } };
    for (const [key, s] of this.scales) {
      scales[key] = {
        ...(s.log ? { distr: 3 as const, log: 10 as const } : {}),
        ...(s.min !== undefined || s.max !== undefined ? { range: (_u: uPlot, lo: number, hi: number): uPlot.Range.MinMax => [s.min ?? lo, s.max ?? hi] } : {}),
      };
    }
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      mode: 1,
      ms: 1e-3,
      pxAlign: true,
      legend: { show: false }, // the React legend shows values and toggles series (keyboard-accessible)
      cursor: {
        x: true,
        y: true,
        drag: { x: true, y: false, setScale: true },
        points: { size: 7, width: 1.5 },
        focus: { prox: 24 },
      },
      focus: { alpha: 0.35 },
      select: { show: true, left: 0, top: 0, width: 0, height: 0 },
      scales,
      axes,
      series: [
        { label: this.xLabel ?? 'x' },
        ...series.map((s): uPlot.Series => ({
          label: s.label,
          scale: s.scale ?? 'y',
          stroke: s.color,
          width: s.width ?? 1.5,
          dash: s.dash,
          fill: s.fill,
          show: !s.hidden,
          spanGaps: false,
          points: { show: s.points ?? false, size: 5, fill: s.color },
          ...(s.step ? { paths: uPlot.paths.stepped!({ align: 1 }) } : {}),
        })),
      ],
      padding: [10, 24, 0, 0], // room for the last x label
      ...(this.markers.length ? { hooks: { draw: [markerHook(this.markers, theme)] } } : {}),
    };
    const formatX = mode === 'time' ? timeLegendValue(lang) : (x: number) => formatValue(x, xFormat ?? { kind: 'sig', digits: 8 }, lang);
    return Object.freeze({ mode, lang, xLabel: this.xLabel, xFormat, series: Object.freeze(series), options: Object.freeze(options), formatX });
  }
}

/** Draws the markers over the plot: a dashed vertical line and its label at the top. */
function markerHook(markers: readonly MarkerSpec[], theme: ChartTheme): (u: uPlot) => void {
  return (u) => {
    const ctx = u.ctx;
    const { left, top, width, height } = u.bbox;
    ctx.save();
    for (const m of markers) {
      const x = Math.round(u.valToPos(m.x, 'x', true));
      if (x < left || x > left + width) continue;
      ctx.strokeStyle = m.color ?? theme.text;
      ctx.lineWidth = Math.max(1, devicePixelRatio || 1);
      ctx.setLineDash([6 * (devicePixelRatio || 1), 4 * (devicePixelRatio || 1)]);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = m.color ?? theme.text;
      ctx.font = theme.font.replace(/(\d+(?:\.\d+)?)px/, (_, px) => `${Number(px) * (devicePixelRatio || 1)}px`);
      const w = ctx.measureText(m.label).width;
      const pad = 4 * (devicePixelRatio || 1);
      // Label on the side with room: left of the line near the right edge.
      const tx = x + pad + w > left + width ? x - pad - w : x + pad;
      ctx.textBaseline = 'top';
      ctx.fillText(m.label, tx, top + pad);
    }
    ctx.restore();
  };
}

/**
 * Width of a y axis from its longest tick label (as Grafana sizes axes), so large amounts
 * are never clipped.
 */
function axisSize(font: string): uPlot.Axis.Size {
  return (u, values, axisIdx, cycleNum) => {
    const axis = u.axes[axisIdx];
    if (cycleNum > 1) return (axis as { _size?: number })._size ?? 50; // settle after two passes
    let width = 0;
    const ctx = measureCtx();
    if (values?.length && ctx) {
      ctx.font = font;
      for (const v of values) width = Math.max(width, ctx.measureText(v).width);
    }
    return Math.ceil(width) + (axis.ticks?.size ?? 4) + (axis.gap ?? 5) + 8 + (axis.label ? 18 : 0);
  };
}

let measuring: CanvasRenderingContext2D | null | undefined;
/** A canvas of our own for text widths (CSS px; never uPlot's scaled context). */
function measureCtx(): CanvasRenderingContext2D | null {
  if (measuring === undefined) measuring = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return measuring;
}

/**
 * Tick labels: no more decimals than the ticks need (`120`, `1.25`, not `120.0000`), never more
 * than the value's own format; the legend keeps the format's full decimals.
 */
function tickTexts(splits: readonly (number | null)[], f: ValueFormat, lang: Lang): string[] {
  let spec = f;
  if (f.kind === 'fixed' || f.kind === 'percent' || f.kind === 'bp' || f.kind === 'pips') {
    let need = 0;
    for (const v of splits) {
      if (v == null || !Number.isFinite(v)) continue;
      const text = String(Number(v.toFixed(10)));
      const dot = text.indexOf('.');
      if (dot >= 0 && !text.includes('e')) need = Math.max(need, text.length - dot - 1);
    }
    const own = f.kind === 'fixed' ? f.decimals : f.decimals ?? (f.kind === 'percent' ? 2 : 1);
    spec = { ...f, decimals: Math.min(own, need) };
  }
  return splits.map((v) => (v == null ? '' : formatValue(v, spec, lang)));
}

/** Axis ticks: grouped, with fewer decimals than the legend. */
function axisFormat(f: ValueFormat | undefined): ValueFormat {
  if (!f) return { kind: 'sig', digits: 6 };
  if (f.kind === 'amount') return { kind: 'sig', digits: 6 };
  return f;
}

/** Chart data: x then one array per series (typed arrays; a plain array with null marks gaps). */
export type ChartData = readonly [Float64Array | number[], ...(Float64Array | (number | null)[])[]];
