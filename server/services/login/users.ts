// The users table and the business card files that belong to users.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../contracts';
import type { CardImage } from './card-image';
import type { Role } from './validation';

export type Queryable = Pick<Database, 'query'>;

export interface UserRow {
  id: number;
  user_name: string;
  password_hash: string;
  phone: string | null;
  role: Role;
  unit_name: string;
  institution: string;
  department: string;
  email: string;
  card_file_id: number | null;
  review_status: 'none' | 'pending' | 'approved' | 'rejected';
  remark: string;
  forbidden: boolean;
  edition: 'free' | 'trial' | 'licensed';
  license_end: string | null;
  trial_used_at: number | null;
  invite_code: string;
  invited_by: number | null;
  last_gift_at: number | null;
  created_at: number;
}

export async function findUserByName(q: Queryable, name: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE lower(user_name) = lower($1)', [name]);
  return rows[0] ?? null;
}

export async function findUserById(q: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function findUserByPhone(q: Queryable, phone: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE phone = $1', [phone]);
  return rows[0] ?? null;
}

export async function findUserByInviteCode(q: Queryable, code: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE invite_code = $1', [code.toUpperCase()]);
  return rows[0] ?? null;
}

export interface NewUser {
  userName: string;
  passwordHash: string;
  phone: string | null;
  role: Role;
  unitName?: string;
  institution?: string;
  department?: string;
  email?: string;
  reviewStatus?: UserRow['review_status'];
  invitedBy?: number | null;
}

/** Invite codes: 8 characters of an alphabet without look-alikes (0/O, 1/I). */
function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

export async function insertUser(q: Queryable, u: NewUser, now: number): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (user_name, password_hash, phone, role, unit_name, institution, department, email,
       review_status, invite_code, invited_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [
      u.userName,
      u.passwordHash,
      u.phone,
      u.role,
      u.unitName ?? '',
      u.institution ?? '',
      u.department ?? '',
      u.email ?? '',
      u.reviewStatus ?? 'none',
      newInviteCode(),
      u.invitedBy ?? null,
      now,
    ],
  );
  return rows[0];
}

/** Stores an uploaded file of the user; `kind` is 'card' or 'trial-card'. */
export async function storeFile(q: Queryable, userId: number, kind: string, card: CardImage, now: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO user_files (user_id, kind, file_name, mime, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, kind, card.fileName, card.mime, card.bytes, now],
  );
  return rows[0].id;
}

/** Stores the card and makes it the user's current one; older cards stay as history. */
export async function storeCard(q: Queryable, userId: number, card: CardImage, now: number): Promise<number> {
  const id = await storeFile(q, userId, 'card', card, now);
  await q.query('UPDATE users SET card_file_id = $1 WHERE id = $2', [id, userId]);
  return id;
}

/** The user's current card; the owner check is part of the query. */
export async function readCard(q: Queryable, userId: number): Promise<{ fileName: string; mime: string; bytes: Uint8Array } | null> {
  const { rows } = await q.query<{ file_name: string; mime: string; bytes: Uint8Array }>(
    `SELECT f.file_name, f.mime, f.bytes FROM users u JOIN user_files f ON f.id = u.card_file_id AND f.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ? { fileName: rows[0].file_name, mime: rows[0].mime, bytes: rows[0].bytes } : null;
}

export function cardPathOf(u: UserRow): string {
  return u.card_file_id ? `card/${u.card_file_id}` : '';
}

/** SPEC section 6: unit, institution, company email and business card (department optional). */
export function isProfileComplete(u: UserRow): boolean {
  return Boolean(u.unit_name && u.institution && u.email && u.card_file_id);
}

/** Which unique constraint a failed insert hit, if any (same on PGlite and PostgreSQL). */
export function uniqueViolation(e: unknown): 'userName' | 'phone' | 'other' | null {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err?.code !== '23505') return null;
  const where = `${err.constraint ?? ''} ${err.message ?? ''}`;
  if (where.includes('users_name_ci')) return 'userName';
  if (where.includes('users_phone')) return 'phone';
  return 'other';
}
