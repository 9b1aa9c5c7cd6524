// A server-wide bound on raw bytes received but not yet handled: the parts of WebSocket
// messages `ws` is still assembling (up to maxPayload, ~65.6 MB each) plus the message being
// decoded. Without it, many sockets each sending one big message at once exhaust memory
// even though every one of them is within the per-message limit.
//
// Bytes are counted per TCP chunk as they arrive and released when the connection's
// message has been processed (or the socket closes), so the count can be off by at most
// one chunk per connection.

export class InboundByteBudget {
  private held = 0;

  /** `limit` bytes server-wide; 0 or Infinity means no limit. */
  constructor(readonly limit: number) {}

  get heldBytes(): number {
    return this.held;
  }

  /** Records `n` more bytes held; false when the total now passes the limit. */
  hold(n: number): boolean {
    this.held += n;
    return this.limit <= 0 || this.held <= this.limit;
  }

  release(n: number): void {
    this.held = Math.max(0, this.held - n);
  }
}
