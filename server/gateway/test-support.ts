// Starts a gateway on a random loopback port with test doubles, for tests and benches.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotificationBus, SessionAuthority, SessionUser } from '../contracts';
import { InProcessBus } from '../bus/in-process-bus';
import { Gateway, GATEWAY_PATH, type GatewayOptions } from './gateway';
import { GatewayServiceRegistry } from './service-registry';

/** Users `alice`/`secret1` and `bob`/`secret2`; sids are `sid-<name>-<n>`. */
export class FakeSessionAuthority implements SessionAuthority {
  readonly sessions = new Map<string, SessionUser>();
  private n = 0;
  private readonly passwords = new Map([
    ['alice', 'secret1'],
    ['bob', 'secret2'],
  ]);
  checks = 0;

  async loginWithPassword(userName: string, password: string): Promise<SessionUser | null> {
    if (this.passwords.get(userName) !== password) return null;
    const user = { userName, sid: `sid-${userName}-${++this.n}`, inf5: '0' };
    this.sessions.set(user.sid, user);
    return user;
  }

  async checkSession(sid: string): Promise<SessionUser | null> {
    this.checks++;
    return this.sessions.get(sid) ?? null;
  }

  revoke(sid: string): void {
    this.sessions.delete(sid);
  }
}

export interface TestGateway {
  url: string;
  origin: string;
  port: number;
  server: Server;
  gateway: Gateway;
  registry: GatewayServiceRegistry;
  bus: NotificationBus;
  authority: FakeSessionAuthority;
  close(): Promise<void>;
}

export async function startTestGateway(
  opts: Partial<Omit<GatewayOptions, 'registry' | 'authority'>> & { authority?: FakeSessionAuthority } = {},
): Promise<TestGateway> {
  const registry = new GatewayServiceRegistry();
  const bus = opts.bus ?? new InProcessBus();
  const authority = opts.authority ?? new FakeSessionAuthority();
  // No per-address cap or connection rate unless a test asks: tests and benches open
  // thousands of loopback sockets.
  const gateway = new Gateway({ maxConnectionsPerIp: 0, connectionRatePerIp: 0, ...opts, registry, bus, authority });
  const server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  gateway.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}${GATEWAY_PATH}`,
    origin: `http://127.0.0.1:${port}`,
    port,
    server,
    gateway,
    registry,
    bus,
    authority,
    async close() {
      await gateway.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!opts.bus) await bus.close();
    },
  };
}

export const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

/** Polls `cond` every 5 ms; throws naming `what` after `timeoutMs`. */
export async function until(cond: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await tick(5);
  }
}
