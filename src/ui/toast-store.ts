// Toast queue of SPEC section 9: each message shows 3000 ms; a repeat of a message that is
// still visible (same text and status) does not stack a new toast but bumps a counter on
// the existing one (shown up to 99) and restarts its timer. Pure state + a tiny store.

export type ToastStatus = 'info' | 'success' | 'warning' | 'error';

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export const TOAST_SPACING_PX = 20;
export const TOAST_Z_BASE = 2000;
export const TOAST_COUNT_CAP = 99;

export interface ToastItem {
  id: number;
  message: string;
  status: ToastStatus;
  count: number;
  expiresAt: number;
}

export function pushToast(items: readonly ToastItem[], message: string, status: ToastStatus, now: number, id: number): ToastItem[] {
  const i = items.findIndex((t) => t.message === message && t.status === status);
  if (i >= 0) {
    const t = items[i]!;
    const bumped = { ...t, count: Math.min(t.count + 1, TOAST_COUNT_CAP), expiresAt: now + TOAST_DURATION_MS };
    return items.map((x, j) => (j === i ? bumped : x));
  }
  return [...items, { id, message, status, count: 1, expiresAt: now + TOAST_DURATION_MS }];
}

export function expireToasts(items: readonly ToastItem[], now: number): ToastItem[] {
  const kept = items.filter((t) => t.expiresAt > now);
  return kept.length === items.length ? (items as ToastItem[]) : kept;
}

/** Counter text next to a grouped message: none for 1, then 2..99, capped at 99. */
export function countBadge(count: number): string | null {
  return count > 1 ? String(Math.min(count, TOAST_COUNT_CAP)) : null;
}

/** Vertical position of the i-th stacked toast, given the heights of those above it. */
export function stackTop(heightsAbove: readonly number[]): number {
  return heightsAbove.reduce((top, h) => top + h + TOAST_SPACING_PX, TOAST_OFFSET_PX);
}
