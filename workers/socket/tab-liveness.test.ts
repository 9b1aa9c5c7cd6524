import { describe, expect, it } from 'vitest';
import { tabLockName, type HubApi } from './hub-api';
import { holdTabLock, watchTabLocks } from './tab-liveness';

/** Exclusive named locks with a FIFO queue, like navigator.locks. */
class FakeLocks {
  private readonly held = new Map<string, Array<() => void>>();
  request(name: string, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve) => {
      const run = () => {
        const done = Promise.resolve(callback());
        void done.then((v) => {
          const q = this.held.get(name)!;
          q.shift();
          if (q.length) q[0]();
          else this.held.delete(name);
          resolve(v);
        });
      };
      const q = this.held.get(name);
      if (q) q.push(run);
      else {
        this.held.set(name, [run]);
        run();
      }
    });
  }
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('tab liveness', () => {
  it('detaches a tab only once the lock it holds is released', async () => {
    const locks = new FakeLocks();
    const detached: string[] = [];
    const hub = { attach: () => 'open', detach: (id: string) => void detached.push(id) } as unknown as HubApi;
    let endTab!: () => void;
    // The tab holds its lock until its "page" ends.
    const held = new Promise<void>((ready) => {
      void locks.request(tabLockName('t1'), () => {
        ready();
        return new Promise<void>((end) => (endTab = end));
      });
    });
    await held;
    const watched = watchTabLocks(hub, locks);
    watched.attach('t1', { notify() {}, status() {}, control() {} }, { sid: null });
    watched.attach('t1', { notify() {}, status() {}, control() {} }, { sid: null }); // re-attach: one watcher
    await flush();
    expect(detached).toEqual([]);
    endTab();
    await flush();
    expect(detached).toEqual(['t1']);
  });

  it('holdTabLock resolves once the lock is held', async () => {
    const locks = new FakeLocks();
    await holdTabLock('t2', locks);
    let granted = false;
    void locks.request(tabLockName('t2'), () => (granted = true));
    await flush();
    expect(granted).toBe(false); // still held by the live tab
  });
});
