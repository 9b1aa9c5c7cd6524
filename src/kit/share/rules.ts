// The sharing contract both sides read: ShareSvr's method names and reply codes, and the
// per-tool rules (names, uniqueness, payload size, free-version cap, which share link opens
// the tool). Pure and dependency-free: server/services/share imports it, so the browser
// and the server apply the very same rules. A tool with its own rules adds one entry to
// SHARE_RULES; the service core has no tool-specific code.

export const SHARE_SERVER = 'ShareSvr';

export const ShareMethod = {
  save: 'ATS.SHARESVR.SAVE',
  list: 'ATS.SHARESVR.LIST',
  get: 'ATS.SHARESVR.GET',
  rename: 'ATS.SHARESVR.RENAME',
  delete: 'ATS.SHARESVR.DELETE',
  shareToUser: 'ATS.SHARESVR.SHARETOUSER',
  unshare: 'ATS.SHARESVR.UNSHARE',
  shareLink: 'ATS.SHARESVR.SHARELINK',
  revokeLink: 'ATS.SHARESVR.REVOKELINK',
  sharedWithMe: 'ATS.SHARESVR.SHAREDWITHME',
} as const;
export type ShareMethodName = (typeof ShareMethod)[keyof typeof ShareMethod];

/** Reply codes (docs/api/share.md). Success is '0000', as the gateway's own replies. */
export const ShareCode = {
  ok: '0000',
  sessionInvalid: '1009',
  badRequest: '3001',
  nameInvalid: '3002',
  nameExists: '3003',
  /** No such item (never existed, deleted, or a revoked link). */
  notFound: '3004',
  /** SPEC 5: the share target is neither a user name nor a registered mobile. */
  targetMissing: '3005',
  /** Free version: the tool's maximum of saved items is reached (`limit` in the reply). */
  freeLimit: '3006',
  tooLarge: '3007',
  /** inf5 '3': the account may not save or share. */
  forbidden: '3008',
  selfShare: '3009',
  /** The item exists but the caller neither owns it nor was it shared with them. */
  notShared: '3010',
  /** Too many unknown share targets lately (`retryAfterSec`): guessing names or mobiles is throttled. */
  tooManyAttempts: '3011',
  serverError: '9999',
} as const;
export type ShareCodeValue = (typeof ShareCode)[keyof typeof ShareCode];

/** An item as ShareSvr's replies describe it (docs/api/share.md); the owner-only fields only to the owner. */
export interface SharedItemMeta {
  id: string;
  tool: string;
  name: string;
  version: number;
  owner: string;
  createdAt: number;
  updatedAt: number;
  /** Owner only: the link token, null when not shared by link. */
  linkToken?: string | null;
  /** Owner only: targets as typed (user name or mobile). */
  sharedWith?: string[];
  /** Shared-with-me lists: when it was shared. */
  sharedAt?: number;
}

/** The share-link query parameters of SPEC section 2. */
export type ShareParam = 'id' | 'ffsc' | 'structureId' | 'exchangeSpreadShare';

export interface ToolShareRules {
  /** Extra name rule; returns an i18n key with its namespace (`translation:errors.x`, `myTool:y`) or null. */
  validateName?: (name: string) => string | null;
  /** Names unique per owner and tool (ignoring case); `nameExistsKey` is the message. */
  uniqueNames?: boolean;
  nameExistsKey?: string;
  /** Largest payload (UTF-8 bytes of its JSON). */
  maxPayloadBytes?: number;
  /** Free version (inf5 '0'): most items one user keeps for this tool. */
  freeItemCap?: number;
  /** The link that opens the tool with a shared item: by item reference or by item name. */
  link?: { param: ShareParam; by: 'ref' | 'name' };
}

export const DEFAULT_MAX_PAYLOAD_BYTES = 256 * 1024;
export const DEFAULT_FREE_ITEM_CAP = 5;
export const MAX_NAME_LENGTH = 64;
/** Unknown share targets a user may try per hour (what an account-enumeration attempt hits). */
export const UNKNOWN_TARGETS_PER_HOUR = 30;

const lettersOnly = (name: string) => (/^[A-Za-z]+$/.test(name) ? null : 'translation:errors.packageNameLetters');

export const SHARE_RULES: Readonly<Record<string, ToolShareRules>> = {
  optionCalculator: { link: { param: 'id', by: 'ref' } },
  // The /test kit demo (src/tools/test/kit-data-demo.tsx): its own items, `?id=` links on /test.
  kitDemo: { link: { param: 'id', by: 'ref' } },
  forexFarSwapCalculator: { link: { param: 'ffsc', by: 'ref' } },
  // SPEC 5: package name letters only and unique ("Package name exists").
  structuredProducts: {
    link: { param: 'structureId', by: 'ref' },
    validateName: lettersOnly,
    uniqueNames: true,
    nameExistsKey: 'translation:errors.packageNameExists',
  },
  // SPEC 2: the link names the shared item, so names are unique per owner.
  exchangeSpread: { link: { param: 'exchangeSpreadShare', by: 'name' }, uniqueNames: true },
};

export function rulesFor(tool: string, table: Readonly<Record<string, ToolShareRules>> = SHARE_RULES): ToolShareRules {
  return Object.hasOwn(table, tool) ? table[tool] : {};
}

/** Tool route names as SPEC section 2 spells them. */
export const TOOL_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/** Item ids and link tokens: 128 random bits, base64url. */
export const REF_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Mainland mobile numbers as LoginSvr accepts them (docs/api/login.md). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * The name as stored (trimmed, NFC) or the i18n key of what is wrong with it. Applies the
 * common rule (1-64 characters, no control characters) and then the tool's own.
 */
export function checkName(tool: string, raw: unknown, table?: Readonly<Record<string, ToolShareRules>>): { ok: true; name: string } | { ok: false; key: string } {
  if (typeof raw !== 'string') return { ok: false, key: 'share:errors.nameRequired' };
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) return { ok: false, key: 'share:errors.nameRequired' };
  // eslint-disable-next-line no-control-regex
  if (name.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name)) return { ok: false, key: 'share:errors.nameInvalid' };
  const own = rulesFor(tool, table).validateName?.(name);
  return own ? { ok: false, key: own } : { ok: true, name };
}

/** Which tool a share parameter opens (the route guard's table, SPEC section 4). */
export function toolOfParam(param: ShareParam, table: Readonly<Record<string, ToolShareRules>> = SHARE_RULES): string | null {
  for (const [tool, r] of Object.entries(table)) if (r.link?.param === param) return tool;
  return null;
}
