// The referral-gift campaign of SPEC section 9 as the page shows it: three levels, each
// reached by days of use OR invited users (5/10/15), each with a monthly phone credit
// (29/59/159 yuan); a gift is redeemed within 30 days of earning, one gift per 30 days.
// The server (server/services/login/referral.ts) decides each tier's status; a gift adds
// 30 days of use.
import type { GiftTier, GiftTierStatus, ReferralReply } from '../shared/login-api-core';

export interface GiftLevel {
  level: 1 | 2 | 3;
  usageDays: number;
  invitedUsers: number;
  phoneCreditYuan: number;
}

export const GIFT_LEVELS: readonly GiftLevel[] = [
  { level: 1, usageDays: 5, invitedUsers: 5, phoneCreditYuan: 29 },
  { level: 2, usageDays: 10, invitedUsers: 10, phoneCreditYuan: 59 },
  { level: 3, usageDays: 15, invitedUsers: 15, phoneCreditYuan: 159 },
];

export const REDEEM_WINDOW_DAYS = 30;
export const GIFT_INTERVAL_DAYS = 30;
export const GIFT_DAYS_OF_USE = 30;

export interface TierView {
  /** Id sent back in redeemGift. */
  tier: string;
  kind: 'usageDays' | 'invitedUsers';
  threshold: number;
  /** Progress capped at the threshold, for the bar. */
  progress: number;
  status: GiftTierStatus;
  redeemBy: string | null;
  phoneCreditYuan?: number;
}

function kindOf(t: GiftTier): 'usageDays' | 'invitedUsers' {
  return String(t.kind).toLowerCase().includes('invite') ? 'invitedUsers' : 'usageDays';
}

const STATUSES: readonly GiftTierStatus[] = ['locked', 'redeemable', 'waiting', 'redeemed', 'expired'];

/** Server tiers with this user's progress; the SPEC tiers when the server lists none. */
export function tierViews(reply: ReferralReply): TierView[] {
  const redeemable = new Set(reply.redeemable ?? []);
  const source: GiftTier[] =
    reply.tiers && reply.tiers.length > 0
      ? reply.tiers
      : GIFT_LEVELS.flatMap((l) => [
          { tier: `usage${l.usageDays}`, kind: 'usageDays', threshold: l.usageDays },
          { tier: `invite${l.invitedUsers}`, kind: 'invitedUsers', threshold: l.invitedUsers },
        ]);
  return source.map((t) => {
    const kind = kindOf(t);
    const threshold = Number(t.threshold);
    const raw = t.progress ?? (kind === 'usageDays' ? reply.usageDays : reply.invitedCount);
    const reached = raw >= threshold;
    const status: GiftTierStatus =
      t.status && STATUSES.includes(t.status) ? t.status : redeemable.has(t.tier) ? 'redeemable' : reached ? 'waiting' : 'locked';
    const level = GIFT_LEVELS.find((l) => (kind === 'usageDays' ? l.usageDays : l.invitedUsers) === threshold);
    return {
      tier: t.tier,
      kind,
      threshold,
      progress: Math.min(raw, threshold),
      status: redeemable.has(t.tier) ? 'redeemable' : status,
      redeemBy: t.redeemBy ?? null,
      phoneCreditYuan: level?.phoneCreditYuan,
    };
  });
}

/** The invite link a user shares: registration with the invite code. */
export function inviteLink(origin: string, inviteCode: string): string {
  return `${origin}/registe?invite=${encodeURIComponent(inviteCode)}`;
}
