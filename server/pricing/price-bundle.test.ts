// The CLI as scripts run it: `npm run --silent price`, the launcher and the bare bundle,
// spawned for real. The copy-of-the-repository tests edit a source and check that no stale
// bundle ever answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { START_POOL_AT, priceLines } from './price-cli';
import { linesOf } from './json-lines';
import { requestLine } from './testing/random-requests';

const root = fileURLToPath(new URL('../..', import.meta.url));
const VANILLA = '{"model":"vanilla","type":"call","spot":100,"strike":100,"t":1,"rd":0.05,"rf":0.02,"vol":0.2}';
const MIXED = [
  VANILLA,
  'garbage',
  '',
  '   ',
  '{"model":"forward","spot":1.1,"t":0.5,"rd":0.05,"rf":0.03}',
  '{"model":"vanilla","type":"call","spot":-1}',
  '{"model":"impliedVol","type":"put","spot":100,"strike":110,"t":0.5,"rd":0.01,"rf":0,"price":12}',
  '{"model":"barrier","type":"call","barrierType":"downOut","spot":100,"strike":100,"barrier":90,"rebate":1,"t":1,"rd":0.05,"rf":0.02,"vol":0.2}',
  '{"model":"american","method":"baw","type":"put","spot":100,"strike":100,"t":1,"rd":0.05,"rf":0.02,"vol":0.2}',
  '{"model":"nope"}',
  '[1]',
];
const mixedInput = MIXED.join('\r\n') + '\n' + VANILLA; // CRLF, and a last line without an end
const expected = priceLines([...MIXED, VANILLA]);

function run(cmd: string, args: string[], input: string, cwd = root) {
  return spawnSync(cmd, args, { cwd, input, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'silent' } });
}

describe('price CLI as a command', () => {
  it('npm run --silent price answers exactly what the sources do', () => {
    const r = run('npm', ['run', '--silent', 'price'], mixedInput);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(expected);
  });

  it('the launcher and the bare bundle answer the same; the bundle is fresh afterwards', async () => {
    const viaLauncher = run(process.execPath, ['server/pricing/price.mjs'], mixedInput);
    expect(viaLauncher.status).toBe(0);
    expect(viaLauncher.stdout).toBe(expected);
    const { isBundleFresh, bundleFile } = await import('./cli-bundle.mjs');
    expect(isBundleFresh()).toBe(true);
    const bare = run(process.execPath, [bundleFile], mixedInput);
    expect(bare.status).toBe(0);
    expect(bare.stdout).toBe(expected);
    expect(run(process.execPath, [bundleFile], '').stdout).toBe('');
  });

  it('streams: a script writing one line at a time gets each answer without closing stdin', async () => {
    const child = spawn(process.execPath, ['server/pricing/price.mjs'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
    let received = '';
    const nextLine = () => new Promise<string>((resolve, reject) => {
      const check = () => {
        const i = received.indexOf('\n');
        if (i === -1) return false;
        const line = received.slice(0, i);
        received = received.slice(i + 1);
        child.stdout.off('data', onData);
        resolve(line);
        return true;
      };
      const onData = (c: Buffer) => { received += String(c); check(); };
      if (!check()) child.stdout.on('data', onData);
      child.once('exit', () => reject(new Error('exited before answering')));
    });
    child.stdin.write(VANILLA + '\n');
    expect(JSON.parse(await nextLine()).npv).toBeCloseTo(9.227005508154, 10);
    child.stdin.write('{"model":"forward","spot":2,"t":1,"rd":0,"rf":0}\n');
    expect(JSON.parse(await nextLine())).toEqual({ forward: 2, swapPoints: 0 });
    child.stdin.write('\n');
    expect(JSON.parse(await nextLine())).toEqual({ error: 'empty line' });
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end();
    expect(await exit).toBe(0);
    expect(received).toBe('');
  });

  it('prices a large input on worker threads byte for byte as one thread does, in input order', () => {
    // Random requests, good and bad, with \n, \r\n and lone \r line ends and a last line without one.
    const ends = fc.sample(fc.constantFrom('\n', '\n', '\n', '\r\n', '\r'), { numRuns: 9000, seed: 7 });
    const reqs = fc.sample(requestLine, { numRuns: 9000, seed: 11 });
    const input = reqs.map((r, i) => r + ends[i]).join('') + VANILLA;
    expect(Buffer.byteLength(input)).toBeGreaterThan(3 * START_POOL_AT);
    const want = priceLines(linesOf(Buffer.from(input)));
    expect(want.split('\n').length).toBeGreaterThan(8900); // (a lone \r before an empty request's \n makes one \r\n)
    for (const threads of ['--threads=3', '--threads=1']) {
      const r = run(process.execPath, ['server/pricing/price.mjs', threads], input);
      expect(r.status, threads).toBe(0);
      expect(r.stdout === want, threads).toBe(true);
    }
  });

  it('still answers a single line at once after a large burst moved pricing to worker threads', async () => {
    const child = spawn(process.execPath, ['server/pricing/price.mjs', '--threads=2'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
    let lines = 0;
    const waitFor = (n: number) => new Promise<void>((resolve, reject) => {
      const onData = (c: Buffer) => {
        for (const b of c) if (b === 10) lines++;
        if (lines >= n) { child.stdout.off('data', onData); resolve(); }
      };
      child.stdout.on('data', onData);
      child.once('exit', () => reject(new Error(`exited after ${lines} lines`)));
    });
    const burst = Math.ceil((2 * START_POOL_AT) / VANILLA.length);
    const afterBurst = waitFor(burst);
    child.stdin.write(`${VANILLA}\n`.repeat(burst));
    await afterBurst;
    const one = waitFor(burst + 1);
    child.stdin.write('{"model":"forward","spot":2,"t":1,"rd":0,"rf":0}\n');
    await one; // stdin still open
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end();
    expect(await exit).toBe(0);
  });

  it('refuses an unknown argument', () => {
    const r = run(process.execPath, ['server/pricing/price.mjs', '--fast'], VANILLA);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown argument: --fast/);
  });

  it('stops quietly when its reader goes away (| head -1)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'price-cli-'));
    writeFileSync(join(dir, 'in.jsonl'), `${VANILLA}\n`.repeat(200_000));
    const r = spawnSync('bash', ['-c', `node server/pricing/price.mjs < '${dir}/in.jsonl' | head -n 1; exit \${PIPESTATUS[0]}`], { cwd: root, encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).npv).toBeCloseTo(9.227005508154, 10);
  });
});

describe('price CLI never runs a stale bundle (in a copy of the repository)', () => {
  let copy = '';
  const launch = (input: string) => run(process.execPath, ['server/pricing/price.mjs'], input, copy);
  const bundle = () => join(copy, 'build', 'price-cli.mjs');

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'price-cli-'));
    for (const p of ['package.json', 'tsconfig.json', 'server/pricing', 'src/pricing-core']) {
      cpSync(join(root, p), join(copy, p), { recursive: true, filter: (src) => !src.includes('.test.') });
    }
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  });
  afterAll(() => { if (copy) rmSync(copy, { recursive: true, force: true }); });

  it('builds a missing bundle, reuses a fresh one, rebuilds after a source changes', () => {
    expect(existsSync(bundle())).toBe(false);
    const first = launch('{"model":"nope"}\n');
    expect(first.stdout).toBe('{"error":"unknown model: nope"}\n');
    const built = statSync(bundle()).mtimeMs;

    expect(launch('{"model":"nope"}\n').stdout).toBe('{"error":"unknown model: nope"}\n');
    expect(statSync(bundle()).mtimeMs).toBe(built); // fresh: not rebuilt

    // Someone edits the core: the very next run answers with the edit.
    const file = join(copy, 'src/pricing-core/api/price-request.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('unknown model: ', 'no such model: '));
    expect(launch('{"model":"nope"}\n').stdout).toBe('{"error":"no such model: nope"}\n');
    expect(statSync(bundle()).mtimeMs).toBeGreaterThan(built);
    expect(run(process.execPath, [bundle()], '{"model":"nope"}\n', copy).stdout).toBe('{"error":"no such model: nope"}\n');
  });

  it('runs the sources through tsx when the bundle cannot be rebuilt', () => {
    rmSync(join(copy, 'build'), { recursive: true, force: true });
    writeFileSync(join(copy, 'build'), 'not a directory'); // mkdir build/ fails
    const r = launch(VANILLA + '\n');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/running the sources through tsx/);
    expect(r.stdout).toBe(priceLines([VANILLA]));
    rmSync(join(copy, 'build'));
    mkdirSync(join(copy, 'build'));
  });
});
