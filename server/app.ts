// The server as one object: wiring (database, bus, services, gateway, HTTP), readiness and
// the graceful stop. `npm run server` (main.ts) starts it from the environment; tests start it
// in-process against their own database and stop it.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database, NotificationBus } from './contracts';
import { createBus } from './bus/index';
import type { ServerConfig } from './config';
import { Gateway } from './gateway/gateway';
import { createConsoleLogger, type Logger } from './gateway/log';
import { GatewayServiceRegistry } from './gateway/service-registry';
import { DESK_CLOCK_OFFSET_MS } from './clock-install';
import { createHttpApp } from './http/http-app';
import { startMarketFeed } from './market-feed/market-feed';
import { SimulatedFxSource } from './market-feed/simulated-fx-source';
import { registerPricingService } from './services/pricing/index';
import { registerMarketDataService } from './services/market-data/index';
import { createLoginService } from './services/login/index';
import { registerShareService } from './services/share/index';
import { registerBondService } from './services/bonds/index';
import { registerNewsService } from './services/news/index';
import { openDatabase } from './storage/index';
import { instrumentDatabase } from './observability/database-metrics';
import { watchBus, watchGateway, watchPricingPool } from './observability/metrics';
import { RequestKeyStore } from './request-keys/request-key-store';
import { onStartupFailure } from './storage/startup-work';
import { closePricingPool, pricingPool } from './pricing/pricing-pool';

export interface StartOptions {
  log?: Logger;
  /** Tests: more services, registered next to the real ones. */
  register?: (registry: GatewayServiceRegistry, deps: { db: Database; bus: NotificationBus }) => void;
  /** Tests: load the market-data sample snapshot (default true). */
  marketDataSample?: boolean;
  /** Tests: load the news sample feeds (default: env NEWS_SAMPLE). */
  newsSample?: boolean;
}

export interface RunningServer {
  server: Server;
  gateway: Gateway;
  db: Database;
  address: AddressInfo;
  /** The built app served, or null. */
  distDir: string | null;
  /** Serving everything: listening, database available, demo user in place, not stopping. */
  ready(): boolean;
  /** Resolves when the demo user (DEMO_USER) is in place (at once without one). */
  demoUserReady: Promise<void>;
  /** The graceful stop (see `stop` below); safe to call twice. */
  stop(reason?: string): Promise<void>;
}

export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? createConsoleLogger(config.logLevel);
  const startedAt = Date.now();
  // PostgreSQL: resolves at once; connects, migrates and reconnects in the background, so
  // the server starts (and stays up) while the database is down. PGlite: opened here.
  const db = instrumentDatabase(await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, waitForServer: true, log: (m) => log.warn(m) }));
  const bus = await createBus(config.natsUrl, log);
  const requestKeys = await RequestKeyStore.open(db, { log });
  const login = createLoginService({ db, bus, log: (msg: string) => log.info(msg) });
  const registry = new GatewayServiceRegistry();
  login.register(registry);
  registerPricingService(registry);
  registerShareService(registry, { db, log: (msg: string) => log.error(msg) });
  const marketData = registerMarketDataService(registry, { db, bus, log, marketFeed: config.marketFeed, ...(opts.marketDataSample === false ? { sample: false } : {}), ...(config.marketHistory ? {} : { history: false }) });
  registerBondService(registry, { db, log: (msg: string) => log.error(msg) });
  registerNewsService(registry, { db, bus, log: (msg: string) => log.error(msg), ...(opts.newsSample === undefined ? {} : { sample: opts.newsSample }) });
  opts.register?.(registry, { db, bus });

  const gateway = new Gateway({
    registry,
    bus,
    authority: login.authority,
    log,
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    idleTimeoutMs: config.idleTimeoutMs,
    pingIntervalMs: config.pingIntervalMs,
    maxBufferedBytes: config.maxBufferedBytes,
    maxConnectionsPerIp: config.maxConnectionsPerIp,
    connectionRatePerIp: config.connectionRatePerIp,
    connectionBurstPerIp: config.connectionBurstPerIp,
    maxQueuedBytesPerConnection: config.maxQueuedBytesPerConnection,
    handlerTimeoutMs: config.handlerTimeoutMs,
    maxInflightBytes: config.maxInflightBytes,
    requestKeys,
  });
  watchGateway(() => gateway.stats());
  watchPricingPool(() => pricingPool().pending);
  if (bus.state) watchBus(() => bus.state!());
  let listening = false;
  let stopping: Promise<void> | null = null;
  let demoUserDone = !config.demoUser;
  const ready = () => listening && !stopping && demoUserDone && db.available();
  const distDir = existsSync(config.distDir) ? config.distDir : null;
  const server = createServer(
    createHttpApp({
      distDir,
      clockOffsetMs: DESK_CLOCK_OFFSET_MS,
      ready,
      readiness: () => ({ database: db.available() ? 'up' : 'unavailable', stopping: stopping !== null }),
      stats: () => ({ ...gateway.stats(), uptimeSec: Math.round((Date.now() - startedAt) / 1000), marketHistory: marketData.md.historyState }),
      log,
    }),
  );
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  gateway.attach(server);

  const stopFeed = config.marketFeed === 'sim' ? startMarketFeed(new SimulatedFxSource(), bus) : () => {};
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  listening = true;
  const demoUserReady = config.demoUser
    ? login.ensureDemoUser(config.demoUser.name, config.demoUser.password).then(
        () => void (demoUserDone = true),
        onStartupFailure((m) => log.error(m), 'demo user (DEMO_USER)'),
      )
    : Promise.resolve();

  /**
   * In this order: stop accepting (readiness 503, no new HTTP connections or sockets,
   * requests arriving now refused with 9503); let running handlers finish and answer what is
   * queued, for at most SHUTDOWN_DRAIN_MS, then refuse (9503) what still waits; stop the
   * feeds and close the sockets (1001); close HTTP; then the login service, pricing workers,
   * bus and, last, the database, which no handler uses any more.
   */
  const stop = (reason = 'stop') => {
    stopping ??= (async () => {
      log.info(`${reason}: stopping`);
      gateway.stopAccepting();
      const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const drained = await gateway.drain(config.shutdownDrainMs);
      if (drained.refused || drained.stillRunning) log.warn('graceful stop: drain deadline reached', drained);
      stopFeed();
      marketData.close();
      await gateway.close();
      // HTTP requests still running (POST /api/price) get what is left of the bound.
      const left = setTimeout(() => server.closeAllConnections(), 1_000);
      await httpClosed;
      clearTimeout(left);
      await login.close();
      await closePricingPool();
      requestKeys.close();
      await bus.close();
      db.unwatch();
      await db.close();
    })();
    return stopping;
  };

  return { server, gateway, db, address: server.address() as AddressInfo, distDir, ready, demoUserReady, stop };
}
