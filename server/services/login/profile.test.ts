// LoginSvr per-user data (profile, card, licence, trial, referral) through register(registry),
// on both storage backends, including that one user's sid never reaches another's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../storage/test-backends';
import { DAY_MS, dayOf } from './dates';
import { createHarness, type Harness } from './test-harness';
import { cardOf, tinyJpeg, tinyPng } from './test-images';

describe.each(BACKENDS)('LoginSvr account data on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => (h = await createHarness(kind)));
  afterAll(async () => h?.dispose());

  it('realTimeUserInfo returns the full record of the sid owner', async () => {
    const u = await h.registerUser();
    const info = await h.call({ method: 'realTimeUserInfo', userName: u.username, sid: u.sid });
    expect(info).toEqual({
      Code: '0001',
      username: u.username,
      sid: u.sid,
      phone: u.phone,
      inf1: 'ICBC',
      inf2: 'Unit',
      department: 'FX',
      email: 'a@icbc.com.cn',
      mac2: '',
      remark: '',
      inf5: '0',
      institution_shortname: 'ICBC',
      role: 'bank',
      cardPath: expect.stringMatching(/^card\/\d+$/),
      profileComplete: true,
      reviewStatus: 'pending',
    });
  });

  it("one user's sid never reads or changes another user's data", async () => {
    const a = await h.registerUser({ cardImage: cardOf(tinyJpeg(), 'a.jpg') });
    const b = await h.registerUser({ institution: 'BOC' });
    // Asking for B with A's sid is refused, not answered with either record.
    expect(await h.call({ method: 'realTimeUserInfo', userName: b.username, sid: a.sid })).toMatchObject({ Code: '1009' });
    // The card comes from the sid's owner only.
    const cardA = await h.call({ method: 'cardImage', sid: a.sid });
    expect(cardA).toMatchObject({ Code: '0001', mime: 'image/jpeg' });
    expect(Buffer.from(cardA.base64, 'base64').equals(tinyJpeg())).toBe(true);
    const cardB = await h.call({ method: 'cardImage', sid: b.sid });
    expect(Buffer.from(cardB.base64, 'base64').equals(tinyPng())).toBe(true);
    // A profile update with A's sid, naming B, changes nothing of B's and is refused.
    const update = { method: 'updateProfile', sid: a.sid, unitName: 'X', institution: 'X', email: 'x@x.cn' };
    expect(await h.call({ ...update, userName: b.username })).toMatchObject({ Code: '1002', field: 'userName' });
    expect(await h.call({ ...update, username: b.username })).toMatchObject({ Code: '1002', field: 'username' });
    expect((await h.call({ method: 'realTimeUserInfo', userName: b.username, sid: b.sid })).inf1).toBe('BOC');
    expect((await h.call({ method: 'realTimeUserInfo', userName: a.username, sid: a.sid })).inf1).toBe('ICBC');
    // Per-user methods need a live sid.
    for (const method of ['realTimeUserInfo', 'cardImage', 'license', 'referral', 'updateProfile', 'applyTrial', 'redeemGift', 'changePassword']) {
      expect(await h.call({ method, sid: 'ab'.repeat(32) }), method).toMatchObject({ Code: '1009' });
    }
  });

  it('updateProfile applies at once and enters review; the user name cannot change', async () => {
    const u = await h.registerUser();
    await h.t.db.query(`UPDATE users SET review_status = 'approved' WHERE user_name = $1`, [u.username]);
    const base = { method: 'updateProfile', sid: u.sid, unitName: 'Markets', institution: 'CCB', department: 'Rates', email: 'r@ccb.com' };
    expect(await h.call({ ...base, email: 'bad' })).toMatchObject({ Code: '1016' });
    expect(await h.call({ ...base, institution: '' })).toMatchObject({ Code: '1002', field: 'institution' });
    expect(await h.call({ ...base, cardImage: cardOf(Buffer.from('plain text')) })).toMatchObject({ Code: '1011' });
    expect(await h.call({ ...base, username: `${u.username}x` })).toMatchObject({ Code: '1002', field: 'username' });
    expect(await h.call({ ...base, username: u.username, cardImage: cardOf(tinyJpeg()) })).toEqual({
      Code: '0001',
      reviewStatus: 'pending',
      profileComplete: true,
    });
    const info = await h.call({ method: 'realTimeUserInfo', userName: u.username, sid: u.sid });
    expect(info).toMatchObject({ username: u.username, inf1: 'CCB', inf2: 'Markets', department: 'Rates', email: 'r@ccb.com', reviewStatus: 'pending' });
    expect((await h.call({ method: 'cardImage', sid: u.sid })).mime).toBe('image/jpeg');
  });

  it('applyTrial: validation, 15 days, once per user; licence and checkSession follow', async () => {
    const u = await h.registerUser();
    const good = { method: 'applyTrial', sid: u.sid, institution: 'ICBC', email: 't@icbc.com', phone: u.phone, cardImage: cardOf(tinyPng()) };
    expect(await h.call({ method: 'license', sid: u.sid })).toEqual({
      Code: '0001',
      inf5: '0',
      edition: 'free',
      endDate: null,
      permissions: ['calculator.basic'],
    });
    expect(await h.call({ ...good, institution: ' ' })).toMatchObject({ Code: '1014' });
    expect(await h.call({ ...good, email: 'x' })).toMatchObject({ Code: '1016' });
    expect(await h.call({ ...good, phone: '123' })).toMatchObject({ Code: '1003' });
    expect(await h.call({ ...good, cardImage: undefined })).toMatchObject({ Code: '1002', field: 'cardImage' });
    expect(await h.call({ ...good, cardImage: cardOf(Buffer.from('x')) })).toMatchObject({ Code: '1011' });
    const endDate = dayOf(h.clock.now() + 15 * DAY_MS);
    expect(await h.call(good)).toEqual({ Code: '0001', endDate });
    expect(await h.call(good)).toMatchObject({ Code: '1015' });
    expect(await h.call({ method: 'license', sid: u.sid })).toMatchObject({ inf5: '1', edition: 'trial', endDate });
    expect((await h.svc.authority.checkSession(u.sid))!.inf5).toBe('1');
    // After the end date the account is free again, and still cannot start a second trial.
    h.clock.advance(16 * DAY_MS);
    expect(await h.call({ method: 'license', sid: u.sid })).toMatchObject({ inf5: '0', edition: 'free' });
    expect(await h.call(good)).toMatchObject({ Code: '1015' });
    h.clock.advance(-16 * DAY_MS);
  });

  it('referral counts invites by code and usage days, and redeems a reached tier', async () => {
    const host = await h.registerUser();
    const ref = await h.call({ method: 'referral', sid: host.sid });
    expect(ref).toMatchObject({ Code: '0001', invitedCount: 0, usageDays: 1, redeemable: [], lastRedeemedAt: null });
    expect(ref.tiers).toHaveLength(6);
    for (let i = 0; i < 5; i++) await h.registerUser({ inviteCode: ref.inviteCode.toLowerCase() });
    const after = await h.call({ method: 'referral', sid: host.sid });
    expect(after).toMatchObject({ invitedCount: 5, redeemable: ['invite5'] });
    const endDate = dayOf(h.clock.now() + 30 * DAY_MS);
    expect(await h.call({ method: 'redeemGift', sid: host.sid, tier: 'invite5' })).toEqual({ Code: '0001', endDate });
    expect(await h.call({ method: 'redeemGift', sid: host.sid, tier: 'invite5' })).toMatchObject({ Code: '1018' });
    expect(await h.call({ method: 'redeemGift', sid: host.sid })).toMatchObject({ Code: '1002', field: 'tier' });
    expect(await h.call({ method: 'license', sid: host.sid })).toMatchObject({ inf5: '1', edition: 'trial', endDate });
    expect((await h.call({ method: 'referral', sid: host.sid })).lastRedeemedAt).toBe(dayOf(h.clock.now()));
  });

  it('usage days are recorded once per calendar day of activity', async () => {
    const u = await h.registerUser();
    for (let d = 0; d < 3; d++) {
      await h.svc.authority.checkSession(u.sid);
      await h.svc.authority.checkSession(u.sid);
      h.clock.advance(DAY_MS);
    }
    expect((await h.call({ method: 'referral', sid: u.sid })).usageDays).toBe(4); // 3 days, plus this call's day
    h.clock.advance(-3 * DAY_MS);
  });
});

describe('LoginSvr failure paths', () => {
  it('an SMS provider failure is 1013; an unexpected error is 9999 and logged', async () => {
    const h = await createHarness('postgres', {
      sms: {
        send: async () => {
          throw new Error('provider down');
        },
      },
    });
    try {
      const phone = h.newPhone();
      expect(await h.call({ method: 'sendSmsCode', phone, purpose: 'login' })).toMatchObject({ Code: '1013' });
      expect(h.logs.some((l) => l.includes('provider down'))).toBe(true);
      await h.t.db.query('DROP TABLE sessions CASCADE');
      await h.svc.ensureDemoUser('demo', 'demo1234');
      expect(await h.call({ method: 'login', parameter: { userName: 'demo', password: 'demo1234' } })).toEqual({
        Code: '9999',
        msg: 'Server error',
      });
      expect(h.logs.some((l) => l.includes('[LoginSvr] login failed'))).toBe(true);
    } finally {
      await h.dispose();
    }
  });
});
