// The WebSocket gateway (PROTOCOL.md): accepts sockets on /gw/ws, decodes frames with
// src/wire, answers CONNECT/HEARTBEAT/CLOSE, routes SENDs to the service registry,
// and fans bus notifications out to subscribed sockets. Every limit is per connection or
// per client address so one bad client never affects the others. Requests beyond a
// connection's running handlers wait in its queue (request-queue.ts); none is refused for
// being one too many.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { NotificationBus, RequestContext, SessionAuthority, SessionUser, SubscriptionScope } from '../contracts';
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
import { ConnectionRateLimit } from './connection-rate';
import { GATEWAY_DEFAULTS } from './defaults';
import { type Logger, silentLogger } from './log';
import { InboundByteBudget } from './inbound-budget';
import { type OriginCheck, createOriginPolicy } from './origin-policy';
import { PerAddressLimit, addressKey } from './per-address-limit';
import { ProxyTrust, type TrustProxySetting } from './proxy-trust';
import { FairScheduler } from './request-queue';
import type { GatewayServiceRegistry } from './service-registry';
import { SessionCache } from './session-cache';
import { settleWithin } from './settle-within';
import { LOGIN_CHANNEL_PREFIX, authoriseSubscription, parseSubscriptionContent } from './subscription-request';

export const GATEWAY_PATH = '/gw/ws';
export const GATEWAY_SERVER = 'gateway';
/** Retry-After of a refusal for the open-socket cap: a slot frees only when a socket closes. */
const CAP_RETRY_AFTER_SEC = 10;
/** Room for the dataType 1 envelope ({command, format, seq, sid}) around the body. */
const JSON_ENVELOPE_CHARS = 2_048;

export interface GatewayOptions {
  registry: GatewayServiceRegistry;
  bus: NotificationBus;
  authority: SessionAuthority;
  log?: Logger;
  /**
   * Browser origins allowed besides the defaults (an Origin naming the requested host, the
   * server's own address, loopback dev ports); `*` allows any.
   */
  allowedOrigins?: string[];
  /** Whose X-Forwarded-For/-Host/-Proto to believe (TRUST_PROXY). Default: nobody's. */
  trustProxy?: TrustProxySetting;
  /** Close a socket that sent nothing for this long (PROTOCOL: 60 s). */
  idleTimeoutMs?: number;
  /** Send a WebSocket ping on every socket this often, so proxies that close sockets the
   * server is silent on (nginx: 60 s) keep them. 0 = never. Default 30 s. */
  pingIntervalMs?: number;
  /** Drop a socket whose unsent queue passes this many bytes. */
  maxBufferedBytes?: number;
  /** Handlers running at once per connection; later requests wait in its queue. Default 64. */
  maxRunningPerConnection?: number;
  /** A connection's queued bytes above which its socket is not read until the queue is half
   * drained. 0 = never pause (only maxInflightBytes bounds the queue). Default 4 MiB. */
  maxQueuedBytesPerConnection?: number;
  maxSubscriptionsPerConnection?: number;
  maxBodyBytes?: number;
  sessionCacheTtlMs?: number;
  /** Open sockets per client address (IPv6: per /64); more get HTTP 429. 0 = no limit. Default 10,000. */
  maxConnectionsPerIp?: number;
  /** New sockets per second per client address once the burst is spent; more get HTTP 429.
   * 0 = no rate limit. Default 50. */
  connectionRatePerIp?: number;
  /** New sockets a client address may open at once. 0 = no rate limit. Default 4,000. */
  connectionBurstPerIp?: number;
  /** A service handler not settled after this long gets a 9999 "timeout" reply. 0 = never. Default 30 s. */
  handlerTimeoutMs?: number;
  /** Raw inbound bytes held (messages being received, decoded or queued), all sockets
   * together; the socket that passes it is closed with 1013. 0 = no limit. Default 256 MiB. */
  maxInflightBytes?: number;
}

export interface GatewayStats {
  connections: number;
  byDataType: Record<DataType, number>;
  subscriptions: number;
  authenticated: number;
  /** Raw bytes received and not yet handled (queued frames included), all sockets together. */
  inflightBytes: number;
  /** Frames waiting in connection queues, all sockets together. */
  queued: number;
}

export class Gateway {
  private readonly wss: WebSocketServer;
  private readonly conns = new Set<Connection>();
  private readonly index = new SubscriptionIndex<Connection>();
  private readonly sessions: SessionCache;
  private readonly log: Logger;
  private readonly idleTimeoutMs: number;
  private readonly maxBufferedBytes: number;
  /** Unsent bytes on a socket above which its queued requests wait for the socket to drain. */
  private readonly outputHighWater: number;
  private readonly maxRunning: number;
  private readonly maxQueuedBytes: number;
  private readonly maxSubs: number;
  private readonly maxBodyBytes: number;
  private readonly handlerTimeoutMs: number;
  private readonly perAddress: PerAddressLimit;
  private readonly connectionRate: ConnectionRateLimit;
  private readonly proxyTrust: ProxyTrust;
  private readonly inbound: InboundByteBudget;
  private readonly scheduler: FairScheduler<Connection>;
  private originAllowed: OriginCheck | null = null;
  private sweepTimer: NodeJS.Timeout;
  private pingTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private accepting = true;

  constructor(private readonly opts: GatewayOptions) {
    this.log = opts.log ?? silentLogger;
    const d = GATEWAY_DEFAULTS;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? d.idleTimeoutMs;
    this.maxBufferedBytes = opts.maxBufferedBytes ?? d.maxBufferedBytes;
    // An eighth of the slow-consumer limit (1 MiB of 8): the 64 handlers already running
    // can still add their replies on top without reaching it (up to ~110 KB each).
    this.outputHighWater = Math.floor(this.maxBufferedBytes / 8);
    this.maxRunning = Math.max(1, opts.maxRunningPerConnection ?? d.maxRunningPerConnection);
    this.maxQueuedBytes = opts.maxQueuedBytesPerConnection ?? d.maxQueuedBytesPerConnection;
    this.maxSubs = opts.maxSubscriptionsPerConnection ?? 1_000;
    this.maxBodyBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;
    this.handlerTimeoutMs = opts.handlerTimeoutMs ?? d.handlerTimeoutMs;
    this.perAddress = new PerAddressLimit(opts.maxConnectionsPerIp ?? d.maxConnectionsPerIp);
    this.connectionRate = new ConnectionRateLimit(opts.connectionRatePerIp ?? d.connectionRatePerIp, opts.connectionBurstPerIp ?? d.connectionBurstPerIp);
    this.proxyTrust = new ProxyTrust(opts.trustProxy);
    this.inbound = new InboundByteBudget(opts.maxInflightBytes ?? d.maxInflightBytes);
    this.scheduler = new FairScheduler((c) => this.step(c));
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
    this.sweepTimer = setInterval(() => {
      this.sweepIdle();
      this.connectionRate.sweep();
    }, Math.max(20, Math.min(this.idleTimeoutMs / 4, 5_000)));
    this.sweepTimer.unref();
    const pingMs = opts.pingIntervalMs ?? d.pingIntervalMs;
    if (pingMs > 0) {
      this.pingTimer = setInterval(() => this.pingAll(), pingMs);
      this.pingTimer.unref();
    }
  }

  /** Handles upgrades for GATEWAY_PATH on `server`; other paths get 404. */
  attach(server: Server): void {
    server.on('upgrade', (req, socket, head) => this.handleUpgrade(server, req, socket, head));
  }

  stats(): GatewayStats {
    const byDataType: Record<DataType, number> = { '1': 0, '2': 0, '3': 0 };
    let authenticated = 0;
    let queued = 0;
    for (const c of this.conns) {
      byDataType[c.dataType]++;
      if (c.sid) authenticated++;
      queued += c.queue.length;
    }
    return { connections: this.conns.size, byDataType, subscriptions: this.index.size, authenticated, inflightBytes: this.inbound.heldBytes, queued };
  }

  /** Stops accepting, closes every socket with `code`, resolves once all are closed. */
  async close(code: number = CloseCode.GOING_AWAY, reason = 'server shutting down'): Promise<void> {
    this.accepting = false;
    clearInterval(this.sweepTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
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
    const reject = (status: number, text: string, retryAfterSec?: number) => {
      const retry = retryAfterSec ? `Retry-After: ${retryAfterSec}\r\n` : '';
      socket.end(`HTTP/1.1 ${status} ${text}\r\n${retry}Connection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return reject(400, 'Bad Request');
    }
    if (url.pathname !== GATEWAY_PATH) return reject(404, 'Not Found');
    if (!this.accepting) return reject(503, 'Service Unavailable');
    // The client behind any trusted proxies: its address for the limits, the host and
    // scheme it asked for for the origin check. Untrusted peers' X-Forwarded-* are ignored.
    const client = this.proxyTrust.resolve(req.socket.remoteAddress, req.headers);
    const key = addressKey(client.address);
    // Every attempt costs a token, so a host retrying against the cap is slowed down too.
    const wait = this.connectionRate.take(key);
    if (wait > 0) {
      this.log.debug('socket refused: new sockets too fast from one address', { address: client.address, retryAfterSec: wait });
      return reject(429, 'Too Many Requests', wait);
    }
    // Checked here and counted in accept(): ws completes our upgrades synchronously (no
    // verifyClient), so no other upgrade can slip in between.
    if (!this.perAddress.allows(key)) {
      this.log.warn('socket refused: too many open from one address', { address: client.address });
      return reject(429, 'Too Many Requests', CAP_RETRY_AFTER_SEC);
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
    if (!this.originAllowed(origin, client)) {
      this.log.warn('socket refused: origin not allowed', { origin, host: client.host });
      return reject(403, 'Forbidden');
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, dataType, socket, client.address, key));
  }

  private accept(ws: WebSocket, dataType: DataType, socket: Duplex, address: string, key: string): void {
    const conn = new Connection(this.nextId++, ws, socket, dataType, address, this.maxBufferedBytes, (c) => this.dropSlowConsumer(c));
    this.conns.add(conn);
    this.perAddress.add(key);
    // Prepended so bytes are counted before ws parses them (and perhaps emits 'message').
    socket.prependListener('data', (chunk: Buffer) => this.onInboundBytes(conn, chunk.length));
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      conn.lastSeen = Date.now();
      try {
        // In arrival order: straight through while a handler slot is free and nothing
        // waits, else behind the frames already queued.
        if (conn.queue.length === 0 && this.canStart(conn)) this.onMessage(conn, data, isBinary);
        else this.enqueue(conn, data, isBinary);
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
      this.dropQueue(conn);
      if (this.conns.delete(conn)) this.perAddress.remove(key);
      for (const p of conn.patterns) this.index.remove(p, conn);
      conn.patterns.clear();
    });
  }

  // ---- inbound frames ------------------------------------------------------------------

  private onInboundBytes(conn: Connection, n: number): void {
    if (conn.unread) return; // closed for the budget below: no longer read or counted
    conn.inboundBytes += n;
    if (this.inbound.hold(n) || conn.state !== 'open') return;
    this.log.warn('closing connection: server-wide inbound byte budget exhausted', { conn: conn.id, held: this.inbound.heldBytes });
    conn.close(CloseCode.TRY_AGAIN_LATER, 'server busy, retry', 1_000);
    // Stop reading: what this peer still sends would pile up in ws until the socket dies.
    conn.unread = true;
    conn.ws.pause();
    // It takes nothing more and is destroyed within 1 s, so its bytes (queued frames
    // included: they will not be answered, the client resends after reconnecting) stop
    // counting now: the messages already under way on other sockets can finish instead of
    // each being closed in turn while this one lingers.
    this.releaseInbound(conn);
    this.dropQueue(conn);
  }

  /** The connection's received bytes are handled (or dropped): give them back. */
  private releaseInbound(conn: Connection): void {
    this.inbound.release(conn.inboundBytes);
    conn.inboundBytes = 0;
  }

  // ---- the per-connection queue -------------------------------------------------------

  /** Holds a frame that arrived while the connection's handler slots were busy. */
  private enqueue(conn: Connection, data: Buffer, isBinary: boolean): void {
    if (conn.state !== 'open') return;
    // Already admitted as raw bytes; from now on they count as queued until taken out.
    this.inbound.hold(conn.queue.push(data, isBinary));
    if (this.maxQueuedBytes > 0 && !conn.readPaused && conn.queue.bytes > this.maxQueuedBytes) {
      // Backpressure instead of refusal: the rest waits in TCP buffers and the client.
      conn.readPaused = true;
      conn.ws.pause();
    }
    if (this.canStart(conn)) this.scheduler.wake(conn);
  }

  /**
   * True when the connection may start another frame now: a handler slot is free and its
   * socket is not behind on sending. Otherwise it is woken again when a handler ends or the
   * socket drains, so a client that reads replies slowly slows its own requests down instead
   * of piling replies up until it is dropped as a slow consumer.
   */
  private canStart(conn: Connection): boolean {
    if (conn.running >= this.maxRunning) return false;
    if (conn.ws.bufferedAmount <= this.outputHighWater) return true;
    if (!conn.awaitingDrain) {
      conn.awaitingDrain = true;
      conn.socket.once('drain', () => {
        conn.awaitingDrain = false;
        if (conn.queue.length > 0) this.scheduler.wake(conn);
      });
    }
    return false;
  }

  /** One scheduler step: takes the connection's oldest frame and handles it. */
  private step(conn: Connection): boolean {
    if (conn.state !== 'open') {
      this.dropQueue(conn);
      return false;
    }
    if (!this.canStart(conn)) return false; // woken again when a handler ends or the socket drains
    const next = conn.queue.shift();
    if (!next) return false;
    try {
      this.onMessage(conn, next.frame.data, next.frame.isBinary);
    } catch (e) {
      this.log.error('queued frame failed', { conn: conn.id, err: String(e) });
    } finally {
      this.inbound.release(next.charge);
    }
    if (conn.readPaused && !conn.unread && conn.queue.bytes <= this.maxQueuedBytes / 2) {
      conn.readPaused = false;
      conn.ws.resume();
    }
    if (conn.state !== 'open') {
      this.dropQueue(conn); // closed by this frame (CLOSE, malformed): the rest goes unanswered
      return false;
    }
    return conn.queue.length > 0 && this.canStart(conn);
  }

  /** The connection is going: its queued frames will never be answered; free their bytes. */
  private dropQueue(conn: Connection): void {
    this.inbound.release(conn.queue.clear());
    if (conn.readPaused) {
      conn.readPaused = false;
      // Read again so the close handshake can finish (new frames are not queued any more).
      if (!conn.unread && conn.state !== 'closed') conn.ws.resume();
    }
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
        this.run(conn, () => this.handleConnect(conn, m));
        return;
      case Command.SEND:
        if (m.format === Format.REQUEST || m.format === Format.SEND) this.handleSend(conn, m);
        return; // REPLY/NOTIFY from a client mean nothing to the server
    }
  }

  /** Runs an async request in one of the connection's handler slots (the caller made sure one is free). */
  private run(conn: Connection, task: () => Promise<void>): void {
    conn.running++;
    task()
      .catch((e) => this.log.error('request failed outside its handler', { conn: conn.id, err: String(e) }))
      .finally(() => {
        conn.running--;
        if (conn.queue.length > 0) this.scheduler.wake(conn);
      });
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
      this.run(conn, () => this.handleSubscription(conn, m, method, content));
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
    this.run(conn, async () => {
      // A handler that never settles would hold a handler slot for good; after the
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
      conn.scopes.delete(pattern);
      return answer({ Code: ReplyCode.OK, topic: pattern });
    }
    const presented = [m.sid, conn.sid].filter(Boolean);
    const verdict = await authoriseSubscription(pattern, presented, async (sid) => (await this.sessions.check(sid)) !== null);
    if (!verdict.ok) {
      this.log.info('subscription refused', { conn: conn.id, pattern, msg: verdict.msg });
      return answer({ Code: verdict.code, msg: verdict.msg });
    }
    const guard = this.opts.registry.subscriptionGuard(pattern);
    let scope: SubscriptionScope | null = null;
    if (guard) {
      let user = null;
      for (const sid of presented) if ((user = await this.sessions.check(sid))) break;
      const verdict = await guard(pattern, user);
      if (typeof verdict === 'string') {
        this.log.info('subscription refused', { conn: conn.id, pattern, msg: verdict });
        return answer({ Code: ReplyCode.FORBIDDEN, msg: verdict });
      }
      scope = verdict;
    }
    if (conn.state !== 'open') return;
    if (!conn.patterns.has(pattern)) {
      if (conn.patterns.size >= this.maxSubs) return answer({ Code: ReplyCode.FORBIDDEN, msg: `more than ${this.maxSubs} subscriptions` });
      conn.patterns.add(pattern);
      this.index.add(pattern, conn);
    }
    // The newest verdict counts: a pattern subscribed again after signing in is delivered whole.
    if (scope) conn.scopes.set(pattern, (topic) => scope.deliver(topic));
    else conn.scopes.delete(pattern);
    return answer({ Code: ReplyCode.OK, topic: pattern, ...(scope ? { scope: scope.name } : {}) });
  }

  // ---- outbound notifications ----------------------------------------------------------

  /** Delivers one bus event to every matching socket, encoding it once per data type. */
  private fanOut(topic: string, event: Record<string, unknown>): void {
    if (!isValidTopic(topic)) return;
    const body = event.topic === topic ? event : { ...event, topic };
    const encoded: Partial<Record<DataType, EncodedPayload>> = {};
    try {
      this.index.forEachMatch(topic, (conn) => {
        if (!conn.delivers(topic)) return;
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
    conn.scopes.clear();
    conn.close(CloseCode.SLOW_CONSUMER, 'slow consumer', 1_000);
  }

  /** Server-to-client traffic on quiet sockets; pongs do not count as client activity. */
  private pingAll(): void {
    for (const c of this.conns) {
      if (c.state !== 'open') continue;
      try {
        c.ws.ping();
      } catch {
        // not open at the WebSocket level any more; its close event cleans up
      }
    }
  }

  private sweepIdle(): void {
    const cutoff = Date.now() - this.idleTimeoutMs;
    for (const c of this.conns) {
      // A socket the server stopped reading (queue full) may have heartbeats waiting unread.
      if (c.state === 'open' && c.lastSeen < cutoff && !c.readPaused && c.queue.length === 0) c.close(CloseCode.IDLE, 'idle timeout');
    }
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
