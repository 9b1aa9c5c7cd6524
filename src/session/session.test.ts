import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketClient } from '../socket-client/client';
import { clearSession, clearWorkspace, logoutEverywhere, saveLogin } from './session';
import { CACHE_PREFIX, PricingCacheKey, StorageKey, toolCacheKey } from './storage-keys';
import { installMemoryStorage, type MemoryStorage } from './testing/memory-storage';

let store: MemoryStorage;
beforeEach(() => {
  store = installMemoryStorage();
});

describe('saveLogin', () => {
  it('stores sid, username, takerId and loginTime', () => {
    saveLogin({ sid: 's1', username: 'alice', institution_shortname: 'BANKA' }, 1234);
    expect(store.getItem('sid')).toBe('s1');
    expect(store.getItem('username')).toBe('alice');
    expect(store.getItem('takerId')).toBe('BANKA');
    expect(store.getItem('loginTime')).toBe('1234');
  });

  it('clears lastPath, tabs and opNum only when a different user was stored', () => {
    store.setItem('username', 'alice');
    for (const k of ['lastPath', 'tabs', 'opNum']) store.setItem(k, 'x');
    saveLogin({ sid: 's2', username: 'alice' });
    expect(store.getItem('tabs')).toBe('x');
    saveLogin({ sid: 's3', username: 'bob' });
    for (const k of ['lastPath', 'tabs', 'opNum']) expect(store.getItem(k)).toBeNull();
  });
});

describe('cache keys', () => {
  it('every SPEC pricing cache key lives under the cleared prefix; toolCacheKey too', () => {
    for (const k of Object.values(PricingCacheKey)) expect(k.startsWith(CACHE_PREFIX)).toBe(true);
    expect(toolCacheKey('irsCal')).toBe('cache.irsCal');
    expect(toolCacheKey('irsCal', 'legs')).toBe('cache.irsCal.legs');
    expect(() => toolCacheKey('a.b')).toThrow();
  });
});

describe('clearing', () => {
  it('clearSession removes sid, takerId, ip and userInfo only', () => {
    for (const k of ['sid', 'takerId', 'ip', 'userInfo', 'username', 'tabs', 'Lang']) store.setItem(k, 'v');
    clearSession();
    expect(['sid', 'takerId', 'ip', 'userInfo'].map((k) => store.getItem(k))).toEqual([null, null, null, null]);
    expect(store.getItem('username')).toBe('v');
    expect(store.getItem('tabs')).toBe('v');
  });

  it('clearWorkspace removes lastPath, tabs, opNum, pricing caches and chart selections', () => {
    for (const k of ['lastPath', 'tabs', 'opNum', PricingCacheKey.option, PricingCacheKey.dc, 'chartSelection.vol', 'sid', StorageKey.Lang]) store.setItem(k, 'v');
    clearWorkspace();
    expect(store.length).toBe(2);
    expect(store.getItem('sid')).toBe('v');
    expect(store.getItem('Lang')).toBe('v');
  });

  it('clearWorkspace also removes the caches of tools SPEC gives no key to (cache. prefix)', () => {
    for (const k of [toolCacheKey('irsCal'), toolCacheKey('bondOption', 'grid'), 'cachedThing', 'sid']) store.setItem(k, 'v');
    clearWorkspace();
    expect(store.length).toBe(2);
    expect(store.getItem('cachedThing')).toBe('v');
    expect(store.getItem('sid')).toBe('v');
  });
});

describe('logoutEverywhere', () => {
  function fakeClient(fail = false) {
    const request = vi.fn(async () => {
      if (fail) throw new Error('down');
      return { Code: '0001' };
    });
    const setSession = vi.fn(async () => {});
    return { client: { request, setSession } as unknown as SocketClient, request, setSession };
  }

  it('asks LoginSvr to log the sid out, clears session and workspace, and drops to anonymous', async () => {
    saveLogin({ sid: 's1', username: 'alice' });
    store.setItem('tabs', '[]');
    const { client, request, setSession } = fakeClient();
    await logoutEverywhere(client);
    expect(request).toHaveBeenCalledWith('LoginSvr', 'SYS.ATS.LOGIN', { method: 'logout', sid: 's1' }, { timeoutMs: 5000 });
    expect(store.getItem('sid')).toBeNull();
    expect(store.getItem('tabs')).toBeNull();
    expect(setSession).toHaveBeenCalledWith(null);
  });

  it('clears locally even when the server cannot be reached', async () => {
    saveLogin({ sid: 's1', username: 'alice' });
    const { client } = fakeClient(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await logoutEverywhere(client);
    warn.mockRestore();
    expect(store.getItem('sid')).toBeNull();
  });
});
