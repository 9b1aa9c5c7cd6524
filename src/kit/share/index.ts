// Saved items and sharing for every tool (ShareSvr over the shared socket).
export { createShareApi, ShareError, type ShareApi, type SharedItem, type SharedItemMeta } from './api';
export { acceptPayload, shareApi, ShareApiProvider, useShareApi, useSavedItems, useSharedItem, type ActionResult, type SharedItemState, type SharedItemStatus, type UseSharedItemOptions } from './hooks';
export { claimShareTip, clearPendingShare, itemLink, pendingShare, publicLink, SHARE_PARAM_KEY, SHARE_TIP_KEY } from './links';
export { shareErrorMessage, type ShareAction, type UserMessage } from './messages';
export { checkName, rulesFor, SHARE_RULES, ShareCode, ShareMethod, SHARE_SERVER, type ToolShareRules } from './rules';
export { shareStrings } from './i18n';
export { ShareDialog, type ShareDialogProps } from './ShareDialog';
export { SavedItemsPanel, type SavedItemsPanelProps } from './SavedItemsPanel';
export { SharedItemNotice } from './SharedItemNotice';
