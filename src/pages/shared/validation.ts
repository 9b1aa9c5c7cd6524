// Pure field rules of SPEC section 5 for the access pages. Each rule returns null when the
// value is acceptable, else a message key of the `access` i18n namespace (both languages
// carry every key; see validation.test.ts). The server checks the same rules again.

export type ValidationKey =
  | 'validation.required'
  | 'validation.userNameChars'
  | 'validation.userNameLength'
  | 'validation.passwordFormat'
  | 'validation.passwordInconsistent'
  | 'validation.passwordSameAsOld'
  | 'validation.phoneInvalid'
  | 'validation.codeInvalid'
  | 'validation.emailInvalid'
  | 'validation.imageType'
  | 'validation.imageSize'
  | 'validation.imageCount'
  | 'validation.institutionRequired';

export const VALIDATION_KEYS: readonly ValidationKey[] = [
  'validation.required',
  'validation.userNameChars',
  'validation.userNameLength',
  'validation.passwordFormat',
  'validation.passwordInconsistent',
  'validation.passwordSameAsOld',
  'validation.phoneInvalid',
  'validation.codeInvalid',
  'validation.emailInvalid',
  'validation.imageType',
  'validation.imageSize',
  'validation.imageCount',
  'validation.institutionRequired',
];

/** SPEC section 9: image upload at most 6M. */
export const MAX_CARD_IMAGE_BYTES = 6 * 1024 * 1024;
export const USER_NAME_MAX_LENGTH = 32;

const isBlank = (v: string | null | undefined) => v == null || v.trim() === '';

export function required(value: string | null | undefined): ValidationKey | null {
  return isBlank(value) ? 'validation.required' : null;
}

/** Letters or numbers only; it cannot be changed once set, so it is checked strictly. */
export function validateUserName(value: string): ValidationKey | null {
  if (isBlank(value)) return 'validation.required';
  if (!/^[A-Za-z0-9]+$/.test(value)) return 'validation.userNameChars';
  if (value.length > USER_NAME_MAX_LENGTH) return 'validation.userNameLength';
  return null;
}

/**
 * 8-16 characters containing both letters and digits. Other printable ASCII characters are
 * allowed, as the server allows them (server/services/login/validation.ts).
 */
export function validatePassword(value: string): ValidationKey | null {
  if (value === '') return 'validation.required';
  if (!/^[\x21-\x7e]{8,16}$/.test(value) || !/[A-Za-z]/.test(value) || !/[0-9]/.test(value)) {
    return 'validation.passwordFormat';
  }
  return null;
}

export function validateConfirmPassword(password: string, confirm: string): ValidationKey | null {
  if (confirm === '') return 'validation.required';
  return password === confirm ? null : 'validation.passwordInconsistent';
}

export function validateNewPassword(oldPassword: string, newPassword: string): ValidationKey | null {
  const format = validatePassword(newPassword);
  if (format) return format;
  return oldPassword !== '' && oldPassword === newPassword ? 'validation.passwordSameAsOld' : null;
}

/** Mainland mobile number: 11 digits starting with 1 and a second digit 3-9. */
export function validatePhone(value: string): ValidationKey | null {
  if (isBlank(value)) return 'validation.required';
  return /^1[3-9]\d{9}$/.test(value.trim()) ? null : 'validation.phoneInvalid';
}

/** SMS verification code: exactly 6 digits. */
export function validateSmsCode(value: string): ValidationKey | null {
  if (isBlank(value)) return 'validation.required';
  return /^\d{6}$/.test(value.trim()) ? null : 'validation.codeInvalid';
}

export function validateEmail(value: string): ValidationKey | null {
  if (isBlank(value)) return 'validation.required';
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim()) ? null : 'validation.emailInvalid';
}

/** Optional email (trial form "work email"): empty is fine, otherwise well formed. */
export function validateOptionalEmail(value: string): ValidationKey | null {
  return isBlank(value) ? null : validateEmail(value);
}

export function validateInstitution(value: string): ValidationKey | null {
  return isBlank(value) ? 'validation.institutionRequired' : null;
}

export type ImageKind = 'jpg' | 'png';

/** Recognise JPG and PNG by their leading bytes (the file name and MIME type can lie). */
export function sniffImageKind(head: Uint8Array): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'png';
  return null;
}

/** Business card: exactly one image, JPG or PNG by content, at most 6 MB. */
export function validateCardImage(files: { size: number; head: Uint8Array }[]): ValidationKey | null {
  if (files.length === 0) return 'validation.required';
  if (files.length > 1) return 'validation.imageCount';
  const [file] = files;
  if (file.size > MAX_CARD_IMAGE_BYTES) return 'validation.imageSize';
  return sniffImageKind(file.head) ? null : 'validation.imageType';
}

export interface RegistrationForm {
  username: string;
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
  role: 'bank' | 'client';
  unitName: string;
  institution: string;
  department: string;
  email: string;
  /** Whether a valid card image has been chosen (the image itself is checked on selection). */
  hasCardImage: boolean;
}

export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

function collect<F extends string>(checks: [F, ValidationKey | null][]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, key] of checks) if (key) errors[field] = key;
  return errors;
}

export function validateRegistration(form: RegistrationForm): FieldErrors<keyof RegistrationForm> {
  return collect<keyof RegistrationForm>([
    ['username', validateUserName(form.username)],
    ['phone', validatePhone(form.phone)],
    ['code', validateSmsCode(form.code)],
    ['password', validatePassword(form.password)],
    ['confirmPassword', validateConfirmPassword(form.password, form.confirmPassword)],
    ['unitName', required(form.unitName)],
    ['institution', required(form.institution)],
    ['email', validateEmail(form.email)],
    ['hasCardImage', form.hasCardImage ? null : 'validation.required'],
  ]);
}

export interface ProfileForm {
  unitName: string;
  institution: string;
  department: string;
  email: string;
  hasCardImage: boolean;
}

export function validateProfile(form: ProfileForm, cardRequired: boolean): FieldErrors<keyof ProfileForm> {
  return collect<keyof ProfileForm>([
    ['unitName', required(form.unitName)],
    ['institution', required(form.institution)],
    ['email', validateEmail(form.email)],
    ['hasCardImage', !cardRequired || form.hasCardImage ? null : 'validation.required'],
  ]);
}

export interface PasswordChangeForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePasswordChange(form: PasswordChangeForm): FieldErrors<keyof PasswordChangeForm> {
  return collect<keyof PasswordChangeForm>([
    ['oldPassword', required(form.oldPassword)],
    ['newPassword', validateNewPassword(form.oldPassword, form.newPassword)],
    ['confirmPassword', validateConfirmPassword(form.newPassword, form.confirmPassword)],
  ]);
}

export interface TrialForm {
  institution: string;
  email: string;
  phone: string;
  hasCardImage: boolean;
}

/** Institution has its own message (SPEC section 5); the login service requires all four. */
export function validateTrial(form: TrialForm): FieldErrors<keyof TrialForm> {
  return collect<keyof TrialForm>([
    ['institution', validateInstitution(form.institution)],
    ['email', validateEmail(form.email)],
    ['phone', validatePhone(form.phone)],
    ['hasCardImage', form.hasCardImage ? null : 'validation.required'],
  ]);
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
