import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDemoUser } from './config';

describe('server config', () => {
  it('uses the PROTOCOL.md section 8 defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: '/srv/app/data', demoUser: null, natsUrl: undefined, marketFeed: 'sim', idleTimeoutMs: 60_000 });
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
