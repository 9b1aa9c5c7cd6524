import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Command, Format, HEADER_LENGTH, MAX_SID_BYTES, MAX_WIRE_BODY_BYTES, decodeFrame, encodeFrame } from './frame';

const command = fc.constantFrom(Command.CONNECT, Command.CLOSE, Command.HEARTBEAT, Command.SEND);
const format = fc.constantFrom(Format.REQUEST, Format.REPLY, Format.NOTIFY, Format.SEND);
const sid = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 64 });
const seq = fc.integer({ min: 0, max: 0xffff_ffff });

function header(total: number, hlen: number, cmd: number, fmt: number, sq: number, sidLen: number): Uint8Array {
  const b = new Uint8Array(20);
  const v = new DataView(b.buffer);
  v.setUint32(0, total);
  v.setUint16(4, hlen);
  v.setUint32(6, cmd);
  v.setUint16(10, fmt);
  v.setUint32(12, sq);
  v.setUint32(16, sidLen);
  return b;
}

describe('binary frame', () => {
  it('round-trips every header and body', () => {
    fc.assert(
      fc.property(command, format, seq, sid, fc.uint8Array({ maxLength: 300 }), (c, f, s, id, body) => {
        const bytes = encodeFrame({ command: c, format: f, seq: s, sid: id, body });
        expect(bytes.length).toBe(HEADER_LENGTH + id.length + body.length);
        const r = decodeFrame(bytes);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.frame).toEqual({ command: c, format: f, seq: s, sid: id, body });
      }),
    );
  });

  it('writes the header big-endian at the documented offsets', () => {
    const bytes = encodeFrame({ command: Command.SEND, format: Format.NOTIFY, seq: 0x01020304, sid: 'ab', body: new Uint8Array([9]) });
    expect(Array.from(bytes)).toEqual([0, 0, 0, 23, 0, 20, 0, 0, 0, 3, 0, 2, 1, 2, 3, 4, 0, 0, 0, 2, 97, 98, 9]);
  });

  it('decodes from an ArrayBuffer and from an offset view', () => {
    const bytes = encodeFrame({ command: Command.HEARTBEAT, format: Format.REQUEST, seq: 7, sid: 'x' });
    expect(decodeFrame(bytes.slice().buffer).ok).toBe(true);
    const padded = new Uint8Array(bytes.length + 5);
    padded.set(bytes, 5);
    const r = decodeFrame(padded.subarray(5));
    expect(r.ok && r.frame.sid).toBe('x');
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        const r = decodeFrame(b);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });

  it('rejects every disagreement of lengths, header length, command and format as malformed', () => {
    const good = encodeFrame({ command: Command.SEND, format: Format.REQUEST, seq: 1, sid: 'sid', body: new Uint8Array([1, 2, 3]) });
    const cases: Array<[string, Uint8Array]> = [
      ['truncated header', good.subarray(0, 19)],
      ['empty', new Uint8Array(0)],
      ['truncated body', good.subarray(0, good.length - 1)],
      ['trailing byte', new Uint8Array([...good, 0])],
      ['total too small', new Uint8Array([...header(25, 20, 3, 0, 1, 3), ...good.subarray(20)])],
      ['total too large', new Uint8Array([...header(27, 20, 3, 0, 1, 3), ...good.subarray(20)])],
      ['header length 19', new Uint8Array([...header(26, 19, 3, 0, 1, 3), ...good.subarray(20)])],
      ['header length 24', new Uint8Array([...header(26, 24, 3, 0, 1, 3), ...good.subarray(20)])],
      ['sid longer than frame', new Uint8Array([...header(26, 20, 3, 0, 1, 7), ...good.subarray(20)])],
      ['sid length huge', new Uint8Array([...header(26, 20, 3, 0, 1, 0xffffffff), ...good.subarray(20)])],
      ['unknown command', new Uint8Array([...header(26, 20, 4, 0, 1, 3), ...good.subarray(20)])],
      ['unknown command high bits', new Uint8Array([...header(26, 20, 0x01000003, 0, 1, 3), ...good.subarray(20)])],
      ['unknown format', new Uint8Array([...header(26, 20, 3, 4, 1, 3), ...good.subarray(20)])],
      ['non-ASCII sid', new Uint8Array([...header(26, 20, 3, 0, 1, 3), 0xc3, 0xa9, 0x41, 1, 2, 3])],
    ];
    for (const [name, bytes] of cases) {
      const r = decodeFrame(bytes);
      expect(r, name).toMatchObject({ ok: false, error: 'malformed' });
    }
  });

  it('rejects any length field that disagrees with the message (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.uint8Array({ maxLength: 40 }), (total, rest) => {
        const msg = new Uint8Array([...header(total, 20, 3, 0, 0, 0), ...rest]);
        fc.pre(total !== msg.length);
        expect(decodeFrame(msg)).toMatchObject({ ok: false, error: 'malformed' });
      }),
    );
  });

  it('rejects session ids over the limit as malformed', () => {
    const sidLen = MAX_SID_BYTES + 1;
    const msg = new Uint8Array(20 + sidLen);
    msg.set(header(20 + sidLen, 20, 2, 0, 0, sidLen));
    msg.fill(65, 20);
    expect(decodeFrame(msg)).toMatchObject({ ok: false, error: 'malformed' });
  });

  it('reports a body over the wire bound as oversize', () => {
    const len = 20 + MAX_WIRE_BODY_BYTES + 1;
    const msg = new Uint8Array(len);
    msg.set(header(len, 20, 3, 0, 0, 0));
    expect(decodeFrame(msg)).toMatchObject({ ok: false, error: 'oversize' });
  });

  it('refuses to encode invalid arguments', () => {
    expect(() => encodeFrame({ command: 9 as never, format: Format.REQUEST, seq: 0 })).toThrow(RangeError);
    expect(() => encodeFrame({ command: Command.SEND, format: Format.REQUEST, seq: -1 })).toThrow(RangeError);
    expect(() => encodeFrame({ command: Command.SEND, format: Format.REQUEST, seq: 0, sid: 'é' })).toThrow(RangeError);
  });
});
