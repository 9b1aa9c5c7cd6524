// Lifecycle of the "send verification code" button as an explicit state machine:
// idle -> sending -> waiting(until) -> idle, or sending -> idle on failure. The wait comes
// from the server's resendAfterSec (60 s in the contract) or a 1012 retryAfterSec.

export type SmsState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'waiting'; until: number };

export type SmsEvent =
  | { type: 'send' }
  | { type: 'sent'; resendAfterSec: number; now: number }
  | { type: 'failed'; retryAfterSec?: number; now: number }
  | { type: 'tick'; now: number };

export const SMS_IDLE: SmsState = { phase: 'idle' };

export function smsReducer(state: SmsState, event: SmsEvent): SmsState {
  switch (event.type) {
    case 'send':
      return state.phase === 'idle' ? { phase: 'sending' } : state;
    case 'sent':
      return state.phase === 'sending'
        ? { phase: 'waiting', until: event.now + Math.max(0, event.resendAfterSec) * 1000 }
        : state;
    case 'failed':
      if (state.phase !== 'sending') return state;
      return event.retryAfterSec && event.retryAfterSec > 0
        ? { phase: 'waiting', until: event.now + event.retryAfterSec * 1000 }
        : SMS_IDLE;
    case 'tick':
      return state.phase === 'waiting' && event.now >= state.until ? SMS_IDLE : state;
  }
}

/** Whole seconds left before another code may be requested (0 unless waiting). */
export function secondsLeft(state: SmsState, now: number): number {
  return state.phase === 'waiting' ? Math.max(0, Math.ceil((state.until - now) / 1000)) : 0;
}
