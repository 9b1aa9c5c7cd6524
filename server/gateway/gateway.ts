// The WebSocket gateway (PROTOCOL.md): accepts sockets on /gw/ws, decodes frames with
// src/wire, answers CONNECT/HEARTBEAT/CLOSE, routes SENDs to the service registry,
// and fans bus notifications out to subscribed sockets. Every limit is per connection so
// one bad client never affects the others.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { NotificationBus, RequestContext, SessionAuthority, SessionUser } from '../contracts';
import {
  Command,
  DataType,
  Format,
  MAX_BODY_BYTES,
  MAX_FRAME_BYTES,
  SubscriptionIndex,
  type WireMessage,
  decodeJsonFrame,
  decodeMessage,
  encodeMessage,
  isValidTopic,
  parseDataType,
  setGzipCodec,
} from '../../src/wire';
import { nodeZlibCodec } from '../../src/wire/node-zlib';
import { CloseCode, ReplyCode } from './close-codes';
import { Connection, type EncodedPayload } from './connection';
import { type Logger, silentLogger } from './log';
import { InboundByteBudget } from './inbound-budget';
import { createOriginPolicy } from './origin-policy';
import { PerAddressLimit, normaliseAddress } from './per-address-limit';
import type { GatewayServiceRegistry } from './service-registry';
import { SessionCache } from './session-cache';
import { settleWithin } from './settle-within';
import { LOGIN_CHANNEL_PREFIX, authoriseSubscription, parseSubscriptionContent } from './subscription-request';

export const GATEWAY_PATH = '/gw/ws';
export const GATEWAY_SERVER = 'gateway';
/** Room for the dataType 1 envelope ({command, format, seq, sid}) around the body. */
const JSON_ENVELOPE_CHARS = 2_048;

export interface GatewayOptions {
  registry: GatewayServiceRegistry;
  bus: NotificationBus;
  authority: SessionAuthority;
  log?: Logger;
  /** Explicit browser origins; default: own origin and same port on localhost/127.0.0.1. */
  allowedOrigins?: string[];
  /** Close a socket that sent nothing for this long (PROTOCOL: 60 s). */
  idleTimeoutMs?: number;
  /** Drop a socket whose unsent queue passes this many bytes. */
  maxBufferedBytes?: number;
  /** Requests awaiting a reply per connection; more get Code 4029. */
  maxInFlight?: number;
  maxSubscriptionsPerConnection?: number;
  maxBodyBytes?: number;
  sessionCacheTtlMs?: number;
  /** Open sockets per remote address (loopback included); more get HTTP 429. 0 = no limit. Default 200. */
  maxConnectionsPerIp?: number;
  /** A service handler not settled after this long gets a 9999 "timeout" reply. 0 = never. Default 30 s. */
  handlerTimeoutMs?: number;
  /** Raw inbound bytes held (messages being received or decoded), all sockets together;
   * the socket that passes it is closed with 1013. 0 = no limit. Default 256 MiB. */
  maxInflightBytes?: number;
}

export interface GatewayStats {
  connections: number;
  byDataType: Record<DataType, number>;
  subscriptions: number;
  authenticated: number;
  /** Raw bytes received and not yet handled, all sockets together. */
  inflightBytes: number;
}

export class Gateway {
  private readonly wss: WebSocketServer;
  private readonly conns = new Set<Connection>();
  private readonly index = new SubscriptionIndex<Connection>();
  private readonly sessions: SessionCache;
  private readonly log: Logger;
  private readonly idleTimeoutMs: number;
  private readonly maxBufferedBytes: number;
  private readonly maxInFlight: number;
  private readonly maxSubs: number;
  private readonly maxBodyBytes: number;
  private readonly handlerTimeoutMs: number;
  private readonly perAddress: PerAddressLimit;
  private readonly inbound: InboundByteBudget;
  private originAllowed: ((o: string | undefined) => boolean) | null = null;
  private sweepTimer: NodeJS.Timeout;
  private nextId = 1;
  private accepting = true;

  constructor(private readonly opts: GatewayOptions) {
    this.log = opts.log ?? silentLogger;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
    this.maxBufferedBytes = opts.maxBufferedBytes ?? 8 * 1024 * 1024;
    this.maxInFlight = opts.maxInFlight ?? 64;
    this.maxSubs = opts.maxSubscriptionsPerConnection ?? 1_000;
    this.maxBodyBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;
    this.handlerTimeoutMs = opts.handlerTimeoutMs ?? 30_000;
    this.perAddress = new PerAddressLimit(opts.maxConnectionsPerIp ?? 200);
    this.inbound = new InboundByteBudget(opts.maxInflightBytes ?? 256 * 1024 * 1024);
    this.sessions = new SessionCache(opts.authority, { ttlMs: opts.sessionCacheTtlMs });
    setGzipCodec(nodeZlibCodec);
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      // The decoded bound is enforced by the codec; this stops raw messages that could not
      // hold a valid body anyway (ws closes those with 1009 itself).
      maxPayload: MAX_FRAME_BYTES,
    });
    opts.bus.onEvent((topic, event) => this.fanOut(topic, event));
    this.sweepTimer = setInterval(() => this.sweepIdle(), Math.max(20, Math.min(this.idleTimeoutMs / 4, 5_000)));
    this.sweepTimer.unref();
  }

  /** Handles upgrades for GATEWAY_PATH on `server`; other paths get 404. */
  attach(server: Server): void {
    server.on('upgrade', (req, socket, head) => this.handleUpgrade(server, req, socket, head));
  }

  stats(): GatewayStats {
    const byDataType: Record<DataType, number> = { '1': 0, '2': 0, '3': 0 };
    let authenticated = 0;
    for (const c of this.conns) {
      byDataType[c.dataType]++;
      if (c.sid) authenticated++;
    }
    return { connections: this.conns.size, byDataType, subscriptions: this.index.size, authenticated, inflightBytes: this.inbound.heldBytes };
  }

  /** Stops accepting, closes every socket with `code`, resolves once all are closed. */
  async close(code: number = CloseCode.GOING_AWAY, reason = 'server shutting down'): Promise<void> {
    this.accepting = false;
    clearInterval(this.sweepTimer);
    const closed = [...this.conns].map((c) => new Promise<void>((resolve) => {
      if (c.state === 'closed') return resolve();
      c.ws.once('close', () => resolve());
      c.close(code, reason, 1_000);
    }));
    await Promise.all(closed);
    this.wss.close();
  }

  // ---- upgrade -------------------------------------------------------------------------

  private handleUpgrade(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const reject = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return reject(400, 'Bad Request');
    }
    if (url.pathname !== GATEWAY_PATH) return reject(404, 'Not Found');
    if (!this.accepting) return reject(503, 'Service Unavailable');
    // Checked here and counted in accept(): ws completes our upgrades synchronously (no
    // verifyClient), so no other upgrade can slip in between.
    const address = normaliseAddress(req.socket.remoteAddress);
    if (!this.perAddress.allows(address)) {
      this.log.warn('socket refused: too many from one address', { address });
      return reject(429, 'Too Many Requests');
    }
    const dataType = parseDataType(url.searchParams.get('dataType'));
    if (!dataType) return reject(400, 'Bad Request');
    if (!this.originAllowed) {
      const addr = server.address();
      const port = addr && typeof addr === 'object' ? addr.port : 0;
      const host = addr && typeof addr === 'object' ? addr.address : '127.0.0.1';
      this.originAllowed = createOriginPolicy({ allowedOrigins: this.opts.allowedOrigins, host, port });
    }
    const origin = req.headers.origin;
    if (!this.originAllowed(origin)) {
      this.log.warn('socket refused: origin not allowed', { origin });
      return reject(403, 'Forbidden');
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, dataType, socket, address));
  }

  private accept(ws: WebSocket, dataType: DataType, socket: Duplex, address: string): void {
    const conn = new Connection(this.nextId++, ws, dataType, address, this.maxBufferedBytes, (c) => this.dropSlowConsumer(c));
    this.conns.add(conn);
    this.perAddress.add(address);
    // Prepended so bytes are counted before ws parses them (and perhaps emits 'message').
    socket.prependListener('data', (chunk: Buffer) => this.onInboundBytes(conn, chunk.length));
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      try {
        this.onMessage(conn, data, isBinary);
      } finally {
        this.releaseInbound(conn);
      }
    });
    ws.on('ping', () => this.releaseInbound(conn));
    ws.on('pong', () => this.releaseInbound(conn));
    ws.on('error', (err) => {
      // ws closes with 1009 itself when maxPayload is exceeded; other errors are per socket.
      this.log.debug('socket error', { conn: conn.id, err: err.message });
    });
    ws.on('close', () => {
      conn.markClosed();
      this.releaseInbound(conn);
      if (this.conns.delete(conn)) this.perAddress.remove(address);
      for (const p of conn.patterns) this.index.remove(p, conn);
      conn.patterns.clear();
    });
  }

  // ---- inbound frames ------------------------------------------------------------------

  private onInboundBytes(conn: Connection, n: number): void {
    if (conn.ws.isPaused) return; // closed for the budget below: no longer read or counted
    conn.inboundBytes += n;
    if (this.inbound.hold(n) || conn.state !== 'open') return;
    this.log.warn('closing connection: server-wide inbound byte budget exhausted', { conn: conn.id, held: this.inbound.heldBytes });
    conn.close(CloseCode.TRY_AGAIN_LATER, 'server busy, retry', 1_000);
    // Stop reading: what this peer still sends would pile up in ws until the socket dies.
    conn.ws.pause();
    // It takes nothing more and is destroyed within 1 s, so its bytes stop counting now:
    // the messages already under way on other sockets can finish instead of each being
    // closed in turn while this one lingers.
    this.releaseInbound(conn);
  }

  /** The connection's received bytes are handled (or dropped): give them back. */
  private releaseInbound(conn: Connection): void {
    this.inbound.release(conn.inboundBytes);
    conn.inboundBytes = 0;
  }

  private onMessage(conn: Connection, data: Buffer, isBinary: boolean): void {
    if (conn.state !== 'open') return;
    conn.lastSeen = Date.now();
    const r = isBinary ? decodeMessage(data, this.maxBodyBytes) : decodeJsonFrame(data.toString('utf8'), this.maxBodyBytes + JSON_ENVELOPE_CHARS);
    if (!r.ok) {
      this.log.info('closing connection', { conn: conn.id, error: r.error, reason: r.reason });
      conn.close(r.error === 'oversize' ? CloseCode.TOO_BIG : CloseCode.PROTOCOL_ERROR, r.reason);
      return;
    }
    const m = r.message;
    switch (m.command) {
      case Command.HEARTBEAT:
        return;
      case Command.CLOSE:
        conn.close(CloseCode.NORMAL, 'bye');
        return;
      case Command.CONNECT:
        this.track(conn, m, () => this.handleConnect(conn, m));
        return;
      case Command.SEND:
        if (m.format === Format.REQUEST || m.format === Format.SEND) this.handleSend(conn, m);
        return; // REPLY/NOTIFY from a client mean nothing to the server
    }
  }

  /** Runs an async request under the per-connection in-flight cap. */
  private track(conn: Connection, m: WireMessage, run: () => Promise<void>): void {
    if (conn.inFlight >= this.maxInFlight) {
      if (m.format === Format.REQUEST) this.reply(conn, m, { Code: ReplyCode.TOO_MANY_IN_FLIGHT, msg: `more than ${this.maxInFlight} requests in flight` });
      return;
    }
    conn.inFlight++;
    run()
      .catch((e) => this.log.error('request failed outside its handler', { conn: conn.id, err: String(e) }))
      .finally(() => conn.inFlight--);
  }

  private reply(conn: Connection, m: WireMessage, body: unknown, sid: string = m.sid): void {
    const command = m.command === Command.CONNECT ? Command.CONNECT : Command.SEND;
    try {
      conn.sendMessage({ command, format: Format.REPLY, seq: m.seq, sid, body });
    } catch (e) {
      // A result JSON cannot encode is a server error, and the requester still gets a reply.
      this.log.error('reply not encodable', { conn: conn.id, err: String(e) });
      conn.sendMessage({ command, format: Format.REPLY, seq: m.seq, sid, body: { Code: ReplyCode.SERVER_ERROR, msg: 'server error' } });
    }
  }

  private async handleConnect(conn: Connection, m: WireMessage): Promise<void> {
    const body = (m.body ?? {}) as Record<string, unknown>;
    const connType = body.connType;
    const answer = (Code: string, sid: string, extra: Record<string, unknown> = {}) => this.reply(conn, m, { Code, connType, sid, ...extra }, sid);
    try {
      if (connType === 'A') {
        conn.sid = '';
        return answer(ReplyCode.OK, '');
      }
      if (connType === 'P') {
        const userName = typeof body.userName === 'string' ? body.userName : '';
        const pwd = typeof body.pwd === 'string' ? body.pwd : '';
        const user = userName && pwd ? await this.opts.authority.loginWithPassword(userName, pwd, conn.remoteAddress) : null;
        if (!user) return answer(ReplyCode.LOGIN_FAILED, '', { msg: 'wrong user name or password' });
        this.sessions.remember(user.sid, user);
        conn.sid = user.sid;
        return answer(ReplyCode.OK, user.sid);
      }
      if (connType === 'S') {
        const sid = m.sid || (typeof body.sid === 'string' ? body.sid : '');
        const user = sid ? await this.sessions.check(sid) : null;
        if (!user) {
          conn.sid = '';
          return answer(ReplyCode.SESSION_INVALID, '', { msg: 'invalid or expired session' });
        }
        conn.sid = user.sid;
        return answer(ReplyCode.OK, user.sid);
      }
      return answer(ReplyCode.BAD_REQUEST, '', { msg: 'connType must be P, S or A' });
    } catch (e) {
      this.log.error('CONNECT failed', { conn: conn.id, err: String(e) });
      return answer(ReplyCode.SERVER_ERROR, '', { msg: 'server error' });
    }
  }

  private handleSend(conn: Connection, m: WireMessage): void {
    const body = (m.body ?? {}) as Record<string, unknown>;
    const serverName = typeof body.serverName === 'string' && body.serverName ? body.serverName : GATEWAY_SERVER;
    const method = typeof body.method === 'string' ? body.method : '';
    const content = typeof body.content === 'string' ? body.content : body.content === undefined ? '' : JSON.stringify(body.content);
    const expectsReply = m.format === Format.REQUEST;

    if ((method === 'subscribe' || method === 'unsubscribe') && (serverName === GATEWAY_SERVER || serverName === 'LoginSvr')) {
      this.track(conn, m, () => this.handleSubscription(conn, m, method, content));
      return;
    }
    const handler = this.opts.registry.lookup(serverName, method);
    if (!handler) {
      if (expectsReply) this.reply(conn, m, { Code: ReplyCode.NOT_FOUND, msg: `unknown server or method: ${serverName} ${method}` });
      return;
    }
    const run = async (): Promise<unknown> => {
      try {
        const sid = m.sid || conn.sid || null;
        const ctx: RequestContext = { sid, user: sid ? await this.sessions.check(sid) : null, connId: conn.id, remoteAddress: conn.remoteAddress };
        return await handler(content, ctx);
      } catch (e) {
        const result = errorReply(e);
        if (result.Code === ReplyCode.SERVER_ERROR) this.log.error('handler failed', { serverName, method, err: e instanceof Error ? e.stack : String(e) });
        return result;
      }
    };
    this.track(conn, m, async () => {
      // A handler that never settles would hold an in-flight slot for good; after the
      // timeout the slot is freed, the requester told, and a late result dropped.
      const outcome = await settleWithin(run(), this.handlerTimeoutMs);
      if (!outcome.settled) {
        this.log.warn('handler timed out', { conn: conn.id, serverName, method, ms: this.handlerTimeoutMs });
        if (expectsReply) this.reply(conn, m, { Code: ReplyCode.SERVER_ERROR, msg: 'timeout' });
        return;
      }
      if (expectsReply) this.reply(conn, m, asReplyBody(outcome.value));
    });
  }

  private async handleSubscription(conn: Connection, m: WireMessage, method: string, content: string): Promise<void> {
    const pattern = parseSubscriptionContent(content);
    const answer = (body: Record<string, unknown>) => {
      if (m.format === Format.REQUEST) this.reply(conn, m, body);
    };
    if (!pattern) return answer({ Code: ReplyCode.BAD_REQUEST, msg: 'no topic in content' });
    if (method === 'unsubscribe') {
      if (conn.patterns.delete(pattern)) this.index.remove(pattern, conn);
      return answer({ Code: ReplyCode.OK, topic: pattern });
    }
    const presented = [m.sid, conn.sid].filter(Boolean);
    const verdict = await authoriseSubscription(pattern, presented, async (sid) => (await this.sessions.check(sid)) !== null);
    if (!verdict.ok) {
      this.log.info('subscription refused', { conn: conn.id, pattern, msg: verdict.msg });
      return answer({ Code: verdict.code, msg: verdict.msg });
    }
    if (conn.state !== 'open') return;
    if (!conn.patterns.has(pattern)) {
      if (conn.patterns.size >= this.maxSubs) return answer({ Code: ReplyCode.FORBIDDEN, msg: `more than ${this.maxSubs} subscriptions` });
      conn.patterns.add(pattern);
      this.index.add(pattern, conn);
    }
    return answer({ Code: ReplyCode.OK, topic: pattern });
  }

  // ---- outbound notifications ----------------------------------------------------------

  /** Delivers one bus event to every matching socket, encoding it once per data type. */
  private fanOut(topic: string, event: Record<string, unknown>): void {
    if (!isValidTopic(topic)) return;
    const body = event.topic === topic ? event : { ...event, topic };
    const encoded: Partial<Record<DataType, EncodedPayload>> = {};
    try {
      this.index.forEachMatch(topic, (conn) => {
        const payload = (encoded[conn.dataType] ??= encodeMessage({ command: Command.SEND, format: Format.NOTIFY, seq: 0, body }, conn.dataType));
        conn.sendEncoded(payload);
      });
    } catch (e) {
      // An event JSON cannot encode (cycle, BigInt) must not take the process down.
      this.log.error('notification not deliverable', { topic, err: String(e) });
    }
    if (topic.startsWith(LOGIN_CHANNEL_PREFIX) && event.method === 'logout') this.onLogout(topic.slice(LOGIN_CHANNEL_PREFIX.length));
  }

  /** A session ended somewhere: forget it, so its sid stops authorising at once. */
  private onLogout(sid: string): void {
    this.sessions.evict(sid);
    for (const c of this.conns) if (c.sid === sid) c.sid = '';
  }

  private dropSlowConsumer(conn: Connection): void {
    this.log.warn('dropping slow consumer', { conn: conn.id, buffered: conn.ws.bufferedAmount });
    for (const p of conn.patterns) this.index.remove(p, conn);
    conn.patterns.clear();
    conn.close(CloseCode.SLOW_CONSUMER, 'slow consumer', 1_000);
  }

  private sweepIdle(): void {
    const cutoff = Date.now() - this.idleTimeoutMs;
    for (const c of this.conns) if (c.state === 'open' && c.lastSeen < cutoff) c.close(CloseCode.IDLE, 'idle timeout');
  }
}

/** Maps a handler failure to a reply body: ServiceError keeps its code, anything else 9999. */
export function errorReply(e: unknown): { Code: string; msg: string } {
  const code = (e as { code?: unknown } | null)?.code;
  if (e instanceof Error && e.name === 'ServiceError' && typeof code === 'string') {
    return { Code: code, msg: e.message };
  }
  return { Code: ReplyCode.SERVER_ERROR, msg: 'server error' };
}

/** Reply bodies are JSON objects: undefined becomes {}, other non-objects { data }. */
function asReplyBody(result: unknown): unknown {
  if (result === undefined || result === null) return {};
  if (typeof result === 'object' && !Array.isArray(result)) return result;
  return { data: result };
}

export type { SessionUser };
