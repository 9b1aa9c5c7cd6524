// Field rules of SPEC section 5 and the readers that turn request content into typed values.
import { LoginCode, LoginFailure, missingField } from './codes';

/** Mainland China mobile numbers: 11 digits, 1 then 3-9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** ASCII letters and digits only. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9]{1,32}$/;
/** 8-16 printable ASCII characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,16}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MAX_TEXT = 128;

export type Fields = Record<string, unknown>;

export function asFields(value: unknown, field: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw missingField(field);
  return value as Fields;
}

/** A non-empty string (trimmed), at most 128 characters. */
export function requiredText(fields: Fields, name: string): string {
  const v = optionalText(fields, name);
  if (!v) throw missingField(name);
  return v;
}

export function optionalText(fields: Fields, name: string): string {
  const v = fields[name];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw missingField(name, `${name} must be text`);
  const trimmed = v.trim();
  if (trimmed.length > MAX_TEXT) throw missingField(name, `${name} is too long`);
  return trimmed;
}

/** Passwords are taken verbatim (no trimming); only presence and type are checked here. */
export function requiredSecret(fields: Fields, name: string): string {
  const v = fields[name];
  if (typeof v !== 'string' || v.length === 0) throw missingField(name);
  if (v.length > MAX_TEXT) throw missingField(name, `${name} is too long`);
  return v;
}

export function checkPhone(phone: string): string {
  if (!PHONE_PATTERN.test(phone)) throw new LoginFailure(LoginCode.phoneInvalid, 'Phone number invalid');
  return phone;
}

export function checkUserName(name: string, field = 'username'): string {
  if (!USER_NAME_PATTERN.test(name)) {
    throw missingField(field, 'User name must be 1-32 letters or digits');
  }
  return name;
}

export function checkPasswordFormat(password: string): void {
  if (!PASSWORD_PATTERN.test(password)) {
    throw new LoginFailure(LoginCode.passwordFormat, 'Password must be 8-16 characters with letters and digits');
  }
}

export function checkConfirmation(password: string, confirm: string): void {
  if (password !== confirm) throw new LoginFailure(LoginCode.passwordInconsistent, 'Password Inconsistency');
}

export function checkEmail(email: string): string {
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new LoginFailure(LoginCode.emailInvalid, 'Email invalid');
  return email;
}

export type Role = 'bank' | 'client';
export function checkRole(role: string): Role {
  if (role !== 'bank' && role !== 'client') throw missingField('role', 'role must be bank or client');
  return role;
}
