// Open tool tabs: the value persisted in localStorage `tabs` as JSON [{ name, label }].
// Pure helpers; the shell keeps the list in React state and writes it back on change.
import { isHomeChild } from '../tools/registry';

export interface Tab {
  name: string;
  label: string;
}

/** Parse the stored value; anything malformed or naming an unknown tool is dropped. */
export function parseTabs(raw: string | null | undefined): Tab[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const tabs: Tab[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') continue;
    const { name, label } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !isHomeChild(name) || seen.has(name)) continue;
    seen.add(name);
    tabs.push({ name, label: typeof label === 'string' ? label : name });
  }
  return tabs;
}

export function serializeTabs(tabs: readonly Tab[]): string {
  return JSON.stringify(tabs.map(({ name, label }) => ({ name, label })));
}

/** Append a tab unless one with that name is open; returns the same array when unchanged. */
export function addTab(tabs: Tab[], tab: Tab): Tab[] {
  return tabs.some((t) => t.name === tab.name) ? tabs : [...tabs, tab];
}

/**
 * Close a tab. Returns the new list and, when the closed tab was active, the tab to show
 * next (its right neighbour, else its left one, else none).
 */
export function closeTab(tabs: Tab[], name: string, active: string): { tabs: Tab[]; nextActive: string | null } {
  const index = tabs.findIndex((t) => t.name === name);
  if (index < 0) return { tabs, nextActive: active };
  const rest = tabs.filter((t) => t.name !== name);
  if (name !== active) return { tabs: rest, nextActive: active };
  const neighbour = rest[index] ?? rest[index - 1];
  return { tabs: rest, nextActive: neighbour ? neighbour.name : null };
}
