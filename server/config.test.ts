import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDemoUser } from './config';

describe('server config', () => {
  it('uses the PROTOCOL.md section 8 defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: '/srv/app/data', demoUser: null, natsUrl: undefined, marketFeed: 'sim', idleTimeoutMs: 60_000 });
    expect(c).toMatchObject({ maxConnectionsPerIp: 10_000, connectionRatePerIp: 50, connectionBurstPerIp: 4_000, handlerTimeoutMs: 30_000, maxInflightBytes: 256 * 1024 * 1024 });
    expect(c).toMatchObject({ maxQueuedBytesPerConnection: 4 * 1024 * 1024, trustProxy: { kind: 'none' }, allowedOrigins: undefined, pingIntervalMs: 30_000 });
    expect(loadConfig({ PING_INTERVAL_MS: '0' }).pingIntervalMs).toBe(0);
    expect(() => loadConfig({ PING_INTERVAL_MS: 'often' })).toThrow(ConfigError);
  });
  it('sizes the per-address defaults for a 2,000-person office behind one NAT address', () => {
    const c = loadConfig({});
    expect(c.maxConnectionsPerIp).toBeGreaterThanOrEqual(2 * 2_000);
    expect(c.connectionBurstPerIp).toBeGreaterThanOrEqual(2_000);
  });
  it('reads TRUST_PROXY like Express’s "trust proxy" and refuses what it cannot read', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ kind: 'all' });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,192.0.2.7' }).trustProxy).toEqual({
      kind: 'list',
      subnets: ['127.0.0.0/8', '::1/128', '10.0.0.0/8', '192.0.2.7/32'],
    });
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy.internal' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(ConfigError);
  });
  it('reads the gateway hardening limits, 0 meaning none', () => {
    expect(loadConfig({ MAX_CONNECTIONS_PER_IP: '20000', HANDLER_TIMEOUT_MS: '500', MAX_INFLIGHT_BYTES: '1048576' })).toMatchObject({ maxConnectionsPerIp: 20_000, handlerTimeoutMs: 500, maxInflightBytes: 1_048_576 });
    expect(loadConfig({ MAX_CONNECTIONS_PER_IP: '0', HANDLER_TIMEOUT_MS: '0', MAX_INFLIGHT_BYTES: '0' })).toMatchObject({ maxConnectionsPerIp: 0, handlerTimeoutMs: 0, maxInflightBytes: 0 });
    expect(loadConfig({ CONNECTION_RATE_PER_IP: '5', CONNECTION_BURST_PER_IP: '100', MAX_QUEUED_BYTES_PER_CONNECTION: '65536' })).toMatchObject({ connectionRatePerIp: 5, connectionBurstPerIp: 100, maxQueuedBytesPerConnection: 65_536 });
    expect(loadConfig({ CONNECTION_RATE_PER_IP: '0', CONNECTION_BURST_PER_IP: '0', MAX_QUEUED_BYTES_PER_CONNECTION: '0' })).toMatchObject({ connectionRatePerIp: 0, connectionBurstPerIp: 0, maxQueuedBytesPerConnection: 0 });
    expect(() => loadConfig({ CONNECTION_RATE_PER_IP: '2.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_IP: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ HANDLER_TIMEOUT_MS: '1.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_INFLIGHT_BYTES: 'lots' })).toThrow(ConfigError);
  });
  it('reads the environment', () => {
    const c = loadConfig({ PORT: '9000', HOST: '0.0.0.0', DATA_DIR: '/tmp/d', DEMO_USER: 'demo:pa:ss1', ALLOWED_ORIGINS: 'https://a.example, https://b.example' }, '/x');
    expect(c).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/tmp/d', demoUser: { name: 'demo', password: 'pa:ss1' }, allowedOrigins: ['https://a.example', 'https://b.example'] });
  });
  it('rejects bad values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => parseDemoUser('nopassword')).toThrow(ConfigError);
    expect(() => parseDemoUser(':pw')).toThrow(ConfigError);
    expect(() => loadConfig({ MARKET_FEED: 'real' })).toThrow(ConfigError);
  });
});
