// The frame of the five spread screens: stacked layout, the curves' source badge beside the
// title, the form (its fields, one action button) above results and charts.
import type { ReactNode } from 'react';
import { ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import type { Provenance } from '../../kit/market-data/provenance';
import { SourceBadge } from '../../kit/results';

export interface SpreadLayoutProps {
  title: ReactNode;
  provenance: Provenance | null | undefined;
  onSubmit: () => void;
  columns: 2 | 3 | 4;
  priceLabel: string;
  busy?: boolean;
  fields: ReactNode;
  results: ReactNode;
  charts: ReactNode;
}

export function SpreadLayout({ title, provenance, onSubmit, columns, priceLabel, busy, fields, results, charts }: SpreadLayoutProps) {
  return (
    <ToolLayout
      variant="stacked"
      title={title}
      meta={<SourceBadge provenance={provenance} />}
      inputs={
        <ToolForm onSubmit={onSubmit} columns={columns} actions={<ToolActions price priceLabel={priceLabel} busy={busy} />}>
          {fields}
        </ToolForm>
      }
      results={results}
      charts={charts}
    />
  );
}
