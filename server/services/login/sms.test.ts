import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { LoginFailure } from './codes';
import { RateLimiter } from './rate-limiter';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, SmsCodes, createOutboxSmsProvider, type SmsProvider } from './sms';
import { testClock } from './test-clock';

async function codeOf(p: Promise<unknown>): Promise<Record<string, unknown> | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (!(e instanceof LoginFailure)) throw e;
    return e.body();
  }
}

describe('sms codes', () => {
  let t: TestDatabase;
  const clock = testClock();
  const logs: string[] = [];
  let codes: SmsCodes;
  beforeAll(async () => {
    t = await openTestDatabase('postgres');
    const provider = createOutboxSmsProvider(t.db, (m) => logs.push(m), clock.now);
    codes = new SmsCodes(t.db, provider, new RateLimiter(t.db, clock.now), clock.now, (m) => logs.push(m));
  });
  afterAll(async () => t?.dispose());

  async function lastCode(phone: string): Promise<string> {
    const { rows } = await t.db.query<{ message: string }>('SELECT message FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
    return /(\d{6})/.exec(rows[0].message)![1];
  }

  it('sends a 6-digit code through the outbox and the log, usable once', async () => {
    await codes.issue('13800000001', 'login', '10.0.0.1');
    const code = await lastCode('13800000001');
    expect(logs.some((l) => l.includes('13800000001') && l.includes(code))).toBe(true);
    expect(await codeOf(codes.consume('13800000001', 'register', code))).toMatchObject({ Code: '1004' }); // other purpose
    expect(await codeOf(codes.consume('13800000001', 'login', code))).toBeNull();
    expect(await codeOf(codes.consume('13800000001', 'login', code))).toMatchObject({ Code: '1004' });
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM sms_codes');
    expect(stored.rows.every((r) => !r.code_hash.includes(code))).toBe(true);
  });

  it('rate limits a phone: one per minute (1012 with retryAfterSec), ten a day', async () => {
    const phone = '13800000002';
    await codes.issue(phone, 'login', '10.0.0.2');
    expect(await codeOf(codes.issue(phone, 'login', '10.0.0.3'))).toMatchObject({ Code: '1012', retryAfterSec: 60 });
    for (let i = 1; i < 10; i++) {
      clock.advance(61_000);
      await codes.issue(phone, 'login', '10.0.0.2');
    }
    clock.advance(61_000);
    const blocked = await codeOf(codes.issue(phone, 'login', '10.0.0.2'));
    expect(blocked).toMatchObject({ Code: '1012' });
    expect(blocked!.retryAfterSec).toBeGreaterThan(80_000);
  });

  it('expires a code after 5 minutes and replaces older codes with a new one', async () => {
    const phone = '13800000003';
    await codes.issue(phone, 'register', '10.0.1.1');
    const first = await lastCode(phone);
    clock.advance(61_000);
    await codes.issue(phone, 'register', '10.0.1.1');
    const second = await lastCode(phone);
    if (first !== second) expect(await codeOf(codes.consume(phone, 'register', first))).toMatchObject({ Code: '1004' });
    clock.advance(CODE_TTL_MS);
    expect(await codeOf(codes.consume(phone, 'register', second))).toMatchObject({ Code: '1004' });
  });

  it(`retires a code after ${MAX_CODE_ATTEMPTS} wrong tries`, async () => {
    const phone = '13800000004';
    await codes.issue(phone, 'login', '10.0.2.1');
    const code = await lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) expect(await codeOf(codes.consume(phone, 'login', wrong))).toMatchObject({ Code: '1004' });
    expect(await codeOf(codes.consume(phone, 'login', code))).toMatchObject({ Code: '1004' });
  });

  it('a provider failure is 1013 and leaves no usable code', async () => {
    const sent: string[] = [];
    const failing: SmsProvider = {
      async send(_phone, text) {
        sent.push(text);
        throw new Error('gateway down');
      },
    };
    const c = new SmsCodes(t.db, failing, new RateLimiter(t.db, clock.now), clock.now, () => {});
    expect(await codeOf(c.issue('13800000005', 'login', '10.0.3.1'))).toMatchObject({ Code: '1013' });
    const code = /(\d{6})/.exec(sent[0])![1];
    expect(await codeOf(c.consume('13800000005', 'login', code))).toMatchObject({ Code: '1004' });
  });
});
