// Frame bodies: UTF-8 JSON, optionally gzip (PROTOCOL.md section 1). A body is gzip if and
// only if it starts with 1f 8b. Inflating is always bounded: output past the limit aborts
// the inflate instead of allocating it (gzip bombs). pako runs everywhere; the gateway
// swaps in Node's zlib (faster) through `setGzipCodec` at startup.
import { Inflate, gzip as pakoGzip } from 'pako';
import { MAX_BODY_BYTES } from './frame';
import { utf8Decode, utf8Encode } from './utf8';

export const DEFAULT_GZIP_LEVEL = 6;

export type GunzipResult = { ok: true; bytes: Uint8Array } | { ok: false; error: 'oversize' | 'corrupt'; reason: string };

/** The gzip implementation used by encodeBody/decodeBody. */
export interface GzipCodec {
  gzip(data: Uint8Array, level: number): Uint8Array;
  /** Must stop (not allocate) once the output would exceed `maxBytes`. */
  gunzip(data: Uint8Array, maxBytes: number): GunzipResult;
}

class OutputLimitReached extends Error {}

/** pako-based codec: works in browsers, workers and Node. */
export const pakoGzipCodec: GzipCodec = {
  gzip(data, level) {
    return pakoGzip(data, { level: level as 6 });
  },
  gunzip(data, maxBytes) {
    const inflator = new Inflate();
    const chunks: Uint8Array[] = [];
    let total = 0;
    // Throwing from onData is the one way to leave pako's synchronous inflate loop early;
    // at most one 64 KiB output chunk past the bound is ever produced.
    inflator.onData = (chunk) => {
      total += chunk.length;
      if (total > maxBytes) throw new OutputLimitReached();
      chunks.push(chunk);
    };
    inflator.onEnd = () => {};
    try {
      inflator.push(data, true);
    } catch (e) {
      if (e instanceof OutputLimitReached) return { ok: false, error: 'oversize', reason: `gunzipped body exceeds ${maxBytes} bytes` };
      return { ok: false, error: 'corrupt', reason: `gunzip failed: ${(e as Error).message}` };
    }
    if (inflator.err !== 0) return { ok: false, error: 'corrupt', reason: `gunzip failed: ${inflator.msg || inflator.err}` };
    if (chunks.length === 1) return { ok: true, bytes: chunks[0] };
    const out = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return { ok: true, bytes: out };
  },
};

let activeCodec: GzipCodec = pakoGzipCodec;

/** Replaces the process-wide gzip codec (the server installs node-zlib.ts's). */
export function setGzipCodec(codec: GzipCodec): void {
  activeCodec = codec;
}
export function getGzipCodec(): GzipCodec {
  return activeCodec;
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export interface EncodeBodyOptions {
  gzip?: boolean;
  level?: number;
  codec?: GzipCodec;
}

/** JSON value -> body bytes (UTF-8 JSON, gzip when asked). `undefined` -> empty body. */
export function encodeBody(value: unknown, opts: EncodeBodyOptions = {}): Uint8Array {
  if (value === undefined) return new Uint8Array(0);
  const raw = utf8Encode(JSON.stringify(value));
  if (!opts.gzip) return raw;
  return (opts.codec ?? activeCodec).gzip(raw, opts.level ?? DEFAULT_GZIP_LEVEL);
}

export type DecodeBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; error: 'oversize' | 'malformed'; reason: string };

/**
 * Body bytes -> JSON value. Empty body -> `undefined`. Bodies larger than `maxBytes` once
 * decoded are 'oversize' and never parsed; corrupt gzip, invalid UTF-8 or invalid JSON are
 * 'malformed'. Never throws.
 */
export function decodeBody(bytes: Uint8Array, maxBytes: number = MAX_BODY_BYTES, codec: GzipCodec = activeCodec): DecodeBodyResult {
  if (bytes.length === 0) return { ok: true, value: undefined };
  let plain = bytes;
  if (isGzip(bytes)) {
    const r = codec.gunzip(bytes, maxBytes);
    if (!r.ok) return { ok: false, error: r.error === 'oversize' ? 'oversize' : 'malformed', reason: r.reason };
    plain = r.bytes;
  } else if (bytes.length > maxBytes) {
    return { ok: false, error: 'oversize', reason: `body of ${bytes.length} bytes exceeds ${maxBytes}` };
  }
  try {
    return { ok: true, value: JSON.parse(utf8Decode(plain)) };
  } catch (e) {
    return { ok: false, error: 'malformed', reason: `body is not UTF-8 JSON: ${(e as Error).message}` };
  }
}
