// Renders the toast queue of toast.ts: top-centre stack, offset 16, spacing 20, z-index
// from 2000, a counter badge on grouped repeats.
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from './toast';
import { countBadge, stackTop, TOAST_Z_BASE } from './toast-store';

export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const refs = useRef(new Map<number, HTMLDivElement>());
  const [heights, setHeights] = useState<Record<number, number>>({});
  useLayoutEffect(() => {
    const next: Record<number, number> = {};
    for (const t of items) next[t.id] = refs.current.get(t.id)?.offsetHeight ?? 40;
    setHeights((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, [items]);
  return (
    <div className="toaster" aria-live="polite">
      {items.map((t, i) => {
        const badge = countBadge(t.count);
        const top = stackTop(items.slice(0, i).map((x) => heights[x.id] ?? 40));
        return (
          <div
            key={t.id}
            ref={(el) => { if (el) refs.current.set(t.id, el); else refs.current.delete(t.id); }}
            className={`toast toast--${t.status}`}
            role={t.status === 'error' || t.status === 'warning' ? 'alert' : 'status'}
            style={{ top, zIndex: TOAST_Z_BASE + i }}
            onClick={() => dismissToast(t.id)}
          >
            <span className="toast__text">{t.message}</span>
            {badge && <span className="toast__count" data-testid="toast-count">{badge}</span>}
          </div>
        );
      })}
    </div>
  );
}
