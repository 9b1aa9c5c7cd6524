// Screen parts the listed and the crypto option screens share: the implied-vol block (its
// solver failure as an alert, the values as a result list) and the value-against-underlying
// chart (value today and at expiry, per unit).
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { fmt, ResultList, ToolError, type ResultItem } from '../../kit/results';

export function ImpliedBlock({ error, items }: { error: string | null; items: readonly ResultItem[] }) {
  return (
    <>
      {error !== null ? <ToolError error={{ message: error }} /> : null}
      <ResultList columns={1} items={items} />
    </>
  );
}

export interface ValueCurve {
  x: Float64Array;
  today: Float64Array;
  expiry: Float64Array;
}

export function ValueChart(p: { title: string; xLabel: string; todayLabel: string; expiryLabel: string; xDecimals: number; yDecimals: number; curve: ValueCurve | null }) {
  const lang = useLang();
  const { xLabel, todayLabel, expiryLabel, xDecimals, yDecimals, curve } = p;
  const config = useMemo(
    () => new ChartConfigBuilder('xy', lang).setX(xLabel, fmt.fixed(xDecimals)).addSeries({ label: todayLabel, format: fmt.fixed(yDecimals) })
      .addSeries({ label: expiryLabel, dash: [5, 3], format: fmt.fixed(yDecimals) }).build(),
    [lang, xLabel, todayLabel, expiryLabel, xDecimals, yDecimals],
  );
  const data = useMemo(() => (curve ? ([curve.x, curve.today, curve.expiry] as const) : null), [curve]);
  return <Panel title={p.title}>{data ? <UPlotChart config={config} data={data} label={p.title} height={260} /> : null}</Panel>;
}
