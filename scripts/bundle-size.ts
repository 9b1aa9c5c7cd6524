// Gzip size of the JavaScript the login page loads, from the Vite build manifest
// (dist/.vite/manifest.json): the static import closure of the entry (index.html) plus the
// lazily loaded chunks on the way to the login page (src/pages/index.ts, then the login
// page module). Run after `npm run build`: npx tsx scripts/bundle-size.ts [--md]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>;

const BUDGET_KB = 250;
const LOGIN_PATH = ['src/pages/index.ts', 'src/pages/login/index.tsx'];

const dist = new URL('../dist/', import.meta.url);
const manifest: Manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return seen;
}

const gz = (file: string) => {
  const buf = readFileSync(new URL(file, dist));
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
};

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
if (!entry) throw new Error('no index.html entry in the manifest; build with build.manifest: true');
const missing = LOGIN_PATH.filter((k) => !manifest[k]);
const keys = closure([entry, ...LOGIN_PATH.filter((k) => manifest[k])]);
const rows = [...keys].map((k) => ({ chunk: manifest[k]!.file, ...gz(manifest[k]!.file) })).sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((s, r) => ({ raw: s.raw + r.raw, gzip: s.gzip + r.gzip }), { raw: 0, gzip: 0 });
const allJs = Object.values(manifest).filter((c) => c.file.endsWith('.js')).reduce((s, c) => s + gz(c.file).gzip, 0);
const kb = (n: number) => (n / 1024).toFixed(1);

const lines = [
  '## Bundle: JavaScript loaded by the login page',
  '',
  `Measured from \`dist/.vite/manifest.json\` (gzip level 9, Node zlib). Budget ${BUDGET_KB} KB gzip.`,
  missing.length ? `\nNot in this build (so not counted): ${missing.join(', ')}.` : '',
  '',
  '| chunk | raw KB | gzip KB |',
  '|---|---:|---:|',
  ...rows.map((r) => `| ${r.chunk} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
  `| **total (login page)** | **${kb(total.raw)}** | **${kb(total.gzip)}** |`,
  '',
  `Login page JS: ${kb(total.gzip)} KB gzip = ${((100 * total.gzip) / 1024 / BUDGET_KB).toFixed(0)}% of the ${BUDGET_KB} KB budget; ` +
    `all JS in the build: ${kb(allJs)} KB gzip (the login page loads ${((100 * total.gzip) / allJs).toFixed(0)}% of it).`,
];
console.log(lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\n'));
if (total.gzip / 1024 > BUDGET_KB) process.exitCode = 1;
