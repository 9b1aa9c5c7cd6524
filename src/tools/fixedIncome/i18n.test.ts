import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { strings as futures, FUT_ERRORS } from '../bondFutures/i18n';
import { strings as option, OPT_ERRORS } from '../bondOption/i18n';
import { strings as comparison, CMP_ERRORS } from '../couponComparison/i18n';
import { strings as risk, RISK_ERRORS } from '../riskAnalysis/i18n';
import { strings, FI_ERRORS } from './i18n';
import { BOND_ERRORS, sharedStrings } from './shared/i18n';

describe('bond screens strings', () => {
  it('have the same keys in zh and en, words and errors alike', () => {
    for (const s of [strings, sharedStrings, futures, option, comparison, risk]) expect(keyPaths(s.zh), s.ns).toEqual(keyPaths(s.en));
    for (const e of [FI_ERRORS, BOND_ERRORS, FUT_ERRORS, OPT_ERRORS, CMP_ERRORS, RISK_ERRORS]) expect(Object.keys(e.zh)).toEqual(Object.keys(e.en));
  });
});
