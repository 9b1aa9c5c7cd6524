// BondSvr search for the spread screens (docs/api/bonds.md): the bonds visible to the caller
// (shared sample and own imports) maturing after a date, as records. A failed reply becomes a
// ToolFailure the screen shows in the user's language.
import { useEffect, useState } from 'react';
import { BOND_SERVER, BondCode, BondMethod, type BondView } from '../../kit/bonds/contract';
import { ToolFailure } from '../../kit/results';
import { UNAVAILABLE_CODE } from '../../kit/service-unavailable';
import { getSocketClient } from '../../socket-client';

export interface BondsState {
  bonds: BondView[] | null;
  loading: boolean;
  error: unknown;
}

export async function searchBonds(content: { issuerTypes?: string[]; maturityFrom?: string }): Promise<BondView[]> {
  const reply = (await getSocketClient().request(BOND_SERVER, BondMethod.search, { ...content, limit: 200 }, { timeoutMs: 20_000 })) as { Code?: string; msg?: string; bonds?: BondView[] };
  if (String(reply?.Code) !== BondCode.ok) {
    if (String(reply?.Code) === BondCode.sessionInvalid) throw new ToolFailure('session', reply?.msg);
    if (String(reply?.Code) === UNAVAILABLE_CODE) throw new ToolFailure('unavailable', reply?.msg);
    throw new ToolFailure('server', reply?.msg ?? String(reply?.Code));
  }
  return reply.bonds ?? [];
}

/** Bonds of the given issuer types (all when empty) maturing after `after` (ISO); null `after` = wait. */
export function useBonds(issuerTypes: readonly string[], after: string | null): BondsState {
  const [state, setState] = useState<BondsState>({ bonds: null, loading: true, error: null });
  const key = issuerTypes.join(',');
  useEffect(() => {
    if (!after) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    searchBonds({ ...(key ? { issuerTypes: key.split(',') } : {}), maturityFrom: after }).then(
      (bonds) => live && setState({ bonds: bonds.filter((b) => b.maturityDate > after), loading: false, error: null }),
      (error: unknown) => live && setState({ bonds: null, loading: false, error }),
    );
    return () => { live = false; };
  }, [key, after]);
  return state;
}
