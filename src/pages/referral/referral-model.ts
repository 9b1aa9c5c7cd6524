// The referral-gift campaign of SPEC section 9 as the page shows it: three levels, each
// reached by days of use OR invited users (5/10/15), each worth a monthly phone credit
// (29/59/159 yuan); a gift is redeemed within 30 days of earning, one gift per 30 days.
import type { GiftTier, ReferralReply } from '../shared/login-api-core';

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

export interface TierView {
  /** Id sent back in redeemGift. */
  tier: string;
  kind: 'usageDays' | 'invitedUsers';
  threshold: number;
  progress: number;
  reached: boolean;
  redeemable: boolean;
  phoneCreditYuan?: number;
}

function tierIdOf(x: unknown): string | undefined {
  if (typeof x === 'string' || typeof x === 'number') return String(x);
  if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    const id = o.tier ?? o.id;
    return id == null ? undefined : String(id);
  }
  return undefined;
}

function kindOf(t: GiftTier): 'usageDays' | 'invitedUsers' {
  const k = String(t.kind ?? t.type ?? '').toLowerCase();
  return k.includes('invite') ? 'invitedUsers' : 'usageDays';
}

/** Server tiers with this user's progress; SPEC levels when the server lists none. */
export function tierViews(reply: ReferralReply): TierView[] {
  const redeemable = new Set((reply.redeemable ?? []).map(tierIdOf).filter((x): x is string => !!x));
  const source: GiftTier[] =
    reply.tiers && reply.tiers.length > 0
      ? reply.tiers
      : GIFT_LEVELS.flatMap((l) => [
          { tier: `usage${l.usageDays}`, kind: 'usageDays', threshold: l.usageDays, phoneCreditYuan: l.phoneCreditYuan },
          { tier: `invite${l.invitedUsers}`, kind: 'invitedUsers', threshold: l.invitedUsers, phoneCreditYuan: l.phoneCreditYuan },
        ]);
  return source.map((t) => {
    const kind = kindOf(t);
    const threshold = Number(t.threshold ?? 0);
    const progress = kind === 'usageDays' ? reply.usageDays : reply.invitedCount;
    const level = GIFT_LEVELS.find((l) => (kind === 'usageDays' ? l.usageDays : l.invitedUsers) === threshold);
    const credit = typeof t.phoneCreditYuan === 'number' ? t.phoneCreditYuan : level?.phoneCreditYuan;
    const id = tierIdOf(t) ?? `${kind}${threshold}`;
    return {
      tier: id,
      kind,
      threshold,
      progress: Math.min(progress, threshold),
      reached: progress >= threshold,
      redeemable: redeemable.has(id),
      phoneCreditYuan: credit,
    };
  });
}

/** The invite link a user shares: registration with the invite code. */
export function inviteLink(origin: string, inviteCode: string): string {
  return `${origin}/registe?invite=${encodeURIComponent(inviteCode)}`;
}
