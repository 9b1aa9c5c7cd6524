// UTF-8 text <-> bytes. Browsers get TextEncoder/TextDecoder; under Node the runtime's
// Buffer is used when present (it is a Uint8Array subclass and several times faster for
// the short strings most frames carry). Decoding is strict in both: invalid UTF-8 throws.

interface NodeBufferLike {
  from(s: string, enc: 'utf8'): Uint8Array;
  from(b: ArrayBuffer, offset: number, length: number): Uint8Array & { toString(enc: 'utf8'): string };
}

const NodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;
let nodeIsUtf8: ((b: Uint8Array) => boolean) | null = null;
if (NodeBuffer) {
  // node:buffer's isUtf8 (Node >= 18.14) validates with SIMD; read it without importing
  // node:buffer so bundlers never see a Node import.
  const mod = (globalThis as { process?: { getBuiltinModule?: (n: string) => unknown } }).process?.getBuiltinModule?.('node:buffer') as
    | { isUtf8?: (b: Uint8Array) => boolean }
    | undefined;
  nodeIsUtf8 = mod?.isUtf8 ?? null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function utf8Encode(s: string): Uint8Array {
  return NodeBuffer ? NodeBuffer.from(s, 'utf8') : encoder.encode(s);
}

/** Throws TypeError on invalid UTF-8. */
export function utf8Decode(b: Uint8Array): string {
  if (NodeBuffer && nodeIsUtf8) {
    // Buffer decoding replaces bad sequences with U+FFFD; only then is the (separate,
    // per-call costly) validation needed to tell a real U+FFFD from invalid input.
    const s = NodeBuffer.from(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength).toString('utf8');
    if (s.includes('\uFFFD') && !nodeIsUtf8(b)) throw new TypeError('invalid UTF-8');
    return s;
  }
  return decoder.decode(b);
}
