// LoginSvr failure Code -> message key of the `access` namespace (login contract table).
import { LoginSvrError } from './login-api-core';
import { UNAVAILABLE_CODE } from '../../kit/service-unavailable';

const CODE_KEYS: Record<string, string> = {
  '1001': 'errors.loginFailed',
  '1002': 'errors.fieldRequired',
  '1003': 'errors.phoneInvalid',
  '1004': 'errors.codeInvalid',
  '1005': 'errors.userNameRepeated',
  '1006': 'errors.passwordFormat',
  '1007': 'errors.passwordInconsistent',
  '1008': 'errors.passwordSameAsOld',
  '1009': 'errors.sessionInvalid',
  '1010': 'errors.oldPasswordIncorrect',
  '1011': 'errors.imageInvalid',
  '1012': 'errors.tooManyAttempts',
  '1013': 'errors.codeSendFailed',
  '1014': 'errors.institutionRequired',
  '1015': 'errors.trialUsed',
  '1016': 'errors.emailInvalid',
  // Beyond the contract table, added by the login service (server/services/login/codes.ts).
  '1017': 'errors.phoneRegistered',
  '1018': 'errors.giftUnavailable',
  '9999': 'errors.serverError',
  // Database unreachable or server stopping: nothing changed, retry (docs/protocol.md).
  [UNAVAILABLE_CODE]: 'errors.unavailable',
};

export const ERROR_KEYS: readonly string[] = [...new Set([...Object.values(CODE_KEYS), 'errors.timeout'])];

export interface ErrorMessage {
  key: string;
  /** Interpolation values, e.g. retryAfterSec for too-many-attempts. */
  values?: Record<string, unknown>;
  /** Form field the server blamed, when it named one. */
  field?: string;
}

export function errorMessageFor(error: unknown): ErrorMessage {
  if (error instanceof LoginSvrError) {
    const key = CODE_KEYS[error.code] ?? 'errors.serverError';
    return {
      key,
      values: error.code === '1012' ? { seconds: error.retryAfterSec ?? 60 } : undefined,
      field: error.field,
    };
  }
  if ((error as { code?: unknown } | null)?.code === 'timeout') return { key: 'errors.timeout' };
  return { key: 'errors.serverError' };
}

/** Which form field a failure code belongs to, so the message can sit under that field. */
export function fieldForCode(code: string): string | undefined {
  switch (code) {
    case '1003': return 'phone';
    case '1004': return 'code';
    case '1005': return 'username';
    case '1006': return 'password';
    case '1007': return 'confirmPassword';
    case '1008': return 'newPassword';
    case '1010': return 'oldPassword';
    case '1011': return 'cardImage';
    case '1014': return 'institution';
    case '1016': return 'email';
    case '1017': return 'phone';
    default: return undefined;
  }
}

/**
 * Where a server failure is shown on a form: under the field it concerns when that field is
 * on the form (`rename` maps contract field names to the form's own), else form-wide.
 */
export function placeServerError(
  error: unknown,
  formFields: readonly string[],
  rename: Record<string, string> = {},
): { field?: string; message: ErrorMessage } {
  const message = errorMessageFor(error);
  const code = error instanceof LoginSvrError ? error.code : '';
  const blamed = message.field ?? fieldForCode(code);
  const field = blamed ? (rename[blamed] ?? blamed) : undefined;
  return { field: field && formFields.includes(field) ? field : undefined, message };
}
