// Topic patterns (PROTOCOL.md section 4): dot-separated segments; `*` matches exactly one
// segment, a final `**` matches one or more remaining segments. SubscriptionIndex is a trie
// by segment so a publish visits only the branches that can match (never every pattern).

export const ONE = '*';
export const REST = '**';

/** A concrete topic: non-empty dot-separated segments, no wildcards, no whitespace. */
export function isValidTopic(topic: string): boolean {
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > 512) return false;
  for (const s of topic.split('.')) {
    if (s.length === 0 || s === ONE || s === REST || /\s/.test(s)) return false;
  }
  return true;
}

/** A subscription pattern: like a topic, plus `*` segments and an optional final `**`. */
export function isValidPattern(pattern: string): boolean {
  if (typeof pattern !== 'string' || pattern.length === 0 || pattern.length > 512) return false;
  const segs = pattern.split('.');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s.length === 0 || /\s/.test(s)) return false;
    if (s === REST && i !== segs.length - 1) return false;
  }
  return true;
}

/** Whether `pattern` matches the concrete `topic`. */
export function matchTopic(pattern: string, topic: string): boolean {
  if (pattern === topic) return true;
  const p = pattern.split('.');
  const t = topic.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === REST && i === p.length - 1) return t.length > i;
    if (i >= t.length) return false;
    if (p[i] !== ONE && p[i] !== t[i]) return false;
  }
  return p.length === t.length;
}

class TrieNode<T> {
  children: Map<string, TrieNode<T>> | null = null;
  one: TrieNode<T> | null = null;
  /** Subscribers whose pattern ends exactly here. */
  exact: Set<T> | null = null;
  /** Subscribers whose pattern ends here followed by `**`. */
  rest: Set<T> | null = null;

  isEmpty(): boolean {
    return !this.children?.size && !this.one && !this.exact?.size && !this.rest?.size;
  }
}

/** Pattern -> subscribers, matched against concrete topics. */
export class SubscriptionIndex<T> {
  private readonly root = new TrieNode<T>();
  private count = 0;

  /** Number of (pattern, subscriber) pairs held. */
  get size(): number {
    return this.count;
  }

  /** Adds a subscription; returns false if it was already present. Pattern must be valid. */
  add(pattern: string, subscriber: T): boolean {
    const segs = pattern.split('.');
    let node = this.root;
    const last = segs.length - 1;
    for (let i = 0; i < segs.length; i++) {
      const s = segs[i];
      if (s === REST && i === last) {
        node.rest ??= new Set();
        return this.addTo(node.rest, subscriber);
      }
      if (s === ONE) node = node.one ??= new TrieNode();
      else {
        node.children ??= new Map();
        let next = node.children.get(s);
        if (!next) node.children.set(s, (next = new TrieNode()));
        node = next;
      }
    }
    node.exact ??= new Set();
    return this.addTo(node.exact, subscriber);
  }

  private addTo(set: Set<T>, subscriber: T): boolean {
    if (set.has(subscriber)) return false;
    set.add(subscriber);
    this.count++;
    return true;
  }

  /** Removes a subscription and prunes empty branches; returns whether it was present. */
  remove(pattern: string, subscriber: T): boolean {
    const segs = pattern.split('.');
    const path: Array<[TrieNode<T>, string]> = [];
    let node: TrieNode<T> | null | undefined = this.root;
    const last = segs.length - 1;
    let set: Set<T> | null = null;
    for (let i = 0; i < segs.length && node; i++) {
      const s = segs[i];
      if (s === REST && i === last) {
        set = node.rest;
        break;
      }
      path.push([node, s]);
      node = s === ONE ? node.one : node.children?.get(s);
      if (node && i === last) set = node.exact;
    }
    if (!set || !set.delete(subscriber)) return false;
    this.count--;
    // Prune from the leaf up so long-lived servers do not accumulate dead branches.
    for (let i = path.length - 1; i >= 0; i--) {
      const [parent, s] = path[i];
      const child = s === ONE ? parent.one : parent.children?.get(s);
      if (!child || !child.isEmpty()) break;
      if (s === ONE) parent.one = null;
      else parent.children!.delete(s);
    }
    return true;
  }

  /** Calls `visit` once per subscriber with at least one pattern matching `topic`. */
  forEachMatch(topic: string, visit: (subscriber: T) => void): void {
    const segs = topic.split('.');
    const seen = new Set<T>();
    const emit = (set: Set<T> | null) => {
      if (!set) return;
      for (const s of set) {
        if (!seen.has(s)) {
          seen.add(s);
          visit(s);
        }
      }
    };
    const walk = (node: TrieNode<T>, i: number) => {
      if (i === segs.length) {
        emit(node.exact);
        return;
      }
      emit(node.rest); // at least one segment (segs[i]) remains
      const child = node.children?.get(segs[i]);
      if (child) walk(child, i + 1);
      if (node.one) walk(node.one, i + 1);
    };
    walk(this.root, 0);
  }

  /** The subscribers matching `topic`, each once. */
  match(topic: string): T[] {
    const out: T[] = [];
    this.forEachMatch(topic, (s) => out.push(s));
    return out;
  }
}
