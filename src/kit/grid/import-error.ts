// The user's words for a file that could not be imported (an ImportError of grid/io or any
// other failure), with the kit's strings: one wording for the grid's own import and for tools
// that read files into a grid themselves.
type T = (key: string, params?: Record<string, unknown>) => string;

export function importErrorText(err: unknown, t: T): string {
  const code = (err as { code?: string }).code;
  const params = (err as { params?: Record<string, unknown> }).params ?? {};
  if (code === 'noHeader') return t('grid.noHeader', params);
  if (code === 'tooManyRows') return t('grid.tooManyRows', params);
  if (code === 'unknownFile' || code === 'legacyXls') return t('grid.unknownFile');
  return `${t('error.importFailed')}: ${String((err as Error).message ?? err)}`;
}
