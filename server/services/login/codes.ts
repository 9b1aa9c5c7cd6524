// Reply codes of LoginSvr (docs/api/login.md). Failures travel as LoginFailure and are
// turned into reply bodies by dispatch.ts, so extra fields (field, retryAfterSec) survive.
import { ServiceFailure } from '../handlers';

export const LoginCode = {
  ok: '0001',
  loginFailed: '1001',
  fieldRequired: '1002',
  phoneInvalid: '1003',
  codeInvalid: '1004',
  userNameRepeated: '1005',
  passwordFormat: '1006',
  passwordInconsistent: '1007',
  passwordSameAsOld: '1008',
  sessionInvalid: '1009',
  oldPasswordIncorrect: '1010',
  imageInvalid: '1011',
  tooManyAttempts: '1012',
  codeSendFailed: '1013',
  institutionRequired: '1014',
  trialUsed: '1015',
  emailInvalid: '1016',
  /** Added beyond the contract: the phone number already belongs to another account. */
  phoneRegistered: '1017',
  /** Added beyond the contract: that gift tier is not redeemable now. */
  giftUnavailable: '1018',
  serverError: '9999',
} as const;

export type LoginCodeValue = (typeof LoginCode)[keyof typeof LoginCode];

export class LoginFailure extends ServiceFailure<LoginCodeValue> {
  override readonly name = 'LoginFailure';
}

export function missingField(field: string, message = `${field} is required`): LoginFailure {
  return new LoginFailure(LoginCode.fieldRequired, message, { field });
}

export function tooManyAttempts(retryAfterSec: number): LoginFailure {
  return new LoginFailure(LoginCode.tooManyAttempts, 'Too many attempts, try again later', { retryAfterSec });
}
