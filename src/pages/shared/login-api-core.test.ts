import { describe, expect, it } from 'vitest';
import { createLoginApi, LoginSvrError } from './login-api-core';
import { errorMessageFor, placeServerError } from './error-messages';

function fakeServer(reply: unknown) {
  const calls: { serverName: string; method: string; content: any }[] = [];
  const api = createLoginApi(async (serverName, method, content) => {
    calls.push({ serverName, method, content });
    return reply;
  });
  return { api, calls };
}

describe('createLoginApi', () => {
  it('sends each method to LoginSvr SYS.ATS.LOGIN with the contract fields', async () => {
    const { api, calls } = fakeServer({ Code: '0001', sid: 's', username: 'u', institution_shortname: 'I' });
    await api.login('alice', 'abcd1234');
    await api.sendSmsCode('13800138000', 'register');
    await api.loginBySms('13800138000', '123456');
    await api.userInfo('sid1');
    await api.realTimeUserInfo('alice', 'sid1');
    await api.changePassword('sid1', 'old12345', 'new12345', 'new12345');
    await api.updateProfile('sid1', { unitName: 'U', institution: 'I', department: 'D', email: 'e@x.cn' });
    await api.redeemGift('sid1', 'usage5');
    expect(calls.every((c) => c.serverName === 'LoginSvr' && c.method === 'SYS.ATS.LOGIN')).toBe(true);
    expect(calls.map((c) => c.content)).toEqual([
      { method: 'login', parameter: { userName: 'alice', password: 'abcd1234' } },
      { method: 'sendSmsCode', phone: '13800138000', purpose: 'register' },
      { method: 'loginBySms', phone: '13800138000', code: '123456' },
      { method: 'userInfo', parameter: 'sid1' },
      { method: 'realTimeUserInfo', userName: 'alice', sid: 'sid1' },
      { method: 'changePassword', sid: 'sid1', oldPassword: 'old12345', newPassword: 'new12345', confirmPassword: 'new12345' },
      { method: 'updateProfile', sid: 'sid1', unitName: 'U', institution: 'I', department: 'D', email: 'e@x.cn' },
      { method: 'redeemGift', sid: 'sid1', tier: 'usage5' },
    ]);
  });

  it('turns a non-0001 reply into a LoginSvrError with code, field and retry delay', async () => {
    const { api } = fakeServer({ Code: '1012', msg: 'too many', retryAfterSec: 42 });
    const err = await api.login('a', 'b').catch((e) => e);
    expect(err).toBeInstanceOf(LoginSvrError);
    expect(err.code).toBe('1012');
    expect(err.retryAfterSec).toBe(42);
    expect(errorMessageFor(err)).toEqual({ key: 'errors.tooManyAttempts', values: { seconds: 42 }, field: undefined });

    const missing = await fakeServer({ Code: '1002', msg: 'x', field: 'email' }).api.register({} as never).catch((e) => e);
    expect(missing.field).toBe('email');
  });

  it('treats an empty or unknown reply as a server error', async () => {
    const err = await fakeServer(undefined).api.license('s').catch((e) => e);
    expect(err.code).toBe('9999');
    expect(errorMessageFor(err).key).toBe('errors.serverError');
    expect(errorMessageFor(new LoginSvrError('4004', 'unknown')).key).toBe('errors.serverError');
  });
});

describe('error placement', () => {
  it('maps every contract code to its message key', () => {
    const expected: Record<string, string> = {
      '1001': 'loginFailed', '1002': 'fieldRequired', '1003': 'phoneInvalid', '1004': 'codeInvalid',
      '1005': 'userNameRepeated', '1006': 'passwordFormat', '1007': 'passwordInconsistent',
      '1008': 'passwordSameAsOld', '1009': 'sessionInvalid', '1010': 'oldPasswordIncorrect',
      '1011': 'imageInvalid', '1012': 'tooManyAttempts', '1013': 'codeSendFailed',
      '1014': 'institutionRequired', '1015': 'trialUsed', '1016': 'emailInvalid', '9999': 'serverError',
    };
    for (const [code, key] of Object.entries(expected)) {
      expect(errorMessageFor(new LoginSvrError(code, '')).key).toBe(`errors.${key}`);
    }
    expect(errorMessageFor(Object.assign(new Error('t'), { code: 'timeout' })).key).toBe('errors.timeout');
  });

  it('puts a failure under its field when the form has it, else form-wide', () => {
    const fields = ['username', 'phone', 'code', 'email'];
    expect(placeServerError(new LoginSvrError('1005', ''), fields).field).toBe('username');
    expect(placeServerError(new LoginSvrError('1004', ''), fields).field).toBe('code');
    expect(placeServerError(new LoginSvrError('1002', '', 'email'), fields).field).toBe('email');
    expect(placeServerError(new LoginSvrError('1002', '', 'userName'), fields, { userName: 'username' }).field).toBe('username');
    expect(placeServerError(new LoginSvrError('1001', ''), fields).field).toBeUndefined();
    expect(placeServerError(new LoginSvrError('1010', ''), fields).field).toBeUndefined();
  });
});
