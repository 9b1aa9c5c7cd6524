import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, subscribeToasts, toast } from './toast';

afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('toast()', () => {
  it('shows, groups repeats and clears itself after 3000 ms', () => {
    vi.useFakeTimers();
    let notified = 0;
    const off = subscribeToasts(() => notified++);
    toast('Request timeout', 'error');
    toast('Request timeout', 'error');
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ message: 'Request timeout', status: 'error', count: 2 });
    vi.advanceTimersByTime(2999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
    expect(notified).toBeGreaterThanOrEqual(3);
    off();
  });
  it('accepts the options form and ignores empty messages', () => {
    vi.useFakeTimers();
    toast({ title: 'Saved', type: 'success' });
    toast({ message: 'x', status: 'bogus' });
    toast('');
    expect(getToasts().map((t) => [t.message, t.status])).toEqual([['Saved', 'success'], ['x', 'info']]);
  });
});
