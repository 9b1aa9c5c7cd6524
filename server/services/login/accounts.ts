// Account flows: password and SMS login, registration, password change, logout, demo user.
import { randomInt } from 'node:crypto';
import { readCardImage, type CardImage } from './card-image';
import { LoginCode, LoginFailure, tooManyAttempts } from './codes';
import { publishLogout, type Caller, type LoginContext } from './context';
import { licenseOf } from './license';
import { NO_PASSWORD } from './passwords';
import { LIMITS, type LimitRule } from './rate-limiter';
import {
  findUserByInviteCode,
  findUserByName,
  findUserByPhone,
  insertUser,
  storeCard,
  uniqueViolation,
  type UserRow,
} from './users';
import { checkConfirmation, checkPasswordFormat, type Role } from './validation';

export interface LoggedIn {
  sid: string;
  user: UserRow;
}

export function loginReply({ sid, user }: LoggedIn): Record<string, unknown> {
  return { Code: LoginCode.ok, sid, username: user.user_name, institution_shortname: user.institution };
}

const userBucket = (name: string) => `login:user:${name.toLowerCase()}`;
const addressBucket = (address: string) => `login:addr:${address}`;

async function refuseWhileLocked(c: LoginContext, buckets: [string, readonly LimitRule[]][]): Promise<void> {
  let wait = 0;
  for (const [bucket, rules] of buckets) wait = Math.max(wait, (await c.limiter.retryAfterSec(bucket, rules)) ?? 0);
  if (wait > 0) throw tooManyAttempts(wait);
}

async function startSession(c: LoginContext, user: UserRow, address: string): Promise<LoggedIn> {
  const sid = await c.sessions.create(c.db, user.id, address);
  await c.markUsage(user.id);
  return { sid, user };
}

/** 1001 for a wrong name or password; 1012 once the name or the address failed too often. */
export async function passwordLogin(c: LoginContext, userName: string, password: string, address: string): Promise<LoggedIn> {
  await refuseWhileLocked(c, [
    [userBucket(userName), LIMITS.failuresPerUser],
    [addressBucket(address), LIMITS.failuresPerAddress],
  ]);
  const user = await findUserByName(c.db, userName);
  const ok = user ? await c.hasher.verify(password, user.password_hash) : (await c.hasher.verifyAgainstDummy(password), false);
  if (!user || !ok) {
    await c.limiter.hit(userBucket(userName));
    await c.limiter.hit(addressBucket(address));
    throw new LoginFailure(LoginCode.loginFailed, 'Wrong user name or password');
  }
  await c.limiter.clear(userBucket(userName));
  return startSession(c, user, address);
}

/** Logs in by a code sent to the phone; an unknown number gets an account named u<phone>. */
export async function smsLogin(c: LoginContext, phone: string, code: string, address: string): Promise<LoggedIn> {
  await refuseWhileLocked(c, [[addressBucket(address), LIMITS.failuresPerAddress]]);
  try {
    await c.smsCodes.consume(phone, 'login', code);
  } catch (e) {
    await c.limiter.hit(addressBucket(address));
    throw e;
  }
  let user = await findUserByPhone(c.db, phone);
  if (!user) user = await autoRegister(c, phone);
  return startSession(c, user, address);
}

async function autoRegister(c: LoginContext, phone: string): Promise<UserRow> {
  // Someone may have chosen the name u<phone> by hand; then a random suffix is added.
  for (const name of [`u${phone}`, `u${phone}${String(randomInt(0, 10000)).padStart(4, '0')}`]) {
    try {
      return await insertUser(c.db, { userName: name, passwordHash: NO_PASSWORD, phone, role: 'client' }, c.now());
    } catch (e) {
      const clash = uniqueViolation(e);
      if (clash === 'phone') return (await findUserByPhone(c.db, phone))!; // registered meanwhile
      if (clash !== 'userName') throw e;
    }
  }
  throw new Error(`no free user name for ${phone}`);
}

export interface Registration {
  username: string;
  phone: string;
  code: string;
  password: string;
  role: Role;
  unitName: string;
  institution: string;
  department: string;
  email: string;
  card: CardImage;
  inviteCode: string;
}

const nameTaken = () => new LoginFailure(LoginCode.userNameRepeated, 'The user name is repeated. Please reset it');
const phoneTaken = () => new LoginFailure(LoginCode.phoneRegistered, 'This phone number is already registered');

/** Field formats are checked by the caller; this checks uniqueness, the code, and stores. */
export async function registerAccount(c: LoginContext, r: Registration, address: string): Promise<LoggedIn> {
  if (await findUserByName(c.db, r.username)) throw nameTaken();
  if (await findUserByPhone(c.db, r.phone)) throw phoneTaken();
  const passwordHash = await c.hasher.hash(r.password);
  const inviter = r.inviteCode ? await findUserByInviteCode(c.db, r.inviteCode) : null;
  // The code is spent first: a wrong code must not reveal anything more.
  await c.smsCodes.consume(r.phone, 'register', r.code);
  const now = c.now();
  let user: UserRow;
  try {
    user = await c.db.transaction(async (tx) => {
      const u = await insertUser(
        tx,
        {
          userName: r.username,
          passwordHash,
          phone: r.phone,
          role: r.role,
          unitName: r.unitName,
          institution: r.institution,
          department: r.department,
          email: r.email,
          reviewStatus: 'pending',
          invitedBy: inviter?.id ?? null,
        },
        now,
      );
      const cardId = await storeCard(tx, u.id, r.card, now);
      return { ...u, card_file_id: cardId };
    });
  } catch (e) {
    const clash = uniqueViolation(e);
    if (clash === 'userName') throw nameTaken();
    if (clash === 'phone') throw phoneTaken();
    throw e;
  }
  return startSession(c, user, address);
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** On success every session of the user ends, each with a logout push. */
export async function changePassword(c: LoginContext, caller: Caller, p: PasswordChange): Promise<void> {
  checkPasswordFormat(p.newPassword);
  checkConfirmation(p.newPassword, p.confirmPassword);
  if (p.newPassword === p.oldPassword) throw new LoginFailure(LoginCode.passwordSameAsOld, 'The new password must differ from the old one');
  const bucket = userBucket(caller.user.user_name);
  await refuseWhileLocked(c, [[bucket, LIMITS.failuresPerUser]]);
  if (!(await c.hasher.verify(p.oldPassword, caller.user.password_hash))) {
    await c.limiter.hit(bucket);
    throw new LoginFailure(LoginCode.oldPasswordIncorrect, 'Old password incorrect');
  }
  const hash = await c.hasher.hash(p.newPassword);
  const revoked = await c.db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, caller.user.id]);
    return c.sessions.revokeAllOf(tx, caller.user.id);
  });
  for (const sid of revoked) publishLogout(c, sid);
}

/** Idempotent: ending an unknown or already ended session is not an error. */
export async function logout(c: LoginContext, sid: string): Promise<void> {
  if (await c.sessions.revoke(sid)) publishLogout(c, sid);
}

/** A 1x1 PNG used as the demo account's business card. */
const DEMO_CARD_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Creates or resets `name`: this password, licensed (inf5 "2", open-ended), profile complete. */
export async function ensureDemoUser(c: LoginContext, name: string, password: string): Promise<void> {
  const hash = await c.hasher.hash(password);
  const now = c.now();
  const card = readCardImage({ fileName: 'demo.png', base64: DEMO_CARD_PNG });
  await c.db.transaction(async (tx) => {
    const existing = (await tx.query<UserRow>('SELECT * FROM users WHERE lower(user_name) = lower($1) FOR UPDATE', [name])).rows[0];
    const user = existing ?? (await insertUser(tx, { userName: name, passwordHash: hash, phone: null, role: 'bank' }, now));
    await tx.query(
      `UPDATE users SET password_hash = $1, edition = 'licensed', license_end = NULL, forbidden = FALSE,
         review_status = 'approved',
         unit_name = CASE WHEN unit_name = '' THEN 'Demo Bank' ELSE unit_name END,
         institution = CASE WHEN institution = '' THEN 'DEMO' ELSE institution END,
         department = CASE WHEN department = '' THEN 'Trading' ELSE department END,
         email = CASE WHEN email = '' THEN $2 ELSE email END
       WHERE id = $3`,
      [hash, `${name.toLowerCase()}@demo.example.com`, user.id],
    );
    if (!user.card_file_id) await storeCard(tx, user.id, card, now);
  });
  await c.limiter.clear(userBucket(name));
}

export function sessionUserOf(li: LoggedIn, now: number) {
  return { userName: li.user.user_name, sid: li.sid, inf5: licenseOf(li.user, now).inf5 };
}
