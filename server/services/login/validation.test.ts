import { describe, expect, it } from 'vitest';
import { LoginFailure } from './codes';
import { checkEmail, checkPasswordFormat, checkPhone, checkUserName, optionalText, requiredText } from './validation';

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as LoginFailure).code;
  }
}

describe('validation', () => {
  it('accepts mainland mobile numbers only', () => {
    expect(codeOf(() => checkPhone('13812345678'))).toBeNull();
    expect(codeOf(() => checkPhone('19912345678'))).toBeNull();
    for (const bad of ['12812345678', '1381234567', '138123456789', '+8613812345678', '2381234567a']) {
      expect(codeOf(() => checkPhone(bad))).toBe('1003');
    }
  });

  it('user names are letters or digits', () => {
    expect(codeOf(() => checkUserName('Alice2024'))).toBeNull();
    for (const bad of ['', 'a b', 'ali_ce', '名字', 'x'.repeat(33)]) expect(codeOf(() => checkUserName(bad))).toBe('1002');
  });

  it('passwords are 8-16 with letters and digits', () => {
    for (const ok of ['abcdef12', 'A1b2C3d4e5F6g7H8', 'pass word1'.replace(' ', '!')]) {
      expect(codeOf(() => checkPasswordFormat(ok))).toBeNull();
    }
    for (const bad of ['abc12', 'abcdefgh', '12345678', 'abcdefgh123456789', 'abcd 1234']) {
      expect(codeOf(() => checkPasswordFormat(bad))).toBe('1006');
    }
  });

  it('emails need a local part and a dotted domain', () => {
    expect(codeOf(() => checkEmail('a.b@bank.com.cn'))).toBeNull();
    for (const bad of ['a@b', '@bank.com', 'a b@bank.com', 'a@bank..com']) expect(codeOf(() => checkEmail(bad))).toBe('1016');
  });

  it('text fields are trimmed, required ones name the missing field', () => {
    expect(optionalText({ a: '  x ' }, 'a')).toBe('x');
    expect(optionalText({}, 'a')).toBe('');
    try {
      requiredText({ a: '   ' }, 'a');
      expect.unreachable();
    } catch (e) {
      expect((e as LoginFailure).body()).toMatchObject({ Code: '1002', field: 'a' });
    }
    expect(codeOf(() => requiredText({ a: 5 }, 'a'))).toBe('1002');
  });
});
