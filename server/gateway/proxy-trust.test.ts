import { describe, expect, it } from 'vitest';
import { ProxyTrust, describeTrustProxy, parseForwardedAddress, parseTrustProxy } from './proxy-trust';

const trust = (raw: string) => new ProxyTrust(parseTrustProxy(raw));

describe('TRUST_PROXY: which hop is the client', () => {
  const xff = '203.0.113.9, 198.51.100.7, 10.0.0.3';
  it.each([
    // [TRUST_PROXY, peer, X-Forwarded-For, client]
    ['', '127.0.0.1', xff, '127.0.0.1'],
    ['false', '10.0.0.2', xff, '10.0.0.2'],
    ['true', '10.0.0.2', xff, '203.0.113.9'],
    ['1', '10.0.0.2', xff, '10.0.0.3'],
    ['2', '10.0.0.2', xff, '198.51.100.7'],
    ['3', '10.0.0.2', xff, '203.0.113.9'],
    ['9', '10.0.0.2', xff, '203.0.113.9'], // more hops than entries: the furthest known
    ['1', '10.0.0.2', undefined, '10.0.0.2'],
    // A list: walk left past every trusted address.
    ['uniquelocal', '10.0.0.2', xff, '198.51.100.7'],
    ['loopback', '10.0.0.2', xff, '10.0.0.2'], // peer untrusted: headers ignored
    ['loopback, 10.0.0.0/8, 198.51.100.0/24', '127.0.0.1', xff, '203.0.113.9'],
    ['loopback', '::ffff:127.0.0.1', '192.0.2.1', '192.0.2.1'],
    ['loopback', '::1', '2001:db8::1', '2001:db8::1'],
    ['fd00::/8', 'fd00::5', '192.0.2.1', '192.0.2.1'],
    // Garbage never becomes an address: the walk stops at the hop that passed it on.
    ['true', '10.0.0.2', 'not-an-ip, 10.0.0.3', '10.0.0.3'],
    ['true', '10.0.0.2', '', '10.0.0.2'],
  ])('TRUST_PROXY=%s, peer %s, X-Forwarded-For %s -> %s', (raw, peer, header, client) => {
    expect(trust(raw).clientAddress(peer, header)).toBe(client);
  });

  it('reads repeated X-Forwarded-For headers as one list', () => {
    expect(trust('1').clientAddress('10.0.0.2', ['203.0.113.9', '10.0.0.3'])).toBe('10.0.0.3');
    expect(trust('true').clientAddress('10.0.0.2', ['203.0.113.9', '10.0.0.3'])).toBe('203.0.113.9');
  });

  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1:5050 ', '192.0.2.1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['unknown', ''],
    ['192.0.2.1:x', ''],
    ['_hidden', ''],
  ])('forwarded entry %s -> %s', (token, address) => {
    expect(parseForwardedAddress(token)).toBe(address);
  });
});

describe('TRUST_PROXY: host and scheme', () => {
  const headers = { host: 'upstream:8080', 'x-forwarded-host': 'desk.bank.example, inner.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
  it('believes X-Forwarded-Host/-Proto (first value) only from a trusted peer', () => {
    expect(trust('loopback').resolve('127.0.0.1', headers)).toEqual({ address: '203.0.113.9', host: 'desk.bank.example', proto: 'https' });
    expect(trust('loopback').resolve('192.0.2.50', headers)).toEqual({ address: '192.0.2.50', host: 'upstream:8080', proto: undefined });
    expect(trust('').resolve('127.0.0.1', headers)).toEqual({ address: '127.0.0.1', host: 'upstream:8080', proto: undefined });
  });
  it('falls back to Host and an unknown scheme when the proxy does not say', () => {
    expect(trust('true').resolve('10.0.0.2', { host: 'desk.bank.example' })).toEqual({ address: '10.0.0.2', host: 'desk.bank.example', proto: undefined });
    expect(trust('true').resolve('10.0.0.2', { host: 'd', 'x-forwarded-proto': 'WSS' }).proto).toBe('https');
    expect(trust('true').resolve('10.0.0.2', { host: 'd', 'x-forwarded-proto': 'gopher' }).proto).toBeUndefined();
  });
});

describe('parseTrustProxy', () => {
  it('expands names and bare addresses into subnets', () => {
    expect(parseTrustProxy('linklocal')).toEqual({ kind: 'list', subnets: ['169.254.0.0/16', 'fe80::/10'] });
    expect(parseTrustProxy('2001:db8::1, 192.0.2.0/24')).toEqual({ kind: 'list', subnets: ['2001:db8::1/128', '192.0.2.0/24'] });
    expect(parseTrustProxy(' , ')).toEqual({ kind: 'none' });
  });
  it('describes each setting for the start-up log', () => {
    expect(describeTrustProxy(parseTrustProxy(''))).toMatch(/ignored/);
    expect(describeTrustProxy(parseTrustProxy('2'))).toMatch(/2 nearest/);
    expect(describeTrustProxy(parseTrustProxy('loopback'))).toContain('127.0.0.0/8, ::1/128');
  });
  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0.0/8/1', '2001:db8::/129', '10.0.0.0/x', '-2', '1.2.3'])('refuses %s', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
  });
});
