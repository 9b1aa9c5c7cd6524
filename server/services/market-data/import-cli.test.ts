import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../../storage/test-backends';
import { parseArgs, runImportCli } from './import-cli';

describe('npm run import', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-cli-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('parses its arguments', () => {
    expect(parseArgs([])).toBe('usage');
    expect(parseArgs(['a.csv', '--user', 'bob', 'b.json'])).toEqual({ files: ['a.csv', 'b.json'], user: 'bob' });
    expect(parseArgs(['--nope'])).toMatch(/unknown option/);
  });

  it('imports good files, rejects a bad one with FILE:LINE reasons, exit codes 0 / 1 / 2', async () => {
    const dataDir = path.join(dir, 'data');
    fs.cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    const good = path.join(dir, 'good.csv');
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(good, 'date,rate.SHIBOR.3M,rate.SHIBOR.ON\n2026-11-20,1.58,1.36\n');
    fs.writeFileSync(bad, 'series,date,value\nrate.SHIBOR.3M,2026-11-20,1.59\nrate.SHIBOR.3M,2026-11-21,abc\n');
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(`out ${l}`), err: (l: string) => lines.push(`err ${l}`) };
    const env = { DATA_DIR: dataDir };
    const sample = { filter: (id: string) => id.startsWith('rate.SHIBOR.') };
    expect(await runImportCli([good], env, io, { sample })).toBe(0);
    expect(lines.pop()).toBe(`out ${good}: imported 2 observation(s) of 2 series as csv`);
    expect(await runImportCli([bad, '--user', 'ops'], env, io, { sample })).toBe(1);
    expect(lines.slice(-2)).toEqual([`err ${bad}: nothing imported, 1 bad row(s):`, `err ${bad}:3:value: Value is not a number / 数值不是数字 (abc)`]);
    expect(await runImportCli([path.join(dir, 'missing.csv')], env, io, { sample })).toBe(1);
    expect(await runImportCli([], env, io)).toBe(2);
  }, 120_000);
});
