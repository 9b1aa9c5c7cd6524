// The seams between the gateway and the services it routes to. The gateway owns sockets
// and framing; services own behaviour and storage. Neither imports the other's internals:
// server/main.ts wires concrete implementations of these interfaces together.
import { UNAVAILABLE_CODE } from '../src/kit/service-unavailable';

/** A user as the gateway knows it once a session id has been checked. */
export interface SessionUser {
  userName: string;
  sid: string;
  /** Status code held as a string: '0' counted, '1'/'2' unrestricted, '3' forbidden. */
  inf5: string;
}

/** What a service handler learns about the request beyond its content string. */
export interface RequestContext {
  /** Session id from the frame header, else the one the connection's CONNECT established. */
  sid: string | null;
  /** Resolved user when `sid` is a live session, else null (anonymous). */
  user: SessionUser | null;
  /** Gateway-local connection number, for logs and rate limits. */
  connId: number;
  /** Peer address, for rate limits and audit. */
  remoteAddress: string;
  /** Correlation id of this request in the logs (the client's requestId when it sent one). */
  requestId?: string;
}

/**
 * A service method. `content` is the SEND body's `content` string exactly as received
 * (usually JSON text). The returned object becomes the REPLY body. Throwing a
 * `ServiceError` replies with its code and message; any other throw replies Code 9999.
 */
export type ServiceHandler = (content: string, ctx: RequestContext) => unknown | Promise<unknown>;

// Defined beside the pricing tool table, which throws it in the browser too.
import { ServiceError } from '../src/pricing-core/api/tools/service-error';
export { ServiceError };

/**
 * Reply code for "the service is briefly unavailable, retry shortly": the database cannot be
 * reached (or is not migrated yet), or the server is stopping (docs/protocol.md). Not the
 * request's fault; nothing was changed by the refused request.
 */
export { UNAVAILABLE_CODE };

/**
 * The database cannot be reached right now (PostgreSQL stopped, restarting, unreachable, or
 * not yet migrated after a start without it). Thrown by the storage layer instead of the
 * driver's connection errors; replies `{ Code: UNAVAILABLE_CODE }` wherever it surfaces.
 */
export class DatabaseUnavailableError extends ServiceError {
  constructor(message = 'database unavailable, retry shortly', options?: { cause?: unknown }) {
    super(UNAVAILABLE_CODE, message);
    this.name = 'DatabaseUnavailableError';
    if (options && 'cause' in options) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** True for DatabaseUnavailableError (also across duplicated module instances). */
export function isDatabaseUnavailable(e: unknown): e is DatabaseUnavailableError {
  return e instanceof DatabaseUnavailableError || (e as Error | null)?.name === 'DatabaseUnavailableError';
}

/**
 * How a method is registered. `changesData`: the method changes stored data (true), or a test
 * of the content for servers that route on it (LoginSvr). Such requests honour request keys:
 * done once per user and requestId (PROTOCOL.md section 3, docs/protocol.md).
 */
export interface RegisterOptions {
  changesData?: boolean | ((content: string) => boolean);
}

export interface ServiceRegistry {
  register(serverName: string, method: string, handler: ServiceHandler, opts?: RegisterOptions): void;
  /**
   * Optional: a service's say over subscriptions to topics under `prefix` (first segment,
   * e.g. 'md'), asked after the gateway's own checks. Resolves null to allow, a scope to
   * allow the topics it delivers, or the reason for a 4003 refusal.
   */
  guardSubscriptions?(prefix: string, guard: SubscriptionGuard): void;
}

/**
 * A subscription allowed for part of what its pattern matches: `deliver(topic)` says which
 * topics reach the socket (an anonymous `md.**` gets the public series it matches).
 */
export interface SubscriptionScope {
  /** Named in the subscribe reply (`scope`), e.g. 'public'. */
  name: string;
  deliver(topic: string): boolean;
}

/**
 * `user`: the live session the connection presented, or null (anonymous). Resolves null to
 * allow, a scope to allow part of the pattern, or the reason for a 4003 refusal.
 */
export type SubscriptionGuard = (pattern: string, user: SessionUser | null) => Promise<string | null | SubscriptionScope>;

/**
 * Publish/subscribe between gateway instances. `publish` delivers to every gateway
 * instance (itself included) whose sockets subscribe to a matching pattern.
 */
export interface NotificationBus {
  publish(topic: string, event: Record<string, unknown>): void;
  /** Called by the gateway once per instance; receives every event published anywhere. */
  onEvent(listener: (topic: string, event: Record<string, unknown>) => void): void;
  close(): Promise<void>;
  /** What it is and whether it is connected now (metrics). */
  state?(): { kind: 'nats' | 'in-process'; connected: boolean };
}

/** What the gateway needs from the login service to handle CONNECT and authorise SENDs. */
export interface SessionAuthority {
  /** connType P. Resolves null for a wrong user name or password (gateway replies 1001). */
  loginWithPassword(userName: string, password: string, remoteAddress: string): Promise<SessionUser | null>;
  /** connType S and per-frame sids. Resolves null for an unknown, expired or revoked sid. */
  checkSession(sid: string): Promise<SessionUser | null>;
}

/** Which request a key names: the user it belongs to, the client's key, and what was asked. */
export interface RequestKey {
  /** The session's user (lower-cased user name): a key never answers another user. */
  user: string;
  requestId: string;
  /** Hash of server, method and content: the same key reused for another request is refused. */
  fingerprint: string;
}

/** Exactly-once execution of changing requests (server/request-keys). */
export interface RequestKeys {
  /**
   * Runs `work` unless this key already ran (on any instance, within the retention): then
   * resolves to the first reply instead. A repeat arriving while the first still runs waits
   * for its result. `work` resolves to the reply body.
   */
  once(key: RequestKey, work: () => Promise<Record<string, unknown>>): Promise<{ reply: Record<string, unknown>; replayed: boolean }>;
}

/** Minimal SQL surface shared by the embedded PGlite and a real PostgreSQL pool. */
export interface Database {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<R>(fn: (tx: Pick<Database, 'query'>) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * True while queries can run. PGlite: always. PostgreSQL: false before the first successful
   * connect and migration and during an outage; queries then fail at once with
   * DatabaseUnavailableError while the storage layer probes for the server's return.
   */
  available(): boolean;
  /** Resolves when the database is (next) available; rejects once it is closed. */
  whenAvailable(): Promise<void>;
  /** PostgreSQL: the pool's clients (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
}
