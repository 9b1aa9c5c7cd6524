import { describe, expect, it } from 'vitest';
import type { ReferralReply } from '../shared/login-api-core';
import { GIFT_LEVELS, inviteLink, tierViews } from './referral-model';

const base: ReferralReply = { Code: '0001', inviteCode: 'AB12', invitedCount: 6, usageDays: 3, tiers: [], redeemable: [], lastRedeemedAt: null };

describe('referral model', () => {
  it('holds the SPEC levels: 5/10/15 days or users, 29/59/159 yuan', () => {
    expect(GIFT_LEVELS.map((l) => [l.usageDays, l.invitedUsers, l.phoneCreditYuan])).toEqual([
      [5, 5, 29],
      [10, 10, 59],
      [15, 15, 159],
    ]);
  });

  it('falls back to the SPEC tiers with progress when the server lists none', () => {
    const views = tierViews(base);
    expect(views).toHaveLength(6);
    const invite5 = views.find((v) => v.kind === 'invitedUsers' && v.threshold === 5)!;
    expect(invite5).toMatchObject({ progress: 5, status: 'waiting', phoneCreditYuan: 29 });
    const usage10 = views.find((v) => v.kind === 'usageDays' && v.threshold === 10)!;
    expect(usage10).toMatchObject({ progress: 3, status: 'locked', phoneCreditYuan: 59 });
    expect(tierViews({ ...base, redeemable: ['invite5'] }).find((v) => v.tier === 'invite5')!.status).toBe('redeemable');
  });

  it('keeps the server status and redeem-by day of each tier', () => {
    const reply: ReferralReply = {
      ...base,
      tiers: [
        { tier: 'invite5', kind: 'invitedUsers', threshold: 5, progress: 6, status: 'redeemable', earnedOn: '2026-11-01', redeemBy: '2026-12-01' },
        { tier: 'usage15', kind: 'usageDays', threshold: 15, progress: 3, status: 'locked', earnedOn: null, redeemBy: null },
        { tier: 'usage5', kind: 'usageDays', threshold: 5, progress: 40, status: 'expired', earnedOn: '2026-01-01', redeemBy: '2026-01-31' },
      ],
      redeemable: ['invite5'],
    };
    expect(tierViews(reply).map((v) => [v.tier, v.status, v.progress, v.redeemBy, v.phoneCreditYuan])).toEqual([
      ['invite5', 'redeemable', 5, '2026-12-01', 29],
      ['usage15', 'locked', 3, null, 159],
      ['usage5', 'expired', 5, '2026-01-31', 29],
    ]);
  });

  it('builds the invite link to registration', () => {
    expect(inviteLink('https://x.example', 'A B')).toBe('https://x.example/registe?invite=A%20B');
  });
});
