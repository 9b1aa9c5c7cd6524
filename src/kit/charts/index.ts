// Kit charts: see src/kit/README.md.
export { ChartConfigBuilder, DEFAULT_THEME, SERIES_COLORS, type AxisSpec, type ChartConfig, type ChartData, type ChartMode, type ChartTheme, type ScaleSpec, type SeriesSpec } from './config';
export { UPlotChart, type UPlotChartProps } from './UPlotChart';
export { formatTimeTicks, timeAxisValues, timeLegendValue } from './time-format';
export { toEpochSeconds, isoToEpochSeconds } from './data';
