// What the user sees when a lazy chunk cannot be loaded (typically: a new version was
// deployed while this page was open, so the old chunk names are gone) or a screen throws.
// A chunk failure reloads the page once by itself; a second failure within 30 s shows
// the message with a reload button instead of looping.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

const RELOAD_MARK = 'chunkReloadAt';

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(text);
}

function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  if (Date.now() - last < 30_000) return false;
  sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  window.location.reload();
  return true;
}

export function LoadErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadOnce();
  }, [chunk]);
  return (
    <section className="na" role="alert" data-testid="load-error">
      <h2>{chunk ? t('errors.loadFailedTitle') : t('errors.screenFailedTitle')}</h2>
      <p>{chunk ? t('errors.loadFailedBody') : t('errors.screenFailedBody')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('update.reload')}
      </button>
    </section>
  );
}

/** errorElement of the root route. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('route error', error);
  return (
    <div className="splash">
      <LoadErrorPanel error={error} />
    </div>
  );
}
