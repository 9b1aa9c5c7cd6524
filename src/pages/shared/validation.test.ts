import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import zh from '../i18n/zh.json';
import {
  MAX_CARD_IMAGE_BYTES,
  VALIDATION_KEYS,
  hasErrors,
  sniffImageKind,
  validateCardImage,
  validateConfirmPassword,
  validateEmail,
  validateInstitution,
  validateNewPassword,
  validateOptionalEmail,
  validatePassword,
  validatePasswordChange,
  validatePhone,
  validateProfile,
  validateRegistration,
  validateSmsCode,
  validateTrial,
  validateUserName,
  type RegistrationForm,
} from './validation';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]);

function lookup(bundle: unknown, key: string): unknown {
  return key.split('.').reduce<any>((node, part) => (node == null ? undefined : node[part]), bundle);
}

describe('message keys', () => {
  it.each(VALIDATION_KEYS)('%s has a text in both languages, and they differ', (key) => {
    const zhText = lookup(zh, key);
    const enText = lookup(en, key);
    expect(typeof zhText).toBe('string');
    expect(typeof enText).toBe('string');
    expect(zhText).not.toBe(enText);
  });
});

describe('user name', () => {
  it('accepts letters and digits', () => {
    expect(validateUserName('alice2024')).toBeNull();
    expect(validateUserName('ABC')).toBeNull();
    expect(validateUserName('12345')).toBeNull();
  });
  it('rejects empty, other characters and over-long names', () => {
    expect(validateUserName('')).toBe('validation.required');
    expect(validateUserName('   ')).toBe('validation.required');
    expect(validateUserName('alice_1')).toBe('validation.userNameChars');
    expect(validateUserName('al ice')).toBe('validation.userNameChars');
    expect(validateUserName('张三')).toBe('validation.userNameChars');
    expect(validateUserName('a'.repeat(33))).toBe('validation.userNameLength');
  });
});

describe('password', () => {
  it('needs 8-16 letters and digits with at least one of each', () => {
    expect(validatePassword('abcd1234')).toBeNull();
    expect(validatePassword('A1b2C3d4E5f6G7h8')).toBeNull();
    expect(validatePassword('')).toBe('validation.required');
    expect(validatePassword('abc123')).toBe('validation.passwordFormat'); // 6 chars
    expect(validatePassword('abcd1234abcd12345')).toBe('validation.passwordFormat'); // 17
    expect(validatePassword('abcdefgh')).toBe('validation.passwordFormat'); // no digit
    expect(validatePassword('12345678')).toBe('validation.passwordFormat'); // no letter
    expect(validatePassword('abcd 1234')).toBe('validation.passwordFormat'); // space
    expect(validatePassword('abcd1234é')).toBe('validation.passwordFormat'); // non-ASCII
    expect(validatePassword('abcd1234!')).toBeNull(); // symbols allowed, as on the server
  });
  it('confirmation must match (Password Inconsistency)', () => {
    expect(validateConfirmPassword('abcd1234', 'abcd1234')).toBeNull();
    expect(validateConfirmPassword('abcd1234', 'abcd1235')).toBe('validation.passwordInconsistent');
    expect(validateConfirmPassword('abcd1234', '')).toBe('validation.required');
    expect(lookup(en, 'validation.passwordInconsistent')).toBe('Password Inconsistency');
  });
  it('a new password must differ from the old and keep the format', () => {
    expect(validateNewPassword('abcd1234', 'abcd1234')).toBe('validation.passwordSameAsOld');
    expect(validateNewPassword('abcd1234', 'wxyz9876')).toBeNull();
    expect(validateNewPassword('abcd1234', 'short1')).toBe('validation.passwordFormat');
  });
});

describe('phone, code, email, institution', () => {
  it('phone is an 11-digit mainland mobile number', () => {
    expect(validatePhone('13800138000')).toBeNull();
    expect(validatePhone('19912345678')).toBeNull();
    expect(validatePhone('')).toBe('validation.required');
    expect(validatePhone('1380013800')).toBe('validation.phoneInvalid');
    expect(validatePhone('12800138000')).toBe('validation.phoneInvalid');
    expect(validatePhone('23800138000')).toBe('validation.phoneInvalid');
    expect(validatePhone('1380013800a')).toBe('validation.phoneInvalid');
  });
  it('code is 6 digits', () => {
    expect(validateSmsCode('123456')).toBeNull();
    expect(validateSmsCode('')).toBe('validation.required');
    expect(validateSmsCode('12345')).toBe('validation.codeInvalid');
    expect(validateSmsCode('12345a')).toBe('validation.codeInvalid');
  });
  it('email', () => {
    expect(validateEmail('a.b@bank.com.cn')).toBeNull();
    expect(validateEmail('')).toBe('validation.required');
    expect(validateEmail('a@b')).toBe('validation.emailInvalid');
    expect(validateEmail('a b@c.com')).toBe('validation.emailInvalid');
    expect(validateEmail('a@b..cn')).toBe('validation.emailInvalid');
    expect(validateOptionalEmail('')).toBeNull();
    expect(validateOptionalEmail('nope')).toBe('validation.emailInvalid');
  });
  it('institution cannot be empty in the trial form', () => {
    expect(validateInstitution('')).toBe('validation.institutionRequired');
    expect(validateInstitution('  ')).toBe('validation.institutionRequired');
    expect(validateInstitution('Bank of Example')).toBeNull();
  });
});

describe('business card image', () => {
  it('recognises JPG and PNG by their leading bytes only', () => {
    expect(sniffImageKind(PNG)).toBe('png');
    expect(sniffImageKind(JPG)).toBe('jpg');
    expect(sniffImageKind(GIF)).toBeNull();
    expect(sniffImageKind(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageKind(new Uint8Array())).toBeNull();
  });
  it('one image, at most 6 MB, JPG or PNG', () => {
    expect(validateCardImage([{ size: 1000, head: PNG }])).toBeNull();
    expect(validateCardImage([{ size: MAX_CARD_IMAGE_BYTES, head: JPG }])).toBeNull();
    expect(validateCardImage([{ size: MAX_CARD_IMAGE_BYTES + 1, head: JPG }])).toBe('validation.imageSize');
    expect(validateCardImage([{ size: 10, head: GIF }])).toBe('validation.imageType');
    expect(validateCardImage([])).toBe('validation.required');
    expect(validateCardImage([{ size: 10, head: PNG }, { size: 10, head: PNG }])).toBe('validation.imageCount');
  });
});

describe('whole forms', () => {
  const good: RegistrationForm = {
    username: 'alice1',
    phone: '13800138000',
    code: '123456',
    password: 'abcd1234',
    confirmPassword: 'abcd1234',
    role: 'bank',
    unitName: 'Unit',
    institution: 'Inst',
    department: '',
    email: 'a@b.cn',
    hasCardImage: true,
  };
  it('registration: department is optional, the SPEC required fields are not', () => {
    expect(validateRegistration(good)).toEqual({});
    const empty = validateRegistration({
      ...good, username: '', phone: '', code: '', password: '', confirmPassword: '', unitName: '', institution: '', email: '', hasCardImage: false,
    });
    expect(Object.keys(empty).sort()).toEqual(
      ['code', 'confirmPassword', 'email', 'hasCardImage', 'institution', 'password', 'phone', 'unitName', 'username'].sort(),
    );
    expect(validateRegistration({ ...good, confirmPassword: 'abcd12345' })).toEqual({ confirmPassword: 'validation.passwordInconsistent' });
  });
  it('profile needs a card only when none is on file', () => {
    const profile = { unitName: 'U', institution: 'I', department: '', email: 'a@b.cn', hasCardImage: false };
    expect(validateProfile(profile, false)).toEqual({});
    expect(validateProfile(profile, true)).toEqual({ hasCardImage: 'validation.required' });
  });
  it('password change', () => {
    expect(validatePasswordChange({ oldPassword: 'abcd1234', newPassword: 'abcd1234', confirmPassword: 'abcd1234' })).toEqual({
      newPassword: 'validation.passwordSameAsOld',
    });
    expect(hasErrors(validatePasswordChange({ oldPassword: 'abcd1234', newPassword: 'wxyz5678', confirmPassword: 'wxyz5678' }))).toBe(false);
  });
  it('trial: institution has its own message; email, phone and card are required too', () => {
    expect(validateTrial({ institution: '', email: '', phone: '', hasCardImage: false })).toEqual({
      institution: 'validation.institutionRequired',
      email: 'validation.required',
      phone: 'validation.required',
      hasCardImage: 'validation.required',
    });
    expect(validateTrial({ institution: 'X', email: 'bad', phone: '123', hasCardImage: true })).toEqual({
      email: 'validation.emailInvalid',
      phone: 'validation.phoneInvalid',
    });
    expect(validateTrial({ institution: 'X', email: 'a@b.cn', phone: '13800138000', hasCardImage: true })).toEqual({});
  });
});
