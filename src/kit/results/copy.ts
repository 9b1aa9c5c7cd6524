// Copying a shown number gives its full precision (UI-CONTRACT section 2): Ctrl+C (Cmd+C) on a
// focused value, a copy button, or a mouse selection inside one value all put the
// `data-value` text on the clipboard, never the rounded display.
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { toast } from '../../ui/toast';

/** Writes text to the clipboard; the async API first, the legacy command where it is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    const active = document.activeElement as HTMLElement | null;
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    active?.focus();
    return ok;
  }
}

/** Copies and says so with a toast in the user's language. */
export async function copyWithToast(text: string, words: { copied: string; failed: string }): Promise<boolean> {
  const ok = await copyText(text);
  toast(ok ? words.copied : words.failed, ok ? 'success' : 'error');
  return ok;
}

const selectionInside = (el: Element): boolean => {
  const s = window.getSelection();
  if (!s || s.isCollapsed) return false;
  return !!s.anchorNode && !!s.focusNode && el.contains(s.anchorNode) && el.contains(s.focusNode);
};

const selectionElsewhere = (el: Element): boolean => {
  const s = window.getSelection();
  return !!s && !s.isCollapsed && !selectionInside(el);
};

export const isCopyKey = (e: KeyboardEvent | globalThis.KeyboardEvent): boolean =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === 'c' || e.key === 'C' || e.key === 'Insert');

/**
 * Props for an element showing one value: Ctrl+C while it has focus, or a copy of a
 * selection within it, yields `full()`.
 */
export function copyProps(full: () => string | undefined, onCopied?: (text: string) => void) {
  return {
    onKeyDown(e: KeyboardEvent<HTMLElement>) {
      if (!isCopyKey(e) || selectionElsewhere(e.currentTarget)) return;
      const text = full();
      if (text === undefined) return;
      e.preventDefault();
      void copyText(text).then((ok) => ok && onCopied?.(text));
    },
    onCopy(e: ClipboardEvent<HTMLElement>) {
      const text = full();
      if (text === undefined || !selectionInside(e.currentTarget)) return;
      e.clipboardData.setData('text/plain', text);
      e.preventDefault();
      onCopied?.(text);
    },
  };
}
