// The link between the two public quote pages: /bankExchange (interface language) and
// /bankExchangeEn (always English).
import { Link } from 'react-router-dom';
import { useStrings } from '../../kit/i18n';
import { bankStrings } from './i18n';

export function PublicLangLink({ to }: { to: '/bankExchange' | '/bankExchangeEn' }) {
  const { t } = useStrings(bankStrings);
  return <Link className="bx-public-lang" to={to} lang={to === '/bankExchangeEn' ? 'en' : 'zh-CN'}>{t('otherLang')}</Link>;
}
