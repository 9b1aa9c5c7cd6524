import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { LineCutter, linesOf } from './json-lines';

async function readlineLines(chunks: Buffer[]): Promise<string[]> {
  const rl = createInterface({ input: Readable.from(chunks), crlfDelay: Infinity });
  const lines: string[] = [];
  for await (const line of rl) lines.push(line);
  return lines;
}

function cutterLines(chunks: Buffer[]): string[] {
  const cutter = new LineCutter();
  const pieces = [...chunks.map((c) => cutter.push(c)), cutter.end()];
  return pieces.flatMap((p) => (p ? linesOf(p) : []));
}

/** Cuts bytes at the given positions (any byte, so inside UTF-8 sequences and \r\n pairs too). */
function cut(bytes: Buffer, at: number[]): Buffer[] {
  const cuts = [...new Set(at.map((x) => x % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let prev = 0;
  for (const c of cuts) { out.push(bytes.subarray(prev, c)); prev = c; }
  out.push(bytes.subarray(prev));
  return out;
}

describe('LineSplitter', () => {
  it('splits exactly as readline with crlfDelay Infinity, on any text cut anywhere', async () => {
    const piece = fc.constantFrom('a', '{"x":1}', '\n', '\r', '\r\n', ' ', 'é', '😀', '\u2028', '\uFEFF', '');
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 40 }),
        fc.array(fc.nat(200), { maxLength: 8 }),
        async (pieces, at) => {
          const chunks = cut(Buffer.from(pieces.join(''), 'utf8'), at);
          expect(cutterLines(chunks)).toEqual(await readlineLines(chunks));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('agrees with readline on invalid UTF-8 and a sequence cut off at the end', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 60 }), fc.array(fc.nat(80), { maxLength: 6 }), async (bytes, at) => {
        const chunks = cut(Buffer.from(bytes), at);
        expect(cutterLines(chunks)).toEqual(await readlineLines(chunks));
      }),
      { numRuns: 400 },
    );
  });

  it('hands back the whole lines a chunk completes and keeps the unfinished one', () => {
    const c = new LineCutter();
    const text = (b: Buffer | null) => (b ? String(b) : null);
    expect(text(c.push(Buffer.from('a\nb\r\nc')))).toBe('a\nb\r\n');
    expect(text(c.push(Buffer.from('d\r')))).toBe('cd\r');
    expect(text(c.push(Buffer.from('\ne')))).toBeNull(); // the \n of that \r\n is dropped
    expect(text(c.end())).toBe('e');
    expect(c.end()).toBeNull();
    expect(linesOf(Buffer.from('x\r\ry\r\nz\n'))).toEqual(['x', '', 'y', 'z']);
  });
});
