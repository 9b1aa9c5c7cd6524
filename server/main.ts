// `npm run server`: the gateway, its services, the market feed and the built app on one
// port (PROTOCOL.md section 8). Serves dist/ if present; never builds it.
import { DESK_CLOCK_OFFSET_MS } from './clock-install'; // first: the desk clock before anything reads the time
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBus } from './bus/index';
import { ConfigError, loadConfig } from './config';
import { Gateway, GATEWAY_PATH } from './gateway/gateway';
import { createConsoleLogger } from './gateway/log';
import { describeTrustProxy } from './gateway/proxy-trust';
import { GatewayServiceRegistry } from './gateway/service-registry';
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
import { closePricingPool } from './pricing/pricing-pool';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createConsoleLogger(config.logLevel);
  const startedAt = Date.now();
  let ready = false;

  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const bus = await createBus(config.natsUrl, log);
  const login = createLoginService({ db, bus, log: (msg: string) => log.info(msg) });
  const registry = new GatewayServiceRegistry();
  login.register(registry);
  registerPricingService(registry);
  registerShareService(registry, { db, log: (msg: string) => log.error(msg) });
  const marketData = registerMarketDataService(registry, { db, bus, log, marketFeed: config.marketFeed });
  registerBondService(registry, { db, log: (msg: string) => log.error(msg) });
  await registerNewsService(registry, { db, bus, log: (msg: string) => log.error(msg) });

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
  });
  const distDir = existsSync(config.distDir) ? config.distDir : null;
  const server = createServer(
    createHttpApp({
      distDir,
      clockOffsetMs: DESK_CLOCK_OFFSET_MS,
      ready: () => ready,
      // The shipped real history loads in the background on a first start: 'loading' until then.
      stats: () => ({ ...gateway.stats(), marketHistory: marketData.md.historyState, uptimeSec: Math.round((Date.now() - startedAt) / 1000) }),
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
  if (config.demoUser) await login.ensureDemoUser(config.demoUser.name, config.demoUser.password);
  ready = true;

  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  console.log(`Server listening on http://${host}:${addr.port}  (socket ws://${host}:${addr.port}${GATEWAY_PATH})`);
  console.log(distDir ? `Serving the built app from ${distDir}` : 'No built app (dist/ missing): run `npm run build` to serve the UI; API and sockets work.');
  if (config.marketFeed === 'sim') console.log('Market data: SIMULATED FX quotes on md.fx.{PAIR} (not a real market).');
  console.log(describeTrustProxy(config.trustProxy));
  console.log(config.natsUrl ? `Notification bus: NATS ${config.natsUrl}` : 'Notification bus: in-process');
  console.log(config.databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded, in ${config.dataDir}`);
  if (config.demoUser) console.log(`Demo login: ${config.demoUser.name} / ${config.demoUser.password}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopFeed();
      await gateway.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await login.close();
      await closePricingPool();
      await bus.close();
      await db.close();
    } catch (e) {
      log.error('error during shutdown', { err: String(e) });
      process.exitCode = 1;
    }
    process.exit();
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : e);
  process.exit(1);
});
