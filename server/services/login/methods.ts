// content.method -> operation. Each entry reads and validates its fields (in the order the
// UI shows them, so the first problem is the one reported) and shapes the reply.
import type { RequestContext } from '../../contracts';
import { changePassword, loginReply, logout, passwordLogin, registerAccount, smsLogin } from './accounts';
import { readCardImage } from './card-image';
import { LoginCode, LoginFailure, missingField } from './codes';
import { requireSession, type LoginContext } from './context';
import { licenseOf } from './license';
import { applyTrial, cardImageReply, updateProfile, userInfoReply } from './profile';
import { redeemGift, referralStatus } from './referral';
import { RESEND_AFTER_SEC } from './sms';
import { findUserByName, findUserByPhone, isProfileComplete } from './users';
import {
  asFields,
  checkEmail,
  checkPasswordFormat,
  checkConfirmation,
  checkPhone,
  checkRole,
  checkUserName,
  optionalText,
  requiredSecret,
  requiredText,
  type Fields,
} from './validation';

export type MethodHandler = (f: Fields, req: RequestContext, c: LoginContext) => Promise<Record<string, unknown>>;

const ok = (extra: Record<string, unknown> = {}) => ({ Code: LoginCode.ok, ...extra });
/** The sid in the content wins; the frame's sid is the fallback. */
const sidOf = (f: Fields, req: RequestContext): unknown => f.sid ?? req.sid;

export const methods: Record<string, MethodHandler> = {
  async login(f, req, c) {
    const p = asFields(f.parameter, 'parameter');
    const userName = requiredText(p, 'userName');
    const password = requiredSecret(p, 'password');
    return loginReply(await passwordLogin(c, userName, password, req.remoteAddress));
  },

  async sendSmsCode(f, req, c) {
    const phone = checkPhone(requiredText(f, 'phone'));
    const purpose = requiredText(f, 'purpose');
    if (purpose !== 'login' && purpose !== 'register') throw missingField('purpose', 'purpose must be login or register');
    if (purpose === 'register' && (await findUserByPhone(c.db, phone))) {
      throw new LoginFailure(LoginCode.phoneRegistered, 'This phone number is already registered');
    }
    await c.smsCodes.issue(phone, purpose, req.remoteAddress);
    return ok({ resendAfterSec: RESEND_AFTER_SEC });
  },

  async loginBySms(f, req, c) {
    const phone = checkPhone(requiredText(f, 'phone'));
    const code = requiredText(f, 'code');
    return loginReply(await smsLogin(c, phone, code, req.remoteAddress));
  },

  async checkUserName(f, _req, c) {
    // A name that could never be registered is a 1002, not "available: false".
    const name = checkUserName(requiredText(f, 'userName'), 'userName');
    return ok({ available: !(await findUserByName(c.db, name)) });
  },

  async register(f, req, c) {
    const p = asFields(f.parameter, 'parameter');
    // Presence first, in form order, then formats.
    const username = requiredText(p, 'username');
    const phone = requiredText(p, 'phone');
    const code = requiredText(p, 'code');
    const password = requiredSecret(p, 'password');
    const confirmPassword = requiredSecret(p, 'confirmPassword');
    const role = requiredText(p, 'role');
    const unitName = requiredText(p, 'unitName');
    const institution = requiredText(p, 'institution');
    const department = optionalText(p, 'department');
    const email = requiredText(p, 'email');
    if (p.cardImage === undefined || p.cardImage === null) throw missingField('cardImage');
    checkUserName(username);
    checkPhone(phone);
    checkPasswordFormat(password);
    checkConfirmation(password, confirmPassword);
    const checkedRole = checkRole(role);
    checkEmail(email);
    const card = readCardImage(p.cardImage);
    const registration = {
      username,
      phone,
      code,
      password,
      role: checkedRole,
      unitName,
      institution,
      department,
      email,
      card,
      inviteCode: optionalText(p, 'inviteCode'),
    };
    return loginReply(await registerAccount(c, registration, req.remoteAddress));
  },

  async userInfo(f, req, c) {
    // PROTOCOL: `parameter` is the sid itself.
    const session = await c.sessions.resolve(f.parameter ?? sidOf(f, req));
    if (!session) return { Code: LoginCode.sessionInvalid, msg: 'Invalid or expired session' };
    await c.markUsage(session.userId);
    return ok();
  },

  async realTimeUserInfo(f, req, c) {
    const caller = await requireSession(c, sidOf(f, req));
    const asked = optionalText(f, 'userName');
    // A stored user name that is not the session's owner means the browser's state is stale.
    if (asked && asked.toLowerCase() !== caller.user.user_name.toLowerCase()) {
      throw new LoginFailure(LoginCode.sessionInvalid, 'Session does not belong to that user');
    }
    return userInfoReply(c, caller.sid, caller.user);
  },

  async logout(f, req, c) {
    const sid = sidOf(f, req);
    if (typeof sid !== 'string' || !sid) throw missingField('sid');
    await logout(c, sid);
    return ok();
  },

  async changePassword(f, req, c) {
    const caller = await requireSession(c, sidOf(f, req));
    await changePassword(c, caller, {
      oldPassword: requiredSecret(f, 'oldPassword'),
      newPassword: requiredSecret(f, 'newPassword'),
      confirmPassword: requiredSecret(f, 'confirmPassword'),
    });
    return ok();
  },

  async updateProfile(f, req, c) {
    const caller = await requireSession(c, sidOf(f, req));
    for (const key of ['userName', 'username']) {
      const asked = optionalText(f, key);
      if (asked && asked !== caller.user.user_name) throw missingField(key, 'The user name cannot be changed');
    }
    const unitName = requiredText(f, 'unitName');
    const institution = requiredText(f, 'institution');
    const department = optionalText(f, 'department');
    const email = checkEmail(requiredText(f, 'email'));
    const card = f.cardImage === undefined || f.cardImage === null ? null : readCardImage(f.cardImage);
    const user = await updateProfile(c, caller, { unitName, institution, department, email, card });
    return ok({ reviewStatus: user.review_status, profileComplete: isProfileComplete(user) });
  },

  async cardImage(f, req, c) {
    return cardImageReply(c, await requireSession(c, sidOf(f, req)));
  },

  async license(f, req, c) {
    const caller = await requireSession(c, sidOf(f, req));
    return ok({ ...licenseOf(caller.user, c.now()) });
  },

  async applyTrial(f, req, c) {
    const caller = await requireSession(c, sidOf(f, req));
    const institution = optionalText(f, 'institution');
    if (!institution) throw new LoginFailure(LoginCode.institutionRequired, 'Institution required', { field: 'institution' });
    const email = checkEmail(requiredText(f, 'email'));
    const phone = checkPhone(requiredText(f, 'phone'));
    const card = readCardImage(f.cardImage);
    return ok({ endDate: await applyTrial(c, caller, { institution, email, phone, card }) });
  },

  async referral(f, req, c) {
    const caller = await requireSession(c, sidOf(f, req));
    return ok({ ...(await referralStatus(c.db, caller.user, c.now())) });
  },

  async redeemGift(f, req, c) {
    const caller = await requireSession(c, sidOf(f, req));
    const endDate = await redeemGift(c.db, caller.user.id, requiredText(f, 'tier'), c.now());
    return ok({ endDate });
  },
};
