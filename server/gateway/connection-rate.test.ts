import { describe, expect, it } from 'vitest';
import { ConnectionRateLimit } from './connection-rate';
import { addressKey } from './per-address-limit';

describe('connection rate per client (token bucket)', () => {
  it('allows the burst at once, then the refill rate, with the wait as Retry-After', () => {
    let now = 0;
    const r = new ConnectionRateLimit(2, 3, () => now);
    expect([r.take('a'), r.take('a'), r.take('a')]).toEqual([0, 0, 0]);
    expect(r.take('a')).toBe(1);
    expect(r.take('b')).toBe(0); // another client has its own bucket
    now += 500; // one token back at 2/s
    expect(r.take('a')).toBe(0);
    expect(r.take('a')).toBe(1);
    now += 10_000; // refills up to the burst, not beyond
    expect([r.take('a'), r.take('a'), r.take('a'), r.take('a')]).toEqual([0, 0, 0, 1]);
  });

  it('says how long to wait when the rate is below one per second', () => {
    let now = 0;
    const r = new ConnectionRateLimit(0.1, 1, () => now);
    expect(r.take('a')).toBe(0);
    expect(r.take('a')).toBe(10);
    now += 4_000;
    expect(r.take('a')).toBe(6);
  });

  it('forgets clients whose bucket is full again', () => {
    let now = 0;
    const r = new ConnectionRateLimit(10, 5, () => now);
    r.take('a');
    r.take('b');
    r.take('b');
    now += 150; // a is full again (1 token back), b is not (0.5 of 2)
    r.sweep();
    expect(r.size).toBe(1);
    now += 1_000;
    r.sweep();
    expect(r.size).toBe(0);
  });

  it('is off when the rate or the burst is 0', () => {
    for (const r of [new ConnectionRateLimit(0, 5), new ConnectionRateLimit(5, 0)]) {
      expect(Array.from({ length: 100 }, () => r.take('a')).every((w) => w === 0)).toBe(true);
      expect(r.size).toBe(0);
    }
  });
});

describe('addressKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
