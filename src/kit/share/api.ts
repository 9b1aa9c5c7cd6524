// The browser side of ShareSvr: one function per method, over the shared socket. A reply
// with a failure Code, or no reply at all, becomes a ShareError that messages.ts turns into
// the user's language.
import { SHARE_SERVER, ShareCode, ShareMethod, type ShareMethodName, type SharedItemMeta } from './rules';

export type { SharedItemMeta };

export type Requester = (serverName: string, method: string, content: unknown) => Promise<unknown>;

export interface SharedItem<P = unknown> extends SharedItemMeta {
  payload: P;
  access: 'owner' | 'grant' | 'link';
}

/** `code` is a ShareCode, or 'network' when the server could not be reached. */
export class ShareError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail: { field?: string; key?: string; limit?: number; retryAfterSec?: number } = {},
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

export interface ShareApi {
  save<P>(item: { tool: string; name: string; payload: P; version?: number; id?: string }): Promise<SharedItemMeta>;
  list(tool?: string): Promise<SharedItemMeta[]>;
  sharedWithMe(tool?: string): Promise<SharedItemMeta[]>;
  /** By item id or link token; `tool` makes sure a link to another tool is refused. */
  get<P = unknown>(ref: string, tool?: string): Promise<SharedItem<P>>;
  /** Name-addressed tools (the spread monitor). */
  getByName<P = unknown>(tool: string, name: string): Promise<SharedItem<P>>;
  rename(id: string, name: string): Promise<SharedItemMeta>;
  remove(id: string): Promise<void>;
  shareToUser(id: string, target: string): Promise<string[]>;
  /** Owner: withdraw the share of `target`; grantee: drop the item from "shared with me". */
  unshare(id: string, target?: string): Promise<void>;
  shareLink(id: string): Promise<string>;
  revokeLink(id: string): Promise<void>;
}

type Reply = Record<string, unknown> & { Code?: unknown; msg?: unknown };

export function createShareApi(request: Requester): ShareApi {
  async function call(method: ShareMethodName, content: Record<string, unknown>): Promise<Reply> {
    let reply: Reply;
    try {
      reply = (await request(SHARE_SERVER, method, content)) as Reply;
    } catch (e) {
      throw new ShareError('network', e instanceof Error ? e.message : String(e));
    }
    const code = String(reply?.Code ?? '');
    if (code !== ShareCode.ok) {
      throw new ShareError(code || ShareCode.serverError, typeof reply?.msg === 'string' ? reply.msg : 'failed', {
        field: typeof reply.field === 'string' ? reply.field : undefined,
        key: typeof reply.key === 'string' ? reply.key : undefined,
        limit: typeof reply.limit === 'number' ? reply.limit : undefined,
        retryAfterSec: typeof reply.retryAfterSec === 'number' ? reply.retryAfterSec : undefined,
      });
    }
    return reply;
  }
  return {
    save: async (item) => (await call(ShareMethod.save, { ...item })).item as SharedItemMeta,
    list: async (tool) => (await call(ShareMethod.list, tool ? { tool } : {})).items as SharedItemMeta[],
    sharedWithMe: async (tool) => (await call(ShareMethod.sharedWithMe, tool ? { tool } : {})).items as SharedItemMeta[],
    get: async (ref, tool) => (await call(ShareMethod.get, tool ? { ref, tool } : { ref })).item as SharedItem<never>,
    getByName: async (tool, name) => (await call(ShareMethod.get, { tool, name })).item as SharedItem<never>,
    rename: async (id, name) => (await call(ShareMethod.rename, { id, name })).item as SharedItemMeta,
    remove: async (id) => void (await call(ShareMethod.delete, { id })),
    shareToUser: async (id, target) => (await call(ShareMethod.shareToUser, { id, target })).sharedWith as string[],
    unshare: async (id, target) => void (await call(ShareMethod.unshare, target === undefined ? { id } : { id, target })),
    shareLink: async (id) => (await call(ShareMethod.shareLink, { id })).token as string,
    revokeLink: async (id) => void (await call(ShareMethod.revokeLink, { id })),
  };
}
