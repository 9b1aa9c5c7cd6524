import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, type SessionAuthority, type SessionUser } from '../contracts';
import { SessionCache } from './session-cache';

const alice: SessionUser = { userName: 'alice', sid: 's1', inf5: '1' };

function authority(answer: () => Promise<SessionUser | null>): SessionAuthority {
  return { loginWithPassword: async () => null, checkSession: answer };
}

describe('SessionCache during a database outage', () => {
  it('answers an expired entry from its last known verdict while the database is unavailable', async () => {
    let down = false;
    const cache = new SessionCache(authority(async () => {
      if (down) throw new DatabaseUnavailableError();
      return alice;
    }), { ttlMs: 1 });
    expect(await cache.check('s1')).toEqual(alice);
    await new Promise((r) => setTimeout(r, 5));
    down = true;
    expect(await cache.check('s1')).toEqual(alice);
  });

  it('a sid never seen, or another failure, still fails', async () => {
    const cache = new SessionCache(authority(async () => {
      throw new DatabaseUnavailableError();
    }));
    await expect(cache.check('new')).rejects.toMatchObject({ code: '9503' });
    const broken = new SessionCache(authority(async () => {
      throw new Error('bug');
    }), { ttlMs: 1 });
    broken.remember('s1', alice);
    await new Promise((r) => setTimeout(r, 5));
    await expect(broken.check('s1')).rejects.toThrow('bug');
  });
});
