import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { priceLine } from './price-cli';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('price CLI', () => {
  it('turns a line into a result line, and bad JSON into an error line', () => {
    expect(JSON.parse(priceLine('{"model":"forward","spot":2,"t":1,"rd":0,"rf":0}'))).toEqual({ forward: 2, swapPoints: 0 });
    expect(JSON.parse(priceLine('{oops'))).toHaveProperty('error');
  });

  it('answers JSON Lines in order over stdin/stdout', () => {
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
