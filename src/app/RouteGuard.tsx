// Thin React wrapper of route-guard.ts: on every location change it evaluates the pure
// guard against localStorage, applies the writes and events, and redirects, passes, or runs
// the embedded auto-login. The layout under it (the home shell) stays mounted across
// in-shell redirects so kept-alive tabs survive.
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { normalizeLang, setLanguage } from '../i18n';
import { toast } from '../ui/toast';
import { getConfig } from './config';
import { guardRoute, type GuardResult } from './route-guard';
import { getSocketClient, K, saveLogin } from './session-bridge';

function storageSnapshot(): Record<string, string | null> {
  const snap: Record<string, string | null> = {};
  for (const key of Object.values(K)) snap[key] = localStorage.getItem(key);
  return snap;
}

function apply(result: GuardResult) {
  for (const { key, value } of result.writes) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    if (key === K.Lang && value !== null) setLanguage(normalizeLang(value)); // embedded login's lang query
  }
  for (const name of result.events) window.dispatchEvent(new CustomEvent(name));
}

async function autoLogin(userName: string, password: string): Promise<boolean> {
  const client = getSocketClient();
  try {
    const reply = await client.request<{ Code?: string; sid?: string; username?: string; institution_shortname?: string }>(
      'LoginSvr', 'SYS.ATS.LOGIN', { method: 'login', parameter: { userName, password } },
    );
    if (reply?.Code !== '0001' || !reply.sid) return false;
    saveLogin({ sid: reply.sid, username: reply.username ?? userName, institution_shortname: reply.institution_shortname });
    await client.setSession(reply.sid);
    return true;
  } catch (err) {
    console.warn('auto login failed', err);
    return false;
  }
}

export function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const result = useMemo(() => guardRoute({
    path: location.pathname,
    query: Object.fromEntries(new URLSearchParams(location.search)),
    storage: storageSnapshot(),
    now: Date.now(),
    linkTypes: getConfig().VITE_APP_LINK_TYPES,
  }), [location.key, location.pathname, location.search]); // eslint-disable-line react-hooks/exhaustive-deps
  const [appliedKey, setAppliedKey] = useState<string | null>(null);

  useLayoutEffect(() => {
    apply(result);
    setAppliedKey(location.key);
    if (result.decision.kind === 'redirect') navigate(result.decision.to, { replace: true });
  }, [result]); // eslint-disable-line react-hooks/exhaustive-deps

  const decision = result.decision;
  useEffect(() => {
    if (decision.kind !== 'autoLogin') return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const ok = await autoLogin(decision.username, decision.password);
      if (cancelled) return;
      if (ok) {
        navigate(`${location.pathname}`, { replace: true }); // run the guard again, now with a sid
      } else {
        toast(t('app.autoLoginFailed'), 'error');
        localStorage.removeItem(K.sourceType);
        navigate('/login', { replace: true });
      }
    }, decision.delayMs);
    return () => { cancelled = true; clearTimeout(timer); };
  }, [decision]); // eslint-disable-line react-hooks/exhaustive-deps

  if (decision.kind === 'autoLogin') return <div className="splash" data-testid="auto-login">{t('app.signingIn')}</div>;
  // Redirects inside the shell (/ -> last tool, unknown -> /) keep the layout mounted;
  // a redirect to /login never shows protected content, even for one frame.
  if (decision.kind === 'redirect' && (decision.to === '/login' || appliedKey === null)) return null;
  return <Outlet />;
}
