// SMS verification codes: 6 random digits, valid 5 minutes, single use, at most 5 tries.
// Only a hash of the code is stored; the text goes out through an SmsProvider.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../contracts';
import { LoginCode, LoginFailure, tooManyAttempts } from './codes';
import { LIMITS, type RateLimiter } from './rate-limiter';

export const CODE_TTL_MS = 5 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_AFTER_SEC = 60;

export type SmsPurpose = 'login' | 'register';

/** Where codes leave the system. Real gateways plug in here; throwing means "not sent". */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/** Default provider: writes the message to the server log and to the sms_outbox table. */
export function createOutboxSmsProvider(db: Pick<Database, 'query'>, log: (msg: string) => void, now: () => number): SmsProvider {
  return {
    async send(phone, text) {
      await db.query('INSERT INTO sms_outbox (phone, message, created_at) VALUES ($1, $2, $3)', [phone, text, now()]);
      log(`[sms] to ${phone}: ${text}`);
    },
  };
}

export function smsText(code: string): string {
  return `Your verification code is ${code}. It expires in 5 minutes.`;
}

const hashCode = (phone: string, purpose: string, code: string) =>
  createHash('sha256').update(`${phone}:${purpose}:${code}`).digest();

export class SmsCodes {
  constructor(
    private readonly db: Database,
    private readonly provider: SmsProvider,
    private readonly limiter: RateLimiter,
    private readonly now: () => number,
    private readonly log: (msg: string) => void,
  ) {}

  /** Rate-limited per phone and per address; a new code replaces any earlier one. */
  async issue(phone: string, purpose: SmsPurpose, address: string): Promise<void> {
    const phoneBucket = `sms:phone:${phone}`;
    const addressBucket = `sms:addr:${address}`;
    const wait = Math.max(
      (await this.limiter.retryAfterSec(phoneBucket, LIMITS.smsPerPhone)) ?? 0,
      (await this.limiter.retryAfterSec(addressBucket, LIMITS.smsPerAddress)) ?? 0,
    );
    if (wait > 0) throw tooManyAttempts(wait);
    await this.limiter.hit(phoneBucket);
    await this.limiter.hit(addressBucket);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    const { rows } = await this.db.transaction(async (tx) => {
      await tx.query('UPDATE sms_codes SET used = TRUE WHERE phone = $1 AND purpose = $2 AND used = FALSE', [phone, purpose]);
      return tx.query<{ id: number }>(
        'INSERT INTO sms_codes (phone, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [phone, purpose, hashCode(phone, purpose, code).toString('hex'), now, now + CODE_TTL_MS],
      );
    });
    try {
      await this.provider.send(phone, smsText(code));
    } catch (e) {
      await this.db.query('UPDATE sms_codes SET used = TRUE WHERE id = $1', [rows[0].id]);
      this.log(`[sms] sending to ${phone} failed: ${(e as Error).message}`);
      throw new LoginFailure(LoginCode.codeSendFailed, 'Verification code could not be sent');
    }
  }

  /** Consumes the current code when it matches; otherwise counts a try and fails with 1004. */
  async consume(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const invalid = new LoginFailure(LoginCode.codeInvalid, 'Verification code wrong or expired');
    if (!/^\d{6}$/.test(code)) throw invalid;
    const ok = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; code_hash: string; expires_at: number; attempts: number }>(
        `SELECT id, code_hash, expires_at, attempts FROM sms_codes
         WHERE phone = $1 AND purpose = $2 AND used = FALSE ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [phone, purpose],
      );
      const row = rows[0];
      if (!row || row.expires_at <= this.now() || row.attempts >= MAX_CODE_ATTEMPTS) return false;
      const expected = Buffer.from(row.code_hash, 'hex');
      if (timingSafeEqual(expected, hashCode(phone, purpose, code))) {
        await tx.query('UPDATE sms_codes SET used = TRUE WHERE id = $1', [row.id]);
        return true;
      }
      // A wrong guess counts; the last allowed one retires the code.
      await tx.query('UPDATE sms_codes SET attempts = attempts + 1, used = (attempts + 1 >= $2) WHERE id = $1', [
        row.id,
        MAX_CODE_ATTEMPTS,
      ]);
      return false;
    });
    if (!ok) throw invalid;
  }
}
