// Kit results: see src/kit/README.md.
export { useCalculation, type Calculation, type CalcStatus, type Task } from './calculation';
export { ResultsRegion, type ResultsRegionProps } from './ResultsRegion';
export { ResultList, type ResultItem, type ResultListProps } from './ResultList';
export { ResultTable, sortRows, type ResultColumn, type ResultTableProps } from './ResultTable';
export { ToolError } from './ToolError';
export { describeError, InputCheck, isAbort, PROBLEM, ToolFailure, visibleDetail, type DescribedError, type InputProblem, type ToolErrorCode, type Words } from './errors';
export { SourceBadge } from './SourceBadge';
export { LiveValue, type LiveValueProps } from './LiveValue';
export { HeatMap, type HeatMapProps } from './HeatMap';
export { heatColor, inkOn, extent } from './heat';
export { CopyButton } from './CopyButton';
export { copyProps, copyText } from './copy';
export { fmt, formatValue, valueAttr, type ResultValue, type ValueFormat } from '../format/value-format';
export { DASH, dataValue, formatBp, formatFixed, formatFull, formatMoney, formatPercent, formatPips, formatSignificant } from '../format/number';
