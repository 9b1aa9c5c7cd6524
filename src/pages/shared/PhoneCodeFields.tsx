// Mobile number + SMS code inputs with the "get code" button and its resend countdown.
import { Button } from '@chakra-ui/react';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useAccessT } from '../i18n/use-access-t';
import { errorMessageFor, type ErrorMessage } from './error-messages';
import { loginApi, LoginSvrError } from './login-api';
import { notify } from './notify';
import { SMS_IDLE, secondsLeft, smsReducer } from './sms-countdown';
import { TextField } from './ui';
import { validatePhone } from './validation';

function useSmsCode(purpose: 'login' | 'register') {
  const [state, dispatch] = useReducer(smsReducer, SMS_IDLE);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (state.phase !== 'waiting') return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      dispatch({ type: 'tick', now: t });
    }, 250);
    return () => clearInterval(timer);
  }, [state.phase]);

  const send = useCallback(
    async (phone: string): Promise<ErrorMessage | null> => {
      dispatch({ type: 'send' });
      try {
        const reply = await loginApi.sendSmsCode(phone.trim(), purpose);
        const t = Date.now();
        setNow(t);
        dispatch({ type: 'sent', resendAfterSec: reply.resendAfterSec ?? 60, now: t });
        return null;
      } catch (err) {
        const t = Date.now();
        setNow(t);
        dispatch({ type: 'failed', retryAfterSec: err instanceof LoginSvrError ? err.retryAfterSec : undefined, now: t });
        return errorMessageFor(err);
      }
    },
    [purpose],
  );

  return { state, remaining: secondsLeft(state, now), send };
}

export interface PhoneCodeFieldsProps {
  purpose: 'login' | 'register';
  phone: string;
  code: string;
  onPhone: (v: string) => void;
  onCode: (v: string) => void;
  phoneError?: string;
  codeError?: string;
  /** Lets the form show a send failure under the phone field. */
  onPhoneError: (key: string | undefined, values?: Record<string, unknown>) => void;
  required?: boolean;
}

export function PhoneCodeFields(p: PhoneCodeFieldsProps) {
  const { t } = useAccessT();
  const { state, remaining, send } = useSmsCode(p.purpose);
  const [sendValues, setSendValues] = useState<Record<string, unknown> | undefined>();

  const onSend = async () => {
    const invalid = validatePhone(p.phone);
    if (invalid) {
      p.onPhoneError(invalid);
      return;
    }
    p.onPhoneError(undefined);
    const failure = await send(p.phone);
    if (failure) {
      setSendValues(failure.values);
      p.onPhoneError(failure.key, failure.values);
      notify('error', t(failure.key, failure.values));
    } else {
      notify('success', t('sms.sent'));
    }
  };

  const label =
    state.phase === 'sending' ? t('sms.sending') : state.phase === 'waiting' ? t('sms.resendIn', { seconds: remaining }) : t('sms.send');

  return (
    <>
      <TextField
        name="phone"
        label={t('fields.phone')}
        value={p.phone}
        onChange={p.onPhone}
        error={p.phoneError}
        errorValues={sendValues}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={11}
        placeholder={t('fields.phonePlaceholder')}
        required={p.required}
      />
      <TextField
        name="code"
        label={t('fields.code')}
        value={p.code}
        onChange={p.onCode}
        error={p.codeError}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('fields.codePlaceholder')}
        required={p.required}
        endElement={
          <Button
            variant="outline"
            minW="9.5rem"
            data-testid="send-code"
            disabled={state.phase !== 'idle'}
            onClick={() => void onSend()}
          >
            {label}
          </Button>
        }
      />
    </>
  );
}
