// A small Node client speaking the wire protocol, for the gateway's tests and benchmarks
// (the browser has its own in src/socket-client). Not used in production paths.
import WebSocket from 'ws';
import { Command, type DataType, Format, type WireMessage, decodeMessage, encodeMessage } from '../../src/wire';

export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: string | undefined,
  ) {
    super(`HTTP ${status}`);
  }
}

export class TestClient {
  private seq = 0;
  private readonly pending = new Map<number, (m: WireMessage) => void>();
  readonly notifications: unknown[] = [];
  private readonly notifyWaiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Frames the client could not decode (should stay empty). */
  readonly errors: string[] = [];

  private constructor(
    readonly ws: WebSocket,
    readonly dataType: DataType,
  ) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('error', () => {});
    ws.on('message', (data: Buffer, isBinary) => {
      const r = decodeMessage(isBinary ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data.toString('utf8'));
      if (!r.ok) return void this.errors.push(r.reason);
      const m = r.message;
      if (m.format === Format.NOTIFY) {
        this.notifications.push(m.body);
        this.notifyWaiters.splice(0).forEach((w) => w());
        return;
      }
      const waiter = this.pending.get(m.seq);
      if (waiter) {
        this.pending.delete(m.seq);
        waiter(m);
      }
    });
  }

  /** Opens a socket; a refused upgrade rejects with an UpgradeRefused (`HTTP <status>`). */
  static open(url: string, dataType: DataType, headers: Record<string, string> = {}, options: { localAddress?: string } = {}): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}?dataType=${dataType}`, { headers, perMessageDeflate: false, localAddress: options.localAddress });
      ws.once('open', () => resolve(new TestClient(ws, dataType)));
      ws.once('unexpected-response', (req, res) => {
        reject(new UpgradeRefused(res.statusCode ?? 0, res.headers['retry-after']));
        req.destroy();
      });
      ws.once('error', reject);
    });
  }

  nextSeq(): number {
    return ++this.seq;
  }

  send(m: { command: number; format: number; seq?: number; sid?: string; body?: unknown }): void {
    this.ws.send(encodeMessage({ command: m.command as never, format: m.format as never, seq: m.seq ?? 0, sid: m.sid, body: m.body }, this.dataType));
  }

  sendRaw(data: string | Uint8Array): void {
    this.ws.send(data);
  }

  private await(seq: number): Promise<WireMessage> {
    return new Promise((resolve) => this.pending.set(seq, resolve));
  }

  async connect(body: { userName?: string; pwd?: string; connType: string }, sid = ''): Promise<WireMessage> {
    const seq = this.nextSeq();
    const p = this.await(seq);
    this.send({ command: Command.CONNECT, format: Format.REQUEST, seq, sid, body: { userName: '', pwd: '', ...body } });
    return p;
  }

  /** SEND request; resolves with the reply body. `extra`: more body fields (requestId). */
  async request(serverName: string, method: string, content: string, sid = '', extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const seq = this.nextSeq();
    const p = this.await(seq);
    this.send({ command: Command.SEND, format: Format.REQUEST, seq, sid, body: { serverName, method, content, ...extra } });
    return (await p).body as Record<string, unknown>;
  }

  fireAndForget(serverName: string, method: string, content: string, sid = ''): void {
    this.send({ command: Command.SEND, format: Format.SEND, seq: 0, sid, body: { serverName, method, content } });
  }

  /** Subscribes as a REQUEST so the test knows it took effect. */
  subscribe(content: string, sid = ''): Promise<Record<string, unknown>> {
    return this.request('gateway', 'subscribe', content, sid);
  }

  heartbeat(sid = ''): void {
    this.send({ command: Command.HEARTBEAT, format: Format.REQUEST, seq: 0, sid });
  }

  async waitForNotifications(n: number, timeoutMs = 5_000): Promise<unknown[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.notifications.length < n) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${n} notifications, got ${this.notifications.length}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.notifyWaiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.notifications;
  }

  close(): void {
    this.ws.close();
  }
}
