import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { BANK_ORDER } from './model';
import { bankStrings } from './i18n';

describe('bank quote strings', () => {
  it('zh and en have the same keys', () => {
    expect(keyPaths(bankStrings.zh)).toEqual(keyPaths(bankStrings.en));
  });
  it('every listed bank has a name', () => {
    for (const b of BANK_ORDER) expect(keyPaths(bankStrings.en)).toEqual(expect.arrayContaining([`banks.${b}`, `bankShort.${b}`]));
  });
});
