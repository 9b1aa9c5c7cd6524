import { describe, expect, it } from 'vitest';
import { SMS_IDLE, secondsLeft, smsReducer, type SmsState } from './sms-countdown';

describe('smsReducer', () => {
  it('goes idle -> sending -> waiting for resendAfterSec -> idle', () => {
    let s: SmsState = smsReducer(SMS_IDLE, { type: 'send' });
    expect(s).toEqual({ phase: 'sending' });
    s = smsReducer(s, { type: 'sent', resendAfterSec: 60, now: 1_000 });
    expect(s).toEqual({ phase: 'waiting', until: 61_000 });
    expect(secondsLeft(s, 1_000)).toBe(60);
    expect(secondsLeft(s, 1_001)).toBe(60);
    expect(secondsLeft(s, 60_500)).toBe(1);
    s = smsReducer(s, { type: 'tick', now: 60_999 });
    expect(s.phase).toBe('waiting');
    s = smsReducer(s, { type: 'tick', now: 61_000 });
    expect(s).toEqual(SMS_IDLE);
    expect(secondsLeft(s, 61_000)).toBe(0);
  });

  it('ignores a second send while sending or waiting', () => {
    const sending = smsReducer(SMS_IDLE, { type: 'send' });
    expect(smsReducer(sending, { type: 'send' })).toBe(sending);
    const waiting = smsReducer(sending, { type: 'sent', resendAfterSec: 60, now: 0 });
    expect(smsReducer(waiting, { type: 'send' })).toBe(waiting);
  });

  it('returns to idle on failure, or waits when the server asks to retry later', () => {
    const sending = smsReducer(SMS_IDLE, { type: 'send' });
    expect(smsReducer(sending, { type: 'failed', now: 0 })).toEqual(SMS_IDLE);
    expect(smsReducer(sending, { type: 'failed', retryAfterSec: 30, now: 5 })).toEqual({ phase: 'waiting', until: 30_005 });
  });

  it('ignores stray replies when not sending', () => {
    expect(smsReducer(SMS_IDLE, { type: 'sent', resendAfterSec: 60, now: 0 })).toBe(SMS_IDLE);
    expect(smsReducer(SMS_IDLE, { type: 'failed', now: 0 })).toBe(SMS_IDLE);
    expect(smsReducer(SMS_IDLE, { type: 'tick', now: 0 })).toBe(SMS_IDLE);
  });
});
