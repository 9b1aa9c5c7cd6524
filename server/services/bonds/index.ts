// BondSvr: bond reference data (docs/api/bonds.md). server/main.ts registers it with one call:
// registerBondService(registry, { db }). Every method needs a live session; the caller is the
// session's user. The shipped sample is loaded into the shared set once at start.
import type { Database, ServiceRegistry } from '../../contracts';
import { accountCaller, type SessionHandlers, sessionHandlers } from '../handlers';
import { BOND_SERVER, BondCode, BondMethod } from '../../../src/kit/bonds/contract';
import { BondFailure, BondService, type Caller, seedSampleBonds } from './service';

export interface BondServiceDeps {
  db: Database;
  now?: () => number;
  log?: (msg: string) => void;
  /** Load the shipped sample (default true). */
  seed?: boolean;
}

export type BondHandlers = SessionHandlers;

/** Methods that change stored data: done once per request key (docs/protocol.md). */
export const BOND_CHANGES: ReadonlySet<string> = new Set([BondMethod.import, BondMethod.delete]);

export function createBondHandlers(deps: BondServiceDeps): BondHandlers {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((m: string) => console.error(m));
  const svc = new BondService(deps.db, now);
  // Handlers wait for the sample; a failed seed is logged and the service still answers.
  const ready = deps.seed === false ? Promise.resolve() : seedSampleBonds(deps.db, now()).then(() => undefined, (e) => log(`[BondSvr] sample load failed: ${(e as Error)?.stack ?? e}`));
  const ops: Record<string, (c: Caller, f: Record<string, unknown>) => Promise<Record<string, unknown>> | Record<string, unknown>> = {
    [BondMethod.search]: (c, f) => svc.search(c, f),
    [BondMethod.get]: (c, f) => svc.get(c, f),
    [BondMethod.basket]: (c, f) => svc.basket(c, f),
    [BondMethod.import]: (c, f) => svc.import(c, f),
    [BondMethod.delete]: (c, f) => svc.delete(c, f),
    [BondMethod.issuerTypes]: () => svc.issuerTypes(),
  };
  return sessionHandlers<Caller>({
    server: 'BondSvr',
    failure: BondFailure,
    codes: BondCode,
    log,
    okCode: BondCode.ok,
    ready,
    caller: accountCaller(deps.db),
  }, ops);
}

export function registerBondService(registry: ServiceRegistry, deps: BondServiceDeps): void {
  for (const [method, handler] of Object.entries(createBondHandlers(deps))) registry.register(BOND_SERVER, method, handler, { changesData: BOND_CHANGES.has(method) });
}
