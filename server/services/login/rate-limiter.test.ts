import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { RateLimiter } from './rate-limiter';
import { testClock } from './test-clock';

describe('rate limiter', () => {
  let t: TestDatabase;
  beforeAll(async () => (t = await openTestDatabase('postgres')));
  afterAll(async () => t?.dispose());

  it('allows up to max events per window, then says how long to wait', async () => {
    const clock = testClock();
    const rl = new RateLimiter(t.db, clock.now);
    const rules = [{ windowMs: 60_000, max: 3 }];
    for (let i = 0; i < 3; i++) {
      expect(await rl.retryAfterSec('a', rules)).toBeNull();
      await rl.hit('a');
      clock.advance(10_000);
    }
    // Events at 0, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
    expect(await rl.retryAfterSec('a', rules)).toBe(30);
    clock.advance(30_000);
    expect(await rl.retryAfterSec('a', rules)).toBeNull();
    expect(await rl.retryAfterSec('other', rules)).toBeNull();
  });

  it('applies the strictest of several rules', async () => {
    const clock = testClock();
    const rl = new RateLimiter(t.db, clock.now);
    const rules = [
      { windowMs: 60_000, max: 1 },
      { windowMs: 3_600_000, max: 3 },
    ];
    for (let i = 0; i < 2; i++) {
      expect(await rl.retryAfterSec('b', rules)).toBeNull();
      await rl.hit('b');
      expect(await rl.retryAfterSec('b', rules)).toBe(60);
      clock.advance(61_000);
    }
    await rl.hit('b');
    // Three in the hour: wait until the first (122 s ago) is an hour old, not just 60 s.
    expect(await rl.retryAfterSec('b', rules)).toBe(3600 - 122);
    clock.advance(61_000);
    expect(await rl.retryAfterSec('b', rules)).toBe(3600 - 183);
  });

  it('clear forgets a bucket', async () => {
    const clock = testClock();
    const rl = new RateLimiter(t.db, clock.now);
    const rules = [{ windowMs: 60_000, max: 1 }];
    await rl.hit('c');
    expect(await rl.retryAfterSec('c', rules)).toBe(60);
    await rl.clear('c');
    expect(await rl.retryAfterSec('c', rules)).toBeNull();
  });
});
