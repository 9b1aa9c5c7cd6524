// The caller's own record: real-time user info, profile updates (enter review), the stored
// business card, and the trial application. Every function takes the Caller resolved from
// the sid, never a user name from the request, so no one reaches another user's data.
import type { CardImage } from './card-image';
import { LoginCode, LoginFailure } from './codes';
import type { Caller, LoginContext } from './context';
import { licenseOf, trialEndDate } from './license';
import { cardPathOf, findUserById, isProfileComplete, readCard, storeCard, storeFile, type UserRow } from './users';

export function userInfoReply(c: LoginContext, sid: string, u: UserRow): Record<string, unknown> {
  return {
    Code: LoginCode.ok,
    username: u.user_name,
    sid,
    phone: u.phone ?? '',
    inf1: u.institution,
    inf2: u.unit_name,
    department: u.department,
    email: u.email,
    mac2: '',
    remark: u.remark,
    inf5: licenseOf(u, c.now()).inf5,
    institution_shortname: u.institution,
    role: u.role,
    cardPath: cardPathOf(u),
    profileComplete: isProfileComplete(u),
    reviewStatus: u.review_status,
  };
}

export interface ProfileUpdate {
  unitName: string;
  institution: string;
  department: string;
  email: string;
  card: CardImage | null;
}

/** Applies at once and puts the profile into review; use continues meanwhile. */
export async function updateProfile(c: LoginContext, caller: Caller, p: ProfileUpdate): Promise<UserRow> {
  const now = c.now();
  await c.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET unit_name = $1, institution = $2, department = $3, email = $4, review_status = 'pending' WHERE id = $5`,
      [p.unitName, p.institution, p.department, p.email, caller.user.id],
    );
    if (p.card) await storeCard(tx, caller.user.id, p.card, now);
  });
  return (await findUserById(c.db, caller.user.id))!;
}

export async function cardImageReply(c: LoginContext, caller: Caller): Promise<Record<string, unknown>> {
  const card = await readCard(c.db, caller.user.id);
  if (!card) throw new LoginFailure(LoginCode.fieldRequired, 'No business card stored', { field: 'cardImage' });
  return { Code: LoginCode.ok, fileName: card.fileName, mime: card.mime, base64: Buffer.from(card.bytes).toString('base64') };
}

export interface TrialApplication {
  institution: string;
  email: string;
  phone: string;
  card: CardImage;
}

/** 15 days from today; one per user; not for a running licence. Returns the end date. */
export async function applyTrial(c: LoginContext, caller: Caller, a: TrialApplication): Promise<string> {
  const now = c.now();
  return c.db.transaction(async (tx) => {
    const user = (await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [caller.user.id])).rows[0];
    if (user.trial_used_at !== null) throw new LoginFailure(LoginCode.trialUsed, 'Trial already used');
    if (licenseOf(user, now).edition === 'licensed') throw new LoginFailure(LoginCode.trialUsed, 'Already licensed');
    const endDate = trialEndDate(now);
    const fileId = await storeFile(tx, user.id, 'trial-card', a.card, now);
    await tx.query(
      'INSERT INTO trial_applications (user_id, institution, email, phone, card_file_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [user.id, a.institution, a.email, a.phone, fileId, now],
    );
    // The application also fills what the profile still lacks.
    await tx.query(
      `UPDATE users SET edition = 'trial', license_end = $1, trial_used_at = $2,
         institution = CASE WHEN institution = '' THEN $3 ELSE institution END,
         email = CASE WHEN email = '' THEN $4 ELSE email END,
         card_file_id = COALESCE(card_file_id, $5)
       WHERE id = $6`,
      [endDate, now, a.institution, a.email, fileId, user.id],
    );
    return endDate;
  });
}
