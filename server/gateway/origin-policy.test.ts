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
  ])('default policy: %s -> %s', (origin, ok) => {
    expect(allowed(origin)).toBe(ok);
  });

  it('uses only the configured list when one is given', () => {
    const p = createOriginPolicy({ host: '127.0.0.1', port: 8080, allowedOrigins: parseAllowedOrigins(' https://desk.example.com ,https://b.example:8443') });
    expect(p('https://desk.example.com')).toBe(true);
    expect(p('https://b.example:8443')).toBe(true);
    expect(p('http://127.0.0.1:8080')).toBe(false);
    expect(createOriginPolicy({ host: 'x', port: 1, allowedOrigins: ['*'] })('https://any.example')).toBe(true);
    expect(parseAllowedOrigins(' , ')).toBeUndefined();
  });
});
