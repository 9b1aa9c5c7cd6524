// SQL of the share service. Every query that touches an item names the caller: access is
// decided in the WHERE clause, never by reading a row first and checking afterwards.
import type { Database } from '../../contracts';

export type Queryable = Pick<Database, 'query'>;

export interface ItemRow {
  id: string;
  owner_id: number;
  owner_name: string;
  tool: string;
  name: string;
  payload: string;
  version: number;
  link_token: string | null;
  created_at: number;
  updated_at: number;
}

const ITEM_COLUMNS = `i.id, i.owner_id, u.user_name AS owner_name, i.tool, i.name, i.payload, i.version, i.link_token, i.created_at, i.updated_at`;
const META_COLUMNS = `i.id, i.owner_id, u.user_name AS owner_name, i.tool, i.name, '' AS payload, i.version, i.link_token, i.created_at, i.updated_at`;

/** Locks the caller's user row: creates of one user run one at a time (the free cap holds). */
export async function lockUser(q: Queryable, userId: number): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function countOwned(q: Queryable, ownerId: number, tool: string): Promise<number> {
  const { rows } = await q.query<{ n: number | string }>('SELECT count(*) AS n FROM shared_items WHERE owner_id = $1 AND tool = $2', [ownerId, tool]);
  return Number(rows[0].n);
}

export async function insertItem(
  q: Queryable,
  r: { id: string; ownerId: number; tool: string; name: string; nameKey: string | null; payload: string; version: number; now: number },
): Promise<void> {
  await q.query(
    `INSERT INTO shared_items (id, owner_id, tool, name, name_key, payload, version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [r.id, r.ownerId, r.tool, r.name, r.nameKey, r.payload, r.version, r.now],
  );
}

/** Updates an item of this owner; false when there is none. */
export async function updateOwned(
  q: Queryable,
  r: { id: string; ownerId: number; name: string; nameKey: string | null; payload: string; version: number; now: number },
): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE shared_items SET name = $3, name_key = $4, payload = $5, version = $6, updated_at = $7
     WHERE id = $1 AND owner_id = $2 RETURNING id`,
    [r.id, r.ownerId, r.name, r.nameKey, r.payload, r.version, r.now],
  );
  return rows.length > 0;
}

export async function renameOwned(q: Queryable, id: string, ownerId: number, name: string, nameKey: string | null, now: number): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    'UPDATE shared_items SET name = $3, name_key = $4, updated_at = $5 WHERE id = $1 AND owner_id = $2 RETURNING id',
    [id, ownerId, name, nameKey, now],
  );
  return rows.length > 0;
}

export async function deleteOwned(q: Queryable, id: string, ownerId: number): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>('DELETE FROM shared_items WHERE id = $1 AND owner_id = $2 RETURNING id', [id, ownerId]);
  return rows.length > 0;
}

/** The owner's item (meta and payload), or null. */
export async function ownedItem(q: Queryable, id: string, ownerId: number): Promise<ItemRow | null> {
  const { rows } = await q.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM shared_items i JOIN users u ON u.id = i.owner_id WHERE i.id = $1 AND i.owner_id = $2`,
    [id, ownerId],
  );
  return rows[0] ?? null;
}

/** The item with this id if the caller owns it or it was shared with them. */
export async function readableById(q: Queryable, id: string, callerId: number): Promise<{ row: ItemRow; access: 'owner' | 'grant' } | null> {
  const { rows } = await q.query<ItemRow & { granted: boolean }>(
    `SELECT ${ITEM_COLUMNS}, (i.owner_id <> $2) AS granted FROM shared_items i JOIN users u ON u.id = i.owner_id
     WHERE i.id = $1 AND (i.owner_id = $2 OR EXISTS (SELECT 1 FROM share_grants g WHERE g.item_id = i.id AND g.grantee_id = $2))`,
    [id, callerId],
  );
  const r = rows[0];
  return r ? { row: r, access: r.granted ? 'grant' : 'owner' } : null;
}

export async function byLinkToken(q: Queryable, token: string): Promise<ItemRow | null> {
  const { rows } = await q.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM shared_items i JOIN users u ON u.id = i.owner_id WHERE i.link_token = $1`, [token]);
  return rows[0] ?? null;
}

export async function itemExists(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM shared_items WHERE id = $1', [id]);
  return rows.length > 0;
}

/**
 * An item of `tool` named `name` (ignoring case) that the caller may read: one shared with
 * them (the most recent share first), else their own.
 */
export async function readableByName(q: Queryable, tool: string, name: string, callerId: number): Promise<{ row: ItemRow; access: 'owner' | 'grant' } | null> {
  const { rows } = await q.query<ItemRow & { rank: number }>(
    `SELECT ${ITEM_COLUMNS}, g.created_at AS rank FROM shared_items i JOIN users u ON u.id = i.owner_id
       JOIN share_grants g ON g.item_id = i.id AND g.grantee_id = $3
     WHERE i.tool = $1 AND lower(i.name) = lower($2)
     ORDER BY g.created_at DESC LIMIT 1`,
    [tool, name, callerId],
  );
  if (rows[0]) return { row: rows[0], access: 'grant' };
  const own = await q.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM shared_items i JOIN users u ON u.id = i.owner_id
     WHERE i.tool = $1 AND lower(i.name) = lower($2) AND i.owner_id = $3 ORDER BY i.updated_at DESC LIMIT 1`,
    [tool, name, callerId],
  );
  return own.rows[0] ? { row: own.rows[0], access: 'owner' } : null;
}

export async function listOwned(q: Queryable, ownerId: number, tool: string | null): Promise<ItemRow[]> {
  const { rows } = await q.query<ItemRow>(
    `SELECT ${META_COLUMNS} FROM shared_items i JOIN users u ON u.id = i.owner_id
     WHERE i.owner_id = $1 AND ($2::text IS NULL OR i.tool = $2) ORDER BY i.updated_at DESC, i.id`,
    [ownerId, tool],
  );
  return rows;
}

export async function listSharedWith(q: Queryable, granteeId: number, tool: string | null): Promise<(ItemRow & { shared_at: number })[]> {
  const { rows } = await q.query<ItemRow & { shared_at: number }>(
    `SELECT ${META_COLUMNS}, g.created_at AS shared_at FROM share_grants g
       JOIN shared_items i ON i.id = g.item_id JOIN users u ON u.id = i.owner_id
     WHERE g.grantee_id = $1 AND ($2::text IS NULL OR i.tool = $2) ORDER BY g.created_at DESC, i.id`,
    [granteeId, tool],
  );
  return rows;
}

/** Who an owner's items are shared with (as the owner typed them), by item id. */
export async function grantsOf(q: Queryable, itemIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (itemIds.length === 0) return out;
  const { rows } = await q.query<{ item_id: string; shown_as: string }>(
    'SELECT item_id, shown_as FROM share_grants WHERE item_id = ANY($1::text[]) ORDER BY created_at, shown_as',
    [itemIds],
  );
  for (const r of rows) {
    const list = out.get(r.item_id) ?? [];
    list.push(r.shown_as);
    out.set(r.item_id, list);
  }
  return out;
}

export async function insertGrant(q: Queryable, itemId: string, granteeId: number, shownAs: string, now: number): Promise<void> {
  await q.query(
    `INSERT INTO share_grants (item_id, grantee_id, shown_as, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (item_id, grantee_id) DO UPDATE SET shown_as = EXCLUDED.shown_as, created_at = EXCLUDED.created_at`,
    [itemId, granteeId, shownAs, now],
  );
}

export async function deleteGrant(q: Queryable, itemId: string, granteeId: number): Promise<boolean> {
  const { rows } = await q.query<{ item_id: string }>('DELETE FROM share_grants WHERE item_id = $1 AND grantee_id = $2 RETURNING item_id', [itemId, granteeId]);
  return rows.length > 0;
}

export async function setLinkToken(q: Queryable, id: string, ownerId: number, token: string | null): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>('UPDATE shared_items SET link_token = $3 WHERE id = $1 AND owner_id = $2 RETURNING id', [id, ownerId, token]);
  return rows.length > 0;
}

/** Same on PGlite and PostgreSQL: which unique index a failed write hit. */
export function uniqueIndexHit(e: unknown): string | null {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err?.code !== '23505') return null;
  const where = `${err.constraint ?? ''} ${err.message ?? ''}`;
  for (const idx of ['shared_items_name', 'shared_items_link', 'shared_items_pkey']) if (where.includes(idx)) return idx;
  return 'other';
}
