// Reply Code "9503": the service is briefly unavailable (its database cannot be reached, or
// the server is stopping); nothing was changed, retry shortly (docs/protocol.md). One place
// for the code and its words, used by every area that turns reply codes into messages, and
// by the server (server/contracts.ts).
export const UNAVAILABLE_CODE = '9503';

export const UNAVAILABLE_TEXT = {
  zh: '服务暂时不可用，请稍后重试',
  en: 'The service is briefly unavailable, please try again shortly',
} as const;

/** True when a reply (or an error carrying a code) says "briefly unavailable". */
export function isUnavailableReply(r: unknown): boolean {
  const o = r as { Code?: unknown; code?: unknown } | null;
  return String(o?.Code ?? o?.code ?? '') === UNAVAILABLE_CODE;
}
