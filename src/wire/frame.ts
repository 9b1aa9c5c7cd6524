// The 20-byte binary frame of PROTOCOL.md section 2. Pure Uint8Array/DataView code so the
// same module runs in the browser worker and in the gateway. Decoding never throws: hostile
// input yields a typed error the caller maps to a close code (malformed 1002, oversize 1009).

export const HEADER_LENGTH = 20;
/** Largest body accepted once decoded (after gunzip), PROTOCOL.md section 2. */
export const MAX_BODY_BYTES = 65_536_000;
/**
 * Largest body accepted on the wire. A gzip body may be slightly larger than its decoded
 * form (stored blocks cost 5 bytes per 64 KiB plus an 18-byte wrapper), so the wire bound
 * leaves a 0.1 % + 1 KiB margin; the decoded bound is enforced by body.ts while inflating.
 */
export const MAX_WIRE_BODY_BYTES = MAX_BODY_BYTES + Math.ceil(MAX_BODY_BYTES / 1000) + 1024;
/** Session ids are short server-issued ASCII tokens; longer ones are malformed. */
export const MAX_SID_BYTES = 1024;
/** Largest complete binary frame (used for the WebSocket maxPayload). */
export const MAX_FRAME_BYTES = HEADER_LENGTH + MAX_SID_BYTES + MAX_WIRE_BODY_BYTES;

export const Command = { CONNECT: 0, CLOSE: 1, HEARTBEAT: 2, SEND: 3 } as const;
export type Command = (typeof Command)[keyof typeof Command];

export const Format = { REQUEST: 0, REPLY: 1, NOTIFY: 2, SEND: 3 } as const;
export type Format = (typeof Format)[keyof typeof Format];

/** Value of the `dataType` query parameter. */
export const DataType = { json: '1', byte: '2', gzip: '3' } as const;
export type DataType = (typeof DataType)[keyof typeof DataType];

export function isCommand(n: unknown): n is Command {
  return n === 0 || n === 1 || n === 2 || n === 3;
}
export function isFormat(n: unknown): n is Format {
  return n === 0 || n === 1 || n === 2 || n === 3;
}
export function isSeq(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffff_ffff;
}

export interface FrameInput {
  command: Command;
  format: Format;
  /** Unsigned 32-bit; 0 on notifications. */
  seq: number;
  /** ASCII session id; '' or absent when there is none. */
  sid?: string | null;
  /** Body bytes (see body.ts); absent or empty for header-only frames. */
  body?: Uint8Array;
}

export interface Frame {
  command: Command;
  format: Format;
  seq: number;
  /** '' when the frame carries no session id. */
  sid: string;
  /** Body bytes, possibly gzip (see body.ts). A zero-length view when absent. */
  body: Uint8Array;
}

export type FrameErrorKind = 'malformed' | 'oversize';
export interface FrameError {
  ok: false;
  error: FrameErrorKind;
  reason: string;
}
export type DecodeFrameResult = { ok: true; frame: Frame } | FrameError;

const EMPTY = new Uint8Array(0);

/** Encodes one frame. Throws RangeError on invalid arguments (caller bugs, not input). */
export function encodeFrame(f: FrameInput): Uint8Array {
  if (!isCommand(f.command)) throw new RangeError(`unknown command ${f.command}`);
  if (!isFormat(f.format)) throw new RangeError(`unknown format ${f.format}`);
  if (!isSeq(f.seq)) throw new RangeError(`seq must be an unsigned 32-bit integer: ${f.seq}`);
  const sid = f.sid ?? '';
  if (sid.length > MAX_SID_BYTES) throw new RangeError('session id too long');
  const body = f.body ?? EMPTY;
  const total = HEADER_LENGTH + sid.length + body.length;
  const out = new Uint8Array(total);
  // Written byte by byte (big-endian): cheaper than a DataView for one small header.
  put32(out, 0, total);
  out[4] = 0;
  out[5] = HEADER_LENGTH;
  put32(out, 6, f.command);
  out[10] = 0;
  out[11] = f.format;
  put32(out, 12, f.seq);
  put32(out, 16, sid.length);
  for (let i = 0; i < sid.length; i++) {
    const c = sid.charCodeAt(i);
    if (c > 0x7f) throw new RangeError('session id must be ASCII');
    out[HEADER_LENGTH + i] = c;
  }
  out.set(body, HEADER_LENGTH + sid.length);
  return out;
}

function put32(b: Uint8Array, at: number, v: number): void {
  b[at] = v >>> 24;
  b[at + 1] = (v >>> 16) & 0xff;
  b[at + 2] = (v >>> 8) & 0xff;
  b[at + 3] = v & 0xff;
}

function fail(error: FrameErrorKind, reason: string): FrameError {
  return { ok: false, error, reason };
}

/**
 * Decodes one WebSocket binary message. The body is returned as a view into `data`
 * (no copy). Every length must agree: total == message length, header == 20,
 * 20 + sid + body == total.
 */
export function decodeFrame(data: Uint8Array | ArrayBuffer): DecodeFrameResult {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.length < HEADER_LENGTH) return fail('malformed', `frame shorter than ${HEADER_LENGTH} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const total = view.getUint32(0);
  const headerLength = view.getUint16(4);
  const command = view.getUint32(6);
  const format = view.getUint16(10);
  const seq = view.getUint32(12);
  const sidLength = view.getUint32(16);
  if (headerLength !== HEADER_LENGTH) return fail('malformed', `header length ${headerLength} != ${HEADER_LENGTH}`);
  if (total !== bytes.length) return fail('malformed', `total length ${total} != message length ${bytes.length}`);
  if (!isCommand(command)) return fail('malformed', `unknown command ${command}`);
  if (!isFormat(format)) return fail('malformed', `unknown format ${format}`);
  if (sidLength > total - HEADER_LENGTH) return fail('malformed', `session id length ${sidLength} exceeds frame`);
  if (sidLength > MAX_SID_BYTES) return fail('malformed', `session id longer than ${MAX_SID_BYTES} bytes`);
  const bodyLength = total - HEADER_LENGTH - sidLength;
  if (bodyLength > MAX_WIRE_BODY_BYTES) return fail('oversize', `body of ${bodyLength} bytes exceeds the limit`);
  let sid = '';
  for (let i = 0; i < sidLength; i++) {
    const c = bytes[HEADER_LENGTH + i];
    if (c > 0x7f) return fail('malformed', 'session id is not ASCII');
    sid += String.fromCharCode(c);
  }
  const body = bodyLength === 0 ? EMPTY : bytes.subarray(HEADER_LENGTH + sidLength);
  return { ok: true, frame: { command: command as Command, format: format as Format, seq, sid, body } };
}
