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
 * Every tool's cached inputs live under this prefix; the logout clearing removes the whole
 * prefix, so a tool without a SPEC key (toolCacheKey) is cleared like the SPEC ones.
 */
export const CACHE_PREFIX = 'cache.';

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

/**
 * The cache key of a tool SPEC gives no key to (`cache.<route>` or `cache.<route>.<part>`
 * for a tool keeping several values). Tools SPEC names use PricingCacheKey instead.
 */
export function toolCacheKey(route: string, part?: string): string {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(route) || (part !== undefined && !/^[A-Za-z0-9_-]+$/.test(part))) {
    throw new Error(`toolCacheKey: bad route or part ${route}/${part}`);
  }
  return `${CACHE_PREFIX}${route}${part === undefined ? '' : `.${part}`}`;
}

/** SPEC section 4, logout clearing 1: the session itself. */
export const SESSION_KEYS: readonly string[] = [StorageKey.sid, StorageKey.takerId, StorageKey.ip, StorageKey.userInfo];

/** SPEC section 4, logout clearing 2: the workspace (tool caches and chart selections also go by prefix). */
export const WORKSPACE_KEYS: readonly string[] = [StorageKey.lastPath, StorageKey.tabs, StorageKey.opNum, ...Object.values(PricingCacheKey)];

/** Logout clearing 2 also removes every key under these prefixes. */
export const WORKSPACE_PREFIXES: readonly string[] = [CACHE_PREFIX, CHART_SELECTION_PREFIX];
