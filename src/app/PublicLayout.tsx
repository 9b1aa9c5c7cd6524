// Public routes (no session): login and registration render H4b's pages; the other public
// screens come from src/tools/public-screens.ts, and a route without one says it is not built.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { accessPage } from './access-routes';
import { Brand, ConnectionIndicator, LanguageToggle } from './Header';
import { NotAvailablePanel } from './NotAvailablePanel';
import { OfflineBanner } from './OfflineBanner';
import { LoadErrorPanel } from './LoadError';
import { ToolBoundary } from './ToolHost';
import { publicScreen } from '../tools/public-screens';
import type { PublicRoute } from './routes';

const PAGE_OF: Partial<Record<PublicRoute, 'login' | 'register'>> = { login: 'login', registe: 'register' };

export function PublicLayout({ route }: { route: PublicRoute }) {
  const { t } = useTranslation();
  const pageName = PAGE_OF[route];
  const Page = pageName ? accessPage(pageName) : publicScreen(route);
  return (
    <div className="public" data-testid="public-layout" data-route={route}>
      <header className="header">
        <Brand />
        <div className="header__spacer" />
        <ConnectionIndicator />
        <LanguageToggle />
        {route !== 'login' && <Link className="btn btn--ghost" style={{ lineHeight: '26px', textDecoration: 'none' }} to="/login">{t('public.toLogin')}</Link>}
      </header>
      <OfflineBanner />
      <main className="public__main">
        {Page ? (
          <ToolBoundary fallback={(error) => <LoadErrorPanel error={error} />}>
            <Suspense fallback={<div className="splash">{t('app.loading')}</div>}>
              <Page />
            </Suspense>
          </ToolBoundary>
        ) : (
          <NotAvailablePanel label={t(`public.routes.${route}`)} route={route} />
        )}
      </main>
    </div>
  );
}
