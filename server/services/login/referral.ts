// Referral gifts (SPEC section 9): tiers at 5/10/15 days of use and 5/10/15 invited users.
// A reached tier can be redeemed within 30 days of reaching it, at most one gift every
// 30 days; a gift adds 30 days of use (the add-on trial), extending any current edition.
import type { Database } from '../../contracts';
import { LoginCode, LoginFailure, missingField, tooManyAttempts } from './codes';
import { DAY_MS, addDays, dayOf, startOfDay } from './dates';
import { licenseOf } from './license';
import type { Queryable, UserRow } from './users';

export const GIFT_DAYS = 30;
export const REDEEM_WINDOW_MS = 30 * DAY_MS;
export const GIFT_INTERVAL_MS = 30 * DAY_MS;

export const GIFT_TIERS = [
  { tier: 'usage5', kind: 'usageDays', threshold: 5 },
  { tier: 'usage10', kind: 'usageDays', threshold: 10 },
  { tier: 'usage15', kind: 'usageDays', threshold: 15 },
  { tier: 'invite5', kind: 'invitedUsers', threshold: 5 },
  { tier: 'invite10', kind: 'invitedUsers', threshold: 10 },
  { tier: 'invite15', kind: 'invitedUsers', threshold: 15 },
] as const;

export type TierStatus = 'locked' | 'redeemable' | 'waiting' | 'redeemed' | 'expired';

export interface TierView {
  tier: string;
  kind: 'usageDays' | 'invitedUsers';
  threshold: number;
  progress: number;
  status: TierStatus;
  /** Day the tier was reached and the last day it can be redeemed (YYYY-MM-DD, UTC+8). */
  earnedOn: string | null;
  redeemBy: string | null;
}

export interface ReferralView {
  inviteCode: string;
  invitedCount: number;
  usageDays: number;
  tiers: TierView[];
  redeemable: string[];
  lastRedeemedAt: string | null;
  /** While a recent gift blocks the next one: the first day another can be redeemed. */
  nextRedeemableOn: string | null;
}

/** One row per user and calendar day with any authenticated activity. */
export async function recordUsageDay(q: Queryable, userId: number, day: string): Promise<void> {
  await q.query('INSERT INTO usage_days (user_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, day]);
}

export async function referralStatus(q: Queryable, user: UserRow, now: number): Promise<ReferralView> {
  const days = (await q.query<{ day: string }>('SELECT day FROM usage_days WHERE user_id = $1 ORDER BY day', [user.id])).rows;
  const invites = (await q.query<{ created_at: number }>('SELECT created_at FROM users WHERE invited_by = $1 ORDER BY created_at, id', [user.id]))
    .rows;
  const redeemed = new Set(
    (await q.query<{ tier: string }>('SELECT tier FROM gift_redemptions WHERE user_id = $1', [user.id])).rows.map((r) => r.tier),
  );
  const nextGiftAt = user.last_gift_at === null ? null : user.last_gift_at + GIFT_INTERVAL_MS;
  const tiers = GIFT_TIERS.map((t): TierView => {
    const usage = t.kind === 'usageDays';
    const progress = usage ? days.length : invites.length;
    const reachedAt =
      progress < t.threshold ? null : usage ? startOfDay(days[t.threshold - 1].day) : invites[t.threshold - 1].created_at;
    let status: TierStatus;
    if (reachedAt === null) status = 'locked';
    else if (redeemed.has(t.tier)) status = 'redeemed';
    else if (now > reachedAt + REDEEM_WINDOW_MS) status = 'expired';
    else if (nextGiftAt !== null && now < nextGiftAt) status = 'waiting';
    else status = 'redeemable';
    return {
      tier: t.tier,
      kind: t.kind,
      threshold: t.threshold,
      progress,
      status,
      earnedOn: reachedAt === null ? null : dayOf(reachedAt),
      redeemBy: reachedAt === null ? null : dayOf(reachedAt + REDEEM_WINDOW_MS),
    };
  });
  return {
    inviteCode: user.invite_code,
    invitedCount: invites.length,
    usageDays: days.length,
    tiers,
    redeemable: tiers.filter((t) => t.status === 'redeemable').map((t) => t.tier),
    lastRedeemedAt: user.last_gift_at === null ? null : dayOf(user.last_gift_at),
    nextRedeemableOn: nextGiftAt !== null && now < nextGiftAt ? dayOf(nextGiftAt) : null,
  };
}

/** Redeems `tier` for the user and returns the new end date (null: open-ended licence). */
export async function redeemGift(db: Database, userId: number, tier: string, now: number): Promise<string | null> {
  if (!GIFT_TIERS.some((t) => t.tier === tier)) throw missingField('tier', `unknown tier ${tier}`);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const user = rows[0];
    const view = (await referralStatus(tx, user, now)).tiers.find((t) => t.tier === tier)!;
    if (view.status === 'waiting') throw tooManyAttempts(Math.ceil((user.last_gift_at! + GIFT_INTERVAL_MS - now) / 1000));
    if (view.status !== 'redeemable') throw new LoginFailure(LoginCode.giftUnavailable, `Gift ${tier} is ${view.status}`);

    const current = licenseOf(user, now);
    const openEnded = current.edition === 'licensed' && current.endDate === null;
    const today = dayOf(now);
    const base = current.endDate !== null && current.endDate > today ? current.endDate : today;
    const endDate = openEnded ? null : addDays(base, GIFT_DAYS);
    const edition = current.edition === 'free' ? 'trial' : current.edition;
    await tx.query('UPDATE users SET edition = $1, license_end = $2, last_gift_at = $3 WHERE id = $4', [edition, endDate, now, userId]);
    await tx.query('INSERT INTO gift_redemptions (user_id, tier, redeemed_at) VALUES ($1, $2, $3)', [userId, tier, now]);
    return endDate;
  });
}
