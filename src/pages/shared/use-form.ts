// Form state for the access pages: typed values kept across failures, per-field error keys,
// and one form-wide message.
import { useCallback, useState } from 'react';
import type { ErrorMessage } from './error-messages';

export function useForm<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V | string, string>>>({});
  const [formError, setFormError] = useState<ErrorMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // Editing a field clears its own error and the form-wide message; other fields' errors
    // stay until the next submit.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    setFormError(null);
  }, []);

  const setError = useCallback((key: keyof V | string, error: string | undefined) => {
    setErrors((e) => ({ ...e, [key]: error }));
  }, []);

  return { values, set, errors, setErrors, setError, formError, setFormError, busy, setBusy };
}
