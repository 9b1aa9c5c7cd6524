import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { runCryptoRequest } from '../../pricing-core/engines/crypto-option-calculator';
import { strings } from './i18n';
import { contractSizeOf, defaultExpiry, fromReply, marketFill, minutesToExpiry, toCall, utcNow, type ScreenInputs } from './model';
import { DEFAULTS } from './state';
import { parseTime } from './TimeField';

const base: ScreenInputs = {
  ...DEFAULTS, coin: 'BTC', settlement: 'inverse', type: 'call', strike: 95000, expiryDate: '2026-12-25', expiryTime: '08:00',
  index: 91250, forward: null, vol: 50, r: 0, contracts: 3, contractSize: 1, marketPrice: null, valuationDate: '2026-11-24', valuationTime: '01:30',
};

const price = (i: ScreenInputs) => {
  const p = toCall(i);
  if (!('call' in p)) throw new Error(JSON.stringify(p.invalid));
  return fromReply(runCryptoRequest(p.call.content) as never, i);
};

describe('crypto option model', () => {
  it('has the same keys in zh and en', () => expect(keyPaths(strings.zh)).toEqual(keyPaths(strings.en)));

  it('defaults to the monthly expiry (last Friday of next month) and venue contract sizes', () => {
    expect(defaultExpiry('2026-11-24')).toBe('2026-12-25');
    expect(defaultExpiry('2026-12-31')).toBe('2027-01-29');
    expect(contractSizeOf('BTC', 'inverse')).toBe(1);
    expect(contractSizeOf('BTC', 'linear')).toBe(0.01);
    expect(contractSizeOf('ETH', 'linear')).toBe(0.1);
    expect(utcNow(new Date('2026-11-24T01:30:59Z'))).toEqual({ date: '2026-11-24', time: '01:30' });
  });

  it('counts time to expiry in minutes around the clock (UTC)', () => {
    expect(minutesToExpiry(base)).toBe(31 * 1440 + 6 * 60 + 30);
    expect(minutesToExpiry({ ...base, valuationTime: null })).toBeNull();
  });

  it('parses times of day', () => {
    expect(parseTime('8:00')).toEqual({ ok: true, value: '08:00' });
    expect(parseTime('0800')).toEqual({ ok: true, value: '08:00' });
    expect(parseTime('25:00')).toEqual({ ok: false, error: 'range' });
    expect(parseTime('x')).toEqual({ ok: false, error: 'invalid' });
  });

  it('fills index, strike and vol at the expiry', () => {
    const v = new Map([['crypto.BTC', 91250], ['vol.BTC.1M.ATM', 46], ['vol.BTC.2M.ATM', 48]]);
    expect(marketFill('BTC', (id) => v.get(id), 31 * 1440)).toMatchObject({ index: 91250, strike: 91500 });
  });

  it('inverse premium in coin = linear premium in USD / index; position = contracts x size', () => {
    const inv = price(base);
    const lin = price({ ...base, settlement: 'linear', contractSize: 0.01 });
    expect(inv.row.coin).toBeCloseTo(lin.row.usd / 91250, 12);
    expect(inv.row.usd).toBeCloseTo(lin.row.usd, 9);
    expect(inv.row.position.coin).toBeCloseTo(3 * inv.row.coin, 12);
    expect(lin.row.position.usd).toBeCloseTo(0.03 * lin.row.usd, 9);
    // inverse delta is the Black-Scholes delta less the coin price (the premium is paid in coin)
    expect(inv.row.delta).toBeCloseTo(inv.row.deltaBlackScholes - inv.row.coin, 12);
  });

  it('round-trips the implied vol from a coin price, and says when it cannot', () => {
    const coin = price(base).row.coin;
    const iv = price({ ...base, vol: 80, marketPrice: coin });
    expect(iv.implied && 'vol' in iv.implied ? iv.implied.vol : NaN).toBeCloseTo(50, 6);
    const bad = price({ ...base, marketPrice: 2 }); // a call is worth less than one coin
    expect(bad.implied && 'error' in bad.implied ? bad.implied.error : '').toMatch(/inverse result cannot be obtained/);
  });

  it('refuses bad input with a message naming the field', () => {
    expect(toCall({ ...base, strike: 0 })).toEqual({ invalid: { key: 'cryptoOption:errors.field', values: { field: 'cryptoOption:strike' } } });
    expect(toCall({ ...base, expiryDate: '2026-11-01' })).toEqual({ invalid: { key: 'cryptoOption:errors.expired' } });
    expect(toCall({ ...base, vol: null })).toMatchObject({ invalid: { values: { field: 'cryptoOption:vol' } } });
  });
});
