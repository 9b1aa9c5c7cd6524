// The honest placeholder for a screen this build does not provide.
import { useTranslation } from 'react-i18next';

export function NotAvailablePanel({ label, route }: { label: string; route: string }) {
  const { t } = useTranslation();
  return (
    <section className="na" data-testid="not-available" data-route={route}>
      <h2>{t('notAvailable.title', { label })}</h2>
      <p>{t('notAvailable.body')}</p>
      <p>
        {t('notAvailable.route')}: <code>/{route}</code>
      </p>
    </section>
  );
}
