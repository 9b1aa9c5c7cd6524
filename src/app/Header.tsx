// Dark-navy header: product name, connection status, core version, language, user menu.
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentLang, setLanguage } from '../i18n';
import { statusTone, useConnectionStatus } from './connection';
import { currentUserAtom, K, logout, mcpVersionAtom } from './session-bridge';

export function LanguageToggle() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--ghost"
      title={t('header.languageTitle')}
      data-testid="lang-toggle"
      onClick={() => setLanguage(currentLang() === 'zh' ? 'en' : 'zh')}
    >
      {t('header.language')}
    </button>
  );
}

export function ConnectionIndicator() {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  return (
    <span className={`status status--${statusTone(status)}`} data-testid="conn-status" data-status={status}>
      <span className="status__dot" />
      {t(`header.status.${status}`)}
    </span>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAtomValue(currentUserAtom);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const name = user?.userName ?? localStorage.getItem(K.username) ?? '';
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const go = (path: string) => { setOpen(false); navigate(path); };
  return (
    <div className="usermenu" ref={ref}>
      <button type="button" className="btn btn--ghost" aria-haspopup="menu" aria-expanded={open}
        aria-label={t('header.userMenu')} data-testid="user-menu" onClick={() => setOpen((o) => !o)}>
        {name || t('header.guest')} ▾
      </button>
      {open && (
        <ul className="usermenu__list" role="menu">
          {(['userSettings', 'license', 'trial', 'referral'] as const).map((p) => (
            <li key={p} role="none">
              <button type="button" role="menuitem" onClick={() => go(`/${p}`)}>{t(`account.${p}`)}</button>
            </li>
          ))}
          <li className="usermenu__sep" role="separator" />
          <li role="none">
            <button type="button" role="menuitem" data-testid="logout" onClick={async () => {
              setOpen(false);
              await logout();
              navigate('/login', { replace: true });
            }}>{t('header.logout')}</button>
          </li>
        </ul>
      )}
    </div>
  );
}

export function Brand() {
  const { t } = useTranslation();
  return (
    <div className="header__brand">
      <span className="header__logo" aria-hidden>Σ</span>
      {t('app.name')}
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const version = useAtomValue(mcpVersionAtom);
  return (
    <header className="header" data-testid="app-header">
      <Brand />
      <div className="header__spacer" />
      <ConnectionIndicator />
      <span className="header__meta" data-testid="mcp-version">
        {t('header.coreVersion')} <b>{version ?? t('header.versionUnknown')}</b>
      </span>
      <LanguageToggle />
      <UserMenu />
    </header>
  );
}
