// Routes SEND requests by serverName and method to the handlers services registered.
import type { ServiceHandler, ServiceRegistry, SubscriptionGuard } from '../contracts';

export class GatewayServiceRegistry implements ServiceRegistry {
  private readonly handlers = new Map<string, Map<string, ServiceHandler>>();
  private readonly guards = new Map<string, SubscriptionGuard>();

  register(serverName: string, method: string, handler: ServiceHandler): void {
    let methods = this.handlers.get(serverName);
    if (!methods) this.handlers.set(serverName, (methods = new Map()));
    if (methods.has(method)) throw new Error(`handler already registered: ${serverName} ${method}`);
    methods.set(method, handler);
  }

  guardSubscriptions(prefix: string, guard: SubscriptionGuard): void {
    if (this.guards.has(prefix)) throw new Error(`subscription guard already registered: ${prefix}`);
    this.guards.set(prefix, guard);
  }

  /** The guard of a pattern's first segment, if a service registered one. */
  subscriptionGuard(pattern: string): SubscriptionGuard | undefined {
    const dot = pattern.indexOf('.');
    return this.guards.get(dot === -1 ? pattern : pattern.slice(0, dot));
  }

  lookup(serverName: string, method: string): ServiceHandler | undefined {
    return this.handlers.get(serverName)?.get(method);
  }

  /** "server method" pairs, for startup logs. */
  list(): string[] {
    return [...this.handlers].flatMap(([s, m]) => [...m.keys()].map((k) => `${s} ${k}`));
  }
}
