import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Command, DataType, Format, encodeFrame } from './frame';
import { decodeJsonFrame, encodeJsonFrame } from './json-mode';
import { decodeMessage, encodeMessage, parseDataType } from './message';

const command = fc.constantFrom(Command.CONNECT, Command.CLOSE, Command.HEARTBEAT, Command.SEND);
const format = fc.constantFrom(Format.REQUEST, Format.REPLY, Format.NOTIFY, Format.SEND);
const body = fc.option(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), { nil: undefined });
const sid = fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/);

describe('messages in all three data types', () => {
  it('round-trip', () => {
    fc.assert(
      fc.property(command, format, fc.integer({ min: 0, max: 0xffffffff }), sid, body, fc.constantFrom('1', '2', '3') as fc.Arbitrary<DataType>, (c, f, s, id, b, dt) => {
        const wire = encodeMessage({ command: c, format: f, seq: s, sid: id, body: b }, dt);
        expect(typeof wire === 'string').toBe(dt === DataType.json);
        const r = decodeMessage(wire);
        expect(r).toEqual({ ok: true, message: { command: c, format: f, seq: s, sid: id, body: b === undefined ? undefined : JSON.parse(JSON.stringify(b)) } });
      }),
      { numRuns: 80 },
    );
  });

  it('parses dataType with byte as default', () => {
    expect(parseDataType(null)).toBe('2');
    expect(parseDataType('1')).toBe('1');
    expect(parseDataType('3')).toBe('3');
    expect(parseDataType('4')).toBeNull();
  });

  it('rejects a binary body that is JSON but not an object', () => {
    const bytes = encodeFrame({ command: Command.SEND, format: Format.REQUEST, seq: 1, body: new TextEncoder().encode('[1]') });
    expect(decodeMessage(bytes)).toMatchObject({ ok: false, error: 'malformed' });
  });
});

describe('plain-JSON mode', () => {
  it('treats bare ping as a heartbeat', () => {
    expect(decodeJsonFrame('ping')).toEqual({ ok: true, message: { command: Command.HEARTBEAT, format: Format.REQUEST, seq: 0, sid: '' } });
  });
  it('writes the documented field names', () => {
    expect(JSON.parse(encodeJsonFrame({ command: 3, format: 1, seq: 5, sid: null, body: { Code: '0000' } }))).toEqual({ command: 3, format: 1, seq: 5, sid: '', body: { Code: '0000' } });
  });
  it.each([
    ['not json', 'pong'],
    ['array', '[1]'],
    ['unknown command', '{"command":7,"format":0,"seq":1}'],
    ['unknown format', '{"command":3,"format":9,"seq":1}'],
    ['negative seq', '{"command":3,"format":0,"seq":-1}'],
    ['fractional seq', '{"command":3,"format":0,"seq":1.5}'],
    ['sid not string', '{"command":3,"format":0,"seq":1,"sid":5}'],
    ['body not object', '{"command":3,"format":0,"seq":1,"body":"x"}'],
  ])('rejects %s as malformed', (_n, text) => {
    expect(decodeJsonFrame(text)).toMatchObject({ ok: false, error: 'malformed' });
  });
  it('reports an overlong text frame as oversize', () => {
    expect(decodeJsonFrame('x'.repeat(101), 100)).toMatchObject({ ok: false, error: 'oversize' });
  });
  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (t) => {
        expect(typeof decodeJsonFrame(t).ok).toBe('boolean');
      }),
    );
  });
});
