// Prometheus metrics (prom-client), served at GET /metrics. One registry per process. Counters
// and histograms are updated where things happen (gateway, login, hashing, request keys,
// database); gauges read their sources at scrape time through `watch*`, which main.ts wires.
// Names and meanings: docs/deploy.md, "Metrics and logs".
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const requestsTotal = new Counter({
  name: 'desk_requests_total',
  help: 'SEND requests answered, by service (serverName), method and reply Code',
  labelNames: ['server', 'method', 'code'] as const,
  registers: [metricsRegistry],
});

export const handlerSeconds = new Histogram({
  name: 'desk_handler_seconds',
  help: 'Time from a request starting in its handler slot to its reply, by service and method',
  labelNames: ['server', 'method'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const requestKeysTotal = new Counter({
  name: 'desk_request_keys_total',
  help: 'Changing requests sent with a requestId: executed, replayed (answered with the first reply) or reused (refused)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const loginsTotal = new Counter({
  name: 'desk_logins_total',
  help: 'Login attempts (password, SMS, CONNECT P) by result: ok, failed, refused (too many)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const passwordHashSeconds = new Histogram({
  name: 'desk_password_hash_seconds',
  help: 'Argon2id derivations, wait excluded, by where they ran (thread: the hashing pool; inline: this thread)',
  labelNames: ['where'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const dbQuerySeconds = new Histogram({
  name: 'desk_db_query_seconds',
  help: 'Database statements and transactions, by kind (query, transaction) and outcome (ok, error)',
  labelNames: ['kind', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** A gauge whose value is read from the sources registered for it when scraped. */
function sourcedGauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  const sources = new Set<(set: (value: number, labels?: Partial<Record<L, string>>) => void) => void>();
  new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    collect() {
      this.reset();
      const sums = new Map<string, { labels: Partial<Record<L, string>>; value: number }>();
      for (const read of sources) {
        read((value, labels = {}) => {
          const k = JSON.stringify(labels);
          const cur = sums.get(k);
          if (cur) cur.value += value;
          else sums.set(k, { labels, value });
        });
      }
      for (const { labels, value } of sums.values()) this.set(labels as never, value);
    },
  });
  return (read: (set: (value: number, labels?: Partial<Record<L, string>>) => void) => void): (() => void) => {
    sources.add(read);
    return () => sources.delete(read);
  };
}

const socketsGauge = sourcedGauge('desk_sockets', 'Open WebSocket connections by dataType (1 json, 2 byte, 3 gzip)', ['data_type']);
const signedInGauge = sourcedGauge('desk_sockets_signed_in', 'Open connections with a session');
const subscriptionsGauge = sourcedGauge('desk_subscriptions', 'Subscription patterns held, all connections');
const queuedGauge = sourcedGauge('desk_queued_frames', 'Frames waiting in connection queues for a handler slot');
const inflightGauge = sourcedGauge('desk_inflight_bytes', 'Raw inbound bytes held (received, queued, not yet handled)');
const hashGauge = sourcedGauge('desk_password_hash_queue', 'Argon2id derivations by state (running, waiting)', ['state']);
const pricingGauge = sourcedGauge('desk_pricing_pool_pending', 'Pricing batches sent to pricing threads and not yet answered');
const dbPoolGauge = sourcedGauge('desk_db_pool_connections', 'Database connections by state: in_use (statements running; PGlite: 0 or 1 at a time), and for PostgreSQL total, idle, waiting (pool clients)', ['state']);
const busGauge = sourcedGauge('desk_bus_connected', 'Notification bus connected (1) or not (0), by kind (nats, in-process)', ['kind']);

export interface GatewayStatsLike {
  connections: number;
  byDataType: Record<string, number>;
  subscriptions: number;
  authenticated: number;
  inflightBytes: number;
  queued: number;
}

/** Socket, subscription and queue gauges from a gateway's stats. Returns the unwatch function. */
export function watchGateway(stats: () => GatewayStatsLike): () => void {
  const off = [
    socketsGauge((set) => {
      for (const [dt, n] of Object.entries(stats().byDataType)) set(n, { data_type: dt });
    }),
    signedInGauge((set) => set(stats().authenticated)),
    subscriptionsGauge((set) => set(stats().subscriptions)),
    queuedGauge((set) => set(stats().queued)),
    inflightGauge((set) => set(stats().inflightBytes)),
  ];
  return () => off.forEach((f) => f());
}

export function watchPasswordHashing(load: () => { running: number; waiting: number }): () => void {
  return hashGauge((set) => {
    const l = load();
    set(l.running, { state: 'running' });
    set(l.waiting, { state: 'waiting' });
  });
}

export function watchPricingPool(pending: () => number): () => void {
  return pricingGauge((set) => set(pending()));
}

export function watchDatabasePool(read: () => Partial<Record<'in_use' | 'total' | 'idle' | 'waiting', number>>): () => void {
  return dbPoolGauge((set) => {
    for (const [state, n] of Object.entries(read())) if (n !== undefined) set(n, { state });
  });
}

export function watchBus(state: () => { kind: string; connected: boolean }): () => void {
  return busGauge((set) => {
    const s = state();
    set(s.connected ? 1 : 0, { kind: s.kind });
  });
}

let defaults = false;
/** Process metrics (CPU, memory, event-loop lag, GC) as prom-client names them; once per process. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The text a scrape gets, and its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
