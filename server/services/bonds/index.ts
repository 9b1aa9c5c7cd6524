// BondSvr: bond reference data (docs/api/bonds.md). server/main.ts registers it with one call:
// registerBondService(registry, { db }). Every method needs a live session; the caller is the
// session's user. The shipped sample is loaded into the shared set once at start.
import type { Database, ServiceRegistry } from '../../contracts';
import { accountCaller, type SessionHandlers, sessionHandlers } from '../handlers';
import { BOND_SERVER, BondCode, BondMethod } from '../../../src/kit/bonds/contract';
import { BondFailure, BondService, type Caller, seedSampleBonds } from './service';
import { onStartupFailure, startupTask } from '../../storage/startup-work';

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
  // Handlers wait for the sample (loaded once the database is available, by one instance at a
  // time, again after an outage); a failed seed is logged and the service still answers.
  const ready = deps.seed === false
    ? Promise.resolve()
    : startupTask(deps.db, 'bonds-sample', () => seedSampleBonds(deps.db, now()), { log }).then(() => undefined, onStartupFailure(log, '[BondSvr] sample load'));
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
    db: deps.db,
    caller: accountCaller(deps.db),
  }, ops);
}

export function registerBondService(registry: ServiceRegistry, deps: BondServiceDeps): void {
  for (const [method, handler] of Object.entries(createBondHandlers(deps))) registry.register(BOND_SERVER, method, handler, { changesData: BOND_CHANGES.has(method) });
}
