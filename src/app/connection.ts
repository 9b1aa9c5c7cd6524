// Connection state for the header and the offline banner: the socket status atom (H3)
// combined with the socketStatus window event and navigator.onLine.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { connectionStatusAtom, type ConnectionStatus } from './session-bridge';

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

export function useConnectionStatus(): ConnectionStatus {
  const fromAtom = useAtomValue(connectionStatusAtom);
  const [fromEvent, setFromEvent] = useState<ConnectionStatus | null>(null);
  useEffect(() => {
    const on = (e: Event) => {
      const s = (e as CustomEvent<{ status?: string }>).detail?.status;
      if (s === 'open' || s === 'closed') setFromEvent(s);
    };
    window.addEventListener('socketStatus', on);
    return () => window.removeEventListener('socketStatus', on);
  }, []);
  useEffect(() => setFromEvent(null), [fromAtom]);
  return fromEvent ?? fromAtom;
}

export function statusTone(s: ConnectionStatus): 'ok' | 'busy' | 'down' | 'idle' {
  if (s === 'open' || s === 'loggedIn') return 'ok';
  if (s === 'connecting') return 'busy';
  if (s === 'closed' || s === 'failed') return 'down';
  return 'idle';
}
