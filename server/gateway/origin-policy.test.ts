import { describe, expect, it } from 'vitest';
import { createOriginPolicy, parseAllowedOrigins } from './origin-policy';

describe('origin policy', () => {
  const allowed = createOriginPolicy({ host: '127.0.0.1', port: 8080 });
  it.each([
    [undefined, true],
    ['http://127.0.0.1:8080', true],
    ['https://127.0.0.1:8080', true],
    ['http://localhost:8080', true],
    ['http://LOCALHOST:8080/', true],
    ['http://[::1]:8080', true],
    ['http://localhost:5173', true],
    ['http://127.0.0.1:4173', true],
    ['http://localhost:8081', false],
    ['http://evil.example:8080', false],
    ['null', false],
    ['file://x', false],
    ['', false],
  ])('without a Host header: %s -> %s', (origin, ok) => {
    expect(allowed(origin)).toBe(ok);
  });

  // A proxy that keeps the Host header (another port, another name, TLS in front).
  it.each([
    ['desk.bank.example', undefined, 'https://desk.bank.example', true],
    ['desk.bank.example', undefined, 'http://desk.bank.example', true],
    ['DESK.bank.example', undefined, 'https://desk.BANK.example', true],
    ['desk.bank.example:443', undefined, 'https://desk.bank.example', true],
    ['desk.bank.example:8443', undefined, 'https://desk.bank.example:8443', true],
    ['127.0.0.1:9000', undefined, 'http://127.0.0.1:9000', true],
    ['[::1]:9000', undefined, 'http://[::1]:9000', true],
    // Known scheme (trusted X-Forwarded-Proto) must match.
    ['desk.bank.example', 'https', 'https://desk.bank.example', true],
    ['desk.bank.example', 'https', 'http://desk.bank.example', false],
    // Foreign or different port: refused.
    ['desk.bank.example', undefined, 'https://evil.example', false],
    ['desk.bank.example', undefined, 'https://desk.bank.example.evil.example', false],
    ['desk.bank.example', undefined, 'https://desk.bank.example:8443', false],
    ['desk.bank.example:80', undefined, 'https://desk.bank.example', false],
    ['desk.bank.example:8443', undefined, 'https://desk.bank.example', false],
    // A Host header is name[:port] only.
    ['evil.example/desk.bank.example', undefined, 'https://evil.example', false],
    ['user@desk.bank.example', undefined, 'https://desk.bank.example', false],
    ['', undefined, 'https://desk.bank.example', false],
  ] as const)('Host %s (proto %s): Origin %s -> %s', (host, proto, origin, ok) => {
    expect(allowed(origin, { host, proto })).toBe(ok);
  });

  it('adds the configured list to the defaults', () => {
    const p = createOriginPolicy({ host: '127.0.0.1', port: 8080, allowedOrigins: parseAllowedOrigins(' https://desk.example.com ,https://b.example:8443') });
    expect(p('https://desk.example.com')).toBe(true);
    expect(p('https://b.example:8443')).toBe(true);
    expect(p('https://b.example')).toBe(false);
    expect(p('http://127.0.0.1:8080')).toBe(true);
    expect(p('https://portal.example', { host: 'desk.example.com', proto: undefined })).toBe(false);
    expect(p('https://desk.example.com', { host: 'internal:8080', proto: undefined })).toBe(true);
    expect(createOriginPolicy({ host: 'x', port: 1, allowedOrigins: ['*'] })('https://any.example')).toBe(true);
    expect(parseAllowedOrigins(' , ')).toBeUndefined();
  });
});
