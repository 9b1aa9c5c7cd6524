// The one way a tool computes: an OptPricingSvr call (PRICE with PRICING-CLI requests, or a
// tool method such as FXVANILLA) goes to the server over the shared socket while it is up,
// and to the same pricing core in a browser worker when it is not (socket down, or it went
// down or timed out while we waited). Offline answers are marked `offline: true`.
import type { SocketClient } from '../../socket-client/client';
import type { PriceResult } from '../../pricing-core/api/price-request';
import { PRICE_METHOD, PRICING_SERVER, type ReplyBody } from './offline-core';
import { getSocketClient } from '../../socket-client';
import { browserPricingPool, type PricingWorkerPool } from './worker-pool';

export interface PricingReply<B = ReplyBody> {
  body: B;
  /** Answered in this browser because the server could not be reached. */
  offline: boolean;
}

/** A reply whose Code is not success (bad input, no solution, server fault). */
export class PricingFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly offline: boolean,
  ) {
    super(message);
    this.name = 'PricingFailure';
  }
}

export interface PricingClient {
  /** One OptPricingSvr call; resolves with a success body, rejects with PricingFailure. */
  call<B extends ReplyBody = ReplyBody>(method: string, content: unknown): Promise<PricingReply<B>>;
  /** PRICING-CLI requests (one result per request, bad ones `{ error }`). */
  price(requests: unknown[]): Promise<PricingReply<ReplyBody & { results: PriceResult[] }>>;
  /**
   * Loads one pricing worker now, while the server (or the service worker's cache) can still
   * serve its script, so pricing keeps working if the connection drops later.
   */
  prepareOffline(): void;
}

export interface PricingClientDeps {
  socket: () => Pick<SocketClient, 'request' | 'status' | 'onStatus'>;
  pool: () => Pick<PricingWorkerPool, 'call' | 'warm'>;
  /** Longest wait for a server reply before pricing locally (default 15 s). */
  timeoutMs?: number;
  /** At page start the socket is still connecting: wait this long for it (default 2 s). */
  connectGraceMs?: number;
}

type Status = ReturnType<SocketClient['status']>;
const up = (s: Status) => s === 'open' || s === 'loggedIn';
const down = (s: Status) => s === 'closed' || s === 'failed';

/** Codes of reply bodies that count as success (the gateway's '0000', the pricing service's 0). */
function succeeded(body: ReplyBody): boolean {
  return body.Code === 0 || body.Code === '0' || body.Code === '0000';
}

export function createPricingClient(deps: PricingClientDeps): PricingClient {
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const graceMs = deps.connectGraceMs ?? 2_000;
  let everDecided = false; // after the first up or down, "connecting" means reconnecting: down

  /** Resolves true when the socket is (or within the grace becomes) up. */
  function reachable(): Promise<boolean> {
    const socket = deps.socket();
    const s = socket.status();
    if (up(s)) return Promise.resolve((everDecided = true));
    if (down(s) || everDecided) {
      everDecided = true;
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), graceMs);
      const off = socket.onStatus((next) => {
        if (up(next)) finish(true);
        else if (down(next)) finish(false);
      });
      function finish(v: boolean) {
        clearTimeout(timer);
        off();
        everDecided = true;
        resolve(v);
      }
    });
  }

  /** The server's reply, or null when it could not be had (network). */
  function online(method: string, content: unknown): Promise<ReplyBody | null> {
    const socket = deps.socket();
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (f: () => void) => {
        if (settled) return;
        settled = true;
        off();
        f();
      };
      // The socket going down while we wait: price locally now, not after the timeout.
      const off = socket.onStatus((s) => {
        if (!up(s)) settle(() => resolve(null));
      });
      socket.request<ReplyBody>(PRICING_SERVER, method, content, { timeoutMs }).then(
        (body) => settle(() => resolve(body)),
        (e: unknown) => {
          const code = (e as { code?: unknown } | null)?.code;
          if (code === 'timeout' || code === 'aborted') settle(() => resolve(null));
          else settle(() => reject(e));
        },
      );
    });
  }

  async function call<B extends ReplyBody>(method: string, content: unknown): Promise<PricingReply<B>> {
    let body: ReplyBody | null = null;
    let offline = false;
    if (await reachable()) body = await online(method, content);
    if (body === null) {
      offline = true;
      body = await deps.pool().call(method, content);
    }
    if (!succeeded(body)) throw new PricingFailure(String(body.Code), typeof body.msg === 'string' ? body.msg : 'calculation failed', offline);
    return { body: body as B, offline };
  }

  return {
    call,
    price: (requests) => call(PRICE_METHOD, { requests }),
    prepareOffline: () => deps.pool().warm(1),
  };
}

let shared: PricingClient | null = null;

/** The page's pricing client: the shared socket, the browser worker pool. */
export function pricingClient(): PricingClient {
  shared ??= createPricingClient({ socket: getSocketClient, pool: browserPricingPool });
  return shared;
}
