// SQL of the bond reference service. Every read names the caller: a row is visible when it is
// shared (owner_id IS NULL) or the caller's own; writes touch only the caller's rows (or, for
// the operator importer and the shipped sample, the shared set).
import type { Database } from '../../contracts';
import type { BondRecord, BondView, IssuerType } from '../../../src/kit/bonds/contract';

export type Queryable = Pick<Database, 'query'>;

interface BondRow {
  owner_id: number | null;
  code: string; name: string; name_en: string | null; issuer: string | null; issuer_type: string; kind: string;
  coupon: number; frequency: number; day_count: string; issue_date: string; first_coupon: string | null; maturity_date: string;
  issue_price: number | null; face: number; options: string; rating: string | null; sector: string | null;
  sse_code: string | null; szse_code: string | null; sample: boolean; source: string; source_url: string | null; notes: string | null;
}

const COLUMNS = 'owner_id, code, name, name_en, issuer, issuer_type, kind, coupon, frequency, day_count, issue_date, first_coupon, maturity_date, issue_price, face, options, rating, sector, sse_code, szse_code, sample, source, source_url, notes';

function opt<T>(v: T | null): T | undefined {
  return v === null ? undefined : v;
}

export function toView(r: BondRow, callerId: number | null): BondView {
  const view = {
    code: r.code, name: r.name, nameEn: opt(r.name_en), issuer: opt(r.issuer), issuerType: r.issuer_type as IssuerType,
    kind: r.kind as BondRecord['kind'], coupon: Number(r.coupon), frequency: Number(r.frequency) as BondRecord['frequency'],
    dayCount: r.day_count as BondRecord['dayCount'], issueDate: r.issue_date, firstCouponDate: opt(r.first_coupon), maturityDate: r.maturity_date,
    issuePrice: r.issue_price === null ? undefined : Number(r.issue_price), face: Number(r.face), options: JSON.parse(r.options) as BondRecord['options'],
    rating: opt(r.rating), sector: opt(r.sector), sseCode: opt(r.sse_code), szseCode: opt(r.szse_code), sample: r.sample,
    source: r.source, sourceUrl: opt(r.source_url), notes: opt(r.notes), owned: r.owner_id !== null && r.owner_id === callerId,
  };
  // Drop undefined keys so replies are compact and equal on both backends.
  return Object.fromEntries(Object.entries(view).filter(([, v]) => v !== undefined)) as BondView;
}

function params(ownerId: number | null, b: BondRecord, now: number): unknown[] {
  return [ownerId, b.code, b.name, b.nameEn ?? null, b.issuer ?? null, b.issuerType, b.kind, b.coupon, b.frequency, b.dayCount, b.issueDate, b.firstCouponDate ?? null,
    b.maturityDate, b.issuePrice ?? null, b.face, JSON.stringify(b.options), b.rating ?? null, b.sector ?? null, b.sseCode ?? null, b.szseCode ?? null, b.sample,
    b.source, b.sourceUrl ?? null, b.notes ?? null, now];
}

/** Insert or replace by (owner, code). Returns true when a row was created. */
export async function upsertBond(q: Queryable, ownerId: number | null, b: BondRecord, now: number): Promise<boolean> {
  const p = params(ownerId, b, now);
  const set = COLUMNS.split(', ').slice(2).map((c, i) => `${c} = $${i + 3}`).join(', ');
  const upd = await q.query(
    `UPDATE bonds SET ${set}, updated_at = $25 WHERE COALESCE(owner_id, 0) = COALESCE($1::BIGINT, 0) AND code = $2 RETURNING id`, p);
  if (upd.rows.length) return false;
  const ph = p.map((_, i) => `$${i + 1}`).join(', ');
  await q.query(`INSERT INTO bonds (${COLUMNS}, updated_at) VALUES (${ph})`, p);
  return true;
}

export interface SearchFilter {
  query?: string;
  issuerTypes?: string[];
  maturityFrom?: string;
  maturityTo?: string;
  kind?: string;
  includeSamples: boolean;
  limit: number;
  offset: number;
}

/** LIKE pattern with % and _ taken literally. */
function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchBonds(q: Queryable, callerId: number, f: SearchFilter): Promise<{ rows: BondView[]; total: number }> {
  const where = ['(owner_id IS NULL OR owner_id = $1)'];
  const p: unknown[] = [callerId];
  if (f.query) {
    p.push(`${likeEscape(f.query.toLowerCase())}%`, `%${likeEscape(f.query.toLowerCase())}%`);
    where.push(`(lower(code) LIKE $${p.length - 1} OR lower(name) LIKE $${p.length} OR lower(COALESCE(name_en, '')) LIKE $${p.length} OR lower(COALESCE(issuer, '')) LIKE $${p.length})`);
  }
  if (f.issuerTypes?.length) { p.push(f.issuerTypes); where.push(`issuer_type = ANY($${p.length}::TEXT[])`); }
  if (f.maturityFrom) { p.push(f.maturityFrom); where.push(`maturity_date >= $${p.length}`); }
  if (f.maturityTo) { p.push(f.maturityTo); where.push(`maturity_date <= $${p.length}`); }
  if (f.kind) { p.push(f.kind); where.push(`kind = $${p.length}`); }
  if (!f.includeSamples) where.push('sample = FALSE');
  const w = where.join(' AND ');
  const total = await q.query<{ n: number | string }>(`SELECT count(*) AS n FROM bonds WHERE ${w}`, p);
  p.push(f.limit, f.offset);
  const { rows } = await q.query<BondRow>(`SELECT ${COLUMNS} FROM bonds WHERE ${w} ORDER BY maturity_date, code, owner_id NULLS FIRST LIMIT $${p.length - 1} OFFSET $${p.length}`, p);
  return { rows: rows.map((r) => toView(r, callerId)), total: Number(total.rows[0].n) };
}

/** The caller's own bond of that code, else the shared one. */
export async function getBond(q: Queryable, callerId: number | null, code: string): Promise<BondView | null> {
  const { rows } = await q.query<BondRow>(
    `SELECT ${COLUMNS} FROM bonds WHERE code = $2 AND (owner_id IS NULL OR owner_id = $1) ORDER BY owner_id NULLS LAST LIMIT 1`, [callerId ?? -1, code]);
  return rows[0] ? toView(rows[0], callerId) : null;
}

/** Fixed-coupon CGBs visible to the caller (candidates for a futures basket). */
export async function governmentCouponBonds(q: Queryable, callerId: number, maturityFrom: string): Promise<BondView[]> {
  const { rows } = await q.query<BondRow>(
    `SELECT ${COLUMNS} FROM bonds WHERE issuer_type = 'CGB' AND kind = 'fixed' AND maturity_date >= $2 AND (owner_id IS NULL OR owner_id = $1) ORDER BY maturity_date, code`, [callerId, maturityFrom]);
  return rows.map((r) => toView(r, callerId));
}

export async function deleteOwnBond(q: Queryable, callerId: number, code: string): Promise<boolean> {
  const { rows } = await q.query('DELETE FROM bonds WHERE owner_id = $1 AND code = $2 RETURNING id', [callerId, code]);
  return rows.length > 0;
}
