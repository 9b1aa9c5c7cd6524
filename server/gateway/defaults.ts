// Default limits of the gateway, in one place: the Gateway falls back to them and the
// server config (env) uses them as its defaults. docs/deploy.md explains each number.

export const GATEWAY_DEFAULTS = {
  /** Close a socket that sent nothing for this long (PROTOCOL: 60 s). */
  idleTimeoutMs: 60_000,
  /**
   * WebSocket ping to every socket this often. The client's heartbeat only flows client to
   * server and gets no reply, so without pings a socket with no subscriptions carries no
   * server-to-client bytes, and proxies that time out on upstream silence (nginx
   * proxy_read_timeout, 60 s by default) would cut it. 30 s is half of that default.
   */
  pingIntervalMs: 30_000,
  /** Drop a socket whose unsent queue passes this many bytes (slow consumer, 4001). */
  maxBufferedBytes: 8 * 1024 * 1024,
  /**
   * Open sockets per client address (IPv6: per /64). A 2,000-person office behind one NAT
   * address, each person with up to two browsers (one socket per browser), plus sockets of a
   * network change still counted until their idle close: about 8,000. Beyond: HTTP 429.
   */
  maxConnectionsPerIp: 10_000,
  /**
   * New sockets per client address: a bucket of 4,000 (the whole office above reconnecting
   * at once after a restart) refilled at 50 per second (a full bucket again in 80 s).
   */
  connectionBurstPerIp: 4_000,
  connectionRatePerIp: 50,
  /** A service handler not settled after this long gets `9999` "timeout". */
  handlerTimeoutMs: 30_000,
  /** Raw inbound bytes held (being received, being decoded, or queued), all sockets together. */
  maxInflightBytes: 256 * 1024 * 1024,
  /** Handlers running at once for one connection; later requests wait in its queue. */
  maxRunningPerConnection: 64,
  /** Queued bytes of one connection above which the server stops reading its socket. */
  maxQueuedBytesPerConnection: 4 * 1024 * 1024,
} as const;
