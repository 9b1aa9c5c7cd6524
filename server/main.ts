// `npm run server`: the gateway, its services, the market feed and the built app on one
// port (PROTOCOL.md section 8). Serves dist/ if present; never builds it. The wiring,
// readiness and graceful stop are in app.ts.
import './clock-install'; // first: the desk clock (src/clock) before anything reads the time
import { GATEWAY_PATH } from './gateway/gateway';
import { createJsonLogger } from './observability/json-log';
import { collectProcessMetrics } from './observability/metrics';
import { describeTrustProxy } from './gateway/proxy-trust';
import { ConfigError, loadConfig } from './config';
import { startServer } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createJsonLogger(config.logLevel);
  collectProcessMetrics();
  const app = await startServer(config, { log });

  const addr = app.address;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  console.log(`Server listening on http://${host}:${addr.port}  (socket ws://${host}:${addr.port}${GATEWAY_PATH})`);
  console.log(app.distDir ? `Serving the built app from ${app.distDir}` : 'No built app (dist/ missing): run `npm run build` to serve the UI; API and sockets work.');
  if (config.marketFeed === 'sim') console.log('Market data: SIMULATED FX quotes on md.fx.{PAIR} (not a real market).');
  console.log(describeTrustProxy(config.trustProxy));
  console.log(config.natsUrl ? `Notification bus: NATS ${config.natsUrl}` : 'Notification bus: in-process');
  console.log(config.databaseUrl ? `Database: PostgreSQL (DATABASE_URL)${app.db.available() ? '' : ', not reachable yet: /readyz answers 503 until it is'}` : `Database: embedded, in ${config.dataDir}`);
  if (config.demoUser) console.log(`Demo login: ${config.demoUser.name} / ${config.demoUser.password}`);

  const shutdown = (signal: string) => {
    // The drain is bounded by SHUTDOWN_DRAIN_MS; whatever hangs after it is cut off.
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000);
    force.unref();
    app.stop(signal).then(
      () => process.exit(),
      (e) => {
        log.error('error during shutdown', { err: String(e) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : e);
  process.exit(1);
});
