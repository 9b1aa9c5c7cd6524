import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closePricingPool } from '../pricing/pricing-pool';
import { createHttpApp } from './http-app';

let dir: string;
let server: Server;
let base: string;
let ready = false;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'sw.js'), 'self.x=1');
  writeFileSync(join(dir, 'config.json'), '{"VITE_APP_REQ_NUM":20}');
  writeFileSync(join(dir, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'index-AbCdEf12.css'), 'body{}');
  writeFileSync(join(dir, 'countries.json'), '[]');
  server = createServer(
    createHttpApp({ distDir: dir, ready: () => ready, stats: () => ({ connections: 3, subscriptions: 7 }), maxPriceBodyBytes: 10_000 }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closePricingPool();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const post = (body: string, type = 'application/json') => fetch(`${base}/api/price`, { method: 'POST', headers: { 'content-type': type }, body });

describe('HTTP app', () => {
  it('answers /healthz 503 until ready, then 200 with the counts', async () => {
    ready = false;
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    ready = true;
    const r = await fetch(`${base}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: true, connections: 3, subscriptions: 7 });
  });

  it('serves /api/stats as JSON', async () => {
    const r = await fetch(`${base}/api/stats`);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(await r.json()).toEqual({ connections: 3, subscriptions: 7 });
  });

  it('prices a JSON array through priceBatch', async () => {
    const r = await post('[{"model":"x"}, 5]');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([{ error: 'unknown model: x' }, { error: 'request must be a JSON object' }]);
  });

  it('rejects invalid pricing bodies with clear errors', async () => {
    expect(await (await post('{"model":"x"}')).json()).toEqual({ error: 'body must be a JSON array of pricing requests' });
    const bad = await post('[{');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'body is not valid JSON' });
    expect((await post('[]', 'text/plain')).status).toBe(415);
    expect((await post(`[${'"x",'.repeat(5000)}"x"]`)).status).toBe(413);
    expect((await fetch(`${base}/api/price`)).status).toBe(405);
  });

  it('serves files with content types and cache rules, and the SPA fallback', async () => {
    const index = await fetch(`${base}/`);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const route = await fetch(`${base}/optionCalculator/deep`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    const js = await fetch(`${base}/assets/index-AbCdEf12.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/assets/index-AbCdEf12.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    for (const p of ['/sw.js', '/config.json', '/index.html']) expect((await fetch(base + p)).headers.get('cache-control'), p).toBe('no-cache');
    expect((await fetch(`${base}/config.json`)).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await fetch(`${base}/assets/missing-12345678.js`)).status).toBe(404);
    expect((await fetch(`${base}/api/unknown`)).status).toBe(404);
  });

  it('never serves files outside dist', async () => {
    for (const p of ['/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json', '/%00']) {
      const r = await fetch(base + p);
      const text = await r.text();
      expect(text, p).not.toContain('root:');
      expect([200, 404]).toContain(r.status);
      if (r.status === 200) expect(text).toContain('<title>app</title>');
    }
  });

  it('sets security headers on every response', async () => {
    for (const p of ['/', '/healthz', '/api/nope']) {
      const r = await fetch(base + p);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('HTTP app on a desk clock', () => {
  it('adds the clock offset to /config.json, keeping the file\'s settings; without an offset it is the file', async () => {
    const shifted = createServer(createHttpApp({ distDir: dir, ready: () => true, stats: () => ({}), clockOffsetMs: -86_400_000 }));
    await new Promise<void>((r) => shifted.listen(0, '127.0.0.1', r));
    try {
      const r = await fetch(`http://127.0.0.1:${(shifted.address() as AddressInfo).port}/config.json`);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.json()).toEqual({ VITE_APP_REQ_NUM: 20, DESK_CLOCK_OFFSET_MS: -86_400_000 });
    } finally {
      await new Promise((r) => shifted.close(r));
    }
    expect(await (await fetch(`${base}/config.json`)).json()).toEqual({ VITE_APP_REQ_NUM: 20 });
  });
});
