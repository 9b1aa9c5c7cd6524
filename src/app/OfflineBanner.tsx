// Shown while the browser is offline or the live socket is down; tools stay mounted, so
// whatever they last showed stays on screen.
import { useTranslation } from 'react-i18next';
import { statusTone, useConnectionStatus, useOnline } from './connection';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const status = useConnectionStatus();
  if (online && statusTone(status) !== 'down') return null;
  return (
    <div className="banner banner--offline" role="status" data-testid="offline-banner">
      {online ? t('offline.socket') : t('offline.network')}
    </div>
  );
}
