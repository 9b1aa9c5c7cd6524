// Page of the grid scroll benchmark (grid-scroll.bench.ts bundles it with esbuild): the kit
// DataGrid over 100,000 rows, or the floor, a plain TanStack Virtual list of the same rows
// and the same cell texts without the table machinery (no TanStack Table, no validation,
// no selection). `#grid` or `#floor` picks one.
import { useVirtualizer } from '@tanstack/react-virtual';
import i18next from 'i18next';
import { memo, useCallback, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { DataGrid } from '../DataGrid';
import { displayCell } from '../cells';
import type { GridColumn, GridRow } from '../types';

const N = 100_000;
const ROW_H = 28;
const HEIGHT = 640;

const columns: GridColumn[] = [
  { id: 'pair', header: 'Pair', type: 'text', required: true },
  { id: 'side', header: 'Side', type: 'select', options: [{ value: 'buy', label: 'Buy' }, { value: 'sell', label: 'Sell' }] },
  { id: 'notional', header: 'Notional', type: 'amount', min: 0 },
  { id: 'strike', header: 'Strike', type: 'number', min: 0 },
  { id: 'vol', header: 'Vol', type: 'percent' },
  { id: 'expiry', header: 'Expiry', type: 'date' },
];

function rows(): GridRow[] {
  let s = 7;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pairs = ['USDCNY', 'EURUSD', 'USDJPY', 'GBPUSD'];
  return Array.from({ length: N }, () => ({
    pair: pairs[Math.floor(rnd() * 4)],
    side: rnd() < 0.5 ? 'buy' : 'sell',
    notional: Math.round(1 + rnd() * 99) * 100_000,
    strike: Number((7 + rnd()).toFixed(4)),
    vol: Number((4 + rnd() * 10).toFixed(2)),
    expiry: `2027-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`,
  }));
}

function Grid() {
  const [data, setData] = useState(rows);
  return <DataGrid label="Bench" columns={columns} rows={data} onRowsChange={setData} height={HEIGHT} rowHeight={ROW_H} />;
}

const template = `56px ${columns.map(() => '120px').join(' ')}`;
const PlainRow = memo(function PlainRow({ row, index, measure }: { row: GridRow; index: number; measure: (el: HTMLElement | null) => void }) {
  return (
    <div ref={measure} data-index={index} style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: ROW_H, display: 'grid', gridTemplateColumns: template }}>
      <div>{index + 1}</div>
      {columns.map((c) => <div key={c.id}>{displayCell(c, row[c.id] ?? null, 'en')}</div>)}
    </div>
  );
});

function Floor() {
  const [data] = useState(rows);
  const scroller = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scroller.current, []);
  const estimateSize = useCallback(() => ROW_H, []);
  const v = useVirtualizer({ count: data.length, getScrollElement, estimateSize, overscan: 12, directDomUpdates: true });
  return (
    <div ref={scroller} className="kit-grid__scroll" style={{ height: HEIGHT, overflow: 'auto', position: 'relative' }}>
      <div ref={v.containerRef} style={{ position: 'relative' }}>
        {v.getVirtualItems().map((it) => <PlainRow key={it.key} row={data[it.index]} index={it.index} measure={v.measureElement} />)}
      </div>
    </div>
  );
}

await i18next.use(initReactI18next).init({ lng: 'en', fallbackLng: 'zh', resources: {}, interpolation: { escapeValue: false } });
const mode = location.hash.slice(1) || 'grid';
createRoot(document.getElementById('root')!).render(mode === 'floor' ? <Floor /> : <Grid />);
(window as unknown as { benchReady: boolean }).benchReady = true;
