import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { SESSION_TTL_MS, Sessions } from './sessions';
import { testClock } from './test-clock';
import { insertUser } from './users';

describe('sessions', () => {
  let t: TestDatabase;
  const clock = testClock();
  let sessions: Sessions;
  let userId: number;
  beforeAll(async () => {
    t = await openTestDatabase('postgres');
    sessions = new Sessions(t.db, clock.now);
    userId = (await insertUser(t.db, { userName: 's1', passwordHash: '!', phone: null, role: 'client' }, clock.now())).id;
  });
  afterAll(async () => t?.dispose());

  it('issues 32 random bytes as hex, stored with creation and expiry', async () => {
    const a = await sessions.create(t.db, userId, '10.0.0.1');
    const b = await sessions.create(t.db, userId, '10.0.0.1');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(await sessions.resolve(a)).toEqual({ sid: a, userId, createdAt: clock.now(), expiresAt: clock.now() + SESSION_TTL_MS });
  });

  it('rejects unknown, malformed, expired and revoked sids', async () => {
    for (const bad of [undefined, 42, '', 'x'.repeat(64), 'A'.repeat(64), '0'.repeat(64)]) expect(await sessions.resolve(bad)).toBeNull();
    const sid = await sessions.create(t.db, userId, '');
    expect(await sessions.revoke(sid)).toBe(true);
    expect(await sessions.revoke(sid)).toBe(false);
    expect(await sessions.resolve(sid)).toBeNull();
    const old = await sessions.create(t.db, userId, '');
    clock.advance(SESSION_TTL_MS);
    expect(await sessions.resolve(old)).toBeNull();
  });

  it('revokeAllOf ends every live session of one user and returns their sids', async () => {
    const other = (await insertUser(t.db, { userName: 's2', passwordHash: '!', phone: null, role: 'client' }, clock.now())).id;
    const mine = [await sessions.create(t.db, userId, ''), await sessions.create(t.db, userId, '')];
    const theirs = await sessions.create(t.db, other, '');
    expect((await sessions.revokeAllOf(t.db, userId)).sort()).toEqual(mine.sort());
    expect(await sessions.resolve(theirs)).not.toBeNull();
    expect(await sessions.revokeAllOf(t.db, userId)).toEqual([]);
  });
});
