// ShareSvr: saved tool items, sharing to users and by link (docs/api/share.md).
// server/main.ts registers it with one call: registerShareService(registry, { db }).
// Every method needs a live session: the caller is the session's user (the gateway resolves
// it into ctx.user), never a user named in the content.
import type { Database, ServiceRegistry } from '../../contracts';
import { accountCaller, type SessionHandlers, sessionHandlers } from '../handlers';
import { SHARE_RULES, SHARE_SERVER, ShareCode, ShareMethod, type ToolShareRules } from '../../../src/kit/share/rules';
import { ShareFailure, ShareService, type Caller } from './service';

export { SHARE_SERVER };

export interface ShareServiceDeps {
  db: Database;
  now?: () => number;
  rules?: Readonly<Record<string, ToolShareRules>>;
  /** Free-version item cap for every tool (default: each tool's rule, else 5); env SHARE_FREE_ITEM_CAP. */
  freeItemCap?: number;
  log?: (msg: string) => void;
}

function envCap(): number | undefined {
  const raw = process.env.SHARE_FREE_ITEM_CAP;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`SHARE_FREE_ITEM_CAP must be a whole number >= 0, got ${raw}`);
  return n;
}

export type ShareHandlers = SessionHandlers;

/** Methods that change stored data: done once per request key (PROTOCOL.md section 3, docs/protocol.md). */
export const SHARE_CHANGES: ReadonlySet<string> = new Set([
  ShareMethod.save, ShareMethod.rename, ShareMethod.delete, ShareMethod.shareToUser, ShareMethod.unshare, ShareMethod.shareLink, ShareMethod.revokeLink,
]);

export function createShareHandlers(deps: ShareServiceDeps): ShareHandlers {
  const svc = new ShareService(deps.db, { rules: deps.rules ?? SHARE_RULES, freeItemCap: deps.freeItemCap ?? envCap(), now: deps.now ?? Date.now });
  const log = deps.log ?? ((m: string) => console.error(m));
  const ops: Record<string, (caller: Caller, f: Record<string, unknown>) => Promise<Record<string, unknown>>> = {
    [ShareMethod.save]: (c, f) => svc.save(c, f),
    [ShareMethod.list]: (c, f) => svc.list(c, f),
    [ShareMethod.get]: (c, f) => svc.get(c, f),
    [ShareMethod.rename]: (c, f) => svc.rename(c, f),
    [ShareMethod.delete]: (c, f) => svc.delete(c, f),
    [ShareMethod.shareToUser]: (c, f) => svc.shareToUser(c, f),
    [ShareMethod.unshare]: (c, f) => svc.unshare(c, f),
    [ShareMethod.shareLink]: (c, f) => svc.shareLink(c, f),
    [ShareMethod.revokeLink]: (c, f) => svc.revokeLink(c, f),
    [ShareMethod.sharedWithMe]: (c, f) => svc.sharedWithMe(c, f),
  };
  return sessionHandlers<Caller>({
    server: 'ShareSvr',
    failure: ShareFailure,
    codes: ShareCode,
    log,
    caller: accountCaller(deps.db),
  }, ops);
}

export function registerShareService(registry: ServiceRegistry, deps: ShareServiceDeps): void {
  for (const [method, handler] of Object.entries(createShareHandlers(deps))) registry.register(SHARE_SERVER, method, handler, { changesData: SHARE_CHANGES.has(method) });
}
