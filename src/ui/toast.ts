// `toast(message, status)`: callable from anywhere (React or not). <Toaster/> renders it.
import { expireToasts, pushToast, type ToastItem, type ToastStatus } from './toast-store';

export type { ToastStatus } from './toast-store';

let items: ToastItem[] = [];
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function schedule() {
  if (timer) clearTimeout(timer);
  timer = null;
  if (items.length === 0) return;
  const soonest = Math.min(...items.map((t) => t.expiresAt));
  timer = setTimeout(() => {
    items = expireToasts(items, Date.now());
    emit();
    schedule();
  }, Math.max(0, soonest - Date.now()));
}

const STATUSES: readonly ToastStatus[] = ['info', 'success', 'warning', 'error'];

/** Options form, accepted for callers that pass `{ message|title, status|type }`. */
export interface ToastOptions { message?: string; title?: string; status?: string; type?: string }

export function toast(message: string | ToastOptions, status: ToastStatus = 'info'): void {
  let text = typeof message === 'string' ? message : message.message ?? message.title ?? '';
  let kind: string = status;
  if (typeof message !== 'string') kind = message.status ?? message.type ?? status;
  if (!text) return;
  text = String(text);
  const s = (STATUSES as readonly string[]).includes(kind) ? (kind as ToastStatus) : 'info';
  items = pushToast(items, text, s, Date.now(), nextId++);
  emit();
  schedule();
}

export function dismissToast(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
  schedule();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return items;
}
