// Dead-tab detection. Every tab holds the Web Lock `tabLockName(tabId)` for its whole life
// (taken before it attaches). The owner queues a request for that lock: it is granted only
// when the tab is gone (closed, crashed, navigated away), and then the owner detaches it,
// releasing its subscriptions and requests. MessagePorts give no reliable close signal.
import { tabLockName, type HubApi } from './hub-api';

interface LockManagerLike {
  request(name: string, callback: () => unknown): Promise<unknown>;
}

/** Wraps a hub so each attached tab is detached once its lock is released. */
export function watchTabLocks(hub: HubApi, locks: LockManagerLike | undefined = (globalThis.navigator as Navigator | undefined)?.locks): HubApi {
  const watched = new Set<string>();
  return {
    attach(tabId, sink, init) {
      const status = hub.attach(tabId, sink, init);
      if (locks && !watched.has(tabId)) {
        watched.add(tabId);
        locks
          .request(tabLockName(tabId), () => {
            watched.delete(tabId);
            return hub.detach(tabId);
          })
          .catch(() => watched.delete(tabId));
      }
      return status;
    },
    detach: (tabId) => hub.detach(tabId),
    request: (tabId, serverName, method, content, timeoutMs) => hub.request(tabId, serverName, method, content, timeoutMs),
    subscribe: (tabId, pattern) => hub.subscribe(tabId, pattern),
    unsubscribe: (tabId, pattern) => hub.unsubscribe(tabId, pattern),
    setSession: (sid) => hub.setSession(sid),
    configure: (config) => hub.configure(config),
    stats: () => hub.stats(),
  };
}

/**
 * Takes this tab's liveness lock and holds it until the page dies. Resolves once held, so
 * the tab attaches only after the owner can no longer mistake it for dead.
 */
export function holdTabLock(tabId: string, locks: LockManagerLike | undefined = (globalThis.navigator as Navigator | undefined)?.locks): Promise<void> {
  if (!locks) return Promise.resolve();
  return new Promise<void>((held) => {
    locks
      .request(tabLockName(tabId), () => {
        held();
        return new Promise<never>(() => {}); // released by the browser when the page goes
      })
      .catch(() => held());
  });
}
