// Live user-name uniqueness check: debounced, and only the answer for the name still in the
// field counts (an older, slower reply is dropped).
import { useEffect, useRef, useState } from 'react';
import { loginApi } from '../shared/login-api';
import { validateUserName } from '../shared/validation';

export type NameCheck = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

export const USERNAME_CHECK_DEBOUNCE_MS = 400;

export function useUserNameCheck(userName: string): NameCheck {
  const [state, setState] = useState<NameCheck>('idle');
  const latest = useRef(userName);
  latest.current = userName;

  useEffect(() => {
    if (validateUserName(userName)) {
      setState('idle');
      return;
    }
    setState('checking');
    const timer = setTimeout(async () => {
      try {
        const reply = await loginApi.checkUserName(userName);
        if (latest.current === userName) setState(reply.available ? 'available' : 'taken');
      } catch {
        if (latest.current === userName) setState('unknown'); // the server checks again on submit
      }
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [userName]);

  return state;
}
