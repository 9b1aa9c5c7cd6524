// The /test tool of SPEC section 2: a diagnostic page with tool-local state (a counter and
// a long scrollable list) that makes keep-alive observable, one gated operation that
// exercises the free-version operation count (useOperationGate), and the tool kit showcase
// (src/tools/test/kit-showcase.tsx, its own lazy chunk) that tests/e2e/kit.spec.ts drives.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperationGate } from '../app/operation-gate';
import { KitDataDemo } from './test/kit-data-demo';

const KitShowcase = lazy(() => import('./test/kit-showcase'));

export default function TestTool() {
  const { t } = useTranslation();
  const gate = useOperationGate();
  const [count, setCount] = useState(0);
  const [done, setDone] = useState(0);
  return (
    <div className="tool-test">
      <div className="tool-test__bar">
        <button type="button" className="btn" data-testid="test-counter" onClick={() => setCount((n) => n + 1)}>
          {t('testTool.increment')}
        </button>
        <span data-testid="test-count">{t('testTool.count', { count })}</span>
        <button type="button" className="btn btn--primary" data-testid="test-gated" onClick={() => { if (gate.check()) setDone((n) => n + 1); }}>
          {t('testTool.gated')}
        </button>
        <span data-testid="test-gated-done">{t('testTool.gatedDone', { n: done })}</span>
      </div>
      <KitDataDemo />
      <Suspense fallback={<div className="splash">{t('app.loading')}</div>}>
        <KitShowcase />
      </Suspense>
      <ol className="tool-test__rows" data-testid="test-rows">
        {Array.from({ length: 200 }, (_, i) => (
          <li key={i}>{t('testTool.row', { n: i + 1 })}</li>
        ))}
      </ol>
    </div>
  );
}
