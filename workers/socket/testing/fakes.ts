// Test doubles for the socket engine: a scripted WebSocket (the test plays the server with
// the real src/wire codec) and a sink recording what a tab is told.
import { Command, decodeMessage, encodeMessage, Format, type WireMessage } from '../../../src/wire';
import type { WebSocketLike } from '../engine';
import type { ConnectionStatus, ControlMessage, TabSink } from '../hub-api';

/** A scripted WebSocket: records what the engine sends, lets the test play the server. */
export class FakeSocket implements WebSocketLike {
  binaryType = 'blob';
  readyState = 0;
  sent: WireMessage[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  /** Every message as sent (text or bytes). */
  raw: Array<string | Uint8Array> = [];
  send(data: string | Uint8Array): void {
    this.raw.push(data);
    if (data === 'ping') {
      this.sent.push({ command: Command.HEARTBEAT, format: Format.REQUEST, seq: 0, sid: '' });
      return;
    }
    const d = decodeMessage(data);
    if (!d.ok) throw new Error(d.reason);
    this.sent.push(d.message);
  }
  close(): void {
    this.readyState = 3;
  }
  // server side
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  deliver(m: { command: number; format: number; seq: number; sid?: string; body?: unknown }): void {
    const bytes = encodeMessage(m as Parameters<typeof encodeMessage>[0], '3') as Uint8Array;
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  }
  lastConnect(): WireMessage | undefined {
    return this.sent.filter((m) => m.command === Command.CONNECT).at(-1);
  }
  acceptConnect(code = '0000', sid = 'sid-1'): void {
    const c = this.lastConnect()!;
    const body = c.body as { connType: string };
    this.deliver({ command: Command.CONNECT, format: Format.REPLY, seq: c.seq, sid, body: { Code: code, connType: body.connType, sid } });
  }
  sends(method?: string): Array<{ seq: number; format: number; sid: string; body: { serverName: string; method: string; content: string; requestId?: string } }> {
    return this.sent
      .filter((m) => m.command === Command.SEND)
      .map((m) => ({ seq: m.seq, format: m.format, sid: m.sid, body: m.body as { serverName: string; method: string; content: string; requestId?: string } }))
      .filter((m) => method === undefined || m.body.method === method);
  }
}

export class RecordingSink implements TabSink {
  events: unknown[] = [];
  statuses: ConnectionStatus[] = [];
  controls: ControlMessage[] = [];
  notify(e: unknown) {
    this.events.push(e);
  }
  status(s: ConnectionStatus) {
    this.statuses.push(s);
  }
  control(c: ControlMessage) {
    if (c.kind !== 'log') this.controls.push(c);
  }
}

