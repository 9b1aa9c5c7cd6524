import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { strings as creditSpread } from '../creditSpread/i18n';
import { strings as relativeValue } from '../relativeValue/i18n';
import { strings as ridingStrategy } from '../ridingStrategy/i18n';
import { strings as swapBond } from '../swapBondSpreadAnalysis/i18n';
import { strings as bondSpread } from './i18n';
import { quoteStrings } from './quotes-i18n';

describe('bond spread screens strings', () => {
  it('have the same keys in zh and en', () => {
    for (const s of [bondSpread, quoteStrings, creditSpread, relativeValue, ridingStrategy, swapBond]) expect(keyPaths(s.zh)).toEqual(keyPaths(s.en));
  });
});
