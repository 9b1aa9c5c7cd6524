import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { LoginFailure } from './codes';
import { DAY_MS, dayOf } from './dates';
import { recordUsageDay, redeemGift, referralStatus } from './referral';
import { findUserById, insertUser, type UserRow } from './users';

const T0 = Date.parse('2026-03-02T04:00:00Z');

describe('referral gifts', () => {
  let t: TestDatabase;
  let n = 0;
  beforeAll(async () => (t = await openTestDatabase('postgres')));
  afterAll(async () => t?.dispose());

  const newUser = (invitedBy: number | null = null, at = T0) =>
    insertUser(t.db, { userName: `r${++n}`, passwordHash: '!', phone: null, role: 'client', invitedBy }, at);
  const reload = async (u: UserRow) => (await findUserById(t.db, u.id))!;
  async function failureOf(p: Promise<unknown>) {
    try {
      await p;
    } catch (e) {
      return (e as LoginFailure).body();
    }
    return null;
  }

  it('counts usage days and invited users and reports tier progress', async () => {
    const u = await newUser();
    for (let d = 0; d < 6; d++) await recordUsageDay(t.db, u.id, dayOf(T0 + d * DAY_MS));
    await recordUsageDay(t.db, u.id, dayOf(T0)); // same day twice counts once
    for (let i = 0; i < 2; i++) await newUser(u.id);
    const v = await referralStatus(t.db, u, T0 + 6 * DAY_MS);
    expect(v).toMatchObject({ usageDays: 6, invitedCount: 2, redeemable: ['usage5'], lastRedeemedAt: null });
    expect(v.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(v.tiers.find((x) => x.tier === 'usage5')).toMatchObject({ status: 'redeemable', earnedOn: dayOf(T0 + 4 * DAY_MS) });
    expect(v.tiers.find((x) => x.tier === 'usage10')).toMatchObject({ status: 'locked', progress: 6 });
  });

  it('a free user redeeming gets a 30-day trial; the next gift waits 30 days', async () => {
    const u = await newUser();
    for (let d = 0; d < 10; d++) await recordUsageDay(t.db, u.id, dayOf(T0 + d * DAY_MS));
    const now = T0 + 10 * DAY_MS;
    expect(await redeemGift(t.db, u.id, 'usage5', now)).toBe(dayOf(now + 30 * DAY_MS));
    expect((await reload(u)).edition).toBe('trial');
    expect(await failureOf(redeemGift(t.db, u.id, 'usage5', now))).toMatchObject({ Code: '1018' });
    const blocked = await failureOf(redeemGift(t.db, u.id, 'usage10', now + DAY_MS));
    expect(blocked).toMatchObject({ Code: '1012', retryAfterSec: 29 * 86400 });
    const v = await referralStatus(t.db, await reload(u), now + DAY_MS);
    expect(v.tiers.find((x) => x.tier === 'usage10')!.status).toBe('waiting');
    expect(v.nextRedeemableOn).toBe(dayOf(now + 30 * DAY_MS));
  });

  it('a tier not redeemed within 30 days of reaching it expires', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++) await newUser(u.id, T0);
    expect(await failureOf(redeemGift(t.db, u.id, 'invite5', T0 + 31 * DAY_MS))).toMatchObject({ Code: '1018' });
    expect(await failureOf(redeemGift(t.db, u.id, 'invite10', T0))).toMatchObject({ Code: '1018' });
    expect(await failureOf(redeemGift(t.db, u.id, 'nope', T0))).toMatchObject({ Code: '1002', field: 'tier' });
  });

  it('extends a running trial from its end date and leaves open-ended licences open', async () => {
    const u = await newUser();
    await t.db.query(`UPDATE users SET edition = 'trial', license_end = $1 WHERE id = $2`, [dayOf(T0 + 10 * DAY_MS), u.id]);
    for (let i = 0; i < 5; i++) await newUser(u.id, T0);
    expect(await redeemGift(t.db, u.id, 'invite5', T0)).toBe(dayOf(T0 + 40 * DAY_MS));

    const lic = await newUser();
    await t.db.query(`UPDATE users SET edition = 'licensed', license_end = NULL WHERE id = $1`, [lic.id]);
    for (let i = 0; i < 5; i++) await newUser(lic.id, T0);
    expect(await redeemGift(t.db, lic.id, 'invite5', T0)).toBeNull();
  });
});
