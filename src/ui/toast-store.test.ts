import { describe, expect, it } from 'vitest';
import { countBadge, expireToasts, pushToast, stackTop, TOAST_DURATION_MS } from './toast-store';

describe('toast store', () => {
  it('a new message shows for 3000 ms', () => {
    const [t] = pushToast([], 'Saved', 'success', 1000, 1);
    expect(t).toMatchObject({ message: 'Saved', status: 'success', count: 1, expiresAt: 1000 + TOAST_DURATION_MS });
    expect(expireToasts([t!], 3999)).toHaveLength(1);
    expect(expireToasts([t!], 4000)).toHaveLength(0);
  });
  it('a repeat groups onto the visible toast, bumps the counter and restarts the timer', () => {
    let list = pushToast([], 'Lost', 'error', 0, 1);
    list = pushToast(list, 'Lost', 'error', 2000, 2);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 1, count: 2, expiresAt: 5000 });
  });
  it('same text with another status is a different toast', () => {
    const list = pushToast(pushToast([], 'x', 'error', 0, 1), 'x', 'info', 0, 2);
    expect(list.map((t) => t.id)).toEqual([1, 2]);
  });
  it('the counter caps at 99', () => {
    let list = pushToast([], 'm', 'info', 0, 1);
    for (let i = 0; i < 150; i++) list = pushToast(list, 'm', 'info', 0, 2 + i);
    expect(list[0]!.count).toBe(99);
    expect(countBadge(list[0]!.count)).toBe('99');
    expect(countBadge(1)).toBeNull();
    expect(countBadge(7)).toBe('7');
  });
  it('stacks from offset 16 with spacing 20', () => {
    expect(stackTop([])).toBe(16);
    expect(stackTop([40])).toBe(76);
    expect(stackTop([40, 30])).toBe(126);
  });
});
