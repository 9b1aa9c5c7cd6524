// One client socket: its data type, session, subscriptions and lifecycle. The lifecycle is
// an explicit state machine: open -> closing -> closed (closing drops every further send).
import type { Duplex } from 'node:stream';
import type WebSocket from 'ws';
import { type DataType, type OutgoingMessage, encodeMessage } from '../../src/wire';
import { matchTopic } from '../../src/wire/topic';
import { FrameQueue } from './request-queue';

export type ConnectionState = 'open' | 'closing' | 'closed';

/** A notification already encoded, per data type, shared by every recipient. */
export type EncodedPayload = string | Uint8Array;

export class Connection {
  state: ConnectionState = 'open';
  /** Session established by CONNECT (P or S); '' when anonymous. */
  sid = '';
  readonly patterns = new Set<string>();
  /** Patterns allowed only in part (an anonymous md.**): which matching topics are delivered. */
  readonly scopes = new Map<string, (topic: string) => boolean>();
  lastSeen = Date.now();
  /** Handlers running for this connection (at most maxRunningPerConnection). */
  running = 0;
  /** Frames received while every handler slot was busy, in arrival order. */
  readonly queue = new FrameQueue();
  /** The server stopped reading the socket: its queue is full (resumed as it drains). */
  readPaused = false;
  /** Closed for the server-wide inbound budget: no longer read, its bytes no longer counted. */
  unread = false;
  /** Queued frames wait for the socket's 'drain' (too much unsent); one listener at a time. */
  awaitingDrain = false;
  /** Raw bytes received since the last handled message (see InboundByteBudget). */
  inboundBytes = 0;
  /** Set when this connection is dropped for not reading (see Gateway.checkBackpressure). */
  private killTimer: NodeJS.Timeout | null = null;

  /** Whether a topic matched by this connection's patterns is delivered (no scope, or a scope that takes it). */
  delivers(topic: string): boolean {
    if (this.scopes.size === 0) return true;
    for (const p of this.patterns) {
      if (!matchTopic(p, topic)) continue;
      const scope = this.scopes.get(p);
      if (!scope || scope(topic)) return true;
    }
    return false;
  }

  constructor(
    readonly id: number,
    readonly ws: WebSocket,
    /** The TCP socket under `ws` (its 'drain' resumes a queue held for unsent replies). */
    readonly socket: Duplex,
    readonly dataType: DataType,
    /** The client's address (the peer's, or from a trusted proxy's X-Forwarded-For). */
    readonly remoteAddress: string,
    private readonly maxBufferedBytes: number,
    private readonly onSlowConsumer: (c: Connection) => void,
  ) {}

  /** Encodes in this connection's data type and sends; returns false if not sent. */
  sendMessage(m: OutgoingMessage): boolean {
    if (this.state !== 'open') return false;
    return this.sendEncoded(encodeMessage(m, this.dataType));
  }

  sendEncoded(payload: EncodedPayload): boolean {
    if (this.state !== 'open') return false;
    this.ws.send(payload, { binary: typeof payload !== 'string' });
    // A peer that stops reading makes its queue grow without bound; drop it instead.
    if (this.ws.bufferedAmount > this.maxBufferedBytes) this.onSlowConsumer(this);
    return true;
  }

  /**
   * Starts a close with `code`. A peer that is not reading may never see the close frame,
   * so after `graceMs` the socket is destroyed.
   */
  close(code: number, reason: string, graceMs = 2_000): void {
    if (this.state !== 'open') return;
    this.state = 'closing';
    try {
      this.ws.close(code, reason.slice(0, 120));
    } catch {
      this.ws.terminate();
    }
    this.killTimer = setTimeout(() => this.ws.terminate(), graceMs);
    this.killTimer.unref();
  }

  /** Called from the socket's 'close' event. */
  markClosed(): void {
    this.state = 'closed';
    if (this.killTimer) clearTimeout(this.killTimer);
    this.killTimer = null;
  }
}
