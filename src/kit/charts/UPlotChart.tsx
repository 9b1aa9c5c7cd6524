// uPlot in React the way Grafana wraps it: the plot is created once per config (a config
// change rebuilds it), new data goes through `setData`, the width follows a ResizeObserver
// through `setSize`, and the plot is destroyed on unmount. The legend is ours (buttons that
// toggle series, values under the crosshair written straight to the DOM, no React render
// per mouse move); drag zooms x, double-click or "Reset zoom" restores it.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatValue } from '../format/value-format';
import { useStrings } from '../i18n';
import { kitStrings } from '../strings';
import type { ChartConfig, ChartData } from './config';
import './charts.css';

export interface UPlotChartProps {
  config: ChartConfig;
  data: ChartData;
  /** Accessible name of the chart. */
  label: string;
  height?: number;
  className?: string;
}

function lastIndex(data: ChartData): number {
  return data[0].length - 1;
}

export function UPlotChart({ config, data, label, height = 280, className }: UPlotChartProps) {
  const { t } = useStrings(kitStrings);
  const box = useRef<HTMLDivElement>(null);
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  const xOut = useRef<HTMLSpanElement>(null);
  const valueOut = useRef<Array<HTMLSpanElement | null>>([]);
  const [shown, setShown] = useState<boolean[]>(() => config.series.map((s) => !s.hidden));
  const [zoomed, setZoomed] = useState(false);
  const zoomedRef = useRef(false);
  const legendId = `kit-legend-${useId().replace(/:/g, '')}`;

  /** Writes the legend values of point `idx` (default: the last point). */
  const writeLegend = (u: uPlot | null, idx: number | null | undefined) => {
    const d = dataRef.current;
    const i = idx ?? lastIndex(d);
    if (i < 0) return;
    const x = d[0][i];
    if (xOut.current) xOut.current.textContent = typeof x === 'number' ? config.formatX(x) : '';
    config.series.forEach((s, k) => {
      const el = valueOut.current[k];
      if (!el) return;
      const v = d[k + 1]?.[i];
      el.textContent = typeof v === 'number' && Number.isFinite(v) ? formatValue(v, s.format, config.lang) : '—';
      el.dataset.value = typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
    });
    void u;
  };

  // Create once per config; destroy on config change and on unmount.
  useLayoutEffect(() => {
    const el = target.current;
    if (!el) return;
    const width = Math.max(100, Math.floor(box.current?.clientWidth ?? 600));
    const opts: uPlot.Options = {
      ...config.options,
      width,
      height,
      hooks: {
        ...config.options.hooks,
        setCursor: [...(config.options.hooks?.setCursor ?? []), (u) => writeLegend(u, u.cursor.idx)],
        setScale: [
          ...(config.options.hooks?.setScale ?? []),
          (u, key) => {
            if (key !== 'x') return;
            const d = dataRef.current;
            const n = d[0].length;
            const min = u.scales.x.min;
            const max = u.scales.x.max;
            const z = n > 1 && min != null && max != null && (min > (d[0][0] as number) + 1e-9 || max < (d[0][n - 1] as number) - 1e-9);
            if (z !== zoomedRef.current) {
              zoomedRef.current = z;
              setZoomed(z);
            }
          },
        ],
      },
    };
    const u = new uPlot(opts, dataRef.current as uPlot.AlignedData, el);
    plot.current = u;
    el.dataset.ready = 'true';
    setShown(config.series.map((s) => !s.hidden));
    zoomedRef.current = false;
    setZoomed(false);
    writeLegend(u, null);
    return () => {
      u.destroy();
      plot.current = null;
      delete el.dataset.ready;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config]);

  // Only the data changed: setData (a zoomed view keeps its zoom).
  useEffect(() => {
    if (dataRef.current === data) return;
    dataRef.current = data;
    const u = plot.current;
    if (!u) return;
    u.setData(data as uPlot.AlignedData, !zoomedRef.current);
    writeLegend(u, u.cursor.idx);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  // Width from the container, height from the prop.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const apply = () => {
      const u = plot.current;
      const w = Math.max(100, Math.floor(el.clientWidth));
      if (u && (u.width !== w || u.height !== height)) u.setSize({ width: w, height });
    };
    apply();
    const ro = new ResizeObserver(apply);
    ro.observe(el);
    return () => ro.disconnect();
  }, [height]);

  const toggle = (k: number) => {
    const u = plot.current;
    if (!u) return;
    const next = !shown[k];
    u.setSeries(k + 1, { show: next });
    setShown((s) => s.map((v, i) => (i === k ? next : v)));
  };

  const resetZoom = () => {
    const u = plot.current;
    const d = dataRef.current;
    if (!u || d[0].length < 2) return;
    u.setScale('x', { min: d[0][0] as number, max: d[0][d[0].length - 1] as number });
  };

  const empty = data[0].length === 0;
  return (
    <figure className={`kit-chart${className ? ` ${className}` : ''}`} aria-label={label} data-mode={config.mode} data-points={data[0].length} data-series={config.series.length}>
      <div className="kit-chart__legend" id={legendId} role="group" aria-label={t('chart.legend')}>
        <span className="kit-chart__x">
          {config.xLabel ? <span className="kit-chart__xname">{config.xLabel}</span> : null}
          <span ref={xOut} className="kit-chart__xval" />
        </span>
        {config.series.map((s, k) => (
          <button
            key={`${s.label}-${k}`}
            type="button"
            className={`kit-chart__item${shown[k] ? '' : ' kit-chart__item--off'}`}
            aria-pressed={shown[k]}
            title={t('chart.toggleSeries', { name: s.label })}
            onClick={() => toggle(k)}
            data-series={s.label}
          >
            <span className="kit-chart__swatch" style={{ background: s.color, borderStyle: s.dash ? 'dashed' : 'solid' }} aria-hidden="true" />
            <span className="kit-chart__name">{s.label}</span>
            <span className="kit-chart__val" ref={(el) => { valueOut.current[k] = el; }} />
          </button>
        ))}
        <span className="kit-chart__tools">
          {zoomed ? (
            <button type="button" className="btn kit-chart__reset" onClick={resetZoom}>{t('chart.resetZoom')}</button>
          ) : (
            <span className="kit-chart__hint">{t('chart.zoomHint')}</span>
          )}
        </span>
      </div>
      <div ref={box} className="kit-chart__box" style={{ height }}>
        <div ref={target} className="kit-chart__plot" />
        {empty ? <div className="kit-chart__empty">{t('chart.noData')}</div> : null}
      </div>
    </figure>
  );
}
