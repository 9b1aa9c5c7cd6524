// The React hook the app root mounts once: wires startSessionLifecycle to the page's
// socket client, the Jotai atoms, the toast and the router (through history + popstate,
// so it works with whichever router the shell uses).
import i18next from 'i18next';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { getSocketClient } from '../socket-client';
import { connectionStatusAtom, currentUserAtom, mcpVersionAtom } from '../state/atoms';
import { toast } from '../ui/toast';
import { startSessionLifecycle } from './session-lifecycle';

function goToLogin(): void {
  if (location.pathname === '/login') return;
  history.pushState(null, '', '/login');
  dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

export function useSessionLifecycle(): void {
  const setStatus = useSetAtom(connectionStatusAtom);
  const setUser = useSetAtom(currentUserAtom);
  const setVersion = useSetAtom(mcpVersionAtom);
  useEffect(
    () =>
      startSessionLifecycle({
        client: getSocketClient(),
        setStatus,
        setUser,
        setVersion,
        warnLoginAgain: () => toast(i18next.t('session.loginAgain'), 'warning'),
        pathname: () => location.pathname,
        goToLogin,
        reload: () => location.reload(),
        onStorage: (cb) => {
          const listener = (e: StorageEvent) => {
            if (e.storageArea === localStorage) cb(e.key, e.newValue, e.oldValue);
          };
          addEventListener('storage', listener);
          return () => removeEventListener('storage', listener);
        },
      }),
    [setStatus, setUser, setVersion],
  );
}
