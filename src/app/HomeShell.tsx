// The home shell at / : header, main menu, tab bar and tool area. The URL names the active
// tool; every open tab stays mounted (hidden when inactive) so its state and scroll survive
// a switch, except tools whose registry entry says keepAlive: false (/exchangeSpread).
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import '../locale';
import { findTool, isHomeChild, toolLabel } from '../tools/registry';
import { Header } from './Header';
import { MainMenu } from './MainMenu';
import { OfflineBanner } from './OfflineBanner';
import { routeName } from './routes';
import { accessPage } from './access-routes';
import { claimProfilePrompt } from '../session';
import { currentUserAtom, K } from './session-bridge';
import { addTab, closeTab, parseTabs, serializeTabs, type Tab } from './tabs';
import { ToolHost } from './ToolHost';

function readTabs(): Tab[] {
  return parseTabs(localStorage.getItem(K.tabs));
}

/**
 * SPEC section 6: a user with an incomplete profile is asked to complete it before going on.
 * The access page's dialog closes itself ("later" or after submitting for review).
 */
function ProfilePrompt() {
  const user = useAtomValue(currentUserAtom);
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (user && user.profileComplete === false && claimProfilePrompt(user.sid)) setShow(true);
  }, [user]);
  if (!show) return null;
  const CompleteProfile = accessPage('completeProfile');
  return (
    <Suspense fallback={null}>
      <CompleteProfile />
    </Suspense>
  );
}

export function HomeShell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const name = routeName(location.pathname);
  const active = isHomeChild(name) ? name : '';
  const [tabs, setTabs] = useState<Tab[]>(readTabs);
  const [collapsed, setCollapsed] = useState(false);

  // Opening a tool by URL (menu, share link, typed address) adds its tab.
  useEffect(() => {
    if (active) setTabs((ts) => addTab(ts, { name: active, label: toolLabel(active, i18n.language) }));
  }, [active, i18n.language]);

  // The guard adds share-link tabs straight into storage and fires tabsAdded.
  useEffect(() => {
    const reload = () => setTabs((ts) => {
      const stored = readTabs();
      return stored.reduce((acc, tab) => addTab(acc, tab), ts);
    });
    window.addEventListener('tabsAdded', reload);
    return () => window.removeEventListener('tabsAdded', reload);
  }, []);

  useEffect(() => {
    localStorage.setItem(K.tabs, serializeTabs(tabs));
  }, [tabs]);

  const open = useCallback((tool: string) => navigate(`/${tool}`), [navigate]);
  const close = useCallback((tool: string) => {
    const { tabs: rest, nextActive } = closeTab(tabs, tool, active);
    setTabs(rest);
    if (nextActive === active) return;
    if (nextActive) navigate(`/${nextActive}`);
    else {
      localStorage.removeItem(K.lastPath); // "/" with no lastPath stays on the empty shell
      navigate('/');
    }
  }, [tabs, active, navigate]);

  const openNames = useMemo(() => new Set(tabs.map((x) => x.name)), [tabs]);

  return (
    <div className="shell" data-testid="home-shell">
      <Header />
      <OfflineBanner />
      <ProfilePrompt />
      <div className={`shell__body${collapsed ? ' shell__body--collapsed' : ''}`}>
        <MainMenu active={active} openNames={openNames} onOpen={open} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        <div className="workspace">
          <div className="tabbar" role="tablist" aria-label={t('tabs.bar')} data-testid="tabbar">
            {tabs.map((tab) => {
              const label = findTool(tab.name) ? toolLabel(tab.name, i18n.language) : tab.label;
              const selected = tab.name === active;
              return (
                <div key={tab.name} className={`tab${selected ? ' tab--active' : ''}`} data-tab={tab.name}
                  onMouseDown={(e) => { if (e.button === 1) { e.preventDefault(); close(tab.name); } }}>
                  <button type="button" role="tab" aria-selected={selected} className="tab__label" title={label} onClick={() => open(tab.name)}>
                    {label}
                  </button>
                  <button type="button" className="tab__close" aria-label={t('tabs.close', { label })} onClick={() => close(tab.name)}>
                    ×
                  </button>
                </div>
              );
            })}
          </div>
          <main className="toolarea" data-testid="toolarea">
            {tabs.length === 0 && (
              <div className="empty">
                <div>
                  <p>{t('tabs.empty')}</p>
                  <p>{t('tabs.emptyHint')}</p>
                </div>
              </div>
            )}
            {tabs.map((tab) => {
              const selected = tab.name === active;
              const keep = findTool(tab.name)?.keepAlive ?? true;
              if (!selected && !keep) return null;
              return (
                <section key={tab.name} className="pane" role="tabpanel" hidden={!selected} inert={!selected}
                  data-pane={tab.name} aria-label={toolLabel(tab.name, i18n.language)}>
                  <ToolHost name={tab.name} />
                </section>
              );
            })}
          </main>
        </div>
      </div>
    </div>
  );
}
