// LoginSvr contract as typed functions, independent of the transport: one function per
// content.method. A reply whose Code is not "0001" becomes a LoginSvrError carrying the code
// (and `field` / `retryAfterSec` when the server gives them).

export type RequestFn = (serverName: string, method: string, content: unknown) => Promise<any>;

export interface LoginReply {
  Code: '0001';
  sid: string;
  username: string;
  institution_shortname: string;
}

export interface RealTimeUserInfo {
  Code: '0001';
  username: string;
  sid: string;
  phone: string;
  inf1: string;
  inf2: string;
  department: string;
  email: string;
  mac2: string;
  remark: string;
  inf5: string;
  institution_shortname: string;
  role: 'bank' | 'client' | string;
  cardPath: string;
  profileComplete: boolean;
  reviewStatus: string;
}

export interface CardImage {
  fileName: string;
  base64: string;
}

export interface RegisterParams {
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
  cardImage: CardImage;
  /** Invite code from a referral link (`/registe?invite=...`), credited to the inviter. */
  inviteCode?: string;
}

export interface ProfileParams {
  unitName: string;
  institution: string;
  department: string;
  email: string;
  cardImage?: CardImage;
}

export type Edition = 'free' | 'trial' | 'licensed';

export interface LicenseReply {
  Code: '0001';
  inf5: string;
  edition: Edition;
  endDate: string | null;
  permissions: string[];
}

export type GiftTierStatus = 'locked' | 'redeemable' | 'waiting' | 'redeemed' | 'expired';

/** A gift tier as the referral reply lists it. */
export interface GiftTier {
  tier: string;
  kind: 'usageDays' | 'invitedUsers' | string;
  threshold: number;
  progress?: number;
  status?: GiftTierStatus;
  /** YYYY-MM-DD the tier was reached, and the last day it can be redeemed. */
  earnedOn?: string | null;
  redeemBy?: string | null;
}

export interface ReferralReply {
  Code: '0001';
  inviteCode: string;
  invitedCount: number;
  usageDays: number;
  tiers: GiftTier[];
  redeemable: string[];
  lastRedeemedAt: string | null;
  /** While a recent gift blocks the next one: the first day another can be redeemed. */
  nextRedeemableOn?: string | null;
}

export class LoginSvrError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly retryAfterSec?: number,
  ) {
    super(message);
    this.name = 'LoginSvrError';
  }
}

const SERVER = 'LoginSvr';
const METHOD = 'SYS.ATS.LOGIN';

export function createLoginApi(request: RequestFn) {
  async function call<T>(content: Record<string, unknown>): Promise<T> {
    const reply = await request(SERVER, METHOD, content);
    if (!reply || reply.Code !== '0001') {
      throw new LoginSvrError(
        String(reply?.Code ?? '9999'),
        String(reply?.msg ?? 'server error'),
        typeof reply?.field === 'string' ? reply.field : undefined,
        typeof reply?.retryAfterSec === 'number' ? reply.retryAfterSec : undefined,
      );
    }
    return reply as T;
  }

  return {
    login: (userName: string, password: string) =>
      call<LoginReply>({ method: 'login', parameter: { userName, password } }),
    sendSmsCode: (phone: string, purpose: 'login' | 'register') =>
      call<{ Code: '0001'; resendAfterSec: number }>({ method: 'sendSmsCode', phone, purpose }),
    loginBySms: (phone: string, code: string) => call<LoginReply>({ method: 'loginBySms', phone, code }),
    checkUserName: (userName: string) =>
      call<{ Code: '0001'; available: boolean }>({ method: 'checkUserName', userName }),
    register: (parameter: RegisterParams) => call<LoginReply>({ method: 'register', parameter }),
    userInfo: (sid: string) => call<{ Code: '0001' }>({ method: 'userInfo', parameter: sid }),
    realTimeUserInfo: (userName: string, sid: string) =>
      call<RealTimeUserInfo>({ method: 'realTimeUserInfo', userName, sid }),
    logout: (sid: string) => call<{ Code: '0001' }>({ method: 'logout', sid }),
    changePassword: (sid: string, oldPassword: string, newPassword: string, confirmPassword: string) =>
      call<{ Code: '0001' }>({ method: 'changePassword', sid, oldPassword, newPassword, confirmPassword }),
    updateProfile: (sid: string, profile: ProfileParams) =>
      call<{ Code: '0001'; reviewStatus: string }>({ method: 'updateProfile', sid, ...profile }),
    license: (sid: string) => call<LicenseReply>({ method: 'license', sid }),
    applyTrial: (sid: string, form: { institution: string; email: string; phone: string; cardImage?: CardImage }) =>
      call<{ Code: '0001'; endDate: string }>({ method: 'applyTrial', sid, ...form }),
    referral: (sid: string) => call<ReferralReply>({ method: 'referral', sid }),
    redeemGift: (sid: string, tier: string) => call<{ Code: '0001'; endDate: string }>({ method: 'redeemGift', sid, tier }),
  };
}

export type LoginApi = ReturnType<typeof createLoginApi>;
