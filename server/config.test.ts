import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDemoUser } from './config';

describe('server config', () => {
  it('uses the PROTOCOL.md section 8 defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: '/srv/app/data', demoUser: null, natsUrl: undefined, marketFeed: 'sim', idleTimeoutMs: 60_000 });
    expect(c).toMatchObject({ maxConnectionsPerIp: 200, handlerTimeoutMs: 30_000, maxInflightBytes: 256 * 1024 * 1024 });
  });
  it('reads the gateway hardening limits, 0 meaning none', () => {
    expect(loadConfig({ MAX_CONNECTIONS_PER_IP: '20000', HANDLER_TIMEOUT_MS: '500', MAX_INFLIGHT_BYTES: '1048576' })).toMatchObject({ maxConnectionsPerIp: 20_000, handlerTimeoutMs: 500, maxInflightBytes: 1_048_576 });
    expect(loadConfig({ MAX_CONNECTIONS_PER_IP: '0', HANDLER_TIMEOUT_MS: '0', MAX_INFLIGHT_BYTES: '0' })).toMatchObject({ maxConnectionsPerIp: 0, handlerTimeoutMs: 0, maxInflightBytes: 0 });
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
