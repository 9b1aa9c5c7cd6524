// The browser side of BondSvr for the bond screens (docs/api/bonds.md): search, get, basket
// over the shared socket. A failure Code or no reply becomes a ToolFailure in zh and en.
import { getSocketClient } from '../../../socket-client';
import { BOND_SERVER, BondCode, BondMethod, type BondView } from '../../../kit/bonds/contract';
import type { CffexContractSpec } from '../../../pricing-core/instruments/rates/treasury-futures';
import { ToolFailure } from '../../../kit/results';
import { UNAVAILABLE_CODE } from '../../../kit/service-unavailable';

export type BondRequester = (server: string, method: string, content: unknown) => Promise<unknown>;

const socketRequester: BondRequester = (server, method, content) => getSocketClient().request(server, method, content, { timeoutMs: 15_000 });

export interface BasketReply {
  contract: {
    symbol: string; code: string; year: number; month: number; spec: CffexContractSpec;
    lastTradingDay: string | null; lastDeliveryDay: string | null; calendarNote: string | null;
  };
  bonds: (BondView & { conversionFactor: number; conversionFactorRaw: number; remainingYears: number })[];
  note: string;
}

type Reply = Record<string, unknown> & { Code?: unknown; msg?: unknown };

async function call(req: BondRequester, method: string, content: Record<string, unknown>): Promise<Reply> {
  let reply: Reply;
  try {
    reply = (await req(BOND_SERVER, method, content)) as Reply;
  } catch (e) {
    throw new ToolFailure('offline', e instanceof Error ? e.message : String(e));
  }
  const code = String(reply?.Code ?? '');
  if (code === BondCode.ok) return reply;
  const msg = typeof reply?.msg === 'string' ? reply.msg : code;
  if (code === BondCode.sessionInvalid) throw new ToolFailure('session', msg);
  if (code === UNAVAILABLE_CODE) throw new ToolFailure('unavailable', msg);
  if (code === BondCode.notFound) throw new ToolFailure('badInput', msg, { zh: '找不到该债券', en: 'No such bond' });
  if (code === BondCode.badRequest) throw new ToolFailure('badInput', msg, { zh: `请求有误：${msg}`, en: `Bad request: ${msg}` });
  throw new ToolFailure('server', msg);
}

export function createBondApi(req: BondRequester = socketRequester) {
  return {
    search: async (q: { query?: string; issuerTypes?: string[]; limit?: number }) =>
      (await call(req, BondMethod.search, { ...q })) as unknown as { bonds: BondView[]; total: number },
    get: async (code: string) => ((await call(req, BondMethod.get, { code })).bond as BondView),
    basket: async (contract: string) => (await call(req, BondMethod.basket, { contract })) as unknown as BasketReply,
  };
}

let api: ReturnType<typeof createBondApi> | null = null;
/** The page's BondSvr client (created on first use). */
export function bondApi() {
  api ??= createBondApi();
  return api;
}
