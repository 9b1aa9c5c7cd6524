// Which tab holds which subscription pattern. The server sees each pattern once, however
// many tabs hold it: the first holder subscribes, the last one to leave unsubscribes.
// Notifications are fanned out to each tab by its own patterns (each tab at most once).
import { SubscriptionIndex } from '../../src/wire';

export class TabSubscriptions {
  private readonly holders = new Map<string, Set<string>>();
  private readonly index = new SubscriptionIndex<string>();

  /** Adds `pattern` for `tab`; true when the server must now be told to subscribe. */
  add(tab: string, pattern: string): boolean {
    let set = this.holders.get(pattern);
    if (!set) this.holders.set(pattern, (set = new Set()));
    if (set.has(tab)) return false;
    set.add(tab);
    this.index.add(pattern, tab);
    return set.size === 1;
  }

  /** Removes `pattern` for `tab`; true when the server must now be told to unsubscribe. */
  remove(tab: string, pattern: string): boolean {
    const set = this.holders.get(pattern);
    if (!set || !set.delete(tab)) return false;
    this.index.remove(pattern, tab);
    if (set.size > 0) return false;
    this.holders.delete(pattern);
    return true;
  }

  /** Drops every pattern of a tab; returns the patterns nobody holds any more. */
  removeTab(tab: string): string[] {
    const orphaned: string[] = [];
    for (const pattern of [...this.holders.keys()]) {
      if (this.holders.get(pattern)!.has(tab) && this.remove(tab, pattern)) orphaned.push(pattern);
    }
    return orphaned;
  }

  /** Every pattern at least one tab holds (what the server must have after a reconnect). */
  patterns(): string[] {
    return [...this.holders.keys()];
  }

  holderCount(pattern: string): number {
    return this.holders.get(pattern)?.size ?? 0;
  }

  /** Tabs with at least one pattern matching `topic`, each once. */
  tabsFor(topic: string): string[] {
    return this.index.match(topic);
  }
}
