// Renders one tool by name: its lazy module, an access page, or the not-available panel.
// An error boundary keeps one failing tool from taking the shell (and other tabs) down.
import { Component, Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findTool, toolLabel } from '../tools/registry';
import { ACCESS_TOOLS, accessPage } from './access-routes';
import { LoadErrorPanel } from './LoadError';
import { NotAvailablePanel } from './NotAvailablePanel';

const lazyTools = new Map<string, LazyExoticComponent<ComponentType>>();

function resolve(name: string): ComponentType | null {
  const access = ACCESS_TOOLS[name];
  if (access) return accessPage(access);
  const entry = findTool(name);
  if (!entry?.load) return null;
  let c = lazyTools.get(name);
  if (!c) {
    c = lazy(entry.load);
    lazyTools.set(name, c);
  }
  return c;
}

export class ToolBoundary extends Component<{ fallback: (error: Error) => ReactNode; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error('tool failed', error);
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function ToolHost({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const label = toolLabel(name, i18n.language);
  const Tool = resolve(name);
  if (!Tool) return <NotAvailablePanel label={label} route={name} />;
  return (
    <ToolBoundary fallback={(error) => <LoadErrorPanel error={error} />}>
      <Suspense fallback={<div className="splash">{t('app.loading')}</div>}>
        <Tool />
      </Suspense>
    </ToolBoundary>
  );
}
