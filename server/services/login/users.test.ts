import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { readCardImage } from './card-image';
import { cardOf, tinyJpeg, tinyPng } from './test-images';
import { findUserByName, insertUser, isProfileComplete, readCard, storeCard, uniqueViolation } from './users';

const T0 = Date.parse('2026-03-02T04:00:00Z');

// PostgreSQL here; the service suites check the same constraint mapping on PGlite.
describe('users', () => {
  let t: TestDatabase;
  beforeAll(async () => (t = await openTestDatabase('postgres')));
  afterAll(async () => t?.dispose());

  async function insertError(name: string, phone: string | null): Promise<unknown> {
    try {
      await insertUser(t.db, { userName: name, passwordHash: '!', phone, role: 'client' }, T0);
    } catch (e) {
      return e;
    }
    return null;
  }

  it('user names are unique regardless of case; phones are unique', async () => {
    expect(await insertError('Bob', '13900000001')).toBeNull();
    expect(uniqueViolation(await insertError('bOB', null))).toBe('userName');
    expect(uniqueViolation(await insertError('carol', '13900000001'))).toBe('phone');
    expect(await insertError('dave', null)).toBeNull();
    expect(await insertError('erin', null)).toBeNull(); // many users without a phone
    expect((await findUserByName(t.db, 'BOB'))!.user_name).toBe('Bob');
    expect(uniqueViolation(new Error('other'))).toBeNull();
  });

  it('stores cards as bytes readable through their owner only', async () => {
    const a = await insertUser(t.db, { userName: 'cardA', passwordHash: '!', phone: null, role: 'bank' }, T0);
    const b = await insertUser(t.db, { userName: 'cardB', passwordHash: '!', phone: null, role: 'bank' }, T0);
    expect(await readCard(t.db, a.id)).toBeNull();
    const fileB = await storeCard(t.db, b.id, readCardImage(cardOf(tinyJpeg())), T0);
    // Even pointing A's row at B's file does not hand B's bytes to A.
    await t.db.query('UPDATE users SET card_file_id = $1 WHERE id = $2', [fileB, a.id]);
    expect(await readCard(t.db, a.id)).toBeNull();
    await storeCard(t.db, a.id, readCardImage(cardOf(tinyPng())), T0);
    const card = await readCard(t.db, a.id);
    expect(card).toMatchObject({ fileName: 'card.png', mime: 'image/png' });
    expect(Buffer.from(card!.bytes).equals(tinyPng())).toBe(true);
    expect(isProfileComplete((await findUserByName(t.db, 'cardA'))!)).toBe(false); // no unit, institution, email yet
  });
});
