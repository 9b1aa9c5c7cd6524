// A new service worker waits until the user chooses to reload (registerType 'prompt').
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';

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
      <button type="button" className="btn btn--primary" onClick={() => void updateServiceWorker(true)}>
        {t('update.reload')}
      </button>
      <button type="button" className="btn" onClick={() => setNeedRefresh(false)}>
        {t('update.later')}
      </button>
    </div>
  );
}
