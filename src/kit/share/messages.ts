// ShareError -> what the user reads: an i18n key (with its namespace) and values. The SPEC
// wording is used where SPEC has one: "does not exist, please re-enter" for a share target,
// "Package name exists", the free-version maximum, and "share failure" / "save failure"
// for anything else going wrong while sharing / saving.
import { ShareError } from './api';
import { ShareCode } from './rules';
import { UNAVAILABLE_CODE } from '../service-unavailable';

export interface UserMessage {
  key: string;
  values?: Record<string, unknown>;
  /** Input the message belongs to ('name', 'target'), when the server named one. */
  field?: string;
  /** A second sentence (e.g. whom to contact). */
  hintKey?: string;
}

export type ShareAction = 'save' | 'share' | 'load' | 'rename' | 'delete';

const FAILED: Record<ShareAction, string> = {
  save: 'translation:errors.saveFailed',
  rename: 'translation:errors.saveFailed',
  delete: 'translation:errors.saveFailed',
  share: 'translation:errors.shareFailed',
  load: 'share:errors.loadFailed',
};

export function shareErrorMessage(error: unknown, action: ShareAction): UserMessage {
  if (!(error instanceof ShareError)) return { key: FAILED[action] };
  const field = error.detail.field;
  switch (error.code) {
    case ShareCode.targetMissing:
      return { key: 'translation:errors.shareTargetMissing', field: 'target' };
    case ShareCode.nameInvalid:
      return { key: error.detail.key ?? 'share:errors.nameInvalid', field: 'name' };
    case ShareCode.nameExists:
      return { key: error.detail.key ?? 'share:errors.nameExists', field: 'name' };
    case ShareCode.freeLimit:
      return { key: 'translation:errors.freeMaxNewData', hintKey: 'translation:gate.contact', values: { limit: error.detail.limit } };
    case ShareCode.notFound:
      return { key: 'share:errors.notFound' };
    case ShareCode.notShared:
      return { key: 'share:errors.notShared' };
    case ShareCode.tooLarge:
      return { key: 'share:errors.tooLarge' };
    case ShareCode.selfShare:
      return { key: 'share:errors.selfShare', field: 'target' };
    case ShareCode.forbidden:
      return { key: 'share:errors.forbidden', hintKey: 'translation:gate.contact' };
    case ShareCode.tooManyAttempts:
      return { key: 'share:errors.tooMany', values: { minutes: Math.max(1, Math.ceil((error.detail.retryAfterSec ?? 60) / 60)) }, field: 'target' };
    case ShareCode.sessionInvalid:
      return { key: 'translation:session.loginAgain' };
    case UNAVAILABLE_CODE:
      return { key: FAILED[action], hintKey: 'share:errors.unavailable' };
    case 'network':
    case 'timeout':
      return { key: FAILED[action], hintKey: 'share:errors.network' };
    default:
      return { key: FAILED[action], field };
  }
}
