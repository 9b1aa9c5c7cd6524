// Loading one LoginSvr reply for a signed-in page: loading -> ready | failed, with reload.
import { useCallback, useEffect, useState } from 'react';
import { errorMessageFor, type ErrorMessage } from './error-messages';
import { currentSid, currentUserName } from './session-bridge';

export type Loaded<T> =
  | { phase: 'loading' }
  | { phase: 'ready'; data: T }
  | { phase: 'failed'; error: ErrorMessage };

export function useLoaded<T>(load: (sid: string, userName: string) => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ phase: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    const sid = currentSid();
    const userName = currentUserName() ?? '';
    if (!sid) {
      setState({ phase: 'failed', error: { key: 'errors.sessionInvalid' } });
      return;
    }
    setState({ phase: 'loading' });
    load(sid, userName).then(
      (data) => live && setState({ phase: 'ready', data }),
      (err) => live && setState({ phase: 'failed', error: errorMessageFor(err) }),
    );
    return () => {
      live = false;
    };
    // `load` is a module-level API call; reloading is driven by `round` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return [state, reload] as const;
}
