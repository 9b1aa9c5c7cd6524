// Server configuration from the environment (PROTOCOL.md section 8 plus our extras).
import { resolve } from 'node:path';
import { GATEWAY_DEFAULTS } from './gateway/defaults';
import { parseAllowedOrigins } from './gateway/origin-policy';
import { type TrustProxySetting, TrustProxyError, parseTrustProxy } from './gateway/proxy-trust';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** { name, password } from DEMO_USER=name:password, or null. */
  demoUser: { name: string; password: string } | null;
  /** postgres://... instead of the embedded database (optional). */
  databaseUrl: string | undefined;
  /** nats://... to join other gateway instances (optional). */
  natsUrl: string | undefined;
  /** Browser origins allowed besides the requested host, own origin and localhost. */
  allowedOrigins: string[] | undefined;
  /** Reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default. */
  trustProxy: TrustProxySetting;
  /** Built web app folder. */
  distDir: string;
  /** 'sim' (simulated quotes, default) or 'off'. */
  marketFeed: 'sim' | 'off';
  /** Load the shipped real history on first start ('on', default) or not ('off': tests that do not read it). */
  marketHistory: boolean;
  idleTimeoutMs: number;
  /** WebSocket ping to every socket this often; 0 = never. */
  pingIntervalMs: number;
  maxBufferedBytes: number;
  /** Open sockets per client address (IPv6: per /64; loopback included); 0 = no limit. */
  maxConnectionsPerIp: number;
  /** New sockets per second per client address after the burst; 0 = no rate limit. */
  connectionRatePerIp: number;
  /** New sockets a client address may open at once; 0 = no rate limit. */
  connectionBurstPerIp: number;
  /** Queued request bytes per connection before the server stops reading it; 0 = never. */
  maxQueuedBytesPerConnection: number;
  /** Service handler deadline; 0 = none. */
  handlerTimeoutMs: number;
  /** Raw inbound bytes held across all sockets; 0 = no limit. */
  maxInflightBytes: number;
  /** Graceful stop: how long running handlers may finish before what waits is refused. */
  shutdownDrainMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer in [${min}, ${max}], got "${raw}"`);
  return n;
}

export function parseDemoUser(raw: string | undefined): ServerConfig['demoUser'] {
  if (!raw) return null;
  const i = raw.indexOf(':');
  if (i <= 0 || i === raw.length - 1) throw new ConfigError('DEMO_USER must be name:password');
  return { name: raw.slice(0, i), password: raw.slice(i + 1) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const feed = env.MARKET_FEED ?? 'sim';
  if (feed !== 'sim' && feed !== 'off') throw new ConfigError('MARKET_FEED must be sim or off');
  const history = env.MARKET_HISTORY ?? 'on';
  if (history !== 'on' && history !== 'off') throw new ConfigError('MARKET_HISTORY must be on or off');
  const level = env.LOG_LEVEL ?? 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(level)) throw new ConfigError('LOG_LEVEL must be debug, info, warn or error');
  let trustProxy: TrustProxySetting;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (e) {
    throw e instanceof TrustProxyError ? new ConfigError(e.message) : e;
  }
  const d = GATEWAY_DEFAULTS;
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(cwd, env.DATA_DIR || './data'),
    demoUser: parseDemoUser(env.DEMO_USER),
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    trustProxy,
    distDir: resolve(cwd, env.DIST_DIR || './dist'),
    marketFeed: feed,
    marketHistory: history === 'on',
    idleTimeoutMs: int(env, 'IDLE_TIMEOUT_MS', d.idleTimeoutMs, 1_000, 3_600_000),
    pingIntervalMs: int(env, 'PING_INTERVAL_MS', d.pingIntervalMs, 0, 3_600_000),
    maxBufferedBytes: int(env, 'MAX_BUFFERED_BYTES', d.maxBufferedBytes, 64 * 1024, 1024 * 1024 * 1024),
    maxConnectionsPerIp: int(env, 'MAX_CONNECTIONS_PER_IP', d.maxConnectionsPerIp, 0, 10_000_000),
    connectionRatePerIp: int(env, 'CONNECTION_RATE_PER_IP', d.connectionRatePerIp, 0, 1_000_000),
    connectionBurstPerIp: int(env, 'CONNECTION_BURST_PER_IP', d.connectionBurstPerIp, 0, 10_000_000),
    maxQueuedBytesPerConnection: int(env, 'MAX_QUEUED_BYTES_PER_CONNECTION', d.maxQueuedBytesPerConnection, 0, 1024 * 1024 * 1024),
    handlerTimeoutMs: int(env, 'HANDLER_TIMEOUT_MS', d.handlerTimeoutMs, 0, 3_600_000),
    maxInflightBytes: int(env, 'MAX_INFLIGHT_BYTES', d.maxInflightBytes, 0, 64 * 1024 * 1024 * 1024),
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 15_000, 0, 600_000),
    logLevel: level as ServerConfig['logLevel'],
  };
}
