// The editable quote sheet of /bondSpread and /relativeValue (kit DataGrid: Excel paste,
// import, export). Only the yield is editable; an edited yield is marked typed.
import { useMemo } from 'react';
import { DataGrid, type GridColumn } from '../../kit/grid';
import { useStrings } from '../../kit/i18n';
import { fmt } from '../../kit/results';
import { quoteStrings } from './quotes-i18n';
import { markTyped, type QuoteRow } from './quotes';

export function QuoteGrid({ rows, onRows, exportName, height = 300 }: { rows: QuoteRow[]; onRows: (rows: QuoteRow[]) => void; exportName: string; height?: number }) {
  const { t } = useStrings(quoteStrings);
  const columns = useMemo<GridColumn<QuoteRow>[]>(() => {
    const ro = { editable: false } as const;
    return [
      { id: 'code', header: t('cols.code'), type: 'text', width: 130, ...ro },
      { id: 'name', header: t('cols.name'), type: 'text', width: 220, ...ro },
      { id: 'maturity', header: t('cols.maturity'), type: 'date', ...ro },
      { id: 'coupon', header: t('cols.coupon'), type: 'number', format: fmt.fixed(4), width: 90, ...ro },
      { id: 'yield', header: t('cols.yield'), type: 'number', format: fmt.fixed(4), min: -5, max: 30, width: 100 },
      { id: 'from', header: t('cols.from'), type: 'text', width: 130, ...ro },
    ];
  }, [t]);
  const shown = useMemo(() => rows.map((r) => ({ ...r, from: r.from ? t(`curves.${r.from}`, { defaultValue: r.from }) : t('typed') })), [rows, t]);
  return (
    <DataGrid<QuoteRow>
      label={t('sheet')}
      columns={columns}
      rows={shown}
      onRowsChange={(next) => onRows(markTyped(next, shown).map((r, i) => ({ ...r, from: r.from === '' ? '' : rows[i]?.from ?? '' })))}
      height={height}
      exportName={exportName}
    />
  );
}
