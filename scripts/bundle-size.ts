// Gzip size of the JavaScript the login page loads. Two views of the same build (dist/):
//  1. the module graph from the Vite manifest (dist/.vite/manifest.json): static import
//     closure of the entry (index.html) plus the lazy chunks on the way to the login page
//     (src/pages/index.ts, then the login page module);
//  2. what Chromium actually fetches when it opens /login on a static server of dist/
//     (catches start-up dynamic imports such as workbox-window). The headline is (2).
// Run after `npm run build`:  npx tsx scripts/bundle-size.ts   (exit 1 over budget)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 250;
export const LOGIN_PATH = ['src/pages/index.ts', 'src/pages/login/index.tsx'];

export interface ManifestChunk { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
export type Manifest = Record<string, ManifestChunk>;

/** Output files of the static import closure of the given manifest keys. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return [...seen].map((k) => manifest[k]!.file);
}

export function loginChunksFromManifest(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the manifest; build with build.manifest: true');
  return staticClosure(manifest, [entry, ...LOGIN_PATH.filter((k) => manifest[k])]);
}

async function loginChunksFromBrowser(distDir: string): Promise<string[]> {
  const { chromium } = await import('@playwright/test');
  const { startAppServer } = await import('../tests/e2e/support/app-server');
  const server = await startAppServer(distDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    const files = new Set<string>();
    page.on('response', (r) => { if (new URL(r.url()).pathname.endsWith('.js')) files.add(new URL(r.url()).pathname.slice(1)); });
    await page.goto(`${server.url}/login`, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    return [...files];
  } finally {
    await browser.close();
    await server.close();
  }
}

async function main() {
  const distUrl = new URL('../dist/', import.meta.url);
  const manifest: Manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', distUrl), 'utf8'));
  const size = (file: string) => {
    const buf = readFileSync(new URL(file, distUrl));
    return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  };
  const fromGraph = loginChunksFromManifest(manifest);
  const fromBrowser = await loginChunksFromBrowser(distUrl.pathname);
  const all = [...new Set([...fromGraph, ...fromBrowser])].map((file) => ({ file, ...size(file) })).sort((a, b) => b.gzip - a.gzip);
  const sum = (files: string[]) => all.filter((r) => files.includes(r.file)).reduce((s, r) => s + r.gzip, 0);
  const allJs = Object.values(manifest).filter((c) => c.file.endsWith('.js')).reduce((s, c) => s + size(c.file).gzip, 0);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const browserTotal = sum(fromBrowser);
  const missing = LOGIN_PATH.filter((k) => !manifest[k]);
  const lines = [
    '## Bundle: JavaScript loaded by the login page',
    '',
    `Build of ${new Date().toISOString().slice(0, 10)}; gzip level 9 (Node zlib) of each file in dist/. Budget ${BUDGET_KB} KB gzip.`,
    ...(missing.length ? ['', `Not in this build (so not counted): ${missing.join(', ')}.`] : []),
    '',
    '| chunk | raw KB | gzip KB | module graph | Chromium fetched |',
    '|---|---:|---:|:-:|:-:|',
    ...all.map((r) => `| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} | ${fromGraph.includes(r.file) ? 'x' : ''} | ${fromBrowser.includes(r.file) ? 'x' : ''} |`),
    '',
    `- Module graph (manifest): ${kb(sum(fromGraph))} KB gzip in ${fromGraph.length} files.`,
    `- Fetched by Chromium opening /login: **${kb(browserTotal)} KB gzip** in ${fromBrowser.length} files = ${((100 * browserTotal) / 1024 / BUDGET_KB).toFixed(0)}% of the budget.`,
    `- All JS in the build: ${kb(allJs)} KB gzip; the login page loads ${((100 * browserTotal) / allJs).toFixed(0)}% of it.`,
  ];
  console.log(lines.join('\n'));
  if (browserTotal / 1024 > BUDGET_KB) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
