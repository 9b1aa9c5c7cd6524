// Server-only gzip codec on Node's native zlib (several times faster than pako). Never
// import this from browser code; the gateway installs it with setGzipCodec at startup.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { GzipCodec } from './body';

export const nodeZlibCodec: GzipCodec = {
  gzip(data, level) {
    const b = gzipSync(data, { level });
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  },
  gunzip(data, maxBytes) {
    try {
      // maxOutputLength makes zlib stop and throw instead of growing past the bound.
      const b = gunzipSync(data, { maxOutputLength: Math.max(1, maxBytes) });
      return { ok: true, bytes: new Uint8Array(b.buffer, b.byteOffset, b.byteLength) };
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) {
        return { ok: false, error: 'oversize', reason: `gunzipped body exceeds ${maxBytes} bytes` };
      }
      return { ok: false, error: 'corrupt', reason: `gunzip failed: ${err.message}` };
    }
  },
};
