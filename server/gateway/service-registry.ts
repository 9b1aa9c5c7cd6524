// Routes SEND requests by serverName and method to the handlers services registered.
import type { ServiceHandler, ServiceRegistry } from '../contracts';

export class GatewayServiceRegistry implements ServiceRegistry {
  private readonly handlers = new Map<string, Map<string, ServiceHandler>>();

  register(serverName: string, method: string, handler: ServiceHandler): void {
    let methods = this.handlers.get(serverName);
    if (!methods) this.handlers.set(serverName, (methods = new Map()));
    if (methods.has(method)) throw new Error(`handler already registered: ${serverName} ${method}`);
    methods.set(method, handler);
  }

  lookup(serverName: string, method: string): ServiceHandler | undefined {
    return this.handlers.get(serverName)?.get(method);
  }

  /** "server method" pairs, for startup logs. */
  list(): string[] {
    return [...this.handlers].flatMap(([s, m]) => [...m.keys()].map((k) => `${s} ${k}`));
  }
}
