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
    expect(invite5).toMatchObject({ progress: 5, reached: true, phoneCreditYuan: 29 });
    const usage10 = views.find((v) => v.kind === 'usageDays' && v.threshold === 10)!;
    expect(usage10).toMatchObject({ progress: 3, reached: false, phoneCreditYuan: 59 });
  });

  it('uses server tiers and marks redeemable ones by id (string or object)', () => {
    const reply = {
      ...base,
      tiers: [
        { tier: 'invite5', kind: 'invitedUsers', threshold: 5 },
        { tier: 'usage15', kind: 'usageDays', threshold: 15, phoneCreditYuan: 159 },
      ],
      redeemable: [{ tier: 'invite5' }],
    };
    const views = tierViews(reply);
    expect(views.map((v) => [v.tier, v.redeemable, v.reached])).toEqual([
      ['invite5', true, true],
      ['usage15', false, false],
    ]);
    expect(tierViews({ ...reply, redeemable: ['usage15'] })[1].redeemable).toBe(true);
  });

  it('builds the invite link to registration', () => {
    expect(inviteLink('https://x.example', 'A B')).toBe('https://x.example/registe?invite=A%20B');
  });
});
