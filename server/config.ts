// Server configuration from the environment (PROTOCOL.md section 8 plus our extras).
import { resolve } from 'node:path';
import { parseAllowedOrigins } from './gateway/origin-policy';

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
  /** Browser origins allowed to open sockets; undefined = own origin + localhost. */
  allowedOrigins: string[] | undefined;
  /** Built web app folder. */
  distDir: string;
  /** 'sim' (simulated quotes, default) or 'off'. */
  marketFeed: 'sim' | 'off';
  idleTimeoutMs: number;
  maxBufferedBytes: number;
  /** Open sockets per remote address (loopback included); 0 = no limit. */
  maxConnectionsPerIp: number;
  /** Service handler deadline; 0 = none. */
  handlerTimeoutMs: number;
  /** Raw inbound bytes held across all sockets; 0 = no limit. */
  maxInflightBytes: number;
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
  const level = env.LOG_LEVEL ?? 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(level)) throw new ConfigError('LOG_LEVEL must be debug, info, warn or error');
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(cwd, env.DATA_DIR || './data'),
    demoUser: parseDemoUser(env.DEMO_USER),
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    distDir: resolve(cwd, env.DIST_DIR || './dist'),
    marketFeed: feed,
    idleTimeoutMs: int(env, 'IDLE_TIMEOUT_MS', 60_000, 1_000, 3_600_000),
    maxBufferedBytes: int(env, 'MAX_BUFFERED_BYTES', 8 * 1024 * 1024, 64 * 1024, 1024 * 1024 * 1024),
    maxConnectionsPerIp: int(env, 'MAX_CONNECTIONS_PER_IP', 200, 0, 10_000_000),
    handlerTimeoutMs: int(env, 'HANDLER_TIMEOUT_MS', 30_000, 0, 3_600_000),
    maxInflightBytes: int(env, 'MAX_INFLIGHT_BYTES', 256 * 1024 * 1024, 0, 64 * 1024 * 1024 * 1024),
    logLevel: level as ServerConfig['logLevel'],
  };
}
