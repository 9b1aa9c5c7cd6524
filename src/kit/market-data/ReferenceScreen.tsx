// The frame of a reference (market-data) screen: the import drop area as its inputs, the
// figure tables as its results (no heading: the panels carry theirs), charts below. `rev`
// grows with each import of the desk's own figures, so tables and charts fetch again.
import { useCallback, useState, type ReactNode } from 'react';
import { ToolLayout } from '../layout';
import { ResultsRegion } from '../results';
import { MarketImport } from './MarketImport';

export function useImportRev(): { rev: number; onImported: () => void } {
  const [rev, setRev] = useState(0);
  const onImported = useCallback(() => setRev((n) => n + 1), []);
  return { rev, onImported };
}

export interface ReferenceScreenProps {
  testId: string;
  title: ReactNode;
  onImported: () => void;
  busy: boolean;
  error: unknown;
  /** The figure tables. */
  children: ReactNode;
  charts?: ReactNode;
}

export function ReferenceScreen({ testId, title, onImported, busy, error, children, charts }: ReferenceScreenProps) {
  return (
    <div data-testid={testId}>
      <ToolLayout
        variant="stacked"
        title={title}
        inputs={<MarketImport onImported={onImported} bare />}
        results={
          <ResultsRegion heading={false} busy={busy} error={error}>
            {children}
          </ResultsRegion>
        }
        charts={charts}
      />
    </div>
  );
}
