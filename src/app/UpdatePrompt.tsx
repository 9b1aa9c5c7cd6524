// A new service worker waits until the user chooses to reload (registerType 'prompt').
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';

// The plugin reloads only on a 'controlling' event it classes as an update; a worker found
// by the browser's own update check counts as "external" there, so reload on the
// controller change ourselves.
function reloadInto(updateServiceWorker: (reload?: boolean) => Promise<void>) {
  navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void updateServiceWorker(true);
}

export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <div className="banner banner--update" role="alertdialog" data-testid="update-prompt">
      <span>{t('update.ready')}</span>
      <button type="button" className="btn btn--primary" onClick={() => reloadInto(updateServiceWorker)}>
        {t('update.reload')}
      </button>
      <button type="button" className="btn" onClick={() => setNeedRefresh(false)}>
        {t('update.later')}
      </button>
    </div>
  );
}
