// The sheet of market figures a run used (series, value, date, as-of, source and its kind),
// exported beside a book's results so a valuation can be traced to its inputs.
import type { XlsxSheet } from '../grid/xlsx';

export interface MarketFigure {
  id: string;
  value: number;
  date: string;
  asOf: string;
  source: string;
  sourceKind: string;
}

export type MarketSheetColumn = 'id' | 'value' | 'date' | 'asOf' | 'source' | 'kind';

export function marketSheet(name: string, header: (k: MarketSheetColumn) => string, used: readonly MarketFigure[]): XlsxSheet {
  return {
    name,
    columns: [
      { id: 'id', header: header('id'), type: 'text' }, { id: 'value', header: header('value'), type: 'number' }, { id: 'date', header: header('date'), type: 'date' },
      { id: 'asOf', header: header('asOf'), type: 'text' }, { id: 'source', header: header('source'), type: 'text' }, { id: 'kind', header: header('kind'), type: 'text' },
    ],
    rows: used.map((o) => ({ id: o.id, value: o.value, date: o.date, asOf: o.asOf, source: o.source, kind: o.sourceKind })),
  };
}
