// What every LoginSvr operation works with, built once by index.ts.
import type { Database, NotificationBus } from '../../contracts';
import { LoginCode, LoginFailure } from './codes';
import { dayOf } from './dates';
import type { PasswordHasher } from './passwords';
import type { RateLimiter } from './rate-limiter';
import { recordUsageDay } from './referral';
import type { Sessions } from './sessions';
import type { SmsCodes } from './sms';
import { findUserById, type UserRow } from './users';

export interface LoginContext {
  db: Database;
  bus: NotificationBus;
  log: (msg: string) => void;
  now: () => number;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  smsCodes: SmsCodes;
  sessions: Sessions;
  /** Records that the user was active today (usage-day gift tiers); cheap when repeated. */
  markUsage(userId: number): Promise<void>;
}

/** The authenticated caller: a live session and the user it belongs to. */
export interface Caller {
  sid: string;
  user: UserRow;
}

export function usageMarker(db: Database, now: () => number): (userId: number) => Promise<void> {
  const lastDay = new Map<number, string>();
  return async (userId) => {
    const day = dayOf(now());
    if (lastDay.get(userId) === day) return;
    await recordUsageDay(db, userId, day);
    lastDay.set(userId, day);
  };
}

export const sessionInvalid = () => new LoginFailure(LoginCode.sessionInvalid, 'Invalid or expired session');

/** Every per-user method goes through here: the sid alone decides whose data is touched. */
export async function requireSession(c: LoginContext, sid: unknown): Promise<Caller> {
  const session = await c.sessions.resolve(sid);
  if (!session) throw sessionInvalid();
  const user = await findUserById(c.db, session.userId);
  if (!user) throw sessionInvalid();
  await c.markUsage(user.id);
  return { sid: session.sid, user };
}

export function loginChannel(sid: string): string {
  return `SYS.ATS.LOGIN.${sid}`;
}

export function publishLogout(c: LoginContext, sid: string): void {
  const topic = loginChannel(sid);
  c.bus.publish(topic, { topic, method: 'logout', sid });
}
