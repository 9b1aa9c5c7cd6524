// One entry point per direction for whole messages in any data type, so the gateway and
// the browser worker never repeat the frame/body/json-mode plumbing.
import { decodeBody, encodeBody, type GzipCodec } from './body';
import { type Command, DataType, decodeFrame, encodeFrame, type Format, MAX_BODY_BYTES } from './frame';
import { decodeJsonFrame, encodeJsonFrame, type DecodeMessageResult, type WireMessage } from './json-mode';

export type { WireMessage, DecodeMessageResult };

export function parseDataType(v: string | null | undefined): DataType | null {
  if (v === undefined || v === null || v === '') return DataType.byte;
  return v === DataType.json || v === DataType.byte || v === DataType.gzip ? v : null;
}

export interface OutgoingMessage {
  command: Command;
  format: Format;
  seq: number;
  sid?: string | null;
  body?: unknown;
}

/** A text string for dataType 1, binary bytes for 2 (plain JSON body) and 3 (gzip body). */
export function encodeMessage(m: OutgoingMessage, dataType: DataType, codec?: GzipCodec): string | Uint8Array {
  if (dataType === DataType.json) return encodeJsonFrame(m);
  const body = encodeBody(m.body, { gzip: dataType === DataType.gzip, codec });
  return encodeFrame({ command: m.command, format: m.format, seq: m.seq, sid: m.sid, body });
}

/**
 * Decodes a received WebSocket message: strings as dataType 1 text frames, binary as
 * frames whose body may be plain or gzip (either form is accepted in modes 2 and 3).
 * Never throws; errors are 'malformed' (close 1002) or 'oversize' (close 1009).
 */
export function decodeMessage(data: string | Uint8Array | ArrayBuffer, maxBodyBytes: number = MAX_BODY_BYTES, codec?: GzipCodec): DecodeMessageResult {
  if (typeof data === 'string') return decodeJsonFrame(data);
  const f = decodeFrame(data);
  if (!f.ok) return f;
  const b = decodeBody(f.frame.body, maxBodyBytes, codec);
  if (!b.ok) return b;
  if (b.value !== undefined && (b.value === null || typeof b.value !== 'object' || Array.isArray(b.value))) {
    return { ok: false, error: 'malformed', reason: 'body must be a JSON object' };
  }
  const { command, format, seq, sid } = f.frame;
  return { ok: true, message: { command, format, seq, sid, body: b.value } };
}
