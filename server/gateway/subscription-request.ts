// Reading and authorising `gateway` subscribe/unsubscribe requests (docs/protocol.md).
// Content forms accepted: a bare topic pattern (PROTOCOL.md section 4); JSON {"topic": P};
// JSON {"method": ..., "sid": S} meaning the login channel SYS.ATS.LOGIN.{S} (SPEC.md
// section 7's login channel subscription).
import { isValidPattern } from '../../src/wire';

export const LOGIN_CHANNEL_PREFIX = 'SYS.ATS.LOGIN.';

export function loginChannel(sid: string): string {
  return LOGIN_CHANNEL_PREFIX + sid;
}

/** The pattern a subscribe content names, or null if it names none. */
export function parseSubscriptionContent(content: string): string | null {
  const text = content.trim();
  if (text.startsWith('{')) {
    let o: unknown;
    try {
      o = JSON.parse(text);
    } catch {
      return null;
    }
    if (o === null || typeof o !== 'object') return null;
    const rec = o as Record<string, unknown>;
    if (typeof rec.topic === 'string') return rec.topic;
    if (typeof rec.sid === 'string' && rec.sid) return loginChannel(rec.sid);
    return null;
  }
  return text || null;
}

export type SubscriptionVerdict =
  | { ok: true }
  | { ok: false; code: '1002' | '4003'; msg: string };

/**
 * Who may subscribe to what. A pattern's first segment must be literal, so no wildcard can
 * reach the private SYS namespace. Under SYS only the exact login channel of a session the
 * connection itself presents (CONNECT sid or this frame's sid) and that is live is allowed.
 * Everything else (md.**, ...) is public.
 */
export async function authoriseSubscription(
  pattern: string,
  presentedSids: string[],
  isLive: (sid: string) => Promise<boolean>,
): Promise<SubscriptionVerdict> {
  if (!isValidPattern(pattern)) return { ok: false, code: '1002', msg: `invalid topic pattern: ${pattern}` };
  const first = pattern.slice(0, pattern.indexOf('.') === -1 ? undefined : pattern.indexOf('.'));
  if (first === '*' || first === '**') return { ok: false, code: '4003', msg: 'a pattern must start with a literal segment' };
  if (first !== 'SYS') return { ok: true };
  if (!pattern.startsWith(LOGIN_CHANNEL_PREFIX)) return { ok: false, code: '4003', msg: 'SYS topics are private' };
  const sid = pattern.slice(LOGIN_CHANNEL_PREFIX.length);
  if (!sid || sid.includes('.') || sid === '*' || sid === '**') return { ok: false, code: '4003', msg: 'only an exact login channel may be subscribed' };
  if (!presentedSids.includes(sid) || !(await isLive(sid))) return { ok: false, code: '4003', msg: 'the login channel belongs to another session' };
  return { ok: true };
}
