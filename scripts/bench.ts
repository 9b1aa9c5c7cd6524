// `npm run bench`: runs every benchmark file (`*.bench.ts` under server/, src/, workers/)
// in its own process, one after another so they do not compete for the two cores, then
// writes docs/BENCHMARKS.md from the machine description and each file's Markdown section.
//
// Contract for a bench file: run as a script, it measures our code and its peer side by side
// in the same process, and prints its Markdown section to stdout between the lines
// `<!-- bench:begin -->` and `<!-- bench:end -->`. Anything else it prints is progress.
// `npm run bench -- fanout` runs only files whose path contains "fanout".
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import os from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const filter = process.argv[2];

function findBenches(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findBenches(p, out);
    else if (name.endsWith('.bench.ts')) out.push(p);
  }
  return out;
}

const files = ['server', 'src', 'workers']
  .map((d) => join(root, d))
  .filter(existsSync)
  .flatMap((d) => findBenches(d))
  // Match the path inside the repository: a checkout under a directory named like the filter
  // (a worktree called `analytics`, say) would otherwise match every file.
  .filter((f) => !filter || relative(root, f).includes(filter))
  .sort();

const sectionsFile = join(root, 'docs', 'BENCHMARKS.md');
const sections = new Map<string, string>();
// Keep sections of files not run this time (a filtered run updates only what it ran).
if (existsSync(sectionsFile)) {
  const old = readFileSync(sectionsFile, 'utf8');
  for (const m of old.matchAll(/<!-- section:(\S+) -->\n([\s\S]*?)<!-- \/section -->/g)) sections.set(m[1], m[2]);
}

for (const file of files) {
  const rel = relative(root, file);
  console.log(`\n=== ${rel}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.stdout.write(r.stdout.replace(/<!-- bench:begin -->[\s\S]*<!-- bench:end -->/, '(section captured)'));
  const m = r.stdout.match(/<!-- bench:begin -->\n?([\s\S]*?)<!-- bench:end -->/);
  if (r.status !== 0 || !m) {
    console.error(`!! ${rel} failed (exit ${r.status})`);
    sections.set(rel, `### ${rel}\n\nThis benchmark failed in the last run (exit ${r.status}).\n\n`);
    continue;
  }
  sections.set(rel, m[1]);
}

const cpus = os.cpus();
const machine = [
  `- CPU: ${cpus[0]?.model ?? 'unknown'} x ${cpus.length} logical cores`,
  `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
  `- OS: ${os.type()} ${os.release()}; Node ${process.version}`,
  `- Run at: ${new Date().toISOString()}`,
].join('\n');

const body = [...sections.keys()].sort().map((k) => `<!-- section:${k} -->\n${sections.get(k)}<!-- /section -->`).join('\n\n');
writeFileSync(
  sectionsFile,
  `# Benchmarks\n\nWritten by \`npm run bench\` (scripts/bench.ts). Each section compares our code with a peer\n` +
    `measured side by side in the same process and run; on these shared 2-core machines absolute\n` +
    `times are noisy, so read the ratios.\n\nMachine of the last run:\n\n${machine}\n\n${body}\n`,
);
console.log(`\nwrote ${relative(root, sectionsFile)}`);
