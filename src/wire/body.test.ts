import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { decodeBody, encodeBody, isGzip, pakoGzipCodec, type GzipCodec } from './body';
import { MAX_BODY_BYTES } from './frame';
import { nodeZlibCodec } from './node-zlib';

const codecs: Array<[string, GzipCodec]> = [
  ['pako', pakoGzipCodec],
  ['node zlib', nodeZlibCodec],
];
const jsonObject = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });

// 70 MB of zeros, gzipped once (about 70 KB on the wire): a bomb past the real bound.
const bomb = new Uint8Array(gzipSync(Buffer.alloc(70_000_000), { level: 9 }));

describe.each(codecs)('body codec (%s)', (_name, codec) => {
  it('round-trips JSON objects plain and gzip', () => {
    fc.assert(
      fc.property(jsonObject, fc.boolean(), (obj, gz) => {
        const bytes = encodeBody(obj, { gzip: gz, codec });
        expect(isGzip(bytes)).toBe(gz);
        const r = decodeBody(bytes, MAX_BODY_BYTES, codec);
        expect(r).toEqual({ ok: true, value: JSON.parse(JSON.stringify(obj)) });
      }),
      { numRuns: 60 },
    );
  });

  it('round-trips non-ASCII text', () => {
    const obj = { msg: '用户名重复 — ünïcödé 🎉' };
    for (const gzip of [false, true]) expect(decodeBody(encodeBody(obj, { gzip, codec }), MAX_BODY_BYTES, codec)).toEqual({ ok: true, value: obj });
  });

  it('stops inflating a gzip bomb at a small bound', () => {
    const small = encodeBody({ pad: 'x'.repeat(2_000_000) }, { gzip: true, codec });
    expect(small.length).toBeLessThan(20_000);
    expect(decodeBody(small, 1_000_000, codec)).toMatchObject({ ok: false, error: 'oversize' });
    expect(decodeBody(small, 3_000_000, codec).ok).toBe(true);
  });

  it('stops inflating a 70 MB bomb at the protocol bound', () => {
    expect(decodeBody(bomb, MAX_BODY_BYTES, codec)).toMatchObject({ ok: false, error: 'oversize' });
  });

  it('calls corrupt gzip, bad UTF-8 and bad JSON malformed, never throwing', () => {
    const gz = encodeBody({ a: 1 }, { gzip: true, codec });
    const corrupt = gz.slice();
    corrupt[12] ^= 0xff;
    corrupt[13] ^= 0xff;
    expect(decodeBody(corrupt, MAX_BODY_BYTES, codec)).toMatchObject({ ok: false, error: 'malformed' });
    expect(decodeBody(gz.subarray(0, gz.length - 6), MAX_BODY_BYTES, codec)).toMatchObject({ ok: false, error: 'malformed' });
    expect(decodeBody(new Uint8Array([0x7b, 0xff, 0x7d]), MAX_BODY_BYTES, codec)).toMatchObject({ ok: false, error: 'malformed' });
    expect(decodeBody(new TextEncoder().encode('{"a":'), MAX_BODY_BYTES, codec)).toMatchObject({ ok: false, error: 'malformed' });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        const withMagic = new Uint8Array([0x1f, 0x8b, ...b]);
        expect(typeof decodeBody(withMagic, 1000, codec).ok).toBe('boolean');
        expect(typeof decodeBody(b, 1000, codec).ok).toBe('boolean');
      }),
    );
  });
});

describe('body bounds without gzip', () => {
  it('reports a plain body over the bound as oversize without parsing it', () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ pad: 'y'.repeat(100) }));
    expect(decodeBody(bytes, 50)).toMatchObject({ ok: false, error: 'oversize' });
  });
  it('treats an empty body as absent', () => {
    expect(decodeBody(new Uint8Array(0))).toEqual({ ok: true, value: undefined });
    expect(encodeBody(undefined).length).toBe(0);
  });
  it('reads gzip from either codec with the other', () => {
    const obj = { topic: 'md.fx.USDCNY', bid: 7.1 };
    expect(decodeBody(encodeBody(obj, { gzip: true, codec: pakoGzipCodec }), MAX_BODY_BYTES, nodeZlibCodec)).toEqual({ ok: true, value: obj });
    expect(decodeBody(encodeBody(obj, { gzip: true, codec: nodeZlibCodec }), MAX_BODY_BYTES, pakoGzipCodec)).toEqual({ ok: true, value: obj });
  });
});

describe('UTF-8 validation', () => {
  it('accepts a genuine U+FFFD and rejects invalid bytes around it', () => {
    const ok = new TextEncoder().encode('{"a":"\uFFFD"}');
    expect(decodeBody(ok)).toEqual({ ok: true, value: { a: '\uFFFD' } });
    const bad = new Uint8Array([...new TextEncoder().encode('{"a":"'), 0xc3, 0x28, ...new TextEncoder().encode('"}')]);
    expect(decodeBody(bad)).toMatchObject({ ok: false, error: 'malformed' });
  });
});
