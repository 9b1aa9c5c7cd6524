import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Country, Currency } from './reference-data';

const read = <T,>(f: string): T[] => JSON.parse(readFileSync(new URL(`../../public/${f}`, import.meta.url), 'utf8'));
const countries = read<Country>('countries.json');
const currencies = read<Currency>('currencies.json');

describe('reference data files', () => {
  it('cover the G20 members and well-formed ISO codes', () => {
    const g20 = ['AR', 'AU', 'BR', 'CA', 'CN', 'FR', 'DE', 'IN', 'ID', 'IT', 'JP', 'KR', 'MX', 'RU', 'SA', 'ZA', 'TR', 'GB', 'US'];
    const a2 = new Set(countries.map((c) => c.alpha2));
    for (const c of g20) expect(a2.has(c), c).toBe(true);
    for (const c of countries) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(c.numeric).toMatch(/^\d{3}$/);
      expect(c.zh && c.en).toBeTruthy();
    }
    expect(a2.size).toBe(countries.length);
  });
  it('every country currency is listed; Asian currencies and minor units are right', () => {
    const byCode = new Map(currencies.map((c) => [c.code, c]));
    for (const c of countries) expect(byCode.has(c.currency), c.currency).toBe(true);
    for (const code of ['CNY', 'HKD', 'JPY', 'KRW', 'SGD', 'TWD', 'INR', 'IDR', 'MYR', 'THB', 'PHP', 'VND']) expect(byCode.has(code), code).toBe(true);
    expect(byCode.get('JPY')).toMatchObject({ numeric: '392', minorUnits: 0 });
    expect(byCode.get('KWD')).toMatchObject({ numeric: '414', minorUnits: 3 });
    expect(byCode.get('CNY')).toMatchObject({ numeric: '156', zh: '人民币' });
    expect(countries.find((c) => c.alpha2 === 'CN')).toMatchObject({ alpha3: 'CHN', numeric: '156', currency: 'CNY' });
  });
});
