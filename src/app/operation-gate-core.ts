// The operation-count gate of SPEC section 4 as a pure function of the user's inf5 status,
// the configured limit (config.json VITE_APP_REQ_NUM) and the stored counter (opNum).
//   '0'  free: counted when limit > 0; blocked at or above the limit
//   '1'  trial, '2' licensed: unrestricted
//   '3'  forbidden: always blocked
// Without a loaded user record (inf5 unknown) operations are not counted: the server stays
// the authority and the counter starts once the record arrives.

export type GateEvent = 'opNumChange' | 'opNumExceed' | 'exceeded' | 'opNumForbidden';
export type BlockReason = 'limit' | 'forbidden';

export interface GateInput {
  inf5: string | null | undefined;
  limit: number;
  /** Stored opNum, or null when absent. */
  opNum: string | null;
}

export interface GateResult {
  allowed: boolean;
  reason?: BlockReason;
  /** New opNum to store, when it changes. */
  opNum?: number;
  events: GateEvent[];
}

export function evaluateOperation({ inf5, limit, opNum }: GateInput): GateResult {
  if (inf5 === '3') return { allowed: false, reason: 'forbidden', events: ['opNumForbidden'] };
  if (inf5 !== '0' || !(limit > 0)) return { allowed: true, events: [] };
  const parsed = Number.parseInt(opNum ?? '', 10);
  const current = Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
  if (current !== null && current >= limit) {
    return { allowed: false, reason: 'limit', events: ['opNumExceed'] };
  }
  const next = current === null ? 1 : current + 1;
  const events: GateEvent[] = ['opNumChange'];
  if (next === limit) events.push('exceeded');
  return { allowed: true, opNum: next, events };
}
