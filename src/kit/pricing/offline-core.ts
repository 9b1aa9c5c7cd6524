// What OptPricingSvr would answer, computed here: the same tool functions
// (src/pricing-core/api/tools, also served by the gateway) and the same PRICING-CLI dispatcher
// (src/pricing-core/api). Runs in the browser pricing worker when the server cannot be
// reached; replies have the gateway's shape, so a tool reads online and offline replies
// the same way.
import { priceBatch } from '../../pricing-core/api/price-request';
import { MCP_VERSION } from '../../pricing-core/version';
import { priceRequests, tools } from '../../pricing-core/api/tools';

export const PRICING_SERVER = 'OptPricingSvr';
export const PRICE_METHOD = 'ATS.OPTPRICINGSVR.PRICE';
export const VERSION_METHOD = 'ATS.OPTPRICINGSVR.VERSION';

export type ReplyBody = Record<string, unknown> & { Code: unknown };

/** The gateway's mapping of a handler failure (server/gateway/gateway.ts errorReply). */
function failure(e: unknown): ReplyBody {
  const code = (e as { code?: unknown } | null)?.code;
  if (e instanceof Error && e.name === 'ServiceError' && typeof code === 'string') return { Code: code, msg: e.message };
  return { Code: '9999', msg: 'server error' };
}

/** The methods this browser can answer without the server. */
export function offlineMethods(): string[] {
  return [VERSION_METHOD, PRICE_METHOD, ...Object.keys(tools)];
}

/**
 * One OptPricingSvr call, answered locally. `content` as a tool gives it to the socket
 * (object or JSON text). The result went through JSON like a socket reply does (NaN and
 * Infinity become null), so it equals what the server sends.
 */
export function answerLocally(method: string, content: unknown): ReplyBody {
  const text = typeof content === 'string' ? content : JSON.stringify(content ?? {});
  let body: ReplyBody;
  try {
    if (method === VERSION_METHOD) body = { Code: 0, McpVersion: MCP_VERSION };
    else if (method === PRICE_METHOD) body = { Code: 0, results: priceBatch(priceRequests(text)) };
    else if (Object.hasOwn(tools, method)) body = tools[method](text) as ReplyBody;
    else body = { Code: '4004', msg: `unknown server or method: ${PRICING_SERVER} ${method}` };
  } catch (e) {
    body = failure(e);
  }
  return JSON.parse(JSON.stringify(body)) as ReplyBody;
}
