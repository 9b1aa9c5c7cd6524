// Routes SEND requests by serverName and method to the handlers services registered, and
// knows which of them change stored data (those honour request keys, PROTOCOL.md section 3).
import type { RegisterOptions, ServiceHandler, ServiceRegistry, SubscriptionGuard } from '../contracts';

export interface RegisteredMethod {
  handler: ServiceHandler;
  /** True when this request (its content, for servers that route on it) changes stored data. */
  changesData(content: string): boolean;
}

const never = () => false;
const always = () => true;

export class GatewayServiceRegistry implements ServiceRegistry {
  private readonly handlers = new Map<string, Map<string, RegisteredMethod>>();
  private readonly guards = new Map<string, SubscriptionGuard>();

  register(serverName: string, method: string, handler: ServiceHandler, opts: RegisterOptions = {}): void {
    let methods = this.handlers.get(serverName);
    if (!methods) this.handlers.set(serverName, (methods = new Map()));
    if (methods.has(method)) throw new Error(`handler already registered: ${serverName} ${method}`);
    const c = opts.changesData;
    methods.set(method, { handler, changesData: typeof c === 'function' ? c : c ? always : never });
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
    return this.handlers.get(serverName)?.get(method)?.handler;
  }

  /** The handler with what the gateway needs to know about it. */
  entry(serverName: string, method: string): RegisteredMethod | undefined {
    return this.handlers.get(serverName)?.get(method);
  }

  /** "server method" pairs, for startup logs. */
  list(): string[] {
    return [...this.handlers].flatMap(([s, m]) => [...m.keys()].map((k) => `${s} ${k}`));
  }
}
