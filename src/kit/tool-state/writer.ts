// Debounced localStorage writes for tool state: a keystroke updates the atom at once, the
// disk a moment later (one write per pause, not per key press). Pending writes are flushed
// when the page is hidden or left, and dropped when the session changed in between (a
// logout cleared the caches: a late write must not bring them back).
import { StorageKey } from '../../session/storage-keys';

interface Pending {
  value: string | null; // null removes the key
  sid: string | null;
}

function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export class DebouncedWriter {
  private readonly pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly delayMs: number,
    private readonly storage: () => Storage | null = localStore,
  ) {}

  private sid(): string | null {
    try {
      return this.storage()?.getItem(StorageKey.sid) ?? null;
    } catch {
      return null;
    }
  }

  /** Queues `value` for `key` (null: remove); the last call per key wins. */
  schedule(key: string, value: string | null): void {
    this.pending.set(key, { value, sid: this.sid() });
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** The value waiting to be written for `key`, if any (a remount must see it, not the disk). */
  peek(key: string): { value: string | null } | undefined {
    const p = this.pending.get(key);
    return p ? { value: p.value } : undefined;
  }

  hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** Writes everything queued now. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const s = this.storage();
    const sidNow = this.sid();
    const entries = [...this.pending];
    this.pending.clear();
    if (!s) return;
    for (const [key, p] of entries) {
      if (p.sid !== sidNow) continue; // logged out or another user since: drop
      try {
        if (p.value === null) s.removeItem(key);
        else s.setItem(key, p.value);
      } catch (e) {
        // Quota exceeded or storage disabled: the inputs stay on screen, only the copy is lost.
        console.warn(`[tool-state] could not store ${key}`, e);
      }
    }
  }

  /** Forgets queued writes (tests, logout). */
  discard(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}

export const TOOL_STATE_WRITE_DELAY_MS = 300;

/** The one writer every tool's state goes through. */
export const toolStateWriter = new DebouncedWriter(TOOL_STATE_WRITE_DELAY_MS);

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  window.addEventListener('pagehide', () => toolStateWriter.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') toolStateWriter.flush();
  });
}
