// Browser-stored values, named exactly as SPEC section 3 names them. One place for the
// names so every module reads and clears the same keys.

export const StorageKey = {
  sid: 'sid',
  loginTime: 'loginTime',
  username: 'username',
  takerId: 'takerId',
  tabs: 'tabs',
  lastPath: 'lastPath',
  opNum: 'opNum',
  sourceType: 'sourceType',
  Lang: 'Lang',
  ShareQueryID: 'ShareQueryID',
  ShareFfscID: 'ShareFfscID',
  ShareStructureID: 'ShareStructureID',
  exchangeSpreadShareName: 'exchangeSpreadShareName',
  id: 'id',
  ws: 'ws',
  web: 'web',
  Role: 'Role',
  userInfo: 'userInfo',
  version: 'version',
  USER_PRESET: 'USER_PRESET',
  carryRoll: 'carryRoll',
  CAP_FLOOR: 'CAP_FLOOR',
  ip: 'ip',
  OptionCalcShareTip: 'OptionCalcShareTip',
  StructuredSharedTip: 'StructuredSharedTip',
  ExchangeSpreadSharedTip: 'ExchangeSpreadSharedTip',
} as const;

export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

/**
 * Cached pricing data per screen (SPEC names the screens, not the keys; these names are
 * ours). Tool screens must use these keys so a logout clears them.
 */
export const PricingCacheKey = {
  option: 'cache.optionCalculator',
  csiOption: 'cache.csiOption',
  xs: 'cache.xs',
  fes: 'cache.fes',
  forward: 'cache.forward',
  es: 'cache.es',
  ffs: 'cache.ffs',
  dc: 'cache.dc',
} as const;

/** Chart selections are stored under keys with this prefix (one per chart). */
export const CHART_SELECTION_PREFIX = 'chartSelection.';

/** SPEC section 4, logout clearing 1: the session itself. */
export const SESSION_KEYS: readonly string[] = [StorageKey.sid, StorageKey.takerId, StorageKey.ip, StorageKey.userInfo];

/** SPEC section 4, logout clearing 2: the workspace (chart selections go by prefix). */
export const WORKSPACE_KEYS: readonly string[] = [StorageKey.lastPath, StorageKey.tabs, StorageKey.opNum, ...Object.values(PricingCacheKey)];
