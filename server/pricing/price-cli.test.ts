import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { Readable, Writable } from 'node:stream';
import { priceOne } from '../../src/pricing-core/api/price-request';
import { priceLine, runPriceCli } from './price-cli';
import { requestLine } from './testing/random-requests';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The CLI as it was before the bundle (readline, a replacer for non-finite numbers): the new
// one must answer every input byte for byte the same.
async function referenceCli(chunks: Buffer[]): Promise<string> {
  const out: string[] = [];
  for await (const line of createInterface({ input: Readable.from(chunks), crlfDelay: Infinity })) {
    if (line.trim() === '') { out.push(JSON.stringify({ error: 'empty line' })); continue; }
    let req: unknown;
    try { req = JSON.parse(line); } catch { out.push(JSON.stringify({ error: 'line is not valid JSON' })); continue; }
    out.push(JSON.stringify(priceOne(req), (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v)));
  }
  return out.length ? out.join('\n') + '\n' : '';
}

async function newCli(chunks: Buffer[]): Promise<string> {
  let out = '';
  const sink = new Writable({ write(c, _e, cb) { out += String(c); cb(); } });
  await runPriceCli(Readable.from(chunks), sink);
  return out;
}

describe('price CLI', () => {
  it('turns a line into a result line, and bad JSON into an error line', () => {
    expect(JSON.parse(priceLine('{"model":"forward","spot":2,"t":1,"rd":0,"rf":0}'))).toEqual({ forward: 2, swapPoints: 0 });
    expect(JSON.parse(priceLine('{oops'))).toHaveProperty('error');
  });

  it('writes a non-finite number as null exactly as the former replacer did', () => {
    const replacer = (_k: string, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v);
    fc.assert(fc.property(fc.jsonValue().chain((j) => fc.constantFrom(j, { a: NaN, b: [Infinity, { c: -Infinity, d: j }], e: -0 })), (v) => {
      expect(JSON.stringify(v)).toBe(JSON.stringify(v, replacer));
    }), { numRuns: 300 });
  });

  it('answers random request lines, cut into random chunks, byte for byte as the readline CLI did', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(requestLine, { maxLength: 30 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.array(fc.nat(4000), { maxLength: 6 }),
        async (lines, eol, lastEnds, at) => {
          const bytes = Buffer.from(lines.join(eol) + (lastEnds ? eol : ''));
          const cuts = [...new Set(at.map((x) => x % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [...cuts, bytes.length].map((c, i, all) => bytes.subarray(i ? all[i - 1] : 0, c));
          expect(await newCli(chunks)).toBe(await referenceCli(chunks));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers a large input in big writes, one per chunk read, not one per line', async () => {
    const line = '{"model":"vanilla","type":"call","spot":100,"strike":100,"t":1,"rd":0.05,"rf":0.02,"vol":0.2}\n';
    const bytes = Buffer.from(line.repeat(5000));
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
    const writes: number[] = [];
    const sink = new Writable({ write(c, _e, cb) { writes.push(c.length); cb(); } });
    await runPriceCli(Readable.from(chunks), sink);
    expect(writes.length).toBeLessThanOrEqual(chunks.length);
    expect(writes.reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(priceLine(line.trim()) + '\n') * 5000);
    expect(Math.min(...writes.slice(0, -1))).toBeGreaterThan(60_000);
  });

  it('answers JSON Lines in order over stdin/stdout (the TypeScript sources through tsx)', () => {
    const input = [
      '{"model":"vanilla","type":"call","spot":100,"strike":100,"t":1,"rd":0.05,"rf":0.02,"vol":0.2}',
      'garbage',
      '',
      '{"model":"forward","spot":1.1,"t":0.5,"rd":0.05,"rf":0.03}',
      '{"model":"vanilla","type":"call","spot":-1}',
    ].join('\n') + '\n';
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/pricing/price-cli.ts'], { cwd: root, input, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(5);
    expect(lines[0].npv).toBeCloseTo(9.227005508154, 10);
    expect(lines[1].error).toBeDefined();
    expect(lines[2].error).toMatch(/empty/);
    expect(lines[3].forward).toBeCloseTo(1.1 * Math.exp(0.01), 14);
    expect(lines[4].error).toMatch(/spot/);
  });
});
