// Kit grid: see src/kit/README.md.
export { DataGrid, type DataGridProps, type GridChangeKind } from './DataGrid';
export type { CellValue, ColumnType, GridColumn, GridRow, RowValidator, SelectOption } from './types';
export { displayCell, parseCell, validateCell, validateRow, validateRows, type RowProblems } from './cells';
export { parseTsv, planPaste, toTsv } from './tsv';
// import/export (io.ts) is loaded on demand by the grid; tools that need it directly:
//   const { importRows, exportFile, download } = await import('src/kit/grid/io');
export { importErrorText } from './import-error';
