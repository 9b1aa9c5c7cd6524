// useOperationGate(): what a tool calls before each counted operation (a pricing request,
// adding data). It applies the pure rule of operation-gate-core.ts to the stored opNum,
// fires the SPEC window events, and toasts why an operation is blocked and whom to contact.
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import i18next from 'i18next';
import { toast } from '../ui/toast';
import { getConfig } from './config';
import { evaluateOperation, type GateResult } from './operation-gate-core';
import { currentUserAtom, K } from './session-bridge';

export { evaluateOperation } from './operation-gate-core';
export type { GateEvent, GateResult, BlockReason } from './operation-gate-core';

/** Run one gated operation for a user with this inf5; returns whether it may proceed. */
export function runOperationGate(inf5: string | null | undefined, limit = getConfig().VITE_APP_REQ_NUM): GateResult {
  const result = evaluateOperation({ inf5, limit, opNum: localStorage.getItem(K.opNum) });
  if (result.opNum !== undefined) localStorage.setItem(K.opNum, String(result.opNum));
  for (const name of result.events) {
    window.dispatchEvent(new CustomEvent(name, { detail: { opNum: result.opNum, limit, inf5 } }));
  }
  if (!result.allowed) {
    const why = result.reason === 'forbidden'
      ? i18next.t('errors.opNumForbidden')
      : i18next.t('errors.opNumExceed', { limit });
    toast(`${why} ${i18next.t('gate.contact')}`, 'warning');
  }
  return result;
}

/** inf5 of the last user record kept in localStorage `userInfo` (used until the live one loads, and offline). */
function storedInf5(): string | null {
  try {
    const v = (JSON.parse(localStorage.getItem(K.userInfo) ?? 'null') as { inf5?: unknown } | null)?.inf5;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function useOperationGate() {
  const user = useAtomValue(currentUserAtom);
  const inf5 = user?.inf5 ?? storedInf5();
  const check = useCallback((): boolean => runOperationGate(inf5).allowed, [inf5]);
  return { check, inf5 };
}
