import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('message catalogue', () => {
  it('zh and en have the same keys', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });
  it('has every LoginSvr failure code of the contract', () => {
    const codes = ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010', '1011', '1012', '1013', '1014', '1015', '1016', '9999'];
    expect(Object.keys(zh.login.codes).sort()).toEqual(codes);
  });
  it('has the SPEC section 8 user-facing messages', () => {
    const needed = ['loginFailed', 'codeSendFailed', 'getCodeFailed', 'mobileError', 'enterCorrectPhone', 'enterCorrectPhoneAndCode',
      'oldPasswordIncorrect', 'modifyFailed', 'imageUploadFailed', 'saveFailed', 'registerFailed', 'requestTimeout',
      'inverseFailed', 'calculationFailed', 'packageNameExists', 'dateDuplicatesBuiltIn', 'termError', 'getUpdateTimeFailed',
      'exportFailed', 'trialApplyFailed', 'shareFailed', 'quickCalcRecognitionFailed', 'freeMaxNewData', 'freeUnsupportedFunction',
      'opNumExceed', 'opNumForbidden'];
    for (const k of needed) {
      expect((zh.errors as Record<string, string>)[k], k).toBeTruthy();
      expect((en.errors as Record<string, string>)[k], k).toBeTruthy();
    }
    expect(en.errors.registerFailed).toBe('Registe fail');
    expect(en.errors.passwordInconsistent).toBe('Password Inconsistency');
    expect(en.errors.userNameRepeated).toBe('The user name is repeated. Please reset it');
    expect(zh.session.loginAgain).toBe('请重新登录');
  });
});
