// dataType 1 (PROTOCOL.md section 7): each text frame is one JSON object
// { command, format, seq, sid, body } with the binary header's meanings; body is an object.
// Without a session the heartbeat is the bare text `ping`.
import { Command, Format, MAX_BODY_BYTES, MAX_SID_BYTES, isCommand, isFormat, isSeq } from './frame';

export const PING_TEXT = 'ping';

/** A decoded message in any data type: header fields plus the parsed body. */
export interface WireMessage {
  command: Command;
  format: Format;
  seq: number;
  /** '' when there is no session id. */
  sid: string;
  /** Parsed body (a JSON object for replies, notifications and SENDs); undefined if absent. */
  body?: unknown;
}

export type DecodeMessageResult =
  | { ok: true; message: WireMessage }
  | { ok: false; error: 'malformed' | 'oversize'; reason: string };

/**
 * Text frames are bounded by the decoded body bound plus room for the envelope; the body
 * object itself is measured after parsing would be too late, so the text length decides.
 */
export const MAX_JSON_FRAME_CHARS = MAX_BODY_BYTES + MAX_SID_BYTES + 256;

export function encodeJsonFrame(m: { command: Command; format: Format; seq: number; sid?: string | null; body?: unknown }): string {
  if (!isCommand(m.command)) throw new RangeError(`unknown command ${m.command}`);
  if (!isFormat(m.format)) throw new RangeError(`unknown format ${m.format}`);
  if (!isSeq(m.seq)) throw new RangeError(`seq must be an unsigned 32-bit integer: ${m.seq}`);
  const out: Record<string, unknown> = { command: m.command, format: m.format, seq: m.seq, sid: m.sid ?? '' };
  if (m.body !== undefined) out.body = m.body;
  return JSON.stringify(out);
}

/** The bare `ping` heartbeat of a connection without a session. */
export function isPingText(text: string): boolean {
  return text === PING_TEXT;
}

function bad(reason: string): DecodeMessageResult {
  return { ok: false, error: 'malformed', reason };
}

/** Decodes one text frame. `ping` becomes a HEARTBEAT message. Never throws. */
export function decodeJsonFrame(text: string, maxChars: number = MAX_JSON_FRAME_CHARS): DecodeMessageResult {
  if (text.length > maxChars) return { ok: false, error: 'oversize', reason: `text frame of ${text.length} chars exceeds ${maxChars}` };
  if (isPingText(text)) return { ok: true, message: { command: Command.HEARTBEAT, format: Format.REQUEST, seq: 0, sid: '' } };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return bad('text frame is not JSON');
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return bad('text frame is not a JSON object');
  const o = v as Record<string, unknown>;
  if (!isCommand(o.command)) return bad(`unknown command ${String(o.command)}`);
  if (o.format === undefined) o.format = Format.REQUEST;
  if (!isFormat(o.format)) return bad(`unknown format ${String(o.format)}`);
  const seq = o.seq === undefined ? 0 : o.seq;
  if (!isSeq(seq)) return bad('seq must be an unsigned 32-bit integer');
  const sid = o.sid === undefined || o.sid === null ? '' : o.sid;
  if (typeof sid !== 'string' || sid.length > MAX_SID_BYTES || !/^[\x00-\x7f]*$/.test(sid)) return bad('sid must be a short ASCII string');
  const body = o.body === null ? undefined : o.body;
  if (body !== undefined && (typeof body !== 'object' || Array.isArray(body))) return bad('body must be a JSON object');
  return { ok: true, message: { command: o.command, format: o.format, seq, sid, body } };
}
