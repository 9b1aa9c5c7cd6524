// ShareSvr's operations. Each takes the caller (resolved from the session by the handler,
// never from the content) and the request fields, and returns the reply body. Failures are
// ShareFailure (code + English message), turned into `{ Code, msg, ... }` by index.ts.
//
// Access (docs/api/share.md):
//   owner    everything: save, rename, delete, share to a user, link, revoke, unshare
//   grantee  read (by id, by name for name-addressed tools), list "shared with me",
//            remove it from that list; nothing else
//   link     anyone signed in holding the item's link token reads it; the token is not the
//            id, so a link can be revoked without touching the id or the users it is
//            shared with, and holding an id never grants anything by itself
import { randomBytes } from 'node:crypto';
import type { Database } from '../../contracts';
import { findUserByName, findUserByPhone } from '../login/users';
import { RateLimiter } from '../login/rate-limiter';
import {
  checkName, DEFAULT_FREE_ITEM_CAP, DEFAULT_MAX_PAYLOAD_BYTES, MOBILE_PATTERN, REF_PATTERN, rulesFor, ShareCode, TOOL_NAME, UNKNOWN_TARGETS_PER_HOUR,
  type ShareCodeValue, type SharedItemMeta, type ToolShareRules,
} from '../../../src/kit/share/rules';
import * as store from './store';
import { ServiceFailure } from '../handlers';
import type { ItemRow } from './store';

export class ShareFailure extends ServiceFailure<ShareCodeValue> {
  override readonly name = 'ShareFailure';
}

export interface Caller {
  id: number;
  userName: string;
  /** '0' free, '1' trial, '2' licensed, '3' forbidden. */
  inf5: string;
}

export interface ShareConfig {
  rules: Readonly<Record<string, ToolShareRules>>;
  /** Overrides every tool's free cap when set (env SHARE_FREE_ITEM_CAP); 0 turns the cap off. */
  freeItemCap?: number;
  now: () => number;
}

type Fields = Record<string, unknown>;

/** What a list shows; `linkToken` and `sharedWith` only to the owner. */
export type ItemMeta = SharedItemMeta;

const bad = (msg: string, field?: string) => new ShareFailure(ShareCode.badRequest, msg, field ? { field } : {});
const notFound = () => new ShareFailure(ShareCode.notFound, 'No such item');

export function newRef(): string {
  return randomBytes(16).toString('base64url');
}

function ref(f: Fields, key: string): string {
  const v = f[key];
  if (typeof v !== 'string') throw bad(`${key} is required`, key);
  if (!REF_PATTERN.test(v)) throw notFound(); // cannot name any item
  return v;
}

function tool(f: Fields, required: true): string;
function tool(f: Fields, required: false): string | null;
function tool(f: Fields, required: boolean): string | null {
  const v = f.tool;
  if (v === undefined || v === null) {
    if (required) throw bad('tool is required', 'tool');
    return null;
  }
  if (typeof v !== 'string' || !TOOL_NAME.test(v)) throw bad('tool must be a route name', 'tool');
  return v;
}

function meta(r: ItemRow, owner: boolean, sharedWith?: string[]): ItemMeta {
  const m: ItemMeta = { id: r.id, tool: r.tool, name: r.name, version: Number(r.version), owner: r.owner_name, createdAt: Number(r.created_at), updatedAt: Number(r.updated_at) };
  if (owner) {
    m.linkToken = r.link_token;
    m.sharedWith = sharedWith ?? [];
  }
  return m;
}

export class ShareService {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly db: Database,
    private readonly cfg: ShareConfig,
  ) {
    this.limiter = new RateLimiter(db, cfg.now);
  }

  private rules(t: string): ToolShareRules {
    return rulesFor(t, this.cfg.rules);
  }

  private name(t: string, raw: unknown): { name: string; nameKey: string | null } {
    const checked = checkName(t, raw, this.cfg.rules);
    if (!checked.ok) throw new ShareFailure(ShareCode.nameInvalid, 'The name is not allowed', { field: 'name', key: checked.key });
    return { name: checked.name, nameKey: this.rules(t).uniqueNames ? checked.name.toLowerCase() : null };
  }

  private nameExists(t: string): ShareFailure {
    return new ShareFailure(ShareCode.nameExists, 'The name exists', { field: 'name', key: this.rules(t).nameExistsKey ?? 'share:errors.nameExists' });
  }

  private writable(caller: Caller): void {
    if (caller.inf5 === '3') throw new ShareFailure(ShareCode.forbidden, 'This account may not save or share');
  }

  /** Creates (no id) or updates (own id) an item. */
  async save(caller: Caller, f: Fields): Promise<Fields> {
    this.writable(caller);
    const t = tool(f, true);
    const { name, nameKey } = this.name(t, f.name);
    const version = f.version ?? 1;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw bad('version must be a whole number from 1', 'version');
    if (f.payload === undefined) throw bad('payload is required', 'payload');
    const payload = JSON.stringify(f.payload);
    const limit = this.rules(t).maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
    const size = Buffer.byteLength(payload, 'utf8');
    if (size > limit) throw new ShareFailure(ShareCode.tooLarge, `payload is ${size} bytes, at most ${limit}`, { limit });
    const now = this.cfg.now();
    const id = f.id === undefined || f.id === null ? null : ref(f, 'id');
    try {
      return await this.db.transaction(async (tx) => {
        if (id !== null) {
          const existing = await store.ownedItem(tx, id, caller.id);
          if (!existing || existing.tool !== t) throw notFound();
          await store.updateOwned(tx, { id, ownerId: caller.id, name, nameKey, payload, version, now });
          const row = (await store.ownedItem(tx, id, caller.id))!;
          return { Code: ShareCode.ok, item: meta(row, true, (await store.grantsOf(tx, [id])).get(id)) };
        }
        await store.lockUser(tx, caller.id);
        const cap = this.freeCap(t);
        if (caller.inf5 === '0' && cap > 0 && (await store.countOwned(tx, caller.id, t)) >= cap) {
          throw new ShareFailure(ShareCode.freeLimit, `The free version keeps at most ${cap} items here`, { limit: cap });
        }
        const newId = newRef();
        await store.insertItem(tx, { id: newId, ownerId: caller.id, tool: t, name, nameKey, payload, version, now });
        const row = (await store.ownedItem(tx, newId, caller.id))!;
        return { Code: ShareCode.ok, item: meta(row, true, []) };
      });
    } catch (e) {
      if (store.uniqueIndexHit(e) === 'shared_items_name') throw this.nameExists(t);
      throw e;
    }
  }

  private freeCap(t: string): number {
    return this.cfg.freeItemCap ?? this.rules(t).freeItemCap ?? DEFAULT_FREE_ITEM_CAP;
  }

  async list(caller: Caller, f: Fields): Promise<Fields> {
    const rows = await store.listOwned(this.db, caller.id, tool(f, false));
    const grants = await store.grantsOf(this.db, rows.map((r) => r.id));
    return { Code: ShareCode.ok, items: rows.map((r) => meta(r, true, grants.get(r.id))) };
  }

  async sharedWithMe(caller: Caller, f: Fields): Promise<Fields> {
    const rows = await store.listSharedWith(this.db, caller.id, tool(f, false));
    return { Code: ShareCode.ok, items: rows.map((r) => ({ ...meta(r, false), sharedAt: Number(r.shared_at) })) };
  }

  /**
   * One item with its payload: `{ ref }` (an item id: owner or grantee; a link token: anyone
   * signed in) or `{ tool, name }` for name-addressed tools. `tool` given with a ref must
   * match (a link to one tool never loads into another).
   */
  async get(caller: Caller, f: Fields): Promise<Fields> {
    const t = tool(f, false);
    let found: { row: ItemRow; access: 'owner' | 'grant' | 'link' } | null = null;
    if (f.ref === undefined && f.name !== undefined) {
      if (t === null) throw bad('tool is required with name', 'tool');
      if (typeof f.name !== 'string' || f.name.trim() === '') throw bad('name is required', 'name');
      found = await store.readableByName(this.db, t, f.name.normalize('NFC').trim(), caller.id);
      if (!found) throw new ShareFailure(ShareCode.notShared, 'No item of that name was shared with you');
    } else {
      const r = ref(f, 'ref');
      found = await store.readableById(this.db, r, caller.id);
      if (!found) {
        const linked = await store.byLinkToken(this.db, r);
        if (linked) found = { row: linked, access: linked.owner_id === caller.id ? 'owner' : 'link' };
      }
      if (!found) {
        if (await store.itemExists(this.db, r)) throw new ShareFailure(ShareCode.notShared, 'This item was not shared with you');
        throw notFound();
      }
    }
    if (t !== null && found.row.tool !== t) throw notFound();
    const owner = found.access === 'owner';
    const grants = owner ? (await store.grantsOf(this.db, [found.row.id])).get(found.row.id) : undefined;
    return { Code: ShareCode.ok, item: { ...meta(found.row, owner, grants), payload: JSON.parse(found.row.payload), access: found.access } };
  }

  async rename(caller: Caller, f: Fields): Promise<Fields> {
    this.writable(caller);
    const id = ref(f, 'id');
    const existing = await store.ownedItem(this.db, id, caller.id);
    if (!existing) throw notFound();
    const { name, nameKey } = this.name(existing.tool, f.name);
    try {
      await store.renameOwned(this.db, id, caller.id, name, nameKey, this.cfg.now());
    } catch (e) {
      if (store.uniqueIndexHit(e) === 'shared_items_name') throw this.nameExists(existing.tool);
      throw e;
    }
    const row = (await store.ownedItem(this.db, id, caller.id))!;
    return { Code: ShareCode.ok, item: meta(row, true, (await store.grantsOf(this.db, [id])).get(id)) };
  }

  async delete(caller: Caller, f: Fields): Promise<Fields> {
    if (!(await store.deleteOwned(this.db, ref(f, 'id'), caller.id))) throw notFound();
    return { Code: ShareCode.ok };
  }

  /**
   * SPEC 5: the target is an existing user name or mobile number. Saying which exist lets a
   * caller probe for accounts, so unknown targets are throttled per caller.
   */
  private async target(caller: Caller, raw: unknown): Promise<{ id: number; shownAs: string }> {
    const text = typeof raw === 'string' ? raw.trim() : '';
    const missing = () => new ShareFailure(ShareCode.targetMissing, 'does not exist, please re-enter', { field: 'target' });
    if (text === '') throw missing();
    const bucket = `share:unknown-target:${caller.id}`;
    const wait = await this.limiter.retryAfterSec(bucket, [{ windowMs: 3_600_000, max: UNKNOWN_TARGETS_PER_HOUR }]);
    if (wait !== null) throw new ShareFailure(ShareCode.tooManyAttempts, 'Too many unknown share targets, try again later', { retryAfterSec: wait, field: 'target' });
    const user = MOBILE_PATTERN.test(text) ? await findUserByPhone(this.db, text) : await findUserByName(this.db, text);
    if (!user) {
      await this.limiter.hit(bucket);
      throw missing();
    }
    return { id: Number(user.id), shownAs: text };
  }

  async shareToUser(caller: Caller, f: Fields): Promise<Fields> {
    this.writable(caller);
    const id = ref(f, 'id');
    const item = await store.ownedItem(this.db, id, caller.id);
    if (!item) throw notFound();
    const target = await this.target(caller, f.target);
    if (target.id === caller.id) throw new ShareFailure(ShareCode.selfShare, 'This is your own account', { field: 'target' });
    await store.insertGrant(this.db, id, target.id, target.shownAs, this.cfg.now());
    return { Code: ShareCode.ok, sharedWith: (await store.grantsOf(this.db, [id])).get(id) ?? [] };
  }

  /** The owner withdraws a share (`target` as listed), or a grantee drops it from their list. */
  async unshare(caller: Caller, f: Fields): Promise<Fields> {
    const id = ref(f, 'id');
    const item = await store.ownedItem(this.db, id, caller.id);
    if (item) {
      const target = await this.target(caller, f.target);
      await store.deleteGrant(this.db, id, target.id);
      return { Code: ShareCode.ok, sharedWith: (await store.grantsOf(this.db, [id])).get(id) ?? [] };
    }
    if (!(await store.deleteGrant(this.db, id, caller.id))) throw notFound();
    return { Code: ShareCode.ok };
  }

  /** Turns link sharing on (or returns the current token). */
  async shareLink(caller: Caller, f: Fields): Promise<Fields> {
    this.writable(caller);
    const id = ref(f, 'id');
    const item = await store.ownedItem(this.db, id, caller.id);
    if (!item) throw notFound();
    if (item.link_token) return { Code: ShareCode.ok, token: item.link_token };
    const token = newRef();
    await store.setLinkToken(this.db, id, caller.id, token);
    return { Code: ShareCode.ok, token };
  }

  /** Turns link sharing off; an old link then finds nothing. Sharing again gives a new token. */
  async revokeLink(caller: Caller, f: Fields): Promise<Fields> {
    if (!(await store.setLinkToken(this.db, ref(f, 'id'), caller.id, null))) throw notFound();
    return { Code: ShareCode.ok };
  }
}
