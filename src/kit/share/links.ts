// Share links of SPEC section 2 on the browser side: the URL a tool hands out, the value the
// route guard stored from an opened link (SPEC 3 keys ShareQueryID, ShareFfscID,
// ShareStructureID, exchangeSpreadShareName), and the one-time share tips
// (OptionCalcShareTip, StructuredSharedTip, ExchangeSpreadSharedTip).
import { StorageKey } from '../../session/storage-keys';
import { rulesFor, type ShareParam } from './rules';

/** Where the route guard (src/app/route-guard.ts) stores each parameter's value. */
export const SHARE_PARAM_KEY: Readonly<Record<ShareParam, string>> = {
  id: StorageKey.ShareQueryID,
  ffsc: StorageKey.ShareFfscID,
  structureId: StorageKey.ShareStructureID,
  exchangeSpreadShare: StorageKey.exchangeSpreadShareName,
};

/** SPEC 3 share-tip keys; tools without one show no tip. */
export const SHARE_TIP_KEY: Readonly<Record<string, string>> = {
  optionCalculator: StorageKey.OptionCalcShareTip,
  structuredProducts: StorageKey.StructuredSharedTip,
  exchangeSpread: StorageKey.ExchangeSpreadSharedTip,
};

function ls(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function origin(): string {
  return globalThis.location?.origin ?? '';
}

export interface LinkOptions {
  /** Origin of the link (default: this page's). */
  base?: string;
  /** Route that shows the item, when it is not the tool's own (default: the tool). */
  route?: string;
}

function build(tool: string, param: ShareParam, value: string, opts: LinkOptions): string {
  return `${opts.base ?? origin()}/${opts.route ?? tool}?${param}=${encodeURIComponent(value)}`;
}

/**
 * The link that opens `item` for its owner and the users it is shared with: by id, or by
 * name for name-addressed tools. Null for a tool without a SPEC share link.
 */
export function itemLink(tool: string, item: { id: string; name: string }, opts: LinkOptions = {}): string | null {
  const link = rulesFor(tool).link;
  if (!link) return null;
  return build(tool, link.param, link.by === 'name' ? item.name : item.id, opts);
}

/** The link anyone signed in can open (carries the link token). Null where links name items. */
export function publicLink(tool: string, token: string, opts: LinkOptions = {}): string | null {
  const link = rulesFor(tool).link;
  if (!link || link.by !== 'ref') return null;
  return build(tool, link.param, token, opts);
}

/** The share value the route guard stored for this tool, if a link is waiting to be opened. */
export function pendingShare(tool: string): { by: 'ref' | 'name'; value: string; key: string } | null {
  const link = rulesFor(tool).link;
  if (!link) return null;
  const key = SHARE_PARAM_KEY[link.param];
  const value = ls()?.getItem(key);
  return value ? { by: link.by, value, key } : null;
}

export function clearPendingShare(tool: string, value: string): void {
  const p = pendingShare(tool);
  // Only the value we handled: a newer link opened meanwhile stays for the next check.
  if (p && p.value === value) ls()?.removeItem(p.key);
}

/** True the first time a shared item of this tool is opened (then remembers it). */
export function claimShareTip(tool: string): boolean {
  const key = Object.hasOwn(SHARE_TIP_KEY, tool) ? SHARE_TIP_KEY[tool] : null;
  const s = ls();
  if (!key || !s || s.getItem(key)) return false;
  s.setItem(key, '1');
  return true;
}
