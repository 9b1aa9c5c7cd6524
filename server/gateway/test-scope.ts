// Vitest only (registers an afterEach): a gateway and sockets per test, closed after it.
import { afterEach } from 'vitest';
import { startTestGateway, type TestGateway } from './test-support';

export interface GatewayTestScope {
  /** Sockets/clients the current test opened; closed after it. */
  clients: Array<{ close(): void }>;
  /** Starts this test's gateway (closed after it). */
  start(opts?: Parameters<typeof startTestGateway>[0]): Promise<TestGateway>;
}

export function gatewayPerTest(): GatewayTestScope {
  let gw: TestGateway | null = null;
  const clients: Array<{ close(): void }> = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await gw?.close();
    gw = null;
  });
  return {
    clients,
    async start(opts) {
      gw = await startTestGateway(opts);
      return gw;
    },
  };
}
